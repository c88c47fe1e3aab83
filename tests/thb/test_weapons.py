"""The twelve weapons (武器) of THB, each proved by scenarios, with their 攻擊範圍.

Every docstring quotes the rulebook (seeds/000, 裝備牌). Readings are GLOSSARY §4 ids; 萊瓦汀 and
魔導書 follow reading T4 (the seed prints the two cards shifted). Characters are picked for quiet
skills: Koakuma (尋找, an active), Mokou (浴火/重生, only at the prepare and end phases), Rumia,
Marisa and Seiga (actives), Tewi (幸運: only when she loses her last hand card).
"""
from spellcard.runtime.decisions import label
from spellcard.runtime.model import Play
from spellcard.scenario import Scenario

from .helpers import MODE, SIX, reach, discard_pile, questions

EIGHT = SIX + ["Youmu", "Suika"]           # seat 4 is 4 away; with a 綠色UFO, 5


# ── 八卦爐 ──────────────────────────────────────────────────────────────────────
def test_mini_hakkero_any_number_of_danmaku():
    """八卦爐 攻擊範圍：1 裝備效果：出牌階段你可以使用任意張【彈幕】。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "MiniHakkero")
    ds = s.hand(0, "Danmaku♠7", "Danmaku♣7", "Danmaku♠8")
    s.answer(0, *ds)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.cards_in(0) == []
    assert s.unscripted() == []


def test_without_hakkero_only_one_danmaku():
    """每個出牌階段僅限使用一次【彈幕】 — the rule 八卦爐 lifts."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert "Danmaku" not in s.offered(0)
    assert s.cards_in(0) == ["Danmaku"]


def test_mini_hakkero_range_is_one():
    """八卦爐 攻擊範圍：1 — two seats away is out of reach."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "MiniHakkero")
    assert [reach(s, 0, i) for i in (1, 2, 3)] == [True, False, True]


def test_mini_hakkero_lost_to_demolition_stops_working():
    """城管執法：棄置其區域內的一張牌 — once the 八卦爐 is gone, so is 出牌階段你可以使用任意張【彈幕】。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "MiniHakkero")
    [demo] = s.hand(1, "Demolition♠3")
    s.answer(1, demo)               # the only card Koakuma has: not asked
    s.phase(1, "action_phase")
    assert s.cards_in(0, "equip_zone") == []
    assert "MiniHakkero" in discard_pile(s)
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert "Danmaku" not in s.offered(0)


# ── 死神鐮刀 ────────────────────────────────────────────────────────────────────
def test_death_sickle_plus_one_on_empty_hand():
    """死神鐮刀 攻擊範圍：2 裝備效果：當你使用的【彈幕】對目標角色造成傷害時，若其沒有手牌，此傷害+1。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "DeathSickle")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


def test_death_sickle_no_bonus_while_target_holds_cards():
    """死神鐮刀: 若其沒有手牌 — a target holding a card takes the plain 1."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "DeathSickle")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_death_sickle_adds_to_drunk():
    """死神鐮刀 +1 and 喝醉狀態下，使用【彈幕】造成的傷害+1 add up: 3 damage."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "DeathSickle")
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.value(0, "drunk") is False


def test_death_sickle_only_for_danmaku():
    """死神鐮刀: 當你使用的【彈幕】… — a spell's damage (地圖炮) gets no +1."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "DeathSickle")
    [m] = s.hand(0, "MapCannon♡A")
    s.answer(0, m)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_death_sickle_range_is_two():
    """死神鐮刀 攻擊範圍：2 (six seats: distances 1, 2, 3, 2, 1)."""
    s = Scenario("thb", SIX, mode=MODE)
    s.equip(0, "DeathSickle")
    assert [reach(s, 0, i) for i in range(1, 6)] == [True, True, False, True, True]


# ── 悔悟棒 ──────────────────────────────────────────────────────────────────────
def test_rod_of_remorse_prevents_and_discards_two():
    """悔悟棒 攻擊範圍：2 裝備效果：當你使用【彈幕】造成傷害時，你可以防止此傷害，改為依次棄置目標角色區域內的兩張牌。
    >>區域內的牌包括手牌，裝備區的牌和判定區的牌"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RodOfRemorse")
    [d] = s.hand(0, "Danmaku♠7")
    s.equip(1, "FrogHat")
    s.zone(1, "judge_zone", "SealingArray♠9")
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, d, True, "判定區", "裝備區")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4                       # the damage was prevented
    assert s.cards_in(1, "judge_zone") == [] and s.cards_in(1, "equip_zone") == []
    assert s.cards_in(1) == ["Mochi"]                  # two cards only
    assert {"SealingArray", "FrogHat"} <= set(discard_pile(s))
    assert s.unscripted() == []


def test_rod_of_remorse_declined_deals_damage():
    """悔悟棒: 你可以 — declining leaves the damage."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RodOfRemorse")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3", "Sake♠9")
    s.answer(0, d, False)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(1) == ["Mochi", "Sake"]
    assert s.unscripted() == []


def test_rod_of_remorse_with_one_card_discards_it():
    """悔悟棒: a target with one card loses that card; the damage is still prevented."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RodOfRemorse")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3")
    s.answer(0, d, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1) == []
    assert "Mochi" in discard_pile(s)


def test_rod_of_remorse_not_offered_against_empty_target():
    """悔悟棒: nothing to discard, nothing to offer — the 彈幕 hits."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RodOfRemorse")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert questions(s, 0) == []


def test_rod_of_remorse_keeps_the_drunk_state():
    """悔悟棒 prevents the damage before 喝醉 adds to it: no damage is dealt, so the drunk state stays
    (效果觸發…須棄掉喝醉狀態 — it never took effect)."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RodOfRemorse")
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3")
    s.answer(0, d, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.value(0, "drunk") is True


# ── 樓觀劍 ──────────────────────────────────────────────────────────────────────
def test_roukanken_ignores_tengu_shield():
    """樓觀劍 攻擊範圍：3 裝備效果：你使用的【彈幕】無視防具。 (天狗盾：黑色【彈幕】對你無效。)"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Roukanken")
    s.equip(1, "TenguShield")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_roukanken_ignores_optical_camouflage():
    """樓觀劍: 無視防具 — 光學迷彩 (armor) offers no judgement against its 彈幕."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Roukanken")
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    [red] = s.deck_top("Graze♡2")          # a red judgement, were there one
    s.answer(0, d)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.deck.cards[-1] is red         # nobody judged
    assert s.unscripted() == [(1, [True])]


def test_roukanken_only_for_danmaku():
    """樓觀劍: 你使用的【彈幕】無視防具 — its spells still meet armor: 陽傘 stops 地圖炮's damage."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Roukanken")
    s.equip(1, "Parasol")
    [m] = s.hand(0, "MapCannon♡A")
    s.answer(0, m)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4


def test_roukanken_range_is_three():
    """樓觀劍 攻擊範圍：3 (six seats: everyone, the farthest is 3 away)."""
    s = Scenario("thb", SIX, mode=MODE)
    assert [reach(s, 0, i) for i in range(1, 6)] == [True, False, False, False, True]
    s.equip(0, "Roukanken")
    assert [reach(s, 0, i) for i in range(1, 6)] == [True] * 5


# ── 白樓劍 ──────────────────────────────────────────────────────────────────────
def test_hakurouken_target_discards_a_hand_card():
    """白樓劍 攻擊範圍：2 裝備效果：當你使用的黑色【彈幕】指定一名目標角色後，你可以令其選擇一項：
    >>棄置一張手牌 >>令你摸一張牌"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Hakurouken")
    [d] = s.hand(0, "Danmaku♠7")
    m, sake = s.hand(1, "Mochi♡3", "Sake♠9")
    s.answer(0, d, True)
    s.answer(1, "棄置一張手牌", sake)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == ["Mochi"]
    assert s.cards_in(0) == []
    assert s.value(1, "hp") == 3           # and the 彈幕 still hits
    assert s.unscripted() == []


def test_hakurouken_target_lets_you_draw():
    """白樓劍: 令你摸一張牌."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Hakurouken")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3")
    [top] = s.deck_top("Sake♣9")
    s.answer(0, d, True)
    s.answer(1, "令其摸一張牌")
    s.phase(0, "action_phase")
    assert s.cards_in(1) == ["Mochi"]
    assert s.p(0).z["hand"].cards == [top]
    assert s.unscripted() == []


def test_hakurouken_empty_handed_target_must_let_you_draw():
    """白樓劍: a target with no hand card has one option left — you draw."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Hakurouken")
    [d] = s.hand(0, "Danmaku♣7")
    s.answer(0, d, True)
    s.phase(0, "action_phase")
    assert len(s.cards_in(0)) == 1
    assert s.unscripted() == []


def test_hakurouken_not_for_red_danmaku():
    """白樓劍: 黑色【彈幕】 only — a red one offers nothing."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Hakurouken")
    [d] = s.hand(0, "Danmaku♡10")
    s.hand(1, "Mochi♡3")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == ["Mochi"] and s.cards_in(0) == []
    assert questions(s, 0) == []
    assert s.value(1, "hp") == 3


# ── 岡格尼爾 ────────────────────────────────────────────────────────────────────
def test_gungnir_two_hand_cards_used_as_danmaku():
    """岡格尼爾 攻擊範圍：3 裝備效果：你可以將兩張手牌當【彈幕】使用或打出。 (使用)"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Gungnir")
    m, sake, _, _ = s.hand(0, "Mochi♡3", "Sake♠9", "Graze♡2", "Graze♢2")
    s.answer(0, "GungnirSkill", [m, sake])
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(0) == ["Graze", "Graze"]
    assert {"Mochi", "Sake"} <= set(discard_pile(s))
    assert s.value(0, "danmaku_used") == 1   # it is this phase's 彈幕
    assert "Danmaku" not in s.offered(0)


def test_gungnir_needs_two_hand_cards():
    """岡格尼爾: 兩張手牌 — one card is not enough."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Gungnir")
    s.hand(0, "Sake♠9")
    s.phase(0, "action_phase")
    assert "Danmaku" not in s.offered(0)


def test_gungnir_two_hand_cards_played_as_danmaku():
    """岡格尼爾: …當【彈幕】…打出 — in 彈幕戰 (由目標角色開始，輪流打出一張【彈幕】), two hand cards answer."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Gungnir")
    s.hand(0, "Mochi♡3", "Sake♠9")
    [duel] = s.hand(1, "DanmakuDuel♠A")
    s.answer(1, duel)
    s.answer(0, "GungnirSkill")            # the two cards: the only two, not asked
    s.phase(1, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(1, "hp") == 3            # Mokou had no 彈幕 to answer with
    assert s.cards_in(0) == []
    assert s.unscripted() == []


def test_gungnir_used_as_danmaku_when_asked_to_use_one():
    """岡格尼爾: …當【彈幕】使用 — also when a card asks for a 彈幕 to use (人形操控：令其選擇一項：
    對其攻擊範圍內一名由你指定的角色使用一張【彈幕】，或將武器交給你。)"""
    s = Scenario("thb", ["Rumia", "Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "Gungnir")
    s.hand(1, "Mochi♡3", "Sake♠9")
    [doll] = s.hand(0, "DollControl♣K")
    s.answer(0, doll, s.p(2))               # Koakuma (the only one with a weapon) must shoot Mokou
    s.answer(1, "GungnirSkill")
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3
    assert s.cards_in(1) == [] and s.cards_in(1, "equip_zone") == ["Gungnir"]
    assert s.unscripted() == []


def test_gungnir_black_pair_is_black_danmaku():
    """岡格尼爾 with two black cards makes a black 彈幕, which 天狗盾 stops (黑色【彈幕】對你無效)."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Gungnir")
    s.equip(1, "TenguShield")
    s.hand(0, "Sake♠9", "Sake♣9")
    s.answer(0, "GungnirSkill")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(0) == []


def test_gungnir_mixed_pair_has_no_colour():
    """岡格尼爾 with a red and a black card: the 彈幕 has no colour, so 天狗盾 does not stop it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Gungnir")
    s.equip(1, "TenguShield")
    s.hand(0, "Mochi♡3", "Sake♠9")
    s.answer(0, "GungnirSkill")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_gungnir_range_is_three():
    """岡格尼爾 攻擊範圍：3."""
    s = Scenario("thb", SIX, mode=MODE)
    s.equip(0, "Gungnir")
    assert [reach(s, 0, i) for i in range(1, 6)] == [True] * 5
    s.equip(0, "DeathSickle")               # replaced by a range-2 weapon
    assert reach(s, 0, 3) is False


# ── 團扇 ────────────────────────────────────────────────────────────────────────
def test_round_fan_discards_target_equipment():
    """團扇 攻擊範圍：5 裝備效果：當你使用的【彈幕】對目標角色造成傷害時，你可以棄置一張手牌，然後棄置其裝備區裡的一張牌。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RoundFan")
    d, sake, mochi = s.hand(0, "Danmaku♠7", "Sake♠9", "Mochi♡3")
    s.equip(1, "FrogHat", "GreenUfo")
    s.answer(0, d, True, sake, "FrogHat")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(1, "equip_zone") == ["GreenUfo"]
    assert s.cards_in(0) == ["Mochi"]
    assert {"Sake", "FrogHat"} <= set(discard_pile(s))
    assert s.unscripted() == []


def test_round_fan_needs_a_hand_card_and_target_equipment():
    """團扇: 你可以棄置一張手牌，然後棄置其裝備區裡的一張牌 — without a hand card it is not offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RoundFan")
    [d] = s.hand(0, "Danmaku♠7")
    s.equip(1, "FrogHat")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "equip_zone") == ["FrogHat"]
    assert questions(s, 0) == [] and s.value(1, "hp") == 3
    s2 = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)          # …nor against a target with no equipment
    s2.equip(0, "RoundFan")
    d, sake = s2.hand(0, "Danmaku♠7", "Sake♠9")
    s2.answer(0, d)
    s2.phase(0, "action_phase")
    assert s2.cards_in(0) == ["Sake"]
    assert questions(s2, 0) == [] and s2.value(1, "hp") == 3


def test_round_fan_range_is_five():
    """團扇 攻擊範圍：5 — eight seats, the one opposite behind a 綠色UFO is 5 away."""
    s = Scenario("thb", EIGHT, mode=MODE)
    s.equip(4, "GreenUfo")
    assert s.query("distance", s.p(0), s.p(4)) == 5
    s.equip(0, "SwordOfHisou")
    assert reach(s, 0, 4) is False
    s.equip(0, "RoundFan")
    assert [reach(s, 0, i) for i in range(1, 8)] == [True] * 7


# ── 緋想之劍 ────────────────────────────────────────────────────────────────────
def test_sword_of_hisou_last_card_three_targets():
    """緋想之劍 攻擊範圍：4 裝備效果：當你使用的【彈幕】是你的最後一張手牌時，你可以為此【彈幕】指定至多三名目標。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "SwordOfHisou")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, [s.p(1), s.p(2), s.p(3)])
    s.phase(0, "action_phase")
    assert [s.value(i, "hp") for i in (1, 2, 3)] == [3, 2, 3]
    assert s.unscripted() == []


def test_sword_of_hisou_may_pick_fewer():
    """緋想之劍: 至多三名 — one or two targets are fine."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "SwordOfHisou")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, [s.p(1), s.p(3)])
    s.phase(0, "action_phase")
    assert [s.value(i, "hp") for i in (1, 2, 3)] == [3, 3, 3]


def test_sword_of_hisou_not_the_last_card_one_target():
    """緋想之劍: only 是你的最後一張手牌 — with another card in hand, one target."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "SwordOfHisou")
    d, _ = s.hand(0, "Danmaku♠7", "Mochi♡3")
    assert s.query("danmaku_targets", s.p(0), d) == 1
    s.answer(0, d, [s.p(1)])
    s.phase(0, "action_phase")
    players_asked = [x for x in s.agents[0].log if x.what == "players"]
    assert players_asked[-1].max == 1
    assert [s.value(i, "hp") for i in (1, 2, 3)] == [3, 3, 4]


def test_sword_of_hisou_range_is_four():
    """緋想之劍 攻擊範圍：4."""
    s = Scenario("thb", EIGHT, mode=MODE)
    s.equip(0, "SwordOfHisou")
    assert [reach(s, 0, i) for i in range(1, 8)] == [True] * 7     # the farthest is 4 away
    s.equip(4, "GreenUfo")
    assert reach(s, 0, 4) is False                                  # 5 away


# ── 蓬萊玉枝 ────────────────────────────────────────────────────────────────────
def test_hourai_jewel_cannot_be_grazed():
    """蓬萊玉枝 攻擊範圍：1 裝備效果：你使用的【彈幕】只能用【好人卡】抵消，按此法使用的彈幕傷害固定為1。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HouraiJewelBranch")
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(1) == ["Graze"]
    assert s.unscripted() == [(1, [g])]


def test_hourai_jewel_nullify_cancels_it():
    """蓬萊玉枝: 只能用【好人卡】抵消 — and 好人卡 does."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HouraiJewelBranch")
    [d] = s.hand(0, "Danmaku♠7")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(0, d)
    s.answer(1, n)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert "Nullify" in discard_pile(s)
    assert s.unscripted() == []


def test_hourai_jewel_damage_fixed_at_one_when_drunk():
    """蓬萊玉枝: 按此法使用的彈幕傷害固定為1 — 喝醉 (+1) does not raise it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HouraiJewelBranch")
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_hourai_jewel_counts_toward_danmaku_limit():
    """蓬萊玉枝 >>計算在出【彈幕】的次數內。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HouraiJewelBranch")
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert "Danmaku" not in s.offered(0)


def test_hourai_jewel_fixes_death_sickle_too_with_dual_wield():
    """蓬萊玉枝 傷害固定為1 also over 死神鐮刀's +1 (二刀流: 武器技能同時有效)."""
    s = Scenario("thb", ["Youmu", "Mokou"], mode=MODE)
    s.equip(0, "DeathSickle", "HouraiJewelBranch")
    assert s.cards_in(0, "equip_zone") == ["DeathSickle", "HouraiJewelBranch"]
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


# ── 萊瓦汀 (reading T4) ────────────────────────────────────────────────────────
def test_laevatein_overrides_a_graze():
    """萊瓦汀 (reading T4: ♢J, 攻擊範圍 3, the effect the seed prints under 魔導書):
    當你使用的【彈幕】被目標角色使用的【擦彈】抵消時，你可以棄置兩張牌，令此【彈幕】依然生效。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Laevatein")
    d, m, k = s.hand(0, "Danmaku♠7", "Mochi♡3", "Sake♠9")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, True, [m, k])  # the two cards (the 萊瓦汀 itself could be one)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(0) == [] and s.cards_in(0, "equip_zone") == ["Laevatein"]
    assert {"Graze", "Mochi", "Sake"} <= set(discard_pile(s))
    assert s.unscripted() == []


def test_laevatein_may_pay_with_equipment():
    """萊瓦汀: 棄置兩張牌 — equipment counts."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Laevatein", "FrogHat", "RedUfo")
    d, _ = s.hand(0, "Danmaku♠7", "Mochi♡3")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, True, ["FrogHat", "RedUfo"])
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(0, "equip_zone") == ["Laevatein"] and s.cards_in(0) == ["Mochi"]
    assert s.unscripted() == []


def test_laevatein_declined_the_graze_stands():
    """萊瓦汀: 你可以 — declined, the 擦彈 cancels the 彈幕."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Laevatein")
    d, _, _ = s.hand(0, "Danmaku♠7", "Mochi♡3", "Sake♠9")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, False)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(0) == ["Mochi", "Sake"]


def test_laevatein_needs_two_cards():
    """萊瓦汀: 棄置兩張牌 — with only one card (the 萊瓦汀 itself) it is not offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Laevatein")
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert questions(s, 0) == []


def test_laevatein_range_is_three():
    """萊瓦汀 (reading T4): 攻擊範圍 3."""
    s = Scenario("thb", SIX, mode=MODE)
    s.equip(0, "Laevatein")
    assert [reach(s, 0, i) for i in range(1, 6)] == [True] * 5


# ── 魔導書 (reading T4) ────────────────────────────────────────────────────────
def test_grimoire_heart_as_feast_uses_up_the_danmaku():
    """魔導書 — the seed prints under it "攻擊範圍：3 裝備效果：當你使用的【彈幕】被目標角色使用的【擦彈】
    抵消時，你可以棄置兩張牌，令此【彈幕】依然生效。", which is 萊瓦汀's effect (GLOSSARY §4 T4). Reading T4
    (upstream, not seed text): ♢Q, range 1; once per action phase, while the phase's 彈幕 is unused, a hand
    card is used by suit as ♠罪袋狂歡 ♡宴會 ♣地圖炮 ♢五穀豐登, and that uses up the 彈幕.
    宴會：…已受傷的角色回復一點體力，未受傷的角色獲得喝醉狀態。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire")
    s.set(0, hp=3)
    heart, d = s.hand(0, "Graze♡2", "Danmaku♠7")
    s.answer(0, lambda dd: next(i for i, o in enumerate(dd.options)
                                if isinstance(o, Play) and o.card is not None and o.card.kind.name == "Feast"))
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(1, "drunk") is True
    assert "Graze" in discard_pile(s)
    assert s.value(0, "danmaku_used") == 1
    assert s.cards_in(0) == ["Danmaku"]
    last = s.offered(0)
    assert "Danmaku" not in last and not {"SinsackCarnival", "Feast", "MapCannon", "Harvest"} & set(last)


def test_grimoire_club_as_map_cannon():
    """魔導書 (reading T4): ♣ → 地圖炮 (目標角色需依次打出一張【擦彈】，否則該角色受到1點傷害)."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire")
    s.hand(0, "Sake♣9")
    s.answer(0, "GrimoireSkill")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(0) == []


def test_grimoire_not_after_a_danmaku():
    """魔導書 (reading T4): 若你未使用過【彈幕】 — after the phase's 彈幕, no conversion is offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire")
    d, _ = s.hand(0, "Danmaku♠7", "Sake♣9")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    plays = [x for x in s.agents[0].log if x.what == "play"]
    assert {"SinsackCarnival", "MapCannon"} <= {label(o) for o in plays[0].options}   # before: offered
    assert not {"SinsackCarnival", "MapCannon"} & set(s.offered(0))               # after: not


def test_grimoire_once_per_action_phase_with_dual_wield():
    """魔導書 (reading T4): 出牌階段限一次 — even when 二刀流 leaves a second 彈幕, one use in all suits."""
    s = Scenario("thb", ["Youmu", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire", "MiniHakkero")
    s.set(1, hp=3)
    s.hand(0, "Graze♡2", "Sake♣9")
    s.answer(0, "GrimoireSkill")
    s.phase(0, "action_phase")
    assert s.value(0, "danmaku_used") == 1
    assert s.cards_in(0) == ["Sake"]          # ♣ → 地圖炮 not offered a second time
    assert not {"MapCannon", "SinsackCarnival", "Feast", "Harvest"} & set(s.offered(0))


def test_grimoire_range_is_one():
    """魔導書 (reading T4): 攻擊範圍 1."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "Grimoire")
    assert [reach(s, 0, i) for i in (1, 2, 3)] == [True, False, True]


# ── 念寫機 ──────────────────────────────────────────────────────────────────────
def test_nensha_phone_shows_two_hand_cards():
    """念寫機 攻擊範圍：4 裝備效果：當你使用的【彈幕】對目標角色造成傷害後，可以將其兩張手牌置入明牌區。
    (明牌區, reading T19: shown hand cards, still in hand.)"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "NenshaPhone")
    [d] = s.hand(0, "Danmaku♠7")
    held = s.hand(1, "Mochi♡3", "Sake♠9", "Sake♣9")
    s.answer(0, d, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    shown = s.value(1, "shown")
    assert len(shown) == 2 and all(c in held for c in shown)
    assert s.p(1).z["hand"].cards == held       # still hand cards


def test_nensha_phone_declined_or_one_card():
    """念寫機: 可以 — declined, nothing is shown; a target with one hand card shows that one."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "NenshaPhone")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3", "Sake♠9")
    s.answer(0, d, False)
    s.phase(0, "action_phase")
    assert s.value(1, "shown") == []
    s2 = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s2.equip(0, "NenshaPhone")
    [d] = s2.hand(0, "Danmaku♠7")
    [m] = s2.hand(1, "Mochi♡3")
    s2.answer(0, d, True)
    s2.phase(0, "action_phase")
    assert s2.value(1, "shown") == [m]


def test_nensha_phone_needs_damage():
    """念寫機: 造成傷害後 — a grazed 彈幕 shows nothing."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "NenshaPhone")
    [d] = s.hand(0, "Danmaku♠7")
    g, _, _ = s.hand(1, "Graze♡2", "Mochi♡3", "Sake♠9")
    s.answer(0, d)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4 and s.value(1, "shown") == []
    assert questions(s, 0) == []


def test_nensha_phone_range_is_four():
    """念寫機 攻擊範圍：4."""
    s = Scenario("thb", EIGHT, mode=MODE)
    s.equip(0, "NenshaPhone")
    assert [reach(s, 0, i) for i in range(1, 8)] == [True] * 7
    s.equip(4, "GreenUfo")
    assert reach(s, 0, 4) is False


# ── 二刀流 (Youmu's skill, not equipment): two weapons at once ────────────────
def test_dual_wield_both_weapon_skills_and_lower_range():
    """二刀流：你可以同時裝備兩把武器。同時裝備時，攻擊距離加成按其中較低者計算，武器技能同時有效，
    且你於出牌階段可以額外使用一張彈幕。"""
    s = Scenario("thb", ["Youmu", "Mokou", "Rumia", "Marisa", "Seiga", "Tewi"], mode=MODE)
    s.equip(0, "Roukanken", "DeathSickle")
    assert s.cards_in(0, "equip_zone") == ["Roukanken", "DeathSickle"]
    assert s.query("attack_range", s.p(0)) == 2
    assert s.query("max_danmaku", s.p(0)) == 2
    s.equip(1, "TenguShield")
    s.set(1, max_hp=6, hp=6)
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1, s.p(1), d2, s.p(1))
    s.phase(0, "action_phase")
    # 樓觀劍 ignores 天狗盾; 死神鐮刀 +1 each time (Mokou has no hand card): 6 − 2 − 2.
    assert s.value(1, "hp") == 2
    assert s.unscripted() == []


def test_dual_wield_third_weapon_replaces_one_of_two():
    """二刀流 >>當你裝備新武器時，你可以替換掉裝備區里原有的一把武器 — the old one goes to the discard pile."""
    s = Scenario("thb", ["Youmu", "Mokou"], mode=MODE)
    s.equip(0, "Roukanken", "DeathSickle")
    s.answer(0, "Roukanken")
    s.equip(0, "RoundFan")
    assert s.cards_in(0, "equip_zone") == ["DeathSickle", "RoundFan"]
    assert discard_pile(s) == ["Roukanken"]
    assert s.unscripted() == []


def test_dual_wield_may_still_replace_the_one_weapon_held():
    """二刀流 >>當你裝備新武器時，你可以替換掉裝備區里原有的一把武器"""
    s = Scenario("thb", ["Youmu", "Koakuma"], mode="Duel")
    s.equip(0, "Roukanken")
    [fan] = s.hand(0, "RoundFan")
    s.answer(0, True)                       # replace the 樓觀劍 rather than wield both
    s.use(0, fan, [0])
    assert s.cards_in(0, "equip_zone") == ["RoundFan"]
