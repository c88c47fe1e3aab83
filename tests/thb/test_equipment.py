"""Rules every equipment card shares: equipping, replacing, the one-name-per-area rule, and losing
equipment (its skills leave with it; its loss effects fire). Per-card tests: test_weapons.py,
test_armor.py, test_ufos_accessories.py. Docstrings quote the rulebook (seeds/000).
"""
from .helpers import table, discard_pile


def immune(s, seat, card, user):
    return s.query("immune", s.p(seat), card, s.p(user))


# ── equipping ─────────────────────────────────────────────────────────────────
def test_using_equipment_puts_it_in_the_equip_zone():
    """裝備牌 … 裝備 — used in the action phase, the card goes to the user's equip zone and its effect
    belongs to the wearer (死神鐮刀 攻擊範圍：2)."""
    s = table(["Koakuma", "Mokou"])
    [sickle] = s.hand(0, "DeathSickle♠2")
    s.answer(0, sickle)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [sickle]
    assert s.cards_in(0) == []
    assert s.query("attack_range", s.p(0)) == 2
    assert s.query("attack_range", s.p(1)) == 1


def test_occupied_slot_is_replaced_and_old_card_discarded():
    """Equipping into an occupied slot replaces: the old weapon goes to the discard pile and its skill
    is gone (死神鐮刀's +1 no longer applies once 樓觀劍 replaced it)."""
    s = table(["Koakuma", "Mokou"])
    s.equip(0, "DeathSickle")
    rk, d = s.hand(0, "Roukanken♠4", "Danmaku♠7")
    s.answer(0, rk, d)
    s.phase(0, "action_phase")
    assert s.cards_in(0, "equip_zone") == ["Roukanken"]
    assert "DeathSickle" in discard_pile(s)
    assert s.query("attack_range", s.p(0)) == 3
    assert s.value(1, "hp") == 3                # Mokou has no hand card, yet no +1


def test_each_slot_holds_its_own_kind():
    """Five slots (武器 防具 進攻UFO 防禦UFO 飾品): one card each, side by side."""
    s = table(["Koakuma", "Mokou"])
    s.equip(0, "DeathSickle", "TenguShield", "RedUfo", "GreenUfo", "FrogHat")
    assert s.cards_in(0, "equip_zone") == ["DeathSickle", "TenguShield", "RedUfo", "GreenUfo", "FrogHat"]
    assert discard_pile(s) == []


def test_no_two_cards_of_the_same_name_in_the_equip_zone():
    """任何一個玩家面前的判定區或裝備區里不能放有兩張同名的牌。 — the second 紅色UFO replaces the first."""
    s = table(["Koakuma", "Mokou"])
    [first] = s.equip(0, "RedUfo♣K")
    [second] = s.hand(0, "RedUfo♢K")
    s.answer(0, second)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [second]
    assert s.game.z["discard_pile"].cards == [first]


def test_no_two_cards_of_the_same_name_in_the_judge_zone():
    """任何一個玩家面前的判定區…里不能放有兩張同名的牌 — a second 封魔陣 or 凍青蛙 has no legal target."""
    s = table(["Koakuma", "Mokou"])
    s.zone(1, "judge_zone", "SealingArray♠9", "FrozenFrog♣5")
    s.hand(0, "SealingArray♠10", "FrozenFrog♣6")
    s.phase(0, "action_phase")
    assert s.offered(0) == ["Find", "pass"]
    s2 = table(["Koakuma", "Mokou"])                                 # a different name is fine
    s2.zone(1, "judge_zone", "FrozenFrog♣5")
    [seal] = s2.hand(0, "SealingArray♠10")
    s2.answer(0, seal)
    s2.phase(0, "action_phase")
    assert s2.cards_in(1, "judge_zone") == ["FrozenFrog", "SealingArray"]


# ── losing equipment ──────────────────────────────────────────────────────────
def test_armor_lost_to_demolition_stops_working():
    """城管執法：棄置其區域內的一張牌 — the 天狗盾 gone, a black 彈幕 hits again."""
    s = table(["Koakuma", "Mokou"])
    [shield] = s.equip(1, "TenguShield")
    [d0] = s.hand(0, "Danmaku♠7")
    assert immune(s, 1, d0, 0) is True
    demo, d = s.hand(0, "Demolition♠3", "Danmaku♣7")
    s.answer(0, demo, d)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "equip_zone") == []
    assert shield in s.game.z["discard_pile"].cards
    assert s.value(1, "hp") == 3


def test_equipment_taken_by_gap_steal_is_in_hand_not_worn():
    """隙間：對距離為1的一名其他角色使用，獲得其區域內的一張牌。 — the 天狗盾 goes to the taker's hand:
    nobody wears it, so nobody is immune."""
    s = table(["Koakuma", "Mokou"])
    [shield] = s.equip(1, "TenguShield")
    [gap] = s.hand(0, "GapSteal♠5")
    s.answer(0, gap)
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [shield]
    assert s.cards_in(0, "equip_zone") == [] and s.cards_in(1, "equip_zone") == []
    [d] = s.hand(1, "Danmaku♣7")
    assert immune(s, 1, d, 0) is False and immune(s, 0, d, 1) is False


def test_gap_steal_of_ibuki_gourd_makes_the_loser_drunk():
    """伊吹瓢: 失去該裝備時…獲得喝醉狀態 — taken by 隙間: the loser is drunk, the taker is not."""
    s = table(["Koakuma", "Mokou"])
    s.equip(1, "IbukiGourd")
    s.set(1, drunk=False)
    [gap] = s.hand(0, "GapSteal♠5")
    s.answer(0, gap)
    s.phase(0, "action_phase")
    assert s.cards_in(0) == ["IbukiGourd"]
    assert s.value(1, "drunk") is True and s.value(0, "drunk") is False


def test_discarding_own_half_phantom_is_losing_it():
    """半靈: 當失去裝備區裡的【半靈】時，你回復1點體力 — discarding it oneself (小惡魔's 尋找: 棄置任意數量的牌)
    loses it too."""
    s = table(["Koakuma", "Mokou"])
    [phantom] = s.equip(0, "HalfPhantom")
    s.set(0, hp=2)
    [top] = s.deck_top("Sake♠9")
    s.answer(0, "Find")                          # its only card: not asked
    s.phase(0, "action_phase")
    assert (s.value(0, "hp"), s.value(0, "max_hp")) == (3, 4)
    assert s.p(0).z["hand"].cards == [top]       # 然後摸等量的牌


def test_death_discards_equipment():
    """MISS：角色出局後，棄置該角色所有牌及判定區裡的牌。 — a 半靈 among them costs nothing more."""
    s = table(["Koakuma", "Mokou"])
    s.equip(1, "HalfPhantom", "TenguShield")
    s.set(1, hp=1)
    [d] = s.hand(0, "Danmaku♡10")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.p(1).alive is False
    assert s.cards_in(1, "equip_zone") == []
    assert {"HalfPhantom", "TenguShield"} <= set(discard_pile(s))
    assert s.winners == [s.p(0)]
