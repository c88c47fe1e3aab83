"""异能斗技: the 23 item cards (道具牌), and block (格挡).

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks. Anna
uses the items (P0); her passive 调火 only touches 《热》, so the tests of 《热》 use Yuri.
"""
import pytest

from ._helpers import Esper, plays


def use(s, kind, *answers, seat=0, who="Anna", energy=None):
    """`who` (of player `seat`) uses the item `kind`, with just enough energy, answering `answers`."""
    c = s.hand(seat, kind)[0]
    cost = c.a["cost"] if energy is None else energy
    if cost:
        s.energy(seat, *["Coffee"] * cost)
    s.answer(seat, c, *answers)
    s.act(s.ch(seat, who))
    return c


def test_every_item_goes_to_the_discard_pile():
    """所有使用的道具牌都是临时性的，在使用后都要正面向上进入弃牌堆中。"""
    s = Esper()
    c = use(s, "Sponge")
    assert c.zone is s.p(0).z["discard_pile"]


def test_coffee_beans():
    """咖啡豆：<0>，复原一张能量牌。"""
    s = Esper()
    [t] = s.energy(0, "Espresso", tapped=True)
    use(s, "CoffeeBeans")
    assert s.val(t, "tapped") == 0


def test_book():
    """书本：<1>，抽一张牌。"""
    s = Esper()
    s.library(0, "Matches")
    use(s, "Book")
    assert s.cards_in(0) == ["Matches"]


def test_baton_gives_an_attack_mark_this_round():
    """甩棍：<1>，本轮，令一个目标己方单位获得攻击标志。"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    use(s, "Baton", yuri)
    assert s.call("has_mark", yuri)
    s.game.rounds += 1
    assert not s.call("has_mark", yuri)


def test_slingshot_adds_one_to_the_next_skill_damage():
    """弹弓：<1>，本轮，令一个目标己方单位下个技能伤害+1。"""
    s = Esper()
    anna, lantis = s.ch(0, "Anna"), s.ch(1, "Lantis")
    sling = s.hand(0, "Slingshot")[0]
    s.energy(0, "Coffee", "Coffee")
    s.answer(0, sling, lambda d: [0], anna, "IgnitePassion", lantis)
    s.act(anna)
    assert s.hp(lantis) == 10 - 2
    assert s.val(anna, "sling_round") == 0            # used up


def test_toy_gun():
    """玩具枪：<1>，造成2点伤害。"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    use(s, "ToyGun", guan)
    assert s.hp(guan) == 8


def test_pepper_spray():
    """防狼喷雾：<1>，令一个目标敌方单位离开前线。"""
    s = Esper()
    lantis = s.ch(1, "Lantis")
    s.front(lantis, 2)
    use(s, "PepperSpray")                              # the only enemy in front: not asked
    assert s.val(lantis, "front") == 0


def test_pepper_spray_needs_an_enemy_in_front():
    """防狼喷雾：<1>，令一个目标敌方单位离开前线。"""
    s = Esper()
    s.hand(0, "PepperSpray")
    s.energy(0, "Coffee")
    s.act(s.ch(0, "Anna"))
    assert "PepperSpray" not in plays(s, 0)[0]


@pytest.mark.parametrize("kind,status", [("BucketOfWater", "wet"), ("Matches", "hot"),
                                         ("Sponge", "dry"), ("DryIce", "cold")])
def test_one_status_items(kind, status):
    """一桶水：<1>，令环境中添加1《湿》。 火柴：<1>，令环境中添加1《热》。 海绵：<1>，令环境中添加1《干》。
    干冰：<1>，令环境中添加1《冷》。"""
    s = Esper()
    use(s, kind, who="Yuri")
    assert s.env_levels() == {k: (1 if k == status else 0) for k in ("hot", "cold", "dry", "wet")}


@pytest.mark.parametrize("kind,statuses", [("IcePack", ("wet", "cold")), ("SpaceHeater", ("hot", "dry")),
                                           ("Kettle", ("wet", "hot")), ("ElectricFan", ("dry", "cold"))])
def test_two_status_items(kind, statuses):
    """冰袋：<2>，令环境中添加1《湿》1《冷》。 小太阳：<2>，令环境中添加1《热》1《干》。
    热水壶：<2>，令环境中添加1《湿》1《热》。 风扇：<2>，令环境中添加1《干》1《冷》。"""
    s = Esper()
    use(s, kind, who="Yuri")
    assert s.env_levels() == {k: (1 if k in statuses else 0) for k in ("hot", "cold", "dry", "wet")}
    assert s.untapped(0) == 0


def test_riot_shield_block_until_next_turn():
    """防爆盾:<1>，直至下个回合前，使得目标角色获得2点格挡。"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    use(s, "RiotShield", yuri)
    assert s.block(yuri) == 2
    s.act(yuri)
    assert s.block(yuri) == 0


def test_coffee_grinder_takes_an_energy_card_from_the_library():
    """咖啡磨：<1>，抽一张能量牌。 (reading R11: from the library, of the player's choice)"""
    s = Esper()
    s.library(0, "Mocha", "Book", "Book")
    use(s, "CoffeeGrinder")
    assert s.cards_in(0) == ["Mocha"]
    assert sorted(s.cards_in(0, "library")) == ["Book", "Book"]


def test_energy_drink_is_for_next_round():
    """能量饮料：<1>，下轮，使得目标己方角色速度+2。"""
    s = Esper()
    anna = s.ch(0, "Anna")
    use(s, "EnergyDrink", anna)
    assert s.call("speed_of", anna) == 2
    s.game.rounds += 1
    assert s.call("speed_of", anna) == 4
    s.game.rounds += 1
    assert s.call("speed_of", anna) == 2


def test_strength_potion_for_this_turn():
    """力量药剂：<1>，本回合，使得目标己方角色力量+2。"""
    s = Esper()
    yuri, guan = s.ch(0, "Yuri"), s.ch(1, "GuanZixiao")
    s.front(yuri, 1)
    s.setv(yuri, "baton_round", s.call("this_round"))
    potion = s.hand(0, "StrengthPotion")[0]
    s.energy(0, "Coffee")
    s.answer(0, potion, yuri, "MeleeAttack", guan)
    s.act(yuri)
    assert s.hp(guan) == 10 - 5
    s.act(s.ch(0, "Anna"))
    assert s.call("power_of", yuri) == 3


def test_anti_inflammatory():
    """消炎药：<1>，为目标己方角色恢复2点生命。"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    s.setv(yuri, "hp", 5)
    use(s, "AntiInflammatory", yuri)
    assert s.hp(yuri) == 7
    s.setv(yuri, "hp", 7)
    s.phase(0, "end_of_round_cleanup")                  # a new round; the Coffee is upright again
    use(s, "AntiInflammatory", yuri, energy=0)
    assert s.hp(yuri) == 8                             # not above its life


def test_invitation_takes_a_legendary_card_from_the_library():
    """邀请函：<2>，将一张牌库中的目标传奇卡牌加入你的手牌。"""
    s = Esper()
    s.library(0, "Book", "FearlessFlame", "Book")
    use(s, "Invitation")
    assert s.cards_in(0) == ["FearlessFlame"]


def test_flying_hammer():
    """飞锤：<3>，使得目标角色失去全部格挡。"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.setv(guan, "block", 4)
    use(s, "FlyingHammer", guan)
    assert s.block(guan) == 0


def test_flashbang_costs_the_next_turn():
    """闪光弹：<3>，使得目标角色失去其下个回合。"""
    s = Esper()
    lantis = s.ch(1, "Lantis")
    use(s, "Flashbang", lantis)
    s.front(lantis, 1)
    s.answer(1, "MeleeAttack")
    s.act(lantis)
    assert not plays(s, 1)                              # it could do nothing
    assert s.unscripted() == [(1, ["MeleeAttack"])]
    s.act(lantis)
    assert plays(s, 1)                                  # only that one turn


def test_smoke_bomb_hides_the_user_from_skills_and_items():
    """烟幕弹：<3>，直至该角色下回合开始前，该角色无法成为技能或者道具牌的目标。"""
    s = Esper()
    anna = s.ch(0, "Anna")
    use(s, "SmokeBomb")
    assert anna not in s.call("hostile_pool", s.p(1), s.ch(1, "Anna"), "skill")
    assert anna not in s.call("friendly_pool", s.p(0), "item")
    s.front(s.ch(1, "Lantis"), 1)
    assert anna in s.call("hostile_pool", s.p(1), s.ch(1, "Lantis"), "melee")      # melee still can
    s.act(anna)
    assert anna in s.call("hostile_pool", s.p(1), s.ch(1, "Anna"), "skill")


# ── 格挡 ──────────────────────────────────────────────────────────────────────
def test_block_absorbs_damage_point_for_point():
    """格挡：一个特殊标志，表明该角色下次受到伤害时会先扣除格挡值抵消小于等于该伤害的部分。"""
    s = Esper()
    guan = s.ch(1, "GuanZixiao")
    s.setv(guan, "block", 3)
    s.perform("damage", target=guan, amount=2)
    assert s.hp(guan) == 10 and s.block(guan) == 1
    s.perform("damage", target=guan, amount=4)
    assert s.hp(guan) == 7 and s.block(guan) == 0


def test_block_ends_at_the_start_of_its_holders_turn():
    """格挡永远会在持有格挡的角色的回合开始时消失。 — 格挡最多存在1回合"""
    s = Esper()
    anna, lantis = s.ch(0, "Anna"), s.ch(1, "Lantis")
    s.setv(anna, "block", 2)
    s.setv(lantis, "block", 2)
    s.act(lantis)
    assert s.block(anna) == 2 and s.block(lantis) == 0
    s.act(anna)
    assert s.block(anna) == 0
