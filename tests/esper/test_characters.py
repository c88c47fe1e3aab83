"""异能斗技: the five characters, their stats and their skills.

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks. The
stats, 点燃激情, 火力爆发 and 责任 are tested in the language, in rules/esper/tests/characters.spell.
"""
from ._helpers import Esper, plays


# ── 安娜-列夫洛特 ──────────────────────────────────────────────────────────────
def test_stoke_fire_adds_one_more_heat_in_annas_turn():
    """调火：被动技能，该角色的回合内，当你令环境中添加了1《热》时，令其数值+1。"""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.energy(0, "Coffee")
    s.hand(0, "Matches")
    s.answer(0, "Matches")
    s.act(anna)
    assert s.env_levels()["hot"] == 2
    # Not in another character's turn.
    s.energy(0, "Coffee")
    s.hand(0, "Matches")
    s.phase(0, "end_of_round_cleanup")
    s.answer(0, "Matches")
    s.act(s.ch(0, "Yuri"))
    assert s.env_levels()["hot"] == 3


# ── 尤里-朱莱 ──────────────────────────────────────────────────────────────────
def test_torrent_sword_gives_an_attack_mark_for_the_turn():
    """水势剑：<1>，持续1回合，获得攻击标志，令环境中添加1《湿》。 (reading R14: the turn goes on)"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    lantis = s.ch(1, "Lantis")
    s.front(yuri, 1)
    s.energy(0, "Coffee")
    s.answer(0, "TorrentSword", "MeleeAttack", lantis)
    s.act(yuri)
    assert s.env_levels()["wet"] == 2          # 责任 (in front), then 水势剑
    assert s.hp(lantis) == 10 - 3              # melee with the mark: power 3
    assert s.val(yuri, "mark_turn") == s.game.turns + 1      # this turn's
    s.act(s.ch(0, "Anna"))                     # another turn: the mark is over
    assert not s.call("has_mark", yuri)


def test_oath_of_flowing_water_heals_and_overflow_becomes_block():
    """流水的誓约：<2>，2《湿》，每个己方角色可重复1次，令环境中添加1《湿》，然后使得一个目标己方角色恢复4点生命值，
    如果恢复了多余的生命值，则直到该角色的下个回合开始前，使得该角色获得等量格挡。"""
    s = Esper()
    yuri, anna, lisa = s.ch(0, "Yuri"), s.ch(0, "Anna"), s.ch(0, "Lisalina")
    s.setv(anna, "hp", 1)
    s.setv(lisa, "hp", 6)
    s.env(wet=2)
    s.energy(0, *["Coffee"] * 6)
    s.answer(0, "OathOfFlowingWater", [anna, lisa])
    s.act(yuri)
    assert s.hp(anna) == 5 and s.block(anna) == 0
    assert s.hp(lisa) == 8 and s.block(lisa) == 2
    assert s.untapped(0) == 2                  # 2 per repetition
    assert s.env_levels()["wet"] == 4 and s.env_levels()["cold"] == 1   # +2《湿》; 凝霜 on the block
    [d] = [d for d in s.agents[0].log if "流水的誓约" in d.prompt]
    assert (d.min, d.max) == (1, 3)            # once per allied character


def test_oath_repetitions_are_limited_by_energy():
    """可重复：你可以按照其费用要求消耗合理点能量以释放该技能，该技能视为增加等于重复数量的数值"""
    s = Esper()
    s.env(wet=2)
    s.energy(0, *["Coffee"] * 5)
    s.answer(0, "OathOfFlowingWater", [s.ch(0, "Anna")])
    s.act(s.ch(0, "Yuri"))
    [d] = [d for d in s.agents[0].log if "流水的誓约" in d.prompt]
    assert d.max == 2


# ── 丽莎琳娜 ──────────────────────────────────────────────────────────────────
def test_congeal_frost_adds_cold_when_she_gains_block():
    """凝霜：被动技能，当该角色获得格挡时，令环境中添加1《冷》。"""
    s = Esper()
    s.perform("gain_block", target=s.ch(0, "Lisalina"), amount=2)
    assert s.env_levels()["cold"] == 1
    s.perform("gain_block", target=s.ch(0, "Anna"), amount=2)
    assert s.env_levels()["cold"] == 1


def test_chill_breath():
    """寒息：<1>，造成1点伤害，直至自身的下个回合，使得自身获得1格挡。"""
    s = Esper()
    lisa, lantis = s.ch(0, "Lisalina"), s.ch(1, "Lantis")
    s.energy(0, "Coffee")
    s.answer(0, "ChillBreath", lantis)
    s.act(lisa)
    assert s.hp(lantis) == 9 and s.block(lisa) == 1
    s.act(lisa)                                # 格挡永远会在持有格挡的角色的回合开始时消失
    assert s.block(lisa) == 0


def test_permafrost_ground():
    """永冻之土：<3>，2《冷》，直至自身（和目标角色）的下个回合，使得一个目标角色和自身获得3点格挡。"""
    s = Esper()
    lisa, anna = s.ch(0, "Lisalina"), s.ch(0, "Anna")
    s.env(cold=2)
    s.energy(0, "Coffee", "Coffee", "Coffee")
    s.answer(0, "PermafrostGround", anna)
    s.act(lisa)
    assert s.block(anna) == 3 and s.block(lisa) == 3
    assert s.env_levels()["cold"] == 3         # 凝霜: Lisalina gained block once
    s2 = Esper()
    s2.env(cold=1)
    s2.energy(0, "Coffee", "Coffee", "Coffee")
    s2.act(s2.ch(0, "Lisalina"))
    assert "PermafrostGround" not in plays(s2, 0)[0]


# ── 关梓萧 ────────────────────────────────────────────────────────────────────
def test_sand_armor_gains_two_block_at_turn_start():
    """沙铠：被动技能，该角色的回合开始时，直到该角色的下个回合开始前，获得2点格挡。"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.setv(guan, "block", 5)
    s.act(guan)
    assert s.block(guan) == 2                  # the old block ended first


def test_flying_sand_damages_an_enemy_with_the_block_lost():
    """飞砂走石：<1>，令环境中添加2《干》，失去至多5点格挡并选择一个角色，如果为己方，则使其获得等量格挡直至其
    下个回合开始前，如果为敌方，则造成等量伤害。"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    anna = s.ch(0, "Anna")
    s.energy(1, "Coffee")
    s.answer(1, "FlyingSandAndStones", anna)
    s.act(guan)                                # 沙铠: 2 block, then lose it
    assert s.block(guan) == 0
    assert s.hp(anna) == 4
    assert s.env_levels()["dry"] == 2


def test_flying_sand_gives_an_ally_the_block_at_most_five():
    """飞砂走石：…失去至多5点格挡并选择一个角色，如果为己方，则使其获得等量格挡直至其下个回合开始前"""
    s = Esper()
    guan, lantis = s.ch(1, "GuanZixiao"), s.ch(1, "Lantis")
    s.energy(1, "Coffee")

    def with_seven_block(d):                   # after 沙铠, Guan has 7 block: it loses 5 of them
        s.setv(guan, "block", 7)
        return next(i for i, o in enumerate(d.options)
                    if o is not None and o.skill is not None and o.skill.name == "FlyingSandAndStones")
    s.answer(1, with_seven_block, lantis)
    s.act(guan)
    assert s.block(guan) == 2 and s.block(lantis) == 5


def test_sand_wall_is_charge_and_repeatable():
    """沙之壁：<1>，蓄力，可重复，令环境中添加1《干》，然后直至自己的下个回合开始前，获得1点格挡。本回合，你每重复3次
    该技能，则能量消耗+1，获得格挡+1。 — 蓄力：使用该技能后，角色的回合不会结束"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.energy(1, *["Coffee"] * 5)
    s.answer(1, "SandWall", 3)
    s.act(guan)
    assert s.untapped(1) == 1                  # 3 repetitions: 3 + 1
    assert s.block(guan) == 2 + 4              # 沙铠 2, then 3 + 1
    assert s.env_levels()["dry"] == 3
    assert len(plays(s, 1)) == 2               # the turn went on
    [d] = [d for d in s.agents[1].log if "沙之壁" in d.prompt]
    assert d.options == [1, 2, 3, 4]           # 4 repetitions cost 4 + 1 = 5; 5 would cost 6
    assert "SandWall" not in plays(s, 1)[1]    # once per round


def test_sand_wall_repeats_as_often_as_the_energy_pays():
    """仅有【可重复】标签的技能可以在一回合内无限使用，直到不符合条件为止。 (reading R18: N repetitions cost N + N/3;
    17 energy pays for 13, 13 + 4 = 17, and no cap stops it at 12)"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.energy(1, *["Coffee"] * 17)
    s.answer(1, "SandWall", 13)
    s.act(guan)
    [d] = [d for d in s.agents[1].log if "沙之壁" in d.prompt]
    assert d.options == list(range(1, 14))     # 14 would cost 14 + 4 = 18
    assert s.untapped(1) == 0
    assert s.block(guan) == 2 + 13 + 4


# ── 兰提斯-普洛斯法 ──────────────────────────────────────────────────────────
def test_heavy_punch_adds_one_without_an_attack_mark():
    """重拳：被动技能，当你无攻击标志时，你的近战攻击伤害+1。"""
    s = Esper()
    lantis, anna = s.ch(1, "Lantis"), s.ch(0, "Anna")
    s.front(lantis, 1)
    s.answer(1, "MeleeAttack", anna)
    s.act(lantis)
    assert s.hp(anna) == 6 - 2
    s2 = Esper()
    lantis, yuri = s2.ch(1, "Lantis"), s2.ch(0, "Yuri")
    s2.front(lantis, 1)
    s2.setv(lantis, "baton_round", s2.call("this_round"))
    s2.answer(1, "MeleeAttack", yuri)
    s2.act(lantis)
    assert s2.hp(yuri) == 8 - 4                # with the mark: power, no +1


def test_step_forward_takes_the_attack_for_an_ally():
    """挺身而出！：<2>，迅捷，当有己方角色成为攻击或者技能的目标时，直至自身的下一轮前，获得2点格挡，然后使得自身成为
    此次技能或攻击的目标。 — 迅捷：迅捷技能需要满足技能条件时主动发动，发动时也需要消耗能量。"""
    s = Esper()
    lantis, guan = s.ch(1, "Lantis"), s.ch(1, "GuanZixiao")
    s.energy(1, "Coffee", "Coffee")
    s.energy(0, "Coffee")
    s.answer(0, "IgnitePassion", guan)
    s.answer(1, True)
    s.act(s.ch(0, "Anna"))
    assert s.hp(guan) == 10
    assert s.hp(lantis) == 10 and s.block(lantis) == 1      # 2 block, then 1 damage
    assert s.untapped(1) == 0


def test_step_forward_needs_energy_and_is_once_per_round():
    """挺身而出！：<2>，迅捷 … 发动时也需要消耗能量。 — 角色每轮每个技能仅限使用1次"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.energy(1, "Coffee")
    s.energy(0, "Coffee")
    s.answer(0, "IgnitePassion", guan)
    s.act(s.ch(0, "Anna"))
    assert s.hp(guan) == 9 and not [d for d in s.agents[1].log if d.what == "yes_no"]
    s2 = Esper()
    guan, lantis = s2.ch(1, "GuanZixiao"), s2.ch(1, "Lantis")
    s2.energy(1, *["Coffee"] * 4)
    s2.energy(0, "Coffee")
    s2.answer(1, True)
    s2.answer(0, "IgnitePassion", guan)
    s2.act(s2.ch(0, "Anna"))
    assert s2.hp(guan) == 10 and s2.block(lantis) == 1
    s2.energy(0, "Coffee")
    s2.answer(0, "ChillBreath", guan)          # the same round: 挺身而出 is used up
    s2.act(s2.ch(0, "Lisalina"))
    assert s2.hp(guan) == 9
    assert len([d for d in s2.agents[1].log if d.what == "yes_no"]) == 1


def test_step_forward_answers_melee_and_damaging_cards_but_not_other_items():
    """当有己方角色成为攻击或者技能的目标时 (reading R16 with R4: an attack is melee or damage dealt to an enemy,
    so 玩具枪：<1>，造成2点伤害 is one; 飞锤：<3>，使得目标角色失去全部格挡 is not)"""
    s = Esper()
    guan, lantis = s.ch(1, "GuanZixiao"), s.ch(1, "Lantis")
    yuri = s.ch(0, "Yuri")
    s.front(yuri, 1)
    s.energy(1, "Coffee", "Coffee")
    s.answer(0, "MeleeAttack", guan)
    s.answer(1, True)
    s.act(yuri)
    assert s.hp(guan) == 10 and s.block(lantis) == 1
    s2 = Esper()
    guan, lantis = s2.ch(1, "GuanZixiao"), s2.ch(1, "Lantis")
    s2.energy(1, "Coffee", "Coffee")
    s2.energy(0, "Coffee")
    s2.hand(0, "ToyGun")
    s2.answer(0, "ToyGun", guan)
    s2.answer(1, True)
    s2.act(s2.ch(0, "Anna"))
    assert s2.hp(guan) == 10 and s2.hp(lantis) == 10 and s2.block(lantis) == 0     # 2 block took the 2
    s3 = Esper()
    guan = s3.ch(1, "GuanZixiao")
    s3.setv(guan, "block", 2)
    s3.energy(1, "Coffee", "Coffee")
    s3.energy(0, "Coffee", "Coffee", "Coffee")
    s3.hand(0, "FlyingHammer")
    s3.answer(0, "FlyingHammer", guan)
    s3.act(s3.ch(0, "Anna"))
    assert s3.block(guan) == 0 and not [d for d in s3.agents[1].log if d.what == "yes_no"]


def test_step_forward_cannot_take_a_melee_attack_that_cannot_reach_lantis():
    """挺身而出！…使得自身成为此次技能或攻击的目标 — 只有足够靠近的情况才能进行近战攻击，具体情况为：双方前排和前排间
    可以互相攻击，双方前排和后排间可以互相攻击。 A back-row Yuri's melee on a front-row ally cannot be turned onto a
    back-row Lantis (back against back is out of reach); with Lantis in the front row it can."""
    s = Esper()
    guan, lantis, yuri = s.ch(1, "GuanZixiao"), s.ch(1, "Lantis"), s.ch(0, "Yuri")
    s.front(guan, 1)
    s.energy(1, "Coffee", "Coffee")
    s.answer(0, "MeleeAttack", guan)
    s.act(yuri)
    assert s.hp(guan) == 9 and s.hp(lantis) == 10 and s.untapped(1) == 2
    assert not [d for d in s.agents[1].log if d.what == "yes_no"]
    s2 = Esper()
    guan, lantis, yuri = s2.ch(1, "GuanZixiao"), s2.ch(1, "Lantis"), s2.ch(0, "Yuri")
    s2.front(guan, 1)
    s2.front(lantis, 2)
    s2.energy(1, "Coffee", "Coffee")
    s2.answer(0, "MeleeAttack", guan)
    s2.answer(1, True)
    s2.act(yuri)
    assert s2.hp(guan) == 10 and s2.block(lantis) == 1


def test_mighty_strength_adds_two_power_this_turn():
    """豪力：<2>，本回合，自己的力量+2。 (reading R14: the turn goes on)"""
    s = Esper()
    lantis, yuri = s.ch(1, "Lantis"), s.ch(0, "Yuri")
    s.front(lantis, 1)
    s.setv(lantis, "baton_round", s.call("this_round"))
    s.energy(1, "Coffee", "Coffee")
    s.answer(1, "MightyStrength", "MeleeAttack", yuri)
    s.act(lantis)
    assert s.hp(yuri) == 8 - 6
    s.act(s.ch(1, "Anna"))
    assert s.call("power_of", lantis) == 4     # over with the turn
