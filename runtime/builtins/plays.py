"""The built-ins that ask players: questions, choices of cards and players, and the play a player
makes with the initiative (usable cards, conversions, active skills, their targets)."""
from __future__ import annotations

from typing import Optional

from .core import b_virtual
from .registry import builtin
from spellcard.runtime.decisions import MANY, ONE, YES_NO, Decision
from spellcard.runtime.errors import PlayerOut
from spellcard.runtime.engine.must import compulsory
from spellcard.runtime.model import Card, Play, Zone


# ── decisions ───────────────────────────────────────────────────────────────
@builtin("ask(p: player, prompt: text) -> bool")
def b_ask(g, p, prompt):
    """A yes/no question to `p`."""
    return g.decide(Decision(p, YES_NO, "yes_no", prompt, [False, True]))


def _one(g, p, pool, what: str, prompt: str):
    """One item of `pool`, chosen by `p`; none when the pool is empty."""
    pool = [*pool.cards] if isinstance(pool, Zone) else [*pool]       # _cards, inline (no list() call)
    if not pool:
        return None
    return pool[g.decide(Decision(p, ONE, what, prompt, pool))]


def _some(g, p, pool, lo: int, hi: int, what: str, prompt: str) -> list:
    """Between `lo` and `hi` items of `pool` (both capped by its size), chosen by `p`."""
    pool = [*pool.cards] if isinstance(pool, Zone) else [*pool]       # _cards, inline (no list() call)
    if hi > len(pool):
        hi = len(pool)
    if lo > hi:
        lo = hi
    if hi <= 0:
        return []
    return list(map(pool.__getitem__, g.decide(Decision(p, MANY, what, prompt, pool, lo, hi))))


@builtin("choose(p: player, pool: list, prompt: text) -> elem?")
def b_choose(g, p, pool, prompt):
    """One item of any list (characters, options, …); none when the list is empty."""
    return _one(g, p, pool, "option", prompt)


@builtin("choose_cards(p: player, pool: cards, min: int, max: int, prompt: text) -> cards")
def b_choose_cards(g, p, pool, lo, hi, prompt):
    """Between `min` and `max` cards of `pool` (both capped by its size), chosen by `p`."""
    return _some(g, p, pool, lo, hi, "cards", prompt)


@builtin("choose_card(p: player, pool: cards, prompt: text) -> card?")
def b_choose_card(g, p, pool, prompt):
    """One card of `pool`, chosen by `p`; none when the pool is empty."""
    return _one(g, p, pool, "cards", prompt)


@builtin("choose_players(p: player, pool: players, min: int, max: int, prompt: text) -> players")
def b_choose_players(g, p, pool, lo, hi, prompt):
    """Between `min` and `max` players of `pool` (both capped by its size), chosen by `p`."""
    return _some(g, p, pool, lo, hi, "players", prompt)


@builtin("choose_player(p: player, pool: players, prompt: text) -> player?")
def b_choose_player(g, p, pool, prompt):
    """One player of `pool`, chosen by `p`; none when the pool is empty."""
    return _one(g, p, pool, "players", prompt)


@builtin("choose_option(p: player, options: texts, prompt: text) -> text")
def b_choose_option(g, p, options, prompt):
    """One of the texts `options`, chosen by `p`."""
    options = [*options]
    return options[g.decide(Decision(p, ONE, "option", prompt, options))]


def allowed(g, p, card, purpose: str) -> bool:
    """A pack may forbid cards: if it declares `query card_allowed(p, card, purpose) -> bool`, no card
    it refuses is offered to use or to play (憂鬱之毒: 無法使用或打出手牌). One whose value is a plain `true`
    allows every card unasked while no modifier of it is in play (most of the time)."""
    q = _forbids(g)
    return q is None or bool(q(g, p, card, purpose))


def _forbids(g):
    """The query `card_allowed` when it must be asked (allowed), else none."""
    queries, constants, mods = g.pack.queries, g.pack.constants, g.mods     # `in` tests: no method calls
    if "card_allowed" not in queries or constants.get("card_allowed") is True and not (
            "card_allowed" in mods and mods["card_allowed"]):
        return None
    return queries["card_allowed"]


def usable(g, user, card) -> bool:
    kind = card.kind
    if not kind.targets:
        return False
    forbids = _forbids(g)
    if forbids is not None and not forbids(g, user, card, "use"):
        return False
    return kind.fits is None or kind.fits(g, user, card)     # its condition and a legal target


def _conversions(g, p, purpose: str, kind_name: Optional[str] = None):
    for cd, inst in p.converts:
        if purpose not in cd.purposes or (kind_name is not None and cd.as_kind != kind_name):
            continue
        if cd.cond is not None and not cd.cond(g, p, inst.card):
            continue
        if cd.limit is not None and g.used(cd, p, cd.limit) >= cd.limit.count:
            continue
        pool = [c for c in cd.pool(g, p, inst.card) if not c.virtual]
        if len(pool) >= cd.count:
            yield cd, inst, pool


def _convert(g, p, cd, inst, pool, prompt: str):
    picked = b_choose_cards(g, p, pool, cd.count, cd.count, prompt)
    if cd.limit is not None:
        g.use(cd, p, cd.limit)
    return b_virtual(g, g.pack.kinds[cd.as_kind], picked, cd.skill)


@builtin("usable_by(p: player, c: card) -> bool")
def b_usable_by(g, p, c):
    """Could `p` use `c` now, by the card's own rules (its condition and a legal target)?"""
    return usable(g, p, c)


@builtin("choose_targets(chooser: player, user: player, c: card) -> players")
def b_choose_targets(g, chooser, user, c):
    """`chooser` picks the targets of `c` as if `user` were using it (using a card in another player's name)."""
    return _pick_targets(g, chooser, user, c)


def _pick_targets(g, chooser, user, card):
    """The targets of the first targeting alternative of the card's kind that has a legal one."""
    for rule in card.kind.targets:
        if rule.kind == "self":
            return [user]
        if rule.kind == "none":         # `target none`: may be used with no target (for no effect)
            return []
        pool = rule.pool(g, user, card)
        if pool:
            n = rule.count(g, user, card)
            lo = 1 if rule.kind == "up_to" else n
            return _some(g, chooser, pool, lo, n, "players", f"{card.kind.label}: choose targets")   # lo capped there
    return []


@builtin("choose_play(p: player, may_pass: bool = true) -> play?")
def b_choose_play(g, p, may_pass=True):
    """What `p` does with the initiative: a usable card (or conversion) with its targets, an active
    skill, or nothing (none). Only options that can actually be carried out are offered. With
    `may_pass: false` the play is compulsory: no pass is offered (none only when there is no play)."""
    # What the listing remembers is kept for the targeting when the choice changed nothing (choose_from).
    opened = g.memo is None
    if opened:
        g.memo = {}
        g.memo_era = g.era
    try:
        options = plays(g, p)
        if g.pack.musts:                    # `must MOVE when …`: the pack's compulsory plays
            options, may_pass = compulsory(g, p, options, may_pass)
        return choose_from(g, p, options, "choose a play", may_pass)
    finally:
        if opened:
            g.memo = None


def plays(g, p, anytime_only: bool = False) -> list:
    """The plays `p` could make now: usable cards, conversions and active skills — with
    `anytime_only`, only those usable at any time (a card kind or active marked `anytime`)."""
    if g.memo is None:                      # remember query results while listing (Game.era)
        g.memo = {}
        g.memo_era = g.era
        try:
            return plays(g, p, anytime_only)
        finally:
            g.memo = None
    kinds = g.pack.kinds
    options: list = []
    forbids = _forbids(g)   # usable, inline, with the answer of a kind_only kind's first card kept
    fits: dict = {}         # kind or (kind, via) -> its fits of the first such card since the last other kind's
    for c in p.z[g.pack.hand_zone].cards if g.pack.hand_zone else ():
        kind = c.kind
        if anytime_only and not kind.anytime or not kind.targets:
            continue
        if not kind.kind_only:
            if usable(g, p, c):
                options.append(Play(c))
            forbids, fits = _forbids(g), {}     # its rules may have changed the game
            continue
        if forbids is not None and not forbids(g, p, c, "use"):
            continue
        if kind.fits is None:           # nothing to ask
            options.append(Play(c))
            continue
        key = kind if c.via is None else (kind, c.via)
        if key in fits:
            ok = fits[key]
        else:
            ok = fits[key] = kind.fits(g, p, c)
        if ok:
            options.append(Play(c))
    for cd, inst, pool in _conversions(g, p, "use") if p.converts else ():
        if anytime_only and not kinds[cd.as_kind].anytime:
            continue
        probe = b_virtual(g, kinds[cd.as_kind], pool[:cd.count], cd.skill)
        if usable(g, p, probe):
            options.append(Play(card=probe, convert=cd, inst=inst))
    for ad, inst in p.actives:
        if (not anytime_only or ad.anytime) and (ad.limit is None or g.used(ad, p, ad.limit) < ad.limit.count) \
                and (ad.cond is None or ad.cond(g, p, inst.card)):
            options.append(Play(skill=ad.skill, active=ad, inst=inst))
    return options


def choose_from(g, p, options: list, prompt: str, may_pass: bool = True):
    """`p` picks one of `options` (a list of plays' own, completed here) or passes (if `may_pass`);
    a card chosen is made (a conversion picks its real cards) and given its targets. None for a pass."""
    if may_pass or not options:
        options.append(None)
    era = g.era
    choice = options[g.decide(Decision(p, ONE, "play", prompt, options))]
    if g.usage is not None:
        g.usage.chosen(options, choice)
    if g.era == era + 1 and g.memo_era == era:
        # Only the decision's own step of era: the answer changed nothing a query reads (an agent that
        # changes the game, as a clone's root re-dealing it, moves era itself), so what the listing
        # remembered holds for the targeting.
        g.memo_era = g.era
    if choice is None:
        return None
    if choice.card is not None:
        card = choice.card
        if choice.convert is not None:     # a conversion: now pick the real cards
            cd = choice.convert
            pool = [c for c in cd.pool(g, p, choice.inst.card) if not c.virtual]
            card = _convert(g, p, cd, choice.inst, pool, f"{cd.skill.label}: choose cards")
            if not usable(g, p, card):
                return None
        if g.usage is not None:
            g.usage.card(card)
        return Play(card=card, targets=_pick_targets(g, p, p, card))
    return choice


@builtin("activate(play: play)")
def b_activate(g, play):
    """Carry out an active skill's play (from `choose_play`), counting it against its limit."""
    ad, inst = play.active, play.inst
    if ad is None:
        return
    g.era += 1
    if ad.limit is not None:
        g.use(ad, inst.owner, ad.limit)
    if g.log.enabled:
        g.log.add("activate", ad.skill.name, f"P{inst.owner.seat}")
    try:
        ad.body(g, inst.owner, inst.card)
    except PlayerOut as out:
        if out.player is not inst.owner:
            raise                       # someone else was asked after going out: a rule bug


@builtin("ask_card(p: player, k: kind, purpose: text, prompt: text) -> card?")
def b_ask_card(g, p, k, purpose, prompt):
    """Ask `p` for a card that counts as `k`: one from hand, or one made by a conversion skill.
    The card is not moved; the caller decides where it goes. None if `p` declines or cannot."""
    options: list = []
    hand = g.pack.hand_zone
    if hand:                            # a loop, not a comprehension: asked of each player in turn, mostly in vain
        for c in p.z[hand].cards:
            if c.kind is k:
                q = _forbids(g)         # allowed(), inline
                if q is None or q(g, p, c, purpose):
                    options.append(c)
    if p.converts:                      # most players have none: no generator to start (asked of each player)
        for cd, inst, pool in _conversions(g, p, purpose, k.name):
            if allowed(g, p, b_virtual(g, k, pool[:cd.count], cd.skill), purpose):
                options.append(Play(skill=cd.skill, convert=cd, inst=inst))
    if not options:
        return None
    options.append(None)
    if prompt.__class__ is tuple:       # a `+` prompt's texts (emit_inline._ask_card): joined when asked
        prompt = "".join(prompt)
    choice = options[g.decide(Decision(p, ONE, "card", prompt, options))]
    if g.usage is not None:
        g.usage.chosen(options, choice)
    if choice is not None and not isinstance(choice, Card):
        cd = choice.convert
        pool = [c for c in cd.pool(g, p, choice.inst.card) if not c.virtual]
        choice = _convert(g, p, cd, choice.inst, pool, f"{cd.skill.label}: choose cards")
    if choice is not None and g.usage is not None:
        g.usage.card(choice)
    return choice
