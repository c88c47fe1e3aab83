"""The functions pack code may call. Each carries its typed signature, which the compiler reads:
the one table both the checker and the runtime agree on.

Signature types: int bool text player card zone kind skill character phase play, lists written
`players cards texts ints kinds characters`, `T?` for optional, and three generic forms the checker
resolves per call: `any`, `list` (any list or zone), `elem` (an element of the first argument) and
`same` (the type of the first argument).
"""
from __future__ import annotations

from typing import Optional

from .decisions import MANY, ONE, YES_NO, Decision
from .errors import GameOver, PackError, PlayerOut
from .model import Card, Play, Zone

SIGNATURES: dict[str, str] = {}
FUNCTIONS: dict[str, object] = {}

RUNS_PACK_CODE = frozenset({"usable_by", "choose_targets", "choose_play", "activate", "ask_card", "build_deck"})
"""The built-ins that run pack code (a card's `when` and targets, a skill's active body or conversion
pool, a computed attribute default): a pack function calling one of them could reach itself again."""


def builtin(signature: str):
    def register(fn):
        name = signature.split("(", 1)[0]
        SIGNATURES[name] = signature
        FUNCTIONS[name] = fn
        return fn
    return register


def _cards(xs) -> list:
    return list(xs.cards) if isinstance(xs, Zone) else list(xs)


# ── collections ───────────────────────────────────────────────────────────────
@builtin("count(xs: list) -> int")
def b_count(g, xs):
    """How many items `xs` holds (a zone: how many cards)."""
    return len(xs.cards) if isinstance(xs, Zone) else len(xs)


@builtin("first(xs: list) -> elem?")
def b_first(g, xs):
    """The first item of `xs`; none when it is empty."""
    xs = _cards(xs)
    return xs[0] if xs else None


@builtin("last(xs: list) -> elem?")
def b_last(g, xs):
    """The last item of `xs`; none when it is empty."""
    xs = _cards(xs)
    return xs[-1] if xs else None


@builtin("sum(xs: ints) -> int")
def b_sum(g, xs):
    """The sum of `xs`."""
    return sum(xs)


@builtin("max(a: int, b: int) -> int")
def b_max(g, a, b):
    """The larger of `a` and `b`."""
    return a if a >= b else b


@builtin("min(a: int, b: int) -> int")
def b_min(g, a, b):
    """The smaller of `a` and `b`."""
    return a if a <= b else b


@builtin("min_of(xs: ints) -> int")
def b_min_of(g, xs):
    """The smallest of `xs`; 0 when it is empty."""
    return min(xs) if xs else 0


@builtin("max_of(xs: ints) -> int")
def b_max_of(g, xs):
    """The largest of `xs`; 0 when it is empty."""
    return max(xs) if xs else 0


@builtin("shuffled(xs: list) -> same")
def b_shuffled(g, xs):
    """`xs` in a random order (with the game's seeded generator)."""
    xs = _cards(xs)
    g.rng.shuffle(xs)
    return xs


@builtin("take(xs: list, n: int) -> same")
def b_take(g, xs, n):
    """The first `n` items of `xs`."""
    return _cards(xs)[:max(n, 0)]


@builtin("drop(xs: list, n: int) -> same")
def b_drop(g, xs, n):
    """`xs` without its first `n` items."""
    return _cards(xs)[max(n, 0):]


@builtin("random(xs: list) -> elem?")
def b_random(g, xs):
    """One item of `xs` at random (from the game's seeded generator); none when it is empty."""
    xs = _cards(xs)
    return xs[g.rng.randrange(len(xs))] if xs else None


@builtin("without(xs: list, x: any) -> same")
def b_without(g, xs, x):
    """`xs` without the item `x`."""
    return [i for i in _cards(xs) if i is not x and i != x]


@builtin("reversed(xs: list) -> same")
def b_reversed(g, xs):
    """`xs` in reverse order."""
    return _cards(xs)[::-1]


@builtin("text(x: any) -> text")
def b_text(g, x):
    """`x` as text: a number in digits, a card, player or name as the log writes it."""
    return g.ref(x) if not isinstance(x, (str, int)) else str(x)


# ── players and seats ─────────────────────────────────────────────────────────
@builtin("players() -> players")
def b_players(g):
    """Living players in seat order, starting with the current player."""
    return g.living_from(g.current)


@builtin("all_players() -> players")
def b_all_players(g):
    """Every player, living or out, in seat order from the current player."""
    n = len(g.players)
    return [g.players[(g.current.seat + i) % n] for i in range(n)]


@builtin("others(p: player) -> players")
def b_others(g, p):
    """Living players other than `p`, in seat order starting after `p`."""
    return [q for q in g.living_from(p) if q is not p]


@builtin("next_player(p: player) -> player")
def b_next_player(g, p):
    """The living player seated after `p`."""
    return g.next_living(p)


@builtin("seat_distance(a: player, b: player) -> int")
def b_seat_distance(g, a, b):
    """Steps between two seats around the table, the shorter way, counting living players only (a
    player who is out is counted at their own seat, as is `a`)."""
    if a is b:
        return 0
    if a.alive and b.alive:
        ring = g.living_from(a)                  # cached
    else:
        n = len(g.players)
        ring = [q for q in (g.players[(a.seat + i) % n] for i in range(n)) if q.alive or q is a or q is b]
    i = ring.index(b)
    return min(i, len(ring) - i)


@builtin("current_phase() -> phase?")
def b_current_phase(g):
    """The phase being played now; none between phases."""
    return g.phase


@builtin("turn_number() -> int")
def b_turn_number(g):
    """How many turns have begun, this one included."""
    return g.turns


@builtin("round_number() -> int")
def b_round_number(g):
    """How many rounds have begun, this one included."""
    return g.rounds


@builtin("set_current(p: player)")
def b_set_current(g, p):
    """Make `p` the current player."""
    g.current = p


# ── cards and zones ───────────────────────────────────────────────────────────
@builtin("cards(z: zone) -> cards")
def b_cards(g, z):
    """The cards in `z`, a snapshot (the zone may change while you loop)."""
    return list(z.cards)


@builtin("top(z: zone, n: int) -> cards")
def b_top(g, z, n):
    """The top `n` cards (the end of the list is the top), topmost first."""
    return z.cards[::-1][:n] if n > 0 else []


@builtin("bottom(z: zone, n: int) -> cards")
def b_bottom(g, z, n):
    """The bottom `n` cards of `z`, bottommost first."""
    return z.cards[:n] if n > 0 else []


@builtin("move(c: cards, to: zone, bottom: bool = false)")
def b_move(g, c, to, bottom=False):
    """Move the cards `c` to zone `to`, on top (or at the bottom with `bottom: true`)."""
    if c is None:
        return
    g.move([c] if isinstance(c, Card) else _cards(c), to, bottom)


@builtin("build_deck(z: zone)")
def b_build_deck(g, z):
    """Create the cards of the mode's deck into `z`, shuffled."""
    g.build_deck(z.name)


@builtin("shuffle(z: zone)")
def b_shuffle(g, z):
    """Shuffle the cards of `z` (with the game's seeded generator)."""
    g.rng.shuffle(z.cards)
    if g.log.enabled:
        g.log.add("shuffle", z.key)


@builtin("virtual(k: kind, sources: cards = [], via: skill? = none) -> card")
def b_virtual(g, k, sources=(), via=None):
    """A card of kind `k` standing for `sources` (将A当B), or for nothing (视为使用).

    It keeps every attribute its sources agree on (one red card gives a red card; a red and a black
    card give a card with no colour), and takes the rest from its kind.
    """
    sources = tuple(c for s in ([sources] if isinstance(sources, Card) else _cards(sources)) for c in s.physical)
    a = {ad.name: None for ad in g.pack.attrs_of("card")}
    a.update(k.attrs)
    kind_attrs = set(k.attrs)
    for ad in g.pack.attrs_of("card"):
        if ad.name in kind_attrs:
            continue
        values = {c.a.get(ad.name) for c in sources}
        a[ad.name] = values.pop() if len(values) == 1 else None
    return Card(None, k, a, virtual=True, sources=sources, via=via)


@builtin("with_attr(c: card, name: text, value: any) -> card")
def b_with_attr(g, c, name, value):
    """A virtual card like `c` but with one attribute set (视为使用了一張紅色的X). Physical cards'
    attributes are fixed, so this refuses them."""
    if not c.virtual:
        raise PackError(f"with_attr changes virtual cards only, not {c!r}")
    if name not in c.a:
        raise PackError(f"cards have no attribute {name!r}")
    a = dict(c.a)
    a[name] = value
    return Card(None, c.kind, a, virtual=True, sources=c.sources, via=c.via)


@builtin("zone_of(c: card) -> zone?")
def b_zone_of(g, c):
    """The zone a card is in (a virtual card: the zone of its first source); none if it has none."""
    return c.physical[0].zone if c.physical else None


@builtin("owner_of(c: card) -> player?")
def b_owner_of(g, c):
    """The player whose zone holds `c`; none for a table zone."""
    return c.owner


@builtin("reveal(c: cards)")
def b_reveal(g, c):
    """Show the cards `c` to every player (the log records them)."""
    if g.log.enabled:
        g.log.add("reveal", g.ref([c] if isinstance(c, Card) else _cards(c)))


# ── decisions ───────────────────────────────────────────────────────────────
@builtin("ask(p: player, prompt: text) -> bool")
def b_ask(g, p, prompt):
    """A yes/no question to `p`."""
    return g.decide(Decision(p, YES_NO, "yes_no", prompt, [False, True]))


def _one(g, p, pool, what: str, prompt: str):
    """One item of `pool`, chosen by `p`; none when the pool is empty."""
    pool = _cards(pool)
    if not pool:
        return None
    return pool[g.decide(Decision(p, ONE, what, prompt, pool))]


def _some(g, p, pool, lo: int, hi: int, what: str, prompt: str) -> list:
    """Between `lo` and `hi` items of `pool` (both capped by its size), chosen by `p`."""
    pool = _cards(pool)
    hi = min(hi, len(pool))
    lo = min(lo, hi)
    if hi <= 0:
        return []
    return [pool[i] for i in g.decide(Decision(p, MANY, what, prompt, pool, lo, hi))]


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
    options = list(options)
    return options[g.decide(Decision(p, ONE, "option", prompt, options))]


def _limit_ok(g, d, owner) -> bool:
    return d.limit is None or g.used(d, owner, d.limit) < d.limit.count


def _target_rule(g, user, card):
    """The first targeting alternative of the card's kind that has a legal target, and its pool."""
    for rule in card.kind.targets:
        if rule.kind == "self":
            return rule, [user]
        if rule.kind == "none":         # `target none`: may be used with no target (for no effect)
            return rule, []
        pool = rule.pool(g, user, card)
        if pool:
            return rule, pool
    return None, []


def allowed(g, p, card, purpose: str) -> bool:
    """A pack may forbid cards: if it declares `query card_allowed(p, card, purpose) -> bool`, no card
    it refuses is offered to use or to play (憂鬱之毒: 無法使用或打出手牌)."""
    q = g.pack.queries.get("card_allowed")
    return q is None or bool(q(g, p, card, purpose))


def usable(g, user, card) -> bool:
    kind = card.kind
    if not kind.targets or not allowed(g, user, card, "use"):
        return False
    if kind.when is not None and not kind.when(g, user, card):
        return False
    rule, pool = _target_rule(g, user, card)
    return rule is not None


def _conversions(g, p, purpose: str, kind_name: Optional[str] = None):
    for cd, inst in p.converts:
        if purpose not in cd.purposes or (kind_name is not None and cd.as_kind != kind_name):
            continue
        if cd.cond is not None and not cd.cond(g, p, inst.card):
            continue
        if not _limit_ok(g, cd, p):
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
    rule, pool = _target_rule(g, user, card)
    if rule is None:
        return []
    if rule.kind == "self":
        return [user]
    if rule.kind == "none":
        return []
    n = rule.count(g, user, card)
    lo = 1 if rule.kind == "up_to" else n
    return b_choose_players(g, chooser, pool, min(lo, len(pool)), n, f"{card.kind.label}: choose targets")


@builtin("choose_play(p: player, may_pass: bool = true) -> play?")
def b_choose_play(g, p, may_pass=True):
    """What `p` does with the initiative: a usable card (or conversion) with its targets, an active
    skill, or nothing (none). Only options that can actually be carried out are offered. With
    `may_pass: false` the play is compulsory: no pass is offered (none only when there is no play)."""
    return choose_from(g, p, plays(g, p), "choose a play", may_pass)


def plays(g, p, anytime_only: bool = False) -> list:
    """The plays `p` could make now: usable cards, conversions and active skills — with
    `anytime_only`, only those usable at any time (a card kind or active marked `anytime`)."""
    kinds = g.pack.kinds
    options: list = []
    for c in p.z[g.pack.hand_zone].cards if g.pack.hand_zone else ():
        if (not anytime_only or c.kind.anytime) and usable(g, p, c):
            options.append(Play(card=c))
    for cd, inst, pool in _conversions(g, p, "use"):
        if anytime_only and not kinds[cd.as_kind].anytime:
            continue
        probe = b_virtual(g, kinds[cd.as_kind], pool[:cd.count], cd.skill)
        if usable(g, p, probe):
            options.append(Play(card=probe, convert=cd, inst=inst))
    for ad, inst in p.actives:
        if (not anytime_only or ad.anytime) and _limit_ok(g, ad, p) and (ad.cond is None or ad.cond(g, p, inst.card)):
            options.append(Play(skill=ad.skill, active=ad, inst=inst))
    return options


def choose_from(g, p, options: list, prompt: str, may_pass: bool = True):
    """`p` picks one of `options` or passes (if `may_pass`); a card chosen is made (a conversion picks
    its real cards) and given its targets. None for a pass."""
    if may_pass or not options:
        options = options + [None]
    choice = options[g.decide(Decision(p, ONE, "play", prompt, options))]
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
        return Play(card=card, targets=_pick_targets(g, p, p, card))
    return choice


@builtin("activate(play: play)")
def b_activate(g, play):
    """Carry out an active skill's play (from `choose_play`), counting it against its limit."""
    ad, inst = play.active, play.inst
    if ad is None:
        return
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
    options: list = [c for c in p.z[g.pack.hand_zone].cards
                     if c.kind is k and allowed(g, p, c, purpose)] if g.pack.hand_zone else []
    for cd, inst, pool in _conversions(g, p, purpose, k.name):
        if allowed(g, p, b_virtual(g, k, pool[:cd.count], cd.skill), purpose):
            options.append(Play(skill=cd.skill, convert=cd, inst=inst))
    if not options:
        return None
    options.append(None)
    choice = options[g.decide(Decision(p, ONE, "card", prompt, options))]
    if choice is None or isinstance(choice, Card):
        return choice
    cd = choice.convert
    pool = [c for c in cd.pool(g, p, choice.inst.card) if not c.virtual]
    return _convert(g, p, cd, choice.inst, pool, f"{cd.skill.label}: choose cards")


# ── skills and characters ─────────────────────────────────────────────────────
@builtin("grant(p: player, s: skill)")
def b_grant(g, p, s):
    """Give `p` the skill `s` (as a character's own skill)."""
    g.grant(p, s)


@builtin("revoke(p: player, s: skill)")
def b_revoke(g, p, s):
    """Take skill `s` away from `p`."""
    for inst in [i for i in p.skills if i.skill is s]:
        g.revoke(p, inst)


@builtin("has_skill(p: player, s: skill) -> bool")
def b_has_skill(g, p, s):
    """Does `p` hold skill `s` now (their own, granted, or lent by a card)?"""
    return any(i.skill is s for i in p.skills)


@builtin("kinds() -> kinds")
def b_kinds(g):
    """Every card kind of the pack, in the order it declares them (`kinds() where it.value > 1`)."""
    return list(g.pack.kinds.values())


@builtin("characters() -> characters")
def b_characters(g):
    """Every character of the pack, in the order it declares them."""
    return list(g.pack.characters.values())


@builtin("preset_character(p: player) -> character?")
def b_preset_character(g, p):
    """The character fixed in advance for this seat, if any: choosing code should take it."""
    return g.presets.get(p.seat)


@builtin("has_tag(c: character, tag: text) -> bool")
def b_has_tag(g, c, tag):
    """Does character `c` carry `tag` (its `tags` line)?"""
    return tag in c.tags


@builtin("set_character(p: player, c: character)")
def b_set_character(g, p, c):
    """Seat character `c` with player `p` (their skills and stats come with it)."""
    if p.character is not None:
        for inst in [i for i in p.skills if i.card is None and i.skill.name in p.character.skills]:
            g.revoke(p, inst)
    p.character = c
    if g.log.enabled:
        g.log.add("character", f"P{p.seat}", c.name)
    for s in c.skills:
        g.grant(p, g.pack.skills[s])


# ── the course of the game ──────────────────────────────────────────────────
@builtin("end_game(winners: players)")
def b_end_game(g, winners):
    """End the game now with `winners` as the winners."""
    raise GameOver(list(winners))


@builtin("eliminate(p: player)")
def b_eliminate(g, p):
    """Put `p` out of the game: they take no more turns and are not among `players()`."""
    g.set_alive(p, False)
    if g.log.enabled:
        g.log.add("out", f"P{p.seat}")


@builtin("revive(p: player)")
def b_revive(g, p):
    """A player who was out comes back into the game (their counters are the rules' to set)."""
    g.set_alive(p, True)
    if g.log.enabled:
        g.log.add("back", f"P{p.seat}")


@builtin("skip(ph: phase)")
def b_skip(g, ph):
    """Skip phase `ph` of the current turn."""
    g.skipped.add(ph)


@builtin("schedule_turn(p: player)")
def b_schedule_turn(g, p):
    """List a turn of this round (call it at round.start): a round whose turns are listed runs exactly
    those, in order; a round with none listed runs every living player in seat order."""
    g.schedule.append(p)


@builtin("end_round(next: player? = none)")
def b_end_round(g, next=None):
    """Stop everything now — the resolution under way, the turn, the round — and start a new round,
    from `next`'s turn (by default the player after the current one): a game made of deals that
    reset the table starts each deal from the player its rules name."""
    from .game import RoundOver
    raise RoundOver(next)


@builtin("is_skipped(ph: phase) -> bool")
def b_is_skipped(g, ph):
    """Has this phase of the current turn been skipped already (skip)?"""
    return ph in g.skipped


@builtin("extra_phase(ph: phase)")
def b_extra_phase(g, ph):
    """Play phase `ph` once more for the current player, now."""
    g.run_phase(g.current, ph)


@builtin("say(message: text)")
def b_say(g, message):
    """Write `message` to the game's log."""
    if g.log.enabled:
        g.log.add("say", message)


from . import builtins_card_state  # noqa: E402,F401  (generic per-card values; registers its built-ins)
