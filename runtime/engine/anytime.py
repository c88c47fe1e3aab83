"""任意时机: plays usable at any time, offered at the windows a pack declares (`anytime at …`).

Modelled on how card engines pass priority: when a declared window opens, before any skill there,
the living players are offered in seat order from the current player a play usable at any time (a
card kind or active skill marked `anytime`). A player who plays is offered again; the pass ends when
every living player has passed in succession. The pack's own code carries each play out, since the
runtime does not know how a card is used. Passes do not nest: a play made during a pass that opens
another declared window is answered within the pass already under way.
"""
from __future__ import annotations

from spellcard.runtime.builtins.plays import choose_from, plays
from spellcard.runtime.defs import SkillDef, TriggerDef
from spellcard.runtime.errors import RuleLoop

from .cards import once_a_pack

FIRST = 1_000_000           # the pass comes before every skill listening at the same window
MAX_PLAYS = 10_000          # plays in one pass before it is called a loop
_KEY = ("anytime",)         # its rule's entry in the pack's TEMPLATES


def anytime_rule(pack) -> SkillDef:
    """The table rule that opens a pass at each of the pack's any-time windows. It reads the pack's
    `anytime` lines alone, so it is made once a pack, kept in its TEMPLATES, and every game grants it."""
    return once_a_pack(pack, _KEY, lambda: _rule(pack))


def _rule(pack) -> SkillDef:
    rule = SkillDef("anytime", "any time", "locked")
    for ad in pack.anytime:
        for key in ad.keys:
            rule.triggers.append(TriggerDef(rule, len(rule.triggers), key, _opener(ad.carry_out), priority=FIRST))
    return rule


def _opener(carry_out):
    return lambda g, owner, ev, card: _pass(g, carry_out)


def _pass(g, carry_out) -> None:
    if g.anytime_open:
        return
    g.anytime_open = True
    try:
        order = g.living_from(g.current)
        turn = passed = made = 0
        while passed < len(order):
            p = order[turn % len(order)]
            turn += 1
            offered = plays(g, p, anytime_only=True) if p.alive and _may_play(g, p) else []
            play = choose_from(g, p, offered, "play at any time?") if offered else None
            if play is None:
                passed += 1
                continue
            carry_out(g, p, play)
            made += 1
            if made > MAX_PLAYS:
                raise RuleLoop([], f"more than {MAX_PLAYS} plays at one any-time point")
            order = g.living_from(p) if p.alive else g.living_from(g.current)
            turn = passed = 0               # the player who played may play again; then everyone in turn
    finally:
        g.anytime_open = False


def _may_play(g, p) -> bool:
    """Does `p` hold anything usable at any time at all? (Cheap: most players at most points do not.)"""
    pack = g.pack
    if pack.hand_zone:
        for c in p.z[pack.hand_zone].cards:
            if c.kind.anytime:
                return True
    for ad, _ in p.actives:
        if ad.anytime:
            return True
    for cd, _ in p.converts:
        if pack.kinds[cd.as_kind].anytime:
            return True
    return False
