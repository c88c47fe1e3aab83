"""Rules every equipment card shares: equipping, replacing, the one-name-per-area rule, and losing
equipment (its skills leave with it; its loss effects fire). Per-card tests: test_weapons.py,
test_armor.py, test_ufos_accessories.py. Docstrings quote the rulebook (seeds/000).

Most of these tests are written in the language, in rules/thb/tests/equipment.spell
(docs/testing.md); the ones here need Python.
"""
from .helpers import table


def immune(s, seat, card, user):
    return s.query("immune", s.p(seat), card, s.p(user))


# ── equipping ─────────────────────────────────────────────────────────────────


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
