"""异能斗技: energy (资源区, 能量牌) and the environment (环境区).

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks.
"""
import pytest

from ._helpers import Esper, plays


def add(s, status, n=1, by=None):
    return s.perform("add_status", status=status, amount=n, by=by)


# ── paying ─────────────────────────────────────────────────────────────────────
def test_costs_are_paid_by_tapping_resource_cards():
    """资源区：…你将资源牌竖着叠放在该区域，视为你拥有等量的能量，横置则代表该资源牌拥有的能量本回合已经消耗殆尽"""
    s = Esper()
    c1, c2 = s.energy(0, "Coffee", "Coffee")
    s.hand(0, "IcePack")                       # <2>
    s.answer(0, "IcePack")
    s.act(s.ch(0, "Anna"))
    assert s.val(c1, "tapped") == 1 and s.val(c2, "tapped") == 1
    assert s.env_levels() == {"hot": 0, "cold": 1, "dry": 0, "wet": 1}


def test_no_energy_no_item():
    """大多会消耗等于左上角数量的能量值。 — an item that cannot be paid for is not offered."""
    s = Esper()
    s.energy(0, "Coffee")
    s.hand(0, "IcePack", "Book")
    s.act(s.ch(0, "Anna"))
    assert "IcePack" not in plays(s, 0)[0] and "Book" in plays(s, 0)[0]


def test_zero_cost_item_needs_no_energy():
    """咖啡豆：<0>，复原一张能量牌。"""
    s = Esper()
    [c] = s.energy(0, "Coffee", tapped=True)
    s.hand(0, "CoffeeBeans")
    s.answer(0, "CoffeeBeans")
    s.act(s.ch(0, "Anna"))
    assert s.val(c, "tapped") == 0


def test_resources_are_restored_at_the_end_of_the_round():
    """但其在每轮开始时会进行复原，到时候你将重新拥有资源牌代表的能量。 (done in 结束清算)"""
    s = Esper()
    s.energy(0, "Coffee", "Mocha", tapped=True)
    s.phase(0, "end_of_round_cleanup")
    assert s.untapped(0) == 2


def test_coffee_gives_one_energy():
    """咖啡：1能量"""
    s = Esper()
    s.energy(0, "Coffee")
    assert s.call("can_pay", s.p(0), 1) and not s.call("can_pay", s.p(0), 2)


# ── conditional untap ─────────────────────────────────────────────────────────
@pytest.mark.parametrize("kind,status", [("Mocha", "hot"), ("IcedAmericano", "cold"),
                                         ("InstantCoffee", "dry"), ("Espresso", "wet")])
def test_coffee_untaps_when_its_status_appears(kind, status):
    """摩卡：1能量，每轮限一次，当场上出现《热》时，立刻复原。 冰美式：…《冷》… 速溶咖啡：…《干》… 浓缩咖啡：…《湿》…"""
    s = Esper()
    [mine] = s.energy(0, kind, tapped=True)
    [theirs] = s.energy(1, kind, tapped=True)
    [other] = s.energy(0, "Coffee", tapped=True)
    add(s, status)
    assert s.val(mine, "tapped") == 0 and s.val(theirs, "tapped") == 0      # both players' cards
    assert s.val(other, "tapped") == 1
    # 每轮限一次: tapped again, it stays tapped this round …
    s.setv(mine, "tapped", 1)
    add(s, status)
    assert s.val(mine, "tapped") == 1
    # … and untaps again next round.
    s.game.rounds += 1
    add(s, status)
    assert s.val(mine, "tapped") == 0


def test_mocha_pays_and_comes_back_when_the_skill_adds_heat():
    """摩卡：1能量，每轮限一次，当场上出现《热》时，立刻复原。 — 点燃激情 paid with 摩卡 adds 《热》."""
    s = Esper()
    [mocha] = s.energy(0, "Mocha")
    s.answer(0, "IgnitePassion", s.ch(1, "Lantis"))
    s.act(s.ch(0, "Anna"))
    assert s.val(mocha, "tapped") == 0


def test_a_status_cancelled_by_its_opposite_does_not_appear():
    """冷热互相抵消 — reading R6: 《热》 that only cancels 《冷》 never appears, so 摩卡 stays tapped."""
    s = Esper()
    [mocha] = s.energy(0, "Mocha", tapped=True)
    s.env(cold=2)
    add(s, "hot")
    assert s.env_levels()["cold"] == 1 and s.val(mocha, "tapped") == 1


def test_hot_tea_goes_to_the_discard_pile_when_a_character_falls():
    """热茶：1能量，当你的角色阵亡时，进入弃牌堆。"""
    s = Esper()
    s.energy(0, "HotTea", "HotTea", "Coffee")
    s.energy(1, "HotTea")
    anna = s.ch(0, "Anna")
    s.perform("damage", target=anna, amount=6)
    assert not s.living(anna)
    assert s.cards_in(0, "resources") == ["Coffee"]
    assert s.cards_in(0, "discard_pile") == ["HotTea", "HotTea"]
    assert s.cards_in(1, "resources") == ["HotTea"]


def test_hot_tea_gives_one_energy():
    """热茶：1能量"""
    s = Esper()
    s.energy(0, "HotTea")
    assert s.call("can_pay", s.p(0), 1)


def test_beer_gives_no_energy_and_taps_an_enemy_card():
    """啤酒：不提供能量，当你横置此牌时，你可以横置对方1张能量牌。"""
    s = Esper()
    [beer] = s.energy(0, "Beer")
    assert not s.call("can_pay", s.p(0), 1)
    [theirs] = s.energy(1, "Coffee")
    s.answer(0, "TapBeer", theirs)
    s.act(s.ch(0, "Anna"))
    assert s.val(beer, "tapped") == 1 and s.val(theirs, "tapped") == 1
    # Tapped, it is not offered again this round; tapping it does not end the turn.
    assert "TapBeer" not in plays(s, 0)[1]


def test_beer_may_tap_nothing():
    """你可以横置对方1张能量牌 — may."""
    s = Esper()
    [beer] = s.energy(0, "Beer")
    [theirs] = s.energy(1, "Coffee")
    s.answer(0, "TapBeer", "pass")
    s.act(s.ch(0, "Anna"))
    assert s.val(beer, "tapped") == 1 and s.val(theirs, "tapped") == 0


# ── the environment ───────────────────────────────────────────────────────────
def test_opposites_cancel_before_stacking():
    """四种状态中，冷热互相抵消，干湿互相抵消，形成了两对抵消关系，这也就意味着当环境中存在过多的一种状态时，
    增加其对立状态会优先抵消当前过多的那种状态。"""
    s = Esper()
    s.env(hot=2, dry=1)
    add(s, "cold", 3)
    assert s.env_levels() == {"hot": 0, "cold": 1, "dry": 1, "wet": 0}
    add(s, "wet", 1)
    assert s.env_levels() == {"hot": 0, "cold": 1, "dry": 0, "wet": 0}


def test_at_most_five_of_a_kind():
    """环境区中一次最多承载5个相同种类的状态。"""
    s = Esper()
    s.env(wet=4)
    add(s, "wet", 3)
    assert s.env_levels()["wet"] == 5
    add(s, "dry", 1)
    assert s.env_levels()["wet"] == 4


def test_skills_that_need_statuses():
    """而环境区中的状态也决定了某些角色能否使用某些技能。 — 火力爆发：<5>，2《热》…"""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.energy(0, *["Coffee"] * 5)
    s.env(hot=1)
    s.act(anna)
    assert "FirepowerBurst" not in plays(s, 0)[0]
    s.env(hot=2)
    s.act(anna)
    assert "FirepowerBurst" in plays(s, 0)[1]
