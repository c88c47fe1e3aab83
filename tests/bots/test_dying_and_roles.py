"""濒死状态, 阵亡, the identities' traits and every victory and defeat condition.

Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks.
"""
from ._helpers import FIVE, FOUR, THREE, asked, danmaku, hand, scenario, set_hp, set_roles

P, I, E, X = "Protagonist", "IncidentMastermind", "Enemy", "Extra"


def hit(s, target, amount, source=None):
    s.perform("damage", target=s.p(target), amount=amount, source=None if source is None else s.p(source))


# ── 濒死状态 ───────────────────────────────────────────────────────────────────
def test_hp_zero_is_dying_and_every_player_is_asked_in_order_from_the_dying_one():
    """体力：当体力为0时进入[濒死状态]。 濒死状态：当玩家进入此状态后，从该玩家开始，所有玩家顺序选择是否对其使用
    卡牌[愈病护符]。 若直至一轮选择结束无人使用…结束时若玩家体力为0，该玩家[阵亡]。"""
    s = scenario(FOUR)
    order = []
    for seat in range(4):
        hand(s, seat, "HealingCharm")
        s.answer(seat, lambda d, seat=seat: order.append(seat) or len(d.options) - 1)   # pass
    set_hp(s, 1, 1)
    hit(s, 1, 2, source=0)
    assert order == [1, 2, 3, 0]
    assert not s.p(1).alive


def test_one_healing_charm_ends_the_dying_state():
    """若有人使用则该玩家恢复1点[体力]，濒死状态提前结束。 愈病护符：可在其他玩家[濒死状态]中对其使用，恢复其
    1点[体力]。使用后弃置。 (B13)"""
    s = scenario(FOUR)
    [h2] = hand(s, 2, "HealingCharm")
    [h3] = hand(s, 3, "HealingCharm")
    s.answer(2, h2)
    set_hp(s, 1, 2)
    hit(s, 1, 2, source=0)
    assert s.p(1).alive and s.value(1, "hp") == 1
    assert h2 in s.game.z["discard_pile"].cards
    assert h3 in s.p(3).z["hand"].cards and asked(s, 3) == []


def test_the_dying_player_may_save_themself():
    """从该玩家开始，所有玩家顺序选择是否对其使用卡牌[愈病护符] — the dying player is asked first."""
    s = scenario(THREE)
    [h] = hand(s, 1, "HealingCharm")
    s.answer(1, h)
    set_hp(s, 1, 1)
    hit(s, 1, 2, source=0)
    assert s.p(1).alive and s.value(1, "hp") == 1
    assert h in s.game.z["discard_pile"].cards


def test_the_last_player_to_damage_is_the_killer():
    """…该玩家[阵亡]，判定最后一名对该玩家造成伤害的玩家将其击杀。"""
    s = scenario(FIVE)
    set_roles(s, [P, P, E, I, X])
    [c] = hand(s, 2, "Dodge")
    hit(s, 2, 2, source=0)
    hit(s, 2, 2, source=1)
    assert not s.p(2).alive
    assert c in s.p(1).z["hand"].cards                  # 敌机's hand went to the killer, seat 1


def test_death_discards_hand_and_cards_in_play():
    """阵亡：一般性的阵亡意味着你需要将手牌弃置，离开在场玩家名单。 (Equipment and danmaku cards go too.)"""
    s = scenario(THREE)
    [c] = hand(s, 1, "Dodge")
    [w] = s.equip(1, "RangeTwoWeapon")
    [d] = danmaku(s, 1, "Strike")
    hit(s, 1, 4, source=0)
    assert not s.p(1).alive
    assert all(x in s.game.z["discard_pile"].cards for x in (c, w, d))
    assert s.call("all_cards", s.p(1)) == []


def test_a_dead_player_no_longer_counts_for_distance():
    """阵亡：…离开在场玩家名单。 Distance counts the 在场玩家 only."""
    s = scenario(FOUR)
    assert s.game.query("distance", s.p(0), s.p(2)) == 2
    hit(s, 1, 4, source=0)
    assert s.game.query("distance", s.p(0), s.p(2)) == 1


# ── identities ──────────────────────────────────────────────────────────────
def test_an_enemy_killed_gives_its_hand_to_the_killer():
    """敌机 特性：被击杀后需将手牌交予将你击杀的玩家"""
    s = scenario(FIVE)
    set_roles(s, [P, E, P, I, X])
    cards = hand(s, 1, "Dodge", "Strike")
    [w] = s.equip(1, "PlainArmor")
    hit(s, 1, 4, source=0)
    assert not s.p(1).alive
    assert all(c in s.p(0).z["hand"].cards for c in cards)
    assert w in s.game.z["discard_pile"].cards          # only the hand
    assert s.value(0, "spirit") == 4                    # not drawn from the main deck


def test_a_protagonist_killed_simply_discards():
    """阵亡：一般性的阵亡意味着你需要将手牌弃置 — only 敌机 hand theirs over."""
    s = scenario(FIVE)
    set_roles(s, [E, P, P, I, X])
    [c] = hand(s, 1, "Dodge")
    hit(s, 1, 4, source=0)
    assert c in s.game.z["discard_pile"].cards


def test_incident_death_gives_protagonists_and_extra_a_choice_and_eliminates_the_enemies():
    """主人公 特性：异变阵亡后可从以下效果中选择1项发动：1.从牌堆抽3张牌 2.恢复1点体力
    EX 特性：异变阵亡后可从以下效果中选择发动1项：1.从牌堆抽3张牌 2.恢复1点体力
    敌机 失败条件：异变阵亡 — 场上局面达成某身份的失败条件后即判定拥有该身份的玩家阵亡。"""
    s = scenario(["Marisa", "Cirno", "Youmu", "Kaguya", "Mokou", "Yuyuko"])
    set_roles(s, [P, I, E, P, X, E])
    set_hp(s, 3, 2)
    set_hp(s, 4, 2)
    s.answer(0, "从牌堆抽3张牌")
    s.answer(3, "恢复1点体力")
    s.answer(4, "从牌堆抽3张牌")
    [c] = hand(s, 2, "Dodge")
    hit(s, 1, 4, source=0)
    assert s.winners is None                            # EX still stands
    assert not s.p(1).alive and not s.p(2).alive and not s.p(5).alive
    assert c in s.game.z["discard_pile"].cards          # eliminated, not killed: no hand to give
    assert len(s.p(0).z["hand"].cards) == 3
    assert s.value(3, "hp") == 3
    assert len(s.p(4).z["hand"].cards) == 3 and s.value(4, "hp") == 2
    assert s.unscripted() == []


def test_incident_rewards_are_chosen_in_seat_order_from_the_current_player():
    """主人公 / EX 特性：异变阵亡后可从以下效果中选择1项发动 (reading 18: the rulebook gives no order; like every
    choice made by several players at once, they choose in seat order from the current player — which
    matters, since whoever draws first draws the top of the deck)."""
    s = scenario(["Marisa", "Cirno", "Youmu", "Kaguya", "Mokou", "Yuyuko"])
    set_roles(s, [P, I, E, P, X, P])
    s.game.current = s.p(4)
    order = []
    for seat in (0, 3, 4, 5):
        s.answer(seat, lambda d, seat=seat: order.append(seat) or 0)
    hit(s, 1, 4, source=0)
    assert order == [4, 5, 0, 3]


def test_protagonists_win_when_incident_and_extra_are_down():
    """主人公：胜利条件：击败异变与EX"""
    s = scenario(FIVE)
    set_roles(s, [P, I, E, P, X])
    hit(s, 4, 4, source=0)
    assert s.winners is None
    hit(s, 1, 4, source=0)
    assert s.winners == [s.p(0), s.p(3)]


def test_protagonists_win_even_if_some_of_them_are_down():
    """场上局面达成某身份的胜利条件后即判定拥有该身份的玩家获得胜利。"""
    s = scenario(FIVE)
    set_roles(s, [P, I, E, P, X])
    hit(s, 3, 4, source=1)
    hit(s, 4, 4, source=0)
    hit(s, 1, 4, source=0)
    assert s.winners == [s.p(0), s.p(3)]


def test_incident_and_enemies_win_when_every_protagonist_is_down():
    """异变：胜利条件：主人公全灭 敌机：胜利条件：主人公全灭 主人公：失败条件：主人公全灭
    EX：失败条件：主人公全灭且异变存活"""
    s = scenario(["Marisa", "Cirno", "Youmu", "Kaguya", "Mokou", "Yuyuko"])
    set_roles(s, [P, I, E, P, X, E])
    hit(s, 5, 4, source=0)                              # a dead 敌机 still wins with its side
    hit(s, 0, 4, source=1)
    assert s.winners is None
    hit(s, 3, 4, source=1)
    assert s.winners == [s.p(1), s.p(2), s.p(5)]


def test_extra_wins_when_protagonists_fall_after_the_incident():
    """EX：胜利条件：异变阵亡后主人公全灭"""
    s = scenario(FIVE)
    set_roles(s, [P, I, E, P, X])
    hit(s, 1, 4, source=4)
    assert s.winners is None and not s.p(2).alive
    hit(s, 0, 4, source=4)
    hit(s, 3, 4, source=4)
    assert s.winners == [s.p(4)]


def test_the_incident_loses_by_dying():
    """异变：失败条件：阵亡 / 敌机：失败条件：异变阵亡 — 场上局面达成某身份的失败条件后即判定拥有该身份的玩家阵亡。
    With the 异变 down, the incident side can no longer win: when the 主人公 then all fall, "主人公全灭" holds
    for the 异变 and 敌机 too, but a role that has met its defeat condition is out (reading 19), so only EX wins."""
    s = scenario(FIVE)
    set_roles(s, [P, I, E, P, X])
    s.answer(0, "恢复1点体力")
    s.answer(3, "恢复1点体力")
    s.answer(4, "恢复1点体力")
    hit(s, 1, 4, source=0)
    hit(s, 0, 4, source=4)
    hit(s, 3, 4, source=4)
    assert s.winners == [s.p(4)]


def test_last_one_standing_wins_without_identities():
    """2人：无身份，存活即为胜利 (3人, 4人 the same)"""
    s = scenario(THREE)
    hit(s, 1, 4, source=0)
    assert s.winners is None
    hit(s, 2, 4, source=0)
    assert s.winners == [s.p(0)]
