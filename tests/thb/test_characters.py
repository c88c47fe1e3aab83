"""Scenario tests of THB characters (1/2): 博麗靈夢, 霧雨魔理沙, 魂魄妖夢, 帕秋莉, 四季映姬, 比那名居天子.

Each docstring quotes the skill's sentence from the rulebook (角色資料). Unscripted decisions take the
quietest answer (no, pass, first; a request for a card is declined).
"""
from spellcard.scenario import Scenario

from .helpers import MODE, dist, discarded, zone_cards, has_skill, offered_plays


# ── 博麗靈夢 ──────────────────────────────────────────────────────────────────
def test_spirit_strike_red_hand_card_as_nullify():
    """靈擊：你可以將一張紅色手牌當【好人卡】使用。"""
    s = Scenario("thb", ["Tewi", "Reimu"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    [red] = s.hand(1, "Mochi♡3")
    [keep] = s.hand(1, "Danmaku♠7")
    s.answer(0, demo, "pass")
    s.answer(1, "SpiritStrike")       # the only red hand card: not asked which
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [keep]          # the 城管執法 was cancelled
    assert red in discarded(s) and demo in discarded(s)
    assert s.unscripted() == []


def test_spirit_strike_needs_a_red_hand_card():
    """靈擊：你可以將一張紅色手牌當【好人卡】使用。 — a black hand card or a red equipment card will not do."""
    s = Scenario("thb", ["Tewi", "Reimu"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    [black] = s.hand(1, "Danmaku♠7")
    s.equip(1, "GreenUfo♡K")
    s.answer(0, demo, "手牌", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == []              # demolished: 靈擊 had nothing to convert
    assert s.asked(1, "card") == []
    assert s.unscripted() == []


def test_flight_others_distance_to_reimu_plus_one():
    """飛行：鎖定技，若你沒有裝備任何一種UFO時，你計算與其他角色的距離始終+1。
    Reading GLOSSARY §4 T9 (upstream): the defensive direction — others' distance to Reimu is +1."""
    s = Scenario("thb", ["Tewi", "Reimu"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    assert dist(s, 0, 1) == 2
    assert dist(s, 1, 0) == 1
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["pass"]]   # Reimu is out of Tewi's attack range
    assert s.value(1, "hp") == 3


def test_flight_reimu_attacks_at_normal_distance():
    """飛行：鎖定技，若你沒有裝備任何一種UFO時，你計算與其他角色的距離始終+1。 (reading T9: Reimu's own
    distance is unchanged, so she still reaches a neighbour)"""
    s = Scenario("thb", ["Reimu", "Tewi"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_flight_off_while_reimu_has_a_ufo():
    """飛行：鎖定技，若你沒有裝備任何一種UFO時，你計算與其他角色的距離始終+1。 — with an offensive UFO equipped,
    飛行 no longer applies."""
    s = Scenario("thb", ["Tewi", "Reimu"], mode=MODE)
    s.equip(1, "RedUfo♣K")
    [d] = s.hand(0, "Danmaku♠7")
    assert dist(s, 0, 1) == 1
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


# ── 霧雨魔理沙 ────────────────────────────────────────────────────────────────
def test_borrow_takes_a_card_then_the_target_attacks_marisa():
    """借走：出牌階段限一次，你可以獲得一名其他角色的一張牌，然後視為該角色對你使用了一張【彈幕】。"""
    s = Scenario("thb", ["Marisa", "Koakuma"], mode=MODE)
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, "Borrow", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [m]
    assert zone_cards(s, 1) == []
    assert s.value(0, "hp") == 3
    [hit] = s.events("damage")
    assert hit["source"] == "P1" and hit["target"] == "P0"   # the 彈幕 is Koakuma's
    assert s.value(1, "danmaku_used") == 0                   # not counted against Koakuma


def test_borrow_the_danmaku_can_be_grazed():
    """借走：…然後視為該角色對你使用了一張【彈幕】。 — a real 彈幕: 擦彈 cancels it."""
    s = Scenario("thb", ["Marisa", "Koakuma"], mode=MODE)
    s.hand(1, "Mochi♡3")
    [g] = s.hand(0, "Graze♡2")
    s.answer(0, "Borrow", g, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert g in discarded(s)


def test_borrow_from_a_player_with_no_hand_takes_equipment():
    """借走：出牌階段限一次，你可以獲得一名其他角色的一張牌，然後視為該角色對你使用了一張【彈幕】。
    — the target has no hand but equipment: Marisa takes the equipment; its skill leaves the target."""
    s = Scenario("thb", ["Marisa", "Koakuma"], mode=MODE)
    [ufo] = s.equip(1, "RedUfo♣K")
    assert has_skill(s, 1, "RedUfoSkill")
    s.answer(0, "Borrow", "pass")          # one zone, one card: nothing else to choose
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [ufo]
    assert zone_cards(s, 1, "equip_zone") == []
    assert not has_skill(s, 1, "RedUfoSkill")
    assert s.value(0, "hp") == 3


def test_borrow_not_offered_against_judge_zone_only():
    """借走：…獲得一名其他角色的一張牌… — 一張牌 is a hand or equipment card: a player whose only card
    lies in the judge zone cannot be chosen (contrast 城管執法's 區域內的一張牌)."""
    s = Scenario("thb", ["Marisa", "Koakuma"], mode=MODE)
    s.zone(1, "judge_zone", "SealingArray♠9")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["pass"]]


def test_borrow_once_per_action_phase():
    """借走：出牌階段限一次，你可以獲得一名其他角色的一張牌，然後視為該角色對你使用了一張【彈幕】。"""
    s = Scenario("thb", ["Marisa", "Koakuma"], mode=MODE)
    s.hand(1, "Mochi♡3", "Mochi♡4", "Sake♠9")
    s.answer(0, "Borrow", "pass")
    s.phase(0, "action_phase")
    plays = offered_plays(s, 0)
    assert "Borrow" in plays[0] and "Borrow" not in plays[1]
    s.answer(0, "Borrow", "pass")          # a new action phase: allowed again
    s.phase(0, "action_phase")
    assert len(zone_cards(s, 1)) == 1
    assert s.unscripted() == []


# ── 魂魄妖夢 ──────────────────────────────────────────────────────────────────
def test_lost_ford_slash_one_graze_is_not_enough():
    """迷津慈航斬：鎖定技，你使用的【彈幕】目標角色需連續使用兩張【擦彈】才能抵消。"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert g in discarded(s)                # Koakuma used her only 擦彈 …
    assert s.value(1, "hp") == 3               # … and was hit all the same


def test_lost_ford_slash_two_grazes_cancel():
    """迷津慈航斬：鎖定技，你使用的【彈幕】目標角色需連續使用兩張【擦彈】才能抵消。"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    gs = s.hand(1, "Graze♡2", "Graze♢2")
    s.answer(0, d, "pass")
    s.answer(1, *gs)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert zone_cards(s, 1) == []


def test_lost_ford_slash_duel_needs_two_danmaku_each_time():
    """迷津慈航斬：…與你進行【彈幕戰】的角色每次需連續打出兩張【彈幕】。 — Youmu's duel: Koakuma plays two,
    Youmu one, then Koakuma has none left and is hit (without the skill Youmu would run out first)."""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    [mine] = s.hand(0, "Danmaku♠7")
    theirs = s.hand(1, "Danmaku♠8", "Danmaku♣8")
    s.answer(0, duel, mine, "pass")
    s.answer(1, *theirs)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.value(0, "hp") == 4
    assert mine in discarded(s) and zone_cards(s, 1) == []


def test_lost_ford_slash_duel_used_on_youmu():
    """迷津慈航斬：…與你進行【彈幕戰】的角色每次需連續打出兩張【彈幕】。 — also when the other side starts it."""
    s = Scenario("thb", ["Koakuma", "Youmu"], mode=MODE)
    [duel] = s.hand(0, "DanmakuDuel♣A")
    [k] = s.hand(0, "Danmaku♠8")
    [y] = s.hand(1, "Danmaku♠7")
    s.answer(0, duel, k, "pass")               # Koakuma plays her one 彈幕, then has no second
    s.answer(1, y)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3               # one 彈幕 was not enough for Koakuma
    assert s.value(1, "hp") == 4


def test_dual_wield_two_weapons_lower_range():
    """二刀流：你可以同時裝備兩把武器。同時裝備時，攻擊距離加成按其中較低者計算…"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    a, b = s.equip(0, "Roukanken♠4", "Hakurouken♠5")
    assert zone_cards(s, 0, "equip_zone") == [a, b]
    assert s.query("attack_range", s.p(0)) == 2
    assert has_skill(s, 0, "RoukankenSkill") and has_skill(s, 0, "HakuroukenSkill")


def test_dual_wield_lower_range_limits_targets():
    """二刀流：…同時裝備時，攻擊距離加成按其中較低者計算… — 樓觀劍 (3) with 八卦爐 (1): range 1."""
    s = Scenario("thb", ["Youmu", "Koakuma", "Mokou", "Tewi", "Rumia"], mode=MODE)
    s.equip(0, "Roukanken♠4")
    assert s.query("attack_range", s.p(0)) == 3
    s.equip(0, "MiniHakkero♢A")
    assert s.query("attack_range", s.p(0)) == 1
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(1), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    # distance 2 (Mokou, Tewi) is out of reach: only the neighbours can be chosen
    assert set(targets.options) == {s.p(1), s.p(4)}
    assert s.value(1, "hp") == 3


def test_dual_wield_third_weapon_replaces_a_chosen_one():
    """二刀流 >>當你裝備新武器時，你可以替換掉裝備區里原有的一把武器"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    a, b = s.equip(0, "Roukanken♠4", "Hakurouken♠5")
    s.answer(0, a)                               # replace 樓觀劍, keep 白樓劍
    [c] = s.equip(0, "DeathSickle♠2")
    assert set(zone_cards(s, 0, "equip_zone")) == {b, c}
    assert a in discarded(s)
    assert s.unscripted() == []


def test_dual_wield_extra_danmaku_with_two_weapons():
    """二刀流：…且你於出牌階段可以額外使用一張彈幕。"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    s.set(1, hp=4)
    s.equip(0, "Roukanken♠4", "Hakurouken♠5")
    d1, d2, d3 = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8")
    s.answer(0, d1, False, d2, False, "pass")    # 白樓劍 asks whether to use it: no
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert offered_plays(s, 0)[2] == ["pass"]  # a third 彈幕 is not allowed
    assert s.unscripted() == []


def test_dual_wield_one_weapon_one_danmaku():
    """二刀流：…同時裝備時…你於出牌階段可以額外使用一張彈幕。 — only while two weapons are equipped."""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    s.equip(0, "Roukanken♠4")
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, d1, "pass")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0)[1] == ["pass"]


def test_dual_wield_both_weapon_skills_work():
    """二刀流：…武器技能同時有效… — 樓觀劍 ignores 天狗盾, and 死神鐮刀 adds 1 against an empty hand."""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode=MODE)
    s.equip(0, "Roukanken♠4", "DeathSickle♠2")
    s.equip(1, "TenguShield♣2")
    [d] = s.hand(0, "Danmaku♠7")                 # black: 天狗盾 would stop it
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


def test_dual_wield_doll_control_takes_both_weapons():
    """二刀流 >>當你受到【人形操控】的效果且你選擇不使用【彈幕】，兩把武器會被一起拿走"""
    s = Scenario("thb", ["Koakuma", "Youmu"], mode=MODE)
    a, b = s.equip(1, "Roukanken♠4", "Hakurouken♠5")
    [dc] = s.hand(0, "DollControl♣K")
    s.answer(0, dc, "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 0)) == {a, b}
    assert zone_cards(s, 1, "equip_zone") == []


# ── 帕秋莉·諾蕾姬 ────────────────────────────────────────────────────────────
def test_library_draws_for_each_instant_spell():
    """圖書：鎖定技，當你使用一張非延時符卡時，你摸一張牌。"""
    s = Scenario("thb", ["Patchouli", "Koakuma"], mode=MODE)
    [rod] = s.hand(0, "DowsingRod♡7")
    top = s.deck_top("Danmaku♠7", "Danmaku♠8", "Danmaku♣8")
    s.answer(0, rod, "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 0)) == set(top)   # 1 from 圖書 + 2 from 尋龍尺
    assert s.fired("Library") == 1


def test_library_not_for_delayed_spells():
    """圖書：鎖定技，當你使用一張非延時符卡時，你摸一張牌。 — 封魔陣 is delayed: no card."""
    s = Scenario("thb", ["Patchouli", "Koakuma"], mode=MODE)
    [seal] = s.hand(0, "SealingArray♠9")
    s.answer(0, seal, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [seal]
    assert zone_cards(s, 0) == []


def test_library_for_a_nullify_used_off_turn():
    """圖書：鎖定技，當你使用一張非延時符卡時，你摸一張牌。 — 好人卡 is an instant spell too."""
    s = Scenario("thb", ["Koakuma", "Patchouli"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    [n] = s.hand(1, "Nullify♡2")
    [top] = s.deck_top("Mochi♡3")
    s.answer(0, demo, "pass")
    s.answer(1, n)
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [top]           # the drawn card survived the demolition


def test_knowledge_spade_spell_has_no_effect():
    """博學：鎖定技，黑桃符卡對你無效。"""
    s = Scenario("thb", ["Koakuma", "Patchouli"], mode=MODE)
    [demo] = s.hand(0, "Demolition♠3")
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [m]
    assert demo in discarded(s)


def test_knowledge_other_suits_work():
    """博學：鎖定技，黑桃符卡對你無效。 — a ♣ 城管執法 works as usual."""
    s = Scenario("thb", ["Koakuma", "Patchouli"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(1, "Mochi♡3")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == []


def test_knowledge_spade_group_spell():
    """博學：鎖定技，黑桃符卡對你無效。 — ♠ 罪袋狂歡 passes Patchouli by (she is not even asked)."""
    s = Scenario("thb", ["Koakuma", "Patchouli", "Mokou"], mode=MODE)
    [carnival] = s.hand(0, "SinsackCarnival♠7")
    s.answer(0, carnival, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.value(2, "hp") == 3


def test_knowledge_spade_delayed_spell():
    """博學：鎖定技，黑桃符卡對你無效。 — a ♠ 封魔陣 in her judge zone is not even judged: she keeps her
    action phase."""
    s = Scenario("thb", ["Koakuma", "Patchouli"], mode=MODE)
    [seal] = s.hand(0, "SealingArray♠9")
    s.answer(0, seal, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [seal]
    [top] = s.deck_top("Danmaku♠7")             # would be a failed judgement
    s.phase(1, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert seal in discarded(s)
    assert s.deck.cards[-1] is top             # no judgement happened
    assert s.events("judge") == []


def test_knowledge_red_delayed_spell_still_works():
    """博學：鎖定技，黑桃符卡對你無效。 — a ♡ 封魔陣 is judged as usual."""
    s = Scenario("thb", ["Koakuma", "Patchouli"], mode=MODE)
    [seal] = s.zone(1, "judge_zone", "SealingArray♡10")
    s.deck_top("Danmaku♠7")
    s.phase(1, "judge_phase")
    assert "action_phase" in s.game.skipped


# ── 四季映姬·亞瑪薩那度 ───────────────────────────────────────────────────────
def test_trial_changes_the_sealing_array_result_to_a_pass():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 — a ♠ judgement of 封魔陣 replaced by a ♡ card:
    Koakuma keeps her action phase."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [spade] = s.deck_top("Danmaku♠7")
    [heart] = s.hand(1, "Mochi♡3")
    s.answer(1, True)                          # one card: not asked which
    s.phase(0, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert spade in discarded(s) and heart in discarded(s)
    assert s.unscripted() == []


def test_trial_changes_the_sealing_array_result_to_a_fail():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 — a ♡ judgement replaced by a ♠ card: skipped."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Mochi♡4")
    [heart, spade] = s.hand(1, "Mochi♡3", "Danmaku♠7")
    s.answer(1, True, spade)
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert zone_cards(s, 1) == [heart]


def test_trial_declined_keeps_the_judgement():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 — optional: declining leaves the ♠ result."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Danmaku♠7")
    [heart] = s.hand(1, "Mochi♡3")
    s.phase(0, "judge_phase")                  # Eiki says no by default
    assert "action_phase" in s.game.skipped
    assert zone_cards(s, 1) == [heart]
    assert len(s.asked(1, "yes_no")) == 1


def test_trial_with_an_equipment_card():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 — 一張牌: equipment will do (reading: hand or
    equipment, as upstream)."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Danmaku♠7")
    [ufo] = s.equip(1, "GreenUfo♡K")
    s.answer(1, True)
    s.phase(0, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert ufo in discarded(s)
    assert not has_skill(s, 1, "GreenUfoSkill")


def test_trial_on_her_own_judgement():
    """審判：在一名角色的判定牌生效前… — 一名角色 includes Eiki herself."""
    s = Scenario("thb", ["Eiki", "Koakuma"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Danmaku♠7")
    s.hand(0, "Mochi♡3")
    s.answer(0, True)
    s.phase(0, "judge_phase")
    assert "action_phase" not in s.game.skipped


def test_majesty_takes_a_card_from_the_source():
    """威嚴：當你受到一次傷害後，你可以獲得傷害來源的一張牌。"""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [m] = s.hand(0, "Mochi♡3")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert zone_cards(s, 1) == [m]


def test_majesty_once_per_damage_not_per_point():
    """威嚴：當你受到一次傷害後，你可以獲得傷害來源的一張牌。 — 一次傷害 of 2 points: one card."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡3", "Mochi♡4")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert len(zone_cards(s, 1)) == 1
    assert len(s.asked(1, "yes_no")) == 1


def test_majesty_equipment_of_the_source():
    """威嚴：當你受到一次傷害後，你可以獲得傷害來源的一張牌。 — Eiki may take equipment."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡3")
    [w] = s.equip(0, "Roukanken♠4")
    s.answer(0, d, "pass")
    s.answer(1, True, "裝備區")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [w]
    assert s.unscripted() == []


def test_majesty_not_for_sourceless_damage():
    """威嚴：…你可以獲得傷害來源的一張牌。 — damage without a source: nothing to take, not asked."""
    s = Scenario("thb", ["Koakuma", "Eiki"], mode=MODE)
    s.hand(0, "Mochi♡3")
    s.perform("damage", target=s.p(1), amount=1)
    assert s.value(1, "hp") == 2
    assert s.asked(1) == []


# ── 比那名居天子 ──────────────────────────────────────────────────────────────
def test_masochist_one_point_of_damage():
    """抖M：當你受到1點傷害後，你可以觀看牌堆頂的兩張牌，將其中一張交給一名角色，然後將另一張交給一名角色。"""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    a, b = s.deck_top("Mochi♡3", "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, True, b, s.p(1), s.p(0))       # 擦彈 to herself, 麻薯 to Koakuma
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert zone_cards(s, 1) == [b]
    assert zone_cards(s, 0) == [a]
    assert s.unscripted() == []


def test_masochist_two_points_two_activations():
    """抖M：當你受到1點傷害後，你可以觀看牌堆頂的兩張牌，將其中一張交給一名角色，然後將另一張交給一名角色。
    — 2 damage at once: two activations, four cards."""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    top = s.deck_top("Mochi♡3", "Graze♡2", "Mochi♡4", "Graze♢2")
    s.answer(0, d, "pass")
    me = s.p(1)
    s.answer(1, True, top[0], me, me, True, top[2], me, me)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert set(zone_cards(s, 1)) == set(top)
    assert len(s.asked(1, "yes_no")) == 2
    assert s.unscripted() == []


def test_masochist_second_point_can_be_declined():
    """抖M：當你受到1點傷害後，你可以… — each point asks again."""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    top = s.deck_top("Mochi♡3", "Graze♡2", "Mochi♡4")
    s.answer(0, d, "pass")
    s.answer(1, True, top[0], s.p(1), s.p(1), False)
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 1)) == set(top[:2])
    assert s.deck.cards[-1] is top[2]


def test_scarlet_perception_takes_a_red_judge_card_at_distance_one():
    """緋想：鎖定技，與你距離為1以內的角色的紅色判定牌進入棄牌堆後，你獲得之。"""
    s = Scenario("thb", ["Koakuma", "Tenshi", "Mokou", "Tewi"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [red] = s.deck_top("Mochi♡4")
    s.phase(0, "judge_phase")
    assert zone_cards(s, 1) == [red]


def test_scarlet_perception_not_black_cards():
    """緋想：鎖定技，與你距離為1以內的角色的紅色判定牌進入棄牌堆後，你獲得之。 — a black judge card stays."""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [black] = s.deck_top("Danmaku♠7")
    s.phase(0, "judge_phase")
    assert zone_cards(s, 1) == []
    assert black in discarded(s)


def test_scarlet_perception_not_beyond_distance_one():
    """緋想：鎖定技，與你距離為1以內的角色的紅色判定牌進入棄牌堆後，你獲得之。 — Mokou sits at distance 2."""
    s = Scenario("thb", ["Koakuma", "Tenshi", "Mokou", "Tewi"], mode=MODE)
    assert dist(s, 1, 3) == 2
    s.zone(3, "judge_zone", "SealingArray♠9")
    [red] = s.deck_top("Mochi♡4")
    s.phase(3, "judge_phase")
    assert zone_cards(s, 1) == []
    assert red in discarded(s)


def test_scarlet_perception_her_own_judgement():
    """緋想：鎖定技，與你距離為1以內的角色的紅色判定牌進入棄牌堆後，你獲得之。 — distance 0 is within 1."""
    s = Scenario("thb", ["Tenshi", "Koakuma"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    [red] = s.deck_top("Mochi♡4")
    s.phase(0, "judge_phase")
    assert zone_cards(s, 0) == [red]
