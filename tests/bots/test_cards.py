"""牌种常规解释: 装备 (武器, 防具, 结界, 距离调整); 击, 避, 魔药, 愈病护符 and 环境 are tested in the
language, in rules/bots/tests/cards.spell (docs/testing.md).

Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks.
"""
from ._helpers import FOUR, THREE, TWO, asked, danmaku, hand, scenario, set_spirit


def targets_offered(s, seat):
    return [p.seat for d in asked(s, seat, "players") for p in d.options]


# ── 魔药 at any time (the any-time offers need Python: a danmaku placed face down) ──────────────
def test_a_teammates_magic_potion_during_a_shot_pays_for_graze():
    """魔药：可在任意时机对任意玩家使用，目标玩家恢复1点[灵力]。 擦弹：…每受到1张弹幕牌的射击则消耗1点灵力以抵消之。
    Seat 1 shoots seat 0 (in 0's shooting phase) with one danmaku; 0 has no spirit; seat 2 uses a 魔药 on 0
    before the hit is paid for, and 0's 擦弹 cancels it."""
    s = scenario(THREE)
    danmaku(s, 1, "Strike")
    [m] = hand(s, 2, "MagicPotion")
    set_spirit(s, 0, 0)
    s.answer(1, True)                            # shoot
    s.answer(2, m, s.p(0))                       # 魔药 on the target, at the hit
    s.phase(0, "shooting_phase")
    assert s.value(0, "hp") == 4
    assert s.value(0, "spirit") == 0             # restored to 1, then spent by 擦弹
    assert m in s.game.z["discard_pile"].cards
    assert s.unscripted() == []


def test_without_the_magic_potion_the_same_shot_hits():
    """擦弹：…消耗1点灵力以抵消之 — with no spirit and nobody's 魔药, the hit goes through (2 damage)."""
    s = scenario(THREE)
    danmaku(s, 1, "Strike")
    hand(s, 2, "MagicPotion")
    set_spirit(s, 0, 0)
    s.answer(1, True)
    s.answer(2, "pass")
    s.phase(0, "shooting_phase")
    assert s.value(0, "hp") == 2
    assert s.unscripted() == []


def test_magic_potion_is_offered_to_every_player_before_the_discard_phase_counts():
    """魔药：可在任意时机对任意玩家使用 / 5.弃牌阶段：将[手牌]弃置直至剩余数量等于玩家目前的[灵力]点数。
    Seat 1's 魔药 on seat 0 when 0's discard phase begins raises 0's limit from 2 to 3."""
    s = scenario(TWO)
    hand(s, 0, "Strike", "Strike", "Dodge", "Dodge")
    [m] = hand(s, 1, "MagicPotion")
    set_spirit(s, 0, 2)
    s.answer(1, m, s.p(0))
    s.phase(0, "discard_phase")
    assert s.value(0, "spirit") == 3
    assert len(s.p(0).z["hand"].cards) == 3
    assert s.unscripted() == []


def test_magic_potion_is_offered_when_a_phase_that_spends_spirit_begins_but_not_others():
    """魔药：可在任意时机 — reading: offered where spirit is spent or counted (the action and discard phases, a
    hit being paid for), not when the draw or mode-switch phase begins, where it changes nothing."""
    s = scenario(TWO)
    hand(s, 1, "MagicPotion")
    for phase in ("draw_phase", "mode_switch_phase"):
        s.phase(0, phase)
    assert asked(s, 1, "play") == []
    s.phase(0, "action_phase")
    [offer] = asked(s, 1, "play")
    assert [o.card.kind.name if o is not None else "pass" for o in offer.options] == ["MagicPotion", "pass"]
# ── 装备 ─────────────────────────────────────────────────────────────────────
def test_equipment_goes_to_the_equip_zone():
    """装备：在[出牌阶段]使用，使用后将该装备表侧置于场上[装备区]表示装载了该装备。"""
    s = scenario(TWO)
    [w] = hand(s, 0, "RangeTwoWeapon")
    s.answer(0, w)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [w]


def test_a_weapon_extends_physical_attack_range():
    """武器：提供[实体攻击范围]… 实体攻击范围初始为1，装备[武器]和[距离调整]可改变此数值。"""
    s = scenario(FOUR)
    s.equip(0, "RangeTwoWeapon")
    [k] = hand(s, 0, "Strike")
    set_spirit(s, 2, 0)
    s.answer(0, k, s.p(2))
    s.phase(0, "action_phase")
    assert targets_offered(s, 0) == [1, 2, 3]
    assert s.value(2, "hp") == 3


def test_only_one_weapon_and_one_armor_at_a_time():
    """其中[武器]和[防具]只可同时装载1件，重复装载时原有的该类装备需要被弃置。"""
    s = scenario(TWO)
    [w2, w3, a1, a2] = hand(s, 0, "RangeTwoWeapon", "RangeThreeWeapon", "PlainArmor", "PlainArmor")
    s.answer(0, w2, w3, a1, a2)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [w3, a2]
    assert w2 in s.game.z["discard_pile"].cards and a1 in s.game.z["discard_pile"].cards


def test_barriers_and_distance_modifiers_are_not_limited_to_one():
    """其中[武器]和[防具]只可同时装载1件 — only those two: barriers and distance modifiers stack."""
    s = scenario(TWO)
    [b1, b2, d1, d2] = hand(s, 0, "HpBarrier", "HpBarrier", "DistancePlus", "DistancePlus")
    s.answer(0, b1, b2, d1, d2)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [b1, b2, d1, d2]
    assert s.value(0, "max_hp") == 6
    assert s.value(0, "hp") == 4            # only the maximum changes


def test_a_barrier_changes_the_maximum_and_its_removal_keeps_current_values():
    """结界：提供[体力上限]或[灵力上限]的改变。当此类装备离场时，所发生的上限值改变随之恢复至未装载前的状态，
    但并不影响目前[体力]值和[灵力]值。 体力上限：当体力上限减少后，你并不会失去高于目前上限的[体力]值。"""
    s = scenario(TWO)
    [hb] = s.equip(0, "HpBarrier")
    [sb] = s.equip(0, "SpiritBarrier")
    assert s.value(0, "max_hp") == 5 and s.value(0, "max_spirit") == 5
    [h] = hand(s, 0, "HealingCharm")
    s.answer(0, h)
    s.phase(0, "action_phase")
    s.perform("draw", player=s.p(0), amount=1)
    assert s.value(0, "hp") == 5 and s.value(0, "spirit") == 5
    s.call("discard", [hb, sb], None, "discard")
    assert s.value(0, "max_hp") == 4 and s.value(0, "max_spirit") == 4
    assert s.value(0, "hp") == 5 and s.value(0, "spirit") == 5      # kept above the lowered maximum
    # what is kept is spent like any other spirit, and never comes back above the maximum
    s.call("pay_spirit", s.p(0), 2)
    s.perform("draw", player=s.p(0), amount=2)
    assert s.value(0, "spirit") == 4


def test_distance_modifiers_change_distance_and_so_attack_range():
    """距离调整：提供[距离]改变。距离的变动将影响[实体攻击范围]计算，实体攻击范围的变动并不会影响到距离计算。
    Seat 0 with 距离调整（-1） reaches seat 2 (distance 2 → 1); seat 1 with 距离调整（+1） is out of reach (1 → 2)."""
    s = scenario(FOUR)
    s.equip(0, "DistanceMinus")
    s.equip(1, "DistancePlus")
    [k] = hand(s, 0, "Strike")
    s.answer(0, k, s.p(2))
    s.phase(0, "action_phase")
    assert targets_offered(s, 0) == [1, 2, 3]
    assert s.game.query("distance", s.p(0), s.p(1)) == 1       # −1 +1
    assert s.game.query("distance", s.p(3), s.p(1)) == 3       # 2 +1
    assert s.game.query("attack_range", s.p(0)) == 1            # distance changes, range does not


def test_a_wider_range_does_not_change_distance():
    """实体攻击范围的变动并不会影响到[距离]计算。"""
    s = scenario(FOUR)
    s.equip(0, "RangeThreeWeapon")
    assert s.game.query("distance", s.p(0), s.p(2)) == 2
    assert s.game.query("attack_range", s.p(0)) == 3
