"""Small helpers shared by the THB scenario tests that need Python (tests/thb/test_*.py); most THB
scenario tests are written in the language, in rules/thb/tests/ (docs/testing.md).

What any pack's scenario can tell is a method of spellcard.scenario.Scenario: the decisions put to a
seat (`s.asked`), the options of the latest one (`s.offered`), the actions and firings of the log
(`s.events`, `s.fired`) and the value of a query (`s.query`). What is here is THB's: the mode and the
characters of the tables, and THB's readings of distance, attack range, the discard pile and the
decisions (card kinds, character names, skills).
"""
from __future__ import annotations

from spellcard.scenario import Scenario

# The rules and deck the scenarios use, whatever the number of seats: the plain table rules of the
# 1v1 mode (1對1) and the standard 144-card deck (a mode picked by seat count could bring its own
# rules; no mode-specific rule changes distance, the deck or victory).
MODE = "Duel"

# Characters picked for having no skill that interferes: Koakuma (尋找, active only), Mokou (浴火 and
# 重生 only at the start of her end/prepare phase), Rumia (黑暗 active; 作弊 only at her end phase),
# Marisa (借走, active only), Seiga (actives), Tewi (幸運: only when she loses her last hand card).
FOUR = ["Koakuma", "Mokou", "Rumia", "Marisa"]
SIX = FOUR + ["Seiga", "Tewi"]


def table(characters, **kw) -> Scenario:
    """A scenario under the plain rules of the 1對1 mode (好人卡, 喝醉, 噁心丸, 明牌區; the game ends
    when one is left), whatever the number of seats: other modes add rewards and team rules."""
    return Scenario("thb", characters, mode=MODE, **kw)


# ── distance and attack range ─────────────────────────────────────────────────
def dist(s, a: int, b: int) -> int:
    """The distance from seat `a` to seat `b`, with every modifier applied."""
    return s.query("distance", s.p(a), s.p(b))


def reach(s, a: int, b: int) -> bool:
    """Whether seat `b` is in seat `a`'s attack range."""
    return s.query("in_attack_range", s.p(a), s.p(b), None)


# ── cards and zones ───────────────────────────────────────────────────────────
def discard_pile(s) -> list[str]:
    """The kind names of the cards of the discard pile."""
    return [c.kind.name for c in s.game.z["discard_pile"].cards]


def discarded(s) -> list:
    """The cards of the discard pile."""
    return list(s.game.z["discard_pile"].cards)


def zone_cards(s, seat: int, zone: str = "hand") -> list:
    return list(s.p(seat).z[zone].cards)


# ── decisions ─────────────────────────────────────────────────────────────────
def play_cards(d) -> list[str]:
    """The card kinds offered by a `play` decision."""
    return [o.card.kind.name for o in d.options if o is not None and o.card is not None]


def questions(s, seat: int) -> list[str]:
    """The yes/no questions `seat` was asked (发動X?), by prompt: an optional skill that is not
    offered never asks."""
    return [d.prompt for d in s.agents[seat].log if d.kind == "yes_no"]


def offered_plays(s, seat: int) -> list[list[str]]:
    """For each action-phase decision of `seat`, the names of what was offered."""
    rows = []
    for d in s.asked(seat, "play"):
        row = []
        for o in d.options:
            if o is None:
                row.append("pass")
            elif o.card is not None:
                row.append(o.card.kind.name)
            else:
                row.append(o.skill.name)
        rows.append(row)
    return rows


def sealed_by_imperishable_night(s):
    """Koakuma (seat 0, at 3 HP) eats a 餅 in her action phase, and Kaguya (seat 1) answers with 永夜,
    placing a red 擦彈 as 封魔陣 in Koakuma's judge zone. The 擦彈."""
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    [red] = s.hand(1, "Graze♡2")
    s.answer(0, mochi, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    return red
