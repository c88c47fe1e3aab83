"""Scenario tests of THB's delayed spells (延時類符卡): 封魔陣 罪袋 凍青蛙, and 好人卡 against them.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks. The
rulebook's 罪袋 heading carries 封魔陣's text; the readings of GLOSSARY §4 T1/T2 (封魔陣 ♠9♠10♡10,
罪袋 ♠A♡A: judge ♠A–8 → 3 sourceless damage, otherwise it passes on) and T10 (凍青蛙 at distance 1)
are the ones tested. Judge results are set with deck_top; nobody at the table can change them.

Most of these tests are written in the language, in rules/thb/tests/delayed_spells.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import discarded, table


def judge_zone(s, seat):
    return s.p(seat).z["judge_zone"].cards


# ── 罪袋 ───────────────────────────────────────────────────────────────────────


def test_sinsack_kill_gives_no_bounty():
    """罪袋's damage is sourceless (reading T2), so an 城管 it kills has no 擊墜者 to reward
    (城管：…當城管MISS時，擊墜者摸3張牌。)."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Tewi"], mode="Identity5Mode")
    for seat, role in enumerate(["Attacker", "Boss", "Attacker", "Accomplice", "Mastermind"]):
        s.p(seat).v["role"] = role
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("Danmaku♠3")
    s.set(0, hp=2)
    s.phase(0, "judge_phase")
    assert not s.p(0).alive
    assert [len(s.p(i).z["hand"].cards) for i in range(1, 5)] == [0, 0, 0, 0]


def test_a_judgement_with_no_card_left_has_no_result():
    """該角色的判定階段，需進行一次判定 — but with the deck and the discard pile both empty there is no
    card to flip. The pack's reading (README): no result, so 封魔陣 skips nothing (the checker found the
    unguarded `j.card.suit` this used to fault on)."""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    out_of_play = s.p(0).z["hand"]                    # where every other card waits
    s.game.move(list(s.deck.cards) + list(s.game.z["discard_pile"].cards), out_of_play)
    s.phase(1, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert judge_zone(s, 1) == [] and seal in discarded(s)
