"""Scenario tests of THB characters (1/2): 博麗靈夢, 霧雨魔理沙, 魂魄妖夢, 帕秋莉, 四季映姬, 比那名居天子.

Each docstring quotes the skill's sentence from the rulebook (角色資料). Unscripted decisions take the
quietest answer (no, pass, first; a request for a card is declined).
"""
from spellcard.scenario import Scenario

from .helpers import MODE, discarded, zone_cards, has_skill


# ── 博麗靈夢 ──────────────────────────────────────────────────────────────────


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




# ── 魂魄妖夢 ──────────────────────────────────────────────────────────────────


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


# ── 比那名居天子 ──────────────────────────────────────────────────────────────


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
