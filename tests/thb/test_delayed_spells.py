"""Scenario tests of THB's delayed spells (延時類符卡): 封魔陣 罪袋 凍青蛙, and 好人卡 against them.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks. The
rulebook's 罪袋 heading carries 封魔陣's text; the readings of GLOSSARY §4 T1/T2 (封魔陣 ♠9♠10♡10,
罪袋 ♠A♡A: judge ♠A–8 → 3 sourceless damage, otherwise it passes on) and T10 (凍青蛙 at distance 1)
are the ones tested. Judge results are set with deck_top; nobody at the table can change them.
"""
from spellcard.scenario import Scenario

from .helpers import table, discarded, play_cards


def judge_zone(s, seat):
    return s.p(seat).z["judge_zone"].cards


# ── 封魔陣 ─────────────────────────────────────────────────────────────────────


def test_nullify_cancels_sealing_array_before_the_judgement():
    """>>判定開始前,你可以使用【好人卡】抵消該符卡的效果（抵消後棄掉【封魔陣】）。"""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    [top] = s.deck_top("Danmaku♠7")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(1, n)
    s.phase(1, "judge_phase")
    assert seal in discarded(s) and n in discarded(s)
    assert judge_zone(s, 1) == []
    assert s.deck.cards[-1] is top                    # no judgement was made
    assert "action_phase" not in s.game.skipped




# ── 罪袋 ───────────────────────────────────────────────────────────────────────


def test_sinsack_not_usable_with_one_already_in_place():
    """2. 任何一個玩家面前的判定區或裝備區里不能放有兩張同名的牌。"""
    s = table(["Koakuma", "Mokou"])
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.hand(0, "Sinsack♡A")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []


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
