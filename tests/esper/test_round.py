"""异能斗技: the round (一轮游戏) — 准备阶段, 角色回合分配阶段, 角色回合, 结束清算.

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks.
"""
from ._helpers import Esper, plays


def order_names(s):
    return [(c.owner.seat, c.kind.name) for c in s.call("turn_order")]


def test_prepare_draws_two_and_places_one_resource():
    """（1）、准备阶段：每轮开始时，玩家先从牌库中抽2张牌，然后将一张资源牌从手牌中纵向放置于你的资源区域。"""
    s = Esper()
    s.library(0, "Book", "Coffee", "Mocha")        # Mocha on top
    s.answer(0, "Mocha")
    s.prepare(0)
    assert s.cards_in(0) == ["Coffee"]                # drawn: Mocha, Coffee; Book stays
    assert s.cards_in(0, "resources") == ["Mocha"]
    assert s.untapped(0) == 1
    # The choice offered the resource cards drawn, and no "none": one must be placed.
    [d] = [d for d in s.agents[0].log if "资源牌" in d.prompt]
    assert [o.kind.name if o is not None else None for o in d.options] == ["Mocha", "Coffee"]


def test_exactly_one_resource_per_round_when_the_hand_holds_one():
    """然后将一张资源牌从手牌中纵向放置于你的资源区域 / 每轮最多放置1张资源牌 (reading: one is placed whenever the
    hand holds one, never more; the quietest answer still places one)."""
    s = Esper()
    s.library(0, "Coffee", "Coffee")
    s.prepare(0)
    assert s.cards_in(0, "resources") == ["Coffee"]
    assert s.cards_in(0) == ["Coffee"]
    s.library(0, "Book", "Book")
    s.prepare(0)                           # only the Coffee kept from last round: it is placed
    assert s.cards_in(0, "resources") == ["Coffee", "Coffee"]
    assert s.cards_in(0) == ["Book", "Book"]
    s.library(0, "Book", "Book")
    s.prepare(0)                           # no resource card in hand: nothing to place
    assert s.cards_in(0, "resources") == ["Coffee", "Coffee"]


def test_turns_go_by_speed_first():
    """（2）、角色回合分配阶段：开始分配你的角色回合，按照下列依次决定角色行动的优先顺序：A、角色的速度。"""
    s = Esper(("Anna", "Yuri", "GuanZixiao"), ("Lisalina", "Lantis", "Anna"))
    order = order_names(s)
    speeds = [c.a["speed"] for c in s.call("turn_order")]
    assert speeds == sorted(speeds, reverse=True)
    assert order[:2] == [(0, "Yuri"), (1, "Lantis")]        # both 4: D, P0 has the initiative


def test_front_row_acts_before_back_row_at_equal_speed():
    """B、前排角色优于后排角色"""
    s = Esper(("Anna", "Yuri", "GuanZixiao"), ("Lisalina", "Lantis", "Anna"))
    s.front(s.ch(1, "Lantis"), 2)
    assert order_names(s)[:2] == [(1, "Lantis"), (0, "Yuri")]


def test_nearer_the_environment_acts_first():
    """C、靠近环境区的角色优于远离环境区的角色。 (reading R3: slot 1 is nearest)"""
    s = Esper(("Lisalina", "Anna", "Yuri"), ("Lantis", "GuanZixiao", "Anna"))
    # Speed 2: P0 Lisalina (back 1), P0 Anna (back 2), P1 Anna (back 3).
    order = [o for o in order_names(s) if o[1] in ("Anna", "Lisalina")]
    assert order == [(0, "Lisalina"), (0, "Anna"), (1, "Anna")]
    # In the front row, slot 1 is nearer than slot 2.
    s.front(s.ch(0, "Anna"), 2)
    s.front(s.ch(1, "Anna"), 1)
    order = [o for o in order_names(s) if o[1] in ("Anna", "Lisalina")]
    assert order == [(1, "Anna"), (0, "Anna"), (0, "Lisalina")]


def test_initiative_breaks_the_last_tie():
    """D、速度权重高的一方优于速度权重低的一方。"""
    s = Esper(("Anna", "Yuri", "GuanZixiao"), ("Anna", "Yuri", "GuanZixiao"))
    assert order_names(s) == [(0, "Yuri"), (1, "Yuri"), (0, "GuanZixiao"), (1, "GuanZixiao"),
                              (0, "Anna"), (1, "Anna")]
    s.game.set_value(None, "initiative", s.p(1))
    assert order_names(s) == [(1, "Yuri"), (0, "Yuri"), (1, "GuanZixiao"), (0, "GuanZixiao"),
                              (1, "Anna"), (0, "Anna")]


def test_energy_drink_speed_counts_in_the_next_round_order():
    """能量饮料：<1>，下轮，使得目标己方角色速度+2。 — A、角色的速度。"""
    s = Esper(("Anna", "Yuri", "GuanZixiao"), ("Lisalina", "Lantis", "Anna"))
    s.setv(s.ch(1, "Anna"), "haste_round", s.call("this_round"))
    assert order_names(s)[:3] == [(0, "Yuri"), (1, "Lantis"), (1, "Anna")]


def test_a_round_gives_every_living_character_one_turn():
    """在游戏进行中，所有存活的角色全部行动完毕的过程称为一轮游戏"""
    s = Esper()
    s.round()
    turns = [line for line in s.log() if line.startswith('["act","begin_turn"')]
    assert len(turns) == 6
    assert s.table("acting") is None and s.table("queue") == []
    # A fallen character takes no turn, even one it was scheduled for.
    s.game.rounds += 1
    s.game.serial["round"] += 1
    s._run(lambda: s.game._round_event("start"))
    s.perform("die", character=s.ch(1, "Lantis"))
    s._run(lambda: s.game._scheduled_round(10 ** 6))
    turns = [line for line in s.log() if line.startswith('["act","begin_turn"')]
    assert len(turns) == 11


def test_cleanup_untaps_resources_and_counts_down_field_cards():
    """（4）、结束清算：所有的角色回合结束后，你需要进行结算，将持续存在的牌的可持续回合-1，然后将其复原。
    如果其剩余可持续回合为0，则你将其置入弃牌堆。随后按照要求重置你的资源区域所有能重置的资源牌。"""
    s = Esper()
    s.energy(0, "Coffee", "Beer", tapped=True)
    [flame] = s.zone(0, "field", "FearlessFlame")
    s.setv(flame, "left", 2)
    s.setv(flame, "flipped", 1)
    s.p(0).v["used_items"] = [s.pack.kinds["Book"]]
    s.phase(0, "end_of_round_cleanup")
    assert all(not s.val(c, "tapped") for c in s.p(0).z["resources"].cards)
    assert s.val(flame, "left") == 1 and s.val(flame, "flipped") == 0
    assert s.p(0).v["used_items"] == []
    s.phase(0, "end_of_round_cleanup")
    assert s.cards_in(0, "field") == [] and s.cards_in(0, "discard_pile") == ["FearlessFlame"]


def test_a_character_turn_offers_items_skills_melee_and_passing():
    """（3）、角色回合：在每个角色回合，玩家可以进行下列操作 A、使用道具 … B、使得角色进行近战攻击 …
    C、使得角色发动技能 … D、结束回合"""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.front(anna, 1)
    s.energy(0, "Coffee")
    s.hand(0, "Book")
    s.act(anna)
    [offered] = plays(s, 0)
    assert offered == ["Book", "MeleeAttack", "Retreat", "IgnitePassion", "pass"]


def test_items_only_in_your_own_characters_turns():
    """手牌：这代表着你当前可以使用的道具牌，这些道具牌仅能在你的角色的回合使用"""
    s = Esper()
    s.energy(0, "Coffee")
    [book] = s.hand(0, "Book")
    assert s.during(s.ch(1, "Lantis"), lambda: s.call("item_ok", s.p(0), book)) is False
    assert s.during(s.ch(0, "Anna"), lambda: s.call("item_ok", s.p(0), book)) is True


def test_each_item_kind_once_per_round():
    """每种道具每轮最多使用1次。"""
    s = Esper()
    s.energy(0, "Coffee", "Coffee", "Coffee")
    s.library(0, "Coffee", "Coffee")
    b1, b2 = s.hand(0, "Book", "Book")
    s.answer(0, b1)
    s.act(s.ch(0, "Anna"))
    assert "Book" not in plays(s, 0)[1]
    s.phase(0, "end_of_round_cleanup")       # a new round
    s.answer(0, b2)
    s.act(s.ch(0, "Anna"))
    assert s.cards_in(0, "discard_pile") == ["Book", "Book"]


def test_used_items_go_face_up_to_the_discard_pile():
    """除非特殊情况，所有使用的道具牌都是临时性的，在使用后都要正面向上进入弃牌堆中。"""
    s = Esper()
    s.energy(0, "Coffee")
    [book] = s.hand(0, "Book")
    s.library(0, "Coffee")
    s.answer(0, book)
    s.act(s.ch(0, "Anna"))
    assert book.zone is s.p(0).z["discard_pile"]


# ── 阵亡 and victory ──────────────────────────────────────────────────────────
def test_a_fallen_character_leaves_the_board_with_its_skills():
    """异能斗技的游戏玩法以战斗为主，玩家尽可能保护己方角色不被地方击倒，同时尽量击倒对方的角色以赢得胜利。
    (reading C4: 地方 = 敌方) — a character whose life reaches 0 falls: it leaves its place and its skills."""
    s = Esper()
    lantis = s.ch(1, "Lantis")
    s.front(lantis, 1)
    s.perform("damage", target=lantis, amount=12)
    assert not s.living(lantis) and s.val(lantis, "front") == 0
    assert lantis.zone is s.p(1).z["fallen"]
    assert "StepForward" not in {i.skill.name for i in s.p(1).skills}
    assert s.winners is None


def test_defeating_all_enemy_characters_wins():
    """游戏玩家以打败对手所有角色为目的，进行战斗。"""
    s = Esper()
    for name in ("GuanZixiao", "Lantis"):
        s.perform("damage", target=s.ch(1, name), amount=10)
    assert s.winners is None
    s.perform("damage", target=s.ch(1, "Anna"), amount=6)
    assert s.winners == [s.p(0)]
    assert not s.p(1).alive
