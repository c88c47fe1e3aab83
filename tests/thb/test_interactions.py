"""Interactions between THB skills, and the ordering of triggers that react in one window
(shared/design/TIMING.md: priority, then seat order from the current player, then the owner chooses;
eligibility is re-checked after each trigger). Each docstring quotes the rulebook sentences involved."""
import json

import pytest

from spellcard.scenario import Scenario

from .helpers import MODE, discarded, zone_cards, has_skill


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


def test_scarlet_perception_takes_eikis_red_replacement():
    """審判：…你可以打出一張牌代替之。 緋想：鎖定技，與你距離為1以內的角色的紅色判定牌進入棄牌堆後，你獲得之。
    — the card that takes effect is Eiki's red one: Tenshi gets it; the replaced ♠ card stays discarded."""
    s = Scenario("thb", ["Koakuma", "Eiki", "Tenshi"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [spade] = s.deck_top("Danmaku♠7")
    [heart] = s.hand(1, "Mochi♡3")
    s.answer(1, True)
    s.phase(0, "judge_phase")
    assert zone_cards(s, 2) == [heart]
    assert spade in discarded(s)
    assert "action_phase" not in s.game.skipped


def test_scarlet_perception_not_the_replaced_red_card():
    """緋想：…紅色判定牌進入棄牌堆後，你獲得之。 — reading: the judge card is the one that takes effect; a red
    card replaced by 審判 is not taken (as upstream, which takes the final card)."""
    s = Scenario("thb", ["Koakuma", "Eiki", "Tenshi"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [red] = s.deck_top("Mochi♡4")
    [spade] = s.hand(1, "Danmaku♠8")
    s.answer(1, True)
    s.phase(0, "judge_phase")
    assert zone_cards(s, 2) == []
    assert red in discarded(s)
    assert "action_phase" in s.game.skipped


def test_trial_on_a_sealing_array_placed_by_imperishable_night():
    """永夜：…你可以將一張紅色牌當【封魔陣】置於該角色的判定區里… 審判：在一名角色的判定牌生效前，你可以打出
    一張牌代替之。 — Kaguya's 封魔陣 is judged like any other, and Eiki can save Koakuma from it."""
    s = Scenario("thb", ["Koakuma", "Kaguya", "Eiki"], mode=MODE)
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    [red] = s.hand(1, "Graze♡2")
    [heart] = s.hand(2, "Mochi♡4")
    s.answer(0, mochi, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
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
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    [red] = s.hand(1, "Graze♡2")
    s.answer(0, mochi, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    s.hand(2, "Danmaku♠7")
    s.answer(2, True, True, "移動到相應位置", s.p(3))
    s.phase(2, "action_phase")
    assert zone_cards(s, 3, "judge_zone") == [red]
    assert red.kind.name == "SealingArray"
    s.deck_top("Danmaku♠8")
    s.phase(3, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert red.kind.name == "Graze" and red in discarded(s)


# ── damage windows: priority and re-checked eligibility ─────────────────────
def test_naked_fox_before_the_drunk_guard():
    """素裸：鎖定技，當你沒有手牌時，你受到的符卡傷害-1。 酒：喝醉狀態下…受到致命傷害時傷害-1…效果觸發…須棄掉
    喝醉狀態。 — Ran at 1 HP, drunk, no hand, hit by 地圖炮: 素裸 (a character skill, higher priority) goes
    first; the damage is no longer lethal when the drunk state is re-checked, so Ran stays drunk."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    s.set(1, hp=1, drunk=True)
    [cannon] = s.hand(0, "MapCannon♡A")
    s.answer(0, cannon, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.value(1, "drunk") is True
    assert s.fired("DrunkenGuard") == 0


def test_drunk_guard_still_saves_ran_from_danmaku():
    """酒：…受到致命傷害時傷害-1。 素裸 does not apply to 彈幕, so the drunk state is spent as usual."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    s.set(1, hp=1, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.value(1, "drunk") is False


def test_wicked_hermit_skip_comes_before_nullify_and_stops_it():
    """邪仙 >>當你成為以此法使用的群體符卡的目標時，你可以選擇跳過此次結算。 好人卡：一張符卡對一名目標角色生效前，
    你可以使用此牌來抵消… — in the same 生效前 window, Seiga's skip (priority 0) runs before the table's 好人卡
    rule (priority −10); once skipped, nobody is asked for a 好人卡 on her behalf."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "MapCannon♡A")
    [n] = s.hand(2, "Nullify♠2")
    s.answer(0, "WickedHermit", s.p(1), True, "pass")
    s.answer(2, "pass")                        # Mokou keeps her 好人卡 for her own resolution
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3 and s.value(0, "hp") == 4
    assert len(s.asked(2, "card")) == 1       # asked once (for herself), not for Seiga
    assert zone_cards(s, 2) == [n]


def test_masochist_not_for_hp_loss_from_impossible_request():
    """難題：…你可以令傷害來源交給你一張方片牌，否則其失去1點體力。 抖M：當你受到1點傷害後… — Tenshi hits
    Kaguya and has no ♢: she loses 1 HP, which is not damage, so 抖M does not trigger."""
    s = Scenario("thb", ["Tenshi", "Kaguya"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 2
    assert s.fired("Masochist") == 0
    assert s.asked(0, "yes_no") == []


def test_majesty_against_impossible_request():
    """威嚴：當你受到一次傷害後，你可以獲得傷害來源的一張牌。 難題：每當你受到一次傷害後，你可以令傷害來源交給
    你一張方片牌… — Kaguya hits Eiki, Eiki takes Kaguya's ♢; Eiki hits back, and has none to give."""
    s = Scenario("thb", ["Kaguya", "Eiki"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [dia] = s.hand(0, "Graze♢2")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [dia]
    [d2] = s.hand(1, "Danmaku♠8")
    s.answer(1, d2, [dia], "pass")              # Eiki gives the ♢ back instead of losing HP
    s.answer(0, True)
    s.phase(1, "action_phase")
    assert zone_cards(s, 0) == [dia]
    assert s.value(1, "hp") == 2 and s.value(0, "hp") == 2


# ── taking and losing cards ─────────────────────────────────────────────────
def test_borrow_tewis_last_card_luck_then_danmaku():
    """借走：…你可以獲得一名其他角色的一張牌，然後視為該角色對你使用了一張【彈幕】。 幸運：鎖定技，當你失去最後
    的手牌時，你摸兩張牌。 — Tewi draws two at once, then her 彈幕 hits Marisa (Marisa holds no 擦彈)."""
    s = Scenario("thb", ["Marisa", "Tewi"], mode=MODE)
    [last] = s.hand(1, "Mochi♡3")
    top = s.deck_top("Danmaku♠7", "Mochi♡4")
    s.answer(0, "Borrow", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [last]
    assert set(zone_cards(s, 1)) == set(top)
    assert s.value(0, "hp") == 3


def test_boundary_moves_the_gourd_to_suika():
    """境界 >>若你跳過出牌階段，你可以將場上的一張牌移動到另一名角色區域裡的相應位置… 醉神：覺醒技，當你裝備
    【伊吹瓢】時，你須減少1點體力上限，並永久獲得技能 醉夢。 — reading: 伊吹瓢 moved into Suika's equip zone
    counts as equipping it."""
    s = Scenario("thb", ["Yukari", "Koakuma", "Suika"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [gourd] = s.equip(1, "IbukiGourd♣9")
    s.answer(0, True, True, "移動到相應位置", s.p(2))
    s.answer(2, "DrunkenGod")                  # her two triggers: awakening first
    s.phase(0, "action_phase")
    assert zone_cards(s, 2, "equip_zone") == [gourd]
    assert s.value(2, "max_hp") == 3
    assert has_skill(s, 2, "DrunkenDream")
    assert s.value(2, "drunk") is True


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


def test_extreme_intelligence_not_after_knowledge_voids_the_spell():
    """博學：鎖定技，黑桃符卡對你無效。 極智：…當一張非延時符卡對一名角色生效後… — a ♠ spell that had no effect on
    Patchouli never 生效, so Ran is not asked."""
    s = Scenario("thb", ["Koakuma", "Ran", "Patchouli"], mode=MODE)
    [demo] = s.hand(0, "Demolition♠3")
    [keep] = s.hand(2, "Mochi♡3")
    s.hand(1, "Danmaku♠7")
    s.answer(0, demo, s.p(2), "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 2) == [keep]
    assert s.asked(1) == []


def test_extreme_intelligence_after_a_nullified_spell_is_not_asked():
    """極智：…當一張非延時符卡對一名角色生效後… 好人卡：…抵消該符卡對其目標角色產生的效果。 — nullified, so not
    生效: no re-resolution. Reimu's 靈擊 does the nullifying."""
    s = Scenario("thb", ["Koakuma", "Ran", "Reimu"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    [red] = s.hand(2, "Mochi♡3")
    [keep] = s.hand(2, "Danmaku♠8")
    s.hand(1, "Danmaku♠7")
    s.answer(0, demo, s.p(2), "pass")
    s.answer(2, "SpiritStrike", red)
    s.phase(0, "action_phase")
    assert zone_cards(s, 2) == [keep]
    assert s.asked(1, "yes_no") == []


def test_wicked_hermit_spade_spell_on_patchouli():
    """邪仙：…以一名其他玩家的身份使用。 博學：鎖定技，黑桃符卡對你無效。 — whoever's name it is used in, a ♠ spell
    has no effect on Patchouli."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Patchouli"], mode=MODE)
    s.hand(0, "Demolition♠3")
    [keep] = s.hand(2, "Mochi♡3")
    s.answer(0, "WickedHermit", s.p(1), s.p(2), "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 2) == [keep]


def test_wicked_hermit_library_draws_for_the_named_user():
    """邪仙：…以一名其他玩家的身份使用。 圖書：鎖定技，當你使用一張非延時符卡時，你摸一張牌。 — Seiga uses a
    尋龍尺 in Patchouli's name: Patchouli is its user, so she draws for 圖書 and for the card."""
    s = Scenario("thb", ["Seiga", "Patchouli"], mode=MODE)
    s.hand(0, "DowsingRod♡7")
    top = s.deck_top("Danmaku♠7", "Danmaku♠8", "Danmaku♣8")
    s.answer(0, "WickedHermit", "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 1)) == set(top)
    assert zone_cards(s, 0) == []


def test_imperishable_night_after_a_mochi_used_through_wicked_hermit():
    """邪仙 (used in Koakuma's name) and 永夜：…當一名其他角色的紅色基本牌因使用進入棄牌堆時… — the 麻薯 was
    used by Koakuma, so the 封魔陣 lands in Koakuma's judge zone."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Kaguya"], mode=MODE)
    s.set(1, hp=3)
    s.hand(0, "Mochi♡3")
    [red] = s.hand(2, "Graze♡2")
    s.answer(0, "WickedHermit", "pass")        # only Koakuma is wounded: the only legal name
    s.answer(2, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert zone_cards(s, 1, "judge_zone") == [red]


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


def test_conversion_answer_named_by_skill():
    """靈擊：你可以將一張紅色手牌當【好人卡】使用。 — a conversion answered by naming the skill, with the log on
    (this crashed the runtime's decision labels before; kept as a regression test)."""
    s = Scenario("thb", ["Koakuma", "Reimu"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    [red, keep] = s.hand(1, "Mochi♡3", "Danmaku♠7")
    s.answer(0, demo, "pass")
    s.answer(1, "SpiritStrike")                # one red hand card: not asked which
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [keep]
    assert red in discarded(s)
    assert s.unscripted() == []
