"""Interactions between THB skills, and the ordering of triggers that react in one window
(shared/design/TIMING.md: priority, then seat order from the current player, then the owner chooses;
eligibility is re-checked after each trigger). Each docstring quotes the rulebook sentences involved.

Most of these tests are written in the language, in rules/thb/tests/interactions.spell
(docs/testing.md); the ones here need Python.
"""
import json

import pytest

from spellcard.scenario import Scenario

from .helpers import MODE, discarded, sealed_by_imperishable_night, zone_cards


def fires_in_order(s, *skills: str) -> list[tuple[str, str]]:
    """(skill, seat) of every firing of the given skills, in game order."""
    out = []
    for line in s.log():
        e = json.loads(line)
        if e[0] == "fire" and e[1] in skills:
            out.append((e[1], e[2]))
    return out


# ── judgements: 審判, 陰陽玉, 緋想, 封魔陣 ──────────────────────────────────────
def test_retrial_seat_order_from_the_current_player():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 陰陽玉：在你的判定牌生效前，你可以打出【陰陽玉】
    代替之。 — both react in one window: seat order starts at the current player (Koakuma, seat 1), so Eiki
    at seat 0 acts last and her card is the one that takes effect."""
    s = Scenario("thb", ["Eiki", "Koakuma", "Mokou"], mode=MODE)
    s.zone(1, "judge_zone", "SealingArray♠9")
    [orb] = s.equip(1, "YinYangOrb♡K")
    s.deck_top("Danmaku♠7")
    [spade] = s.hand(0, "Danmaku♠8")
    s.answer(1, True)                          # 陰陽玉 (♡): would pass the judgement
    s.answer(0, True)                          # 審判 with a ♠ card: fails it again
    s.phase(1, "judge_phase")
    assert fires_in_order(s, "Trial", "YinYangOrbSkill") == [("YinYangOrbSkill", "P1"), ("Trial", "P0")]
    assert "action_phase" in s.game.skipped
    assert orb in discarded(s) and spade in discarded(s)


def test_retrial_current_player_eiki_first():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 陰陽玉：在你的判定牌生效前，你可以打出【陰陽玉】
    代替之。 光學迷彩：當你需要使用或打出【擦彈】時，可以進行一次判定，若結果為紅，視為你使用或打出了一張【擦彈】。
    — a judgement in Eiki's own turn: she is the current player, so she is asked first, and Koakuma's red
    陰陽玉 has the last word: the 擦彈 stands."""
    s = Scenario("thb", ["Eiki", "Koakuma"], mode=MODE)
    s.equip(1, "OpticalCamouflage♠2", "YinYangOrb♡K")
    [d] = s.hand(0, "Danmaku♠7")
    [spade] = s.hand(0, "Danmaku♠8")
    s.deck_top("Mochi♡3")                      # red: a graze …
    s.answer(0, d, True, "pass")               # … turned black by Eiki's 審判 (♠8, her only card left) …
    s.answer(1, True, True)                    # … and red again by the 陰陽玉
    s.phase(0, "action_phase")
    assert fires_in_order(s, "Trial", "YinYangOrbSkill") == [("Trial", "P0"), ("YinYangOrbSkill", "P1")]
    assert s.value(1, "hp") == 4
    assert spade in discarded(s)


@pytest.mark.parametrize("first, skipped", [("YinYangOrbSkill", False), ("Trial", True)])
def test_retrial_owner_chooses_the_order_of_her_own_triggers(first, skipped):
    """審判 and 陰陽玉 held by one player (Eiki, judged herself): she chooses which goes first, and the
    other, re-checked and still eligible, then has the last word."""
    s = Scenario("thb", ["Eiki", "Koakuma"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [orb] = s.equip(0, "YinYangOrb♡K")          # ♡: a pass
    s.deck_top("Mochi♡3")
    [spade] = s.hand(0, "Danmaku♠8")             # ♠: a fail
    if first == "Trial":
        s.answer(0, first, True, spade, True)   # 審判 (hand ♠, or the orb: she picks the ♠) then 陰陽玉
    else:
        s.answer(0, first, True, True)          # 陰陽玉, then 審判 with the ♠ (the only card left)
    s.phase(0, "judge_phase")
    assert ("action_phase" in s.game.skipped) is (not skipped)
    assert [d.what for d in s.asked(0)][0] == "order"
    assert s.unscripted() == []


def test_trial_on_a_sealing_array_placed_by_imperishable_night():
    """永夜：…你可以將一張紅色牌當【封魔陣】置於該角色的判定區里… 審判：在一名角色的判定牌生效前，你可以打出
    一張牌代替之。 — Kaguya's 封魔陣 is judged like any other, and Eiki can save Koakuma from it."""
    s = Scenario("thb", ["Koakuma", "Kaguya", "Eiki"], mode=MODE)
    [heart] = s.hand(2, "Mochi♡4")
    red = sealed_by_imperishable_night(s)
    assert [c.kind.name for c in zone_cards(s, 0, "judge_zone")] == ["SealingArray"]
    s.deck_top("Danmaku♠7")
    s.answer(2, True)
    s.phase(0, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert red in discarded(s) and red.kind.name == "Graze"


def test_boundary_moves_an_imperishable_night_sealing_array():
    """永夜：…將一張紅色牌當【封魔陣】置於該角色的判定區里… 境界 >>若你跳過出牌階段，你可以將場上的一張牌移動到
    另一名角色區域裡的相應位置… — the 擦彈 standing as 封魔陣 is still a 封魔陣 in Mokou's judge zone."""
    s = Scenario("thb", ["Koakuma", "Kaguya", "Yukari", "Mokou"], mode=MODE)
    red = sealed_by_imperishable_night(s)
    s.hand(2, "Danmaku♠7")
    s.answer(2, True, True, "移動到相應位置", s.p(3))
    s.phase(2, "action_phase")
    assert zone_cards(s, 3, "judge_zone") == [red]
    assert red.kind.name == "SealingArray"
    s.deck_top("Danmaku♠8")
    s.phase(3, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert red.kind.name == "Graze" and red in discarded(s)


# ── taking and losing cards ─────────────────────────────────────────────────


def test_extreme_intelligence_once_per_round_not_per_turn():
    """極智：…你可以棄置一張牌對該角色重新進行一次結算，此時發動者視為你。每輪限一次。 — a second spell in the
    same round (even in another player's turn) is not re-resolved; in the next round it is.
    (The scenario harness cannot start a round, so the engine's round and turn serials are advanced by hand.)"""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    demos = s.hand(0, "Demolition♣4", "Demolition♣8", "Demolition♠3")
    s.hand(2, "Mochi♡3", "Mochi♡4", "Mochi♡5", "Mochi♡6", "Mochi♡7", "Mochi♡8")
    s.hand(1, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, demos[0], s.p(2), demos[1], s.p(2), "pass")
    s.answer(1, True, [zone_cards(s, 1)[0]])
    s.phase(0, "action_phase")
    assert len(s.asked(1, "yes_no")) == 1     # the second 城管執法: not asked
    assert len(zone_cards(s, 2)) == 3
    s.game.serial["turn"] += 1                 # another turn of the same round
    s.answer(0, demos[2], s.p(2), "pass")
    s.phase(0, "action_phase")
    assert len(s.asked(1, "yes_no")) == 1
    assert len(zone_cards(s, 2)) == 2
    s.new_round()
    s.hand(0, "Demolition♠4")
    s.answer(0, "Demolition", s.p(2), "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert len(s.asked(1, "yes_no")) == 2
    assert zone_cards(s, 2) == []
    assert zone_cards(s, 1) == []


def test_boundary_not_offered_for_a_phase_already_skipped():
    """境界：你可以棄置一張手牌並跳過你的一個階段… 封魔陣：…若結果不為紅桃，目標角色跳過其出牌階段。 — a phase already
    skipped cannot be skipped again."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.equip(1, "RedUfo♣K")
    s.deck_top("Danmaku♠8")
    s.answer(0, False)                         # no 境界 for the judge phase
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped
    s.phase(0, "action_phase")
    assert s.asked(0, "yes_no")[1:] == []
