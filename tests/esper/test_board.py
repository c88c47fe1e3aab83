"""异能斗技: the board (角色区) — rows, moving, melee reach and the front-row rule.

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks.
"""
from ._helpers import Esper, plays


def test_moving_to_the_front_ends_the_turn():
    """当后排的角色前往前排时，会直接结束角色的回合"""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.hand(0, "Book")
    s.energy(0, "Coffee")
    s.answer(0, "Advance")           # one slot is asked for: the quiet answer takes slot 1
    s.act(anna)
    assert s.val(anna, "front") == 1
    assert len(plays(s, 0)) == 1     # no second decision: the turn ended
    assert s.cards_in(0) == ["Book"]


def test_front_row_has_two_places_shared_by_both_sides():
    """角色区…分为双方各自三个后排，以及双方可以争夺的两个前排共计8个位置 … 前排最多存在2个位置，当前排的位置填满时，
    不允许更多角色前往前排。"""
    s = Esper()
    s.front(s.ch(0, "Yuri"), 1)
    yuri_p1 = s.ch(1, "Lantis")
    s.answer(1, "Advance")
    s.act(yuri_p1)
    assert s.val(yuri_p1, "front") == 2          # the only place left, not asked
    assert not [d for d in s.agents[1].log if "位置" in d.prompt]
    s.act(s.ch(0, "Anna"))
    assert "Advance" not in plays(s, 0)[0]


def test_choosing_a_front_place():
    """双方可以争夺的两个前排 — with both free, the player chooses (slot 1 is nearer the environment)."""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.answer(0, "Advance", 2)
    s.act(anna)
    assert s.val(anna, "front") == 2


def test_returning_to_the_back_row_ends_the_turn():
    """前排的角色也可以回到后排，当前排角色回到后排时，也会直接结束角色的回合。"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    s.front(yuri, 2)
    s.hand(0, "Book")
    s.energy(0, "Coffee")
    s.answer(0, "Retreat")
    s.act(yuri)
    assert s.val(yuri, "front") == 0 and s.val(yuri, "home") == 2     # back to its own back-row place
    assert len(plays(s, 0)) == 1


def test_melee_reach_front_and_back():
    """只有足够靠近的情况才能进行近战攻击，具体情况为：双方前排和前排间可以互相攻击，双方前排和后排间可以互相攻击。"""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.act(anna)                                   # back row against back row: out of reach
    assert "MeleeAttack" not in plays(s, 0)[0]
    lantis = s.ch(1, "Lantis")
    s.front(lantis, 1)                            # an enemy in front: in reach from the back row
    assert [c.kind.name for c in s.call("hostile_pool", s.p(0), anna, "melee")] == ["Lantis"]
    s.front(lantis, 0)
    s.front(anna, 1)                              # from the front row every enemy is in reach
    assert len(s.call("hostile_pool", s.p(0), anna, "melee")) == 3


def test_melee_ends_the_turn_and_deals_one_without_an_attack_mark():
    """B、使得角色进行近战攻击，该动作会结束回合 … 没有攻击标志的角色的近战攻击（即肉搏）只会造成1点基础伤害"""
    s = Esper()
    yuri = s.ch(0, "Yuri")                        # power 3
    guan = s.ch(1, "GuanZixiao")
    s.front(yuri, 1)
    s.hand(0, "Book")
    s.energy(0, "Coffee")
    s.answer(0, "MeleeAttack", guan)
    s.act(yuri)
    assert s.hp(guan) == 9
    assert len(plays(s, 0)) == 1


def test_melee_with_an_attack_mark_deals_power():
    """而拥有攻击标志的角色在攻击后会造成等于力量点数的伤害。"""
    s = Esper()
    yuri = s.ch(0, "Yuri")
    guan = s.ch(1, "GuanZixiao")
    s.front(yuri, 1)
    s.setv(yuri, "baton_round", s.call("this_round"))
    s.answer(0, "MeleeAttack", guan)
    s.act(yuri)
    assert s.hp(guan) == 10 - 3


def test_front_row_character_must_be_attacked_first():
    """当后排的角色前往前排时，会直接结束角色的回合并且使得敌人的所有目标包括前排角色的攻击必须优先以该角色为目标。"""
    s = Esper()
    lantis = s.ch(1, "Lantis")
    s.front(lantis, 2)
    anna = s.ch(0, "Anna")
    s.energy(0, "Coffee")
    s.answer(0, "IgnitePassion")       # the only legal target is Lantis: not asked
    s.act(anna)
    assert s.hp(lantis) == 9
    assert not [d for d in s.agents[0].log if "点燃激情" in d.prompt]
    # A second front-row enemy: a choice between the two front-row characters only.
    s2 = Esper()
    s2.front(s2.ch(1, "Lantis"), 1)
    s2.front(s2.ch(1, "Anna"), 2)
    pool = s2.call("hostile_pool", s2.p(0), s2.ch(0, "Anna"), "skill")
    assert sorted(c.kind.name for c in pool) == ["Anna", "Lantis"]


def test_front_row_rule_does_not_bind_a_target_it_cannot_have():
    """前排规则 … 必须优先以该角色为目标 — only when the front-row character is a legal target
    (烟幕弹: 无法成为技能或者道具牌的目标)."""
    s = Esper()
    lantis = s.ch(1, "Lantis")
    s.front(lantis, 2)
    s.setv(lantis, "smoke", 1)
    pool = s.call("hostile_pool", s.p(0), s.ch(0, "Anna"), "skill")
    assert sorted(c.kind.name for c in pool) == ["Anna", "GuanZixiao"]
    # Melee still reaches it, so a melee attack must take it.
    pool = s.call("hostile_pool", s.p(0), s.ch(0, "Anna"), "melee")
    assert [c.kind.name for c in pool] == ["Lantis"]


def test_allies_in_front_are_no_shield_for_friendly_effects():
    """敌人的所有目标包括前排角色的攻击 — the rule binds enemy attacks, not help for one's own side."""
    s = Esper()
    s.front(s.ch(0, "Yuri"), 1)
    pool = s.call("friendly_pool", s.p(0), "item")
    assert len(pool) == 3
