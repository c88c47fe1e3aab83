"""弹幕系统 & 射击阶段: deploying danmaku, the shooting phase's steps 0–7, interception, dodging and hits.

Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks.
"""
import pytest

from ._helpers import FOUR, THREE, TWO, asked, danmaku, focus, hand, scenario, set_hp, set_spirit


# ── 弹幕打出 ───────────────────────────────────────────────────────────────────
def test_deploy_costs_one_spirit_and_sets_a_hand_card_face_down():
    """弹幕打出：消耗1点[灵力]，将任意1张[手牌]里侧表示置于场上，该卡牌被视为你拥有的1张[弹幕牌]。"""
    s = scenario(TWO)
    [a, b] = hand(s, 0, "Strike♠A", "HealingCharm♣A")
    s.answer(0, "DeployDanmaku", b, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["danmaku_zone"].cards == [b]
    assert s.p(0).z["danmaku_zone"].visibility == "hidden"        # 里侧表示
    assert s.p(0).z["hand"].cards == [a]
    assert s.value(0, "spirit") == 3
    assert s.unscripted() == []


def test_deploy_only_once_per_action_phase():
    """每次[出牌阶段]只能进行1次弹幕打出。"""
    s = scenario(TWO)
    hand(s, 0, "Dodge", "Dodge", "Dodge")
    s.answer(0, "DeployDanmaku", "Dodge")
    s.phase(0, "action_phase")
    [first, second] = asked(s, 0, "play")
    assert any(o is not None and o.skill is not None and o.skill.name == "DeployDanmaku" for o in first.options)
    assert not any(o is not None and o.skill is not None and o.skill.name == "DeployDanmaku" for o in second.options)
    assert len(s.p(0).z["danmaku_zone"].cards) == 1
    # the next action phase allows it again
    s.answer(0, "DeployDanmaku", "Dodge")
    s.phase(0, "action_phase")
    assert len(s.p(0).z["danmaku_zone"].cards) == 2


def test_deploy_never_beyond_the_number_of_living_players():
    """若玩家已拥有等于场上存活玩家数量的[弹幕牌]则不得再进行[弹幕打出]。 Two living players: two danmaku at most."""
    s = scenario(TWO)
    danmaku(s, 0, "Strike", "Strike")
    hand(s, 0, "Dodge")
    s.phase(0, "action_phase")
    [play] = asked(s, 0, "play")
    assert not any(o is not None and o.skill is not None for o in play.options)
    assert len(s.p(0).z["danmaku_zone"].cards) == 2


def test_deploy_needs_spirit():
    """弹幕打出：消耗1点[灵力] — with no spirit there is nothing to pay with."""
    s = scenario(TWO)
    set_spirit(s, 0, 0)
    hand(s, 0, "Dodge")
    s.phase(0, "action_phase")
    [play] = asked(s, 0, "play")
    assert not any(o is not None and o.skill is not None for o in play.options)


# ── 射击阶段 ───────────────────────────────────────────────────────────────────
def test_shooting_phase_asks_the_others_in_order_from_the_next_player():
    """1.当1名玩家进入[射击阶段]后，自该玩家后1名玩家起顺序选择是否对射击阶段中的玩家进行弹幕射击。
    6.…直至处于[射击阶段]的玩家前1名玩家完成选择。 Seat 2's phase: seats 3, 0 and 1 are asked, in that order."""
    s = scenario(FOUR)
    for seat in (0, 1, 3):
        danmaku(s, seat, "Strike")
    order = []
    for seat in (0, 1, 3):
        s.answer(seat, lambda d, seat=seat: order.append(seat) or 0)
    s.phase(2, "shooting_phase")
    assert order == [3, 0, 1]
    assert asked(s, 2) == []                  # 其实你的射击阶段是给其他玩家享用的


def test_shooting_uses_all_danmaku_each_hit_deals_two_and_the_cards_are_discarded():
    """弹幕射击：进行弹幕射击时需使用你的所有[弹幕牌]，不可选择使用[弹幕牌]的数量。 每张未被[闪避]的[弹幕牌]
    将造成2点[体力]伤害。 射击结束后弃置你所拥有的的[弹幕牌]。 (The target has no spirit, so 擦弹 cannot help.)"""
    s = scenario(TWO)
    shot = danmaku(s, 0, "Strike", "HealingCharm")
    set_hp(s, 1, 6, max_hp=6)
    set_spirit(s, 1, 0)
    s.answer(0, True)
    s.phase(1, "shooting_phase")
    assert len(asked(s, 0, "yes_no")) == 1 and asked(s, 0, "cards") == []   # shoot or not: never how many
    assert s.value(1, "hp") == 2              # 6 − 2 × 2
    assert s.p(0).z["danmaku_zone"].cards == []
    assert all(c in s.game.z["discard_pile"].cards for c in shot)


def test_a_hit_deals_two_damage():
    """弹幕：被1张弹幕牌击中将造成2点[体力]伤害。"""
    s = scenario(TWO)
    danmaku(s, 0, "Strike")
    set_spirit(s, 1, 0)
    s.answer(0, True)
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 2
    assert s.value(1, "last_damager") is s.p(0)


def test_a_player_may_decline_to_shoot_and_keeps_the_danmaku():
    """1.…顺序选择是否…进行弹幕射击。"""
    s = scenario(TWO)
    [d] = danmaku(s, 0, "Strike")
    s.answer(0, False)
    s.phase(1, "shooting_phase")
    assert s.p(0).z["danmaku_zone"].cards == [d]
    assert s.value(1, "hp") == 4


def test_interception_by_another_player_stops_danmaku_and_is_spent():
    """弹幕拦截：当你或其他玩家受到[弹幕射击]时，可选择使用[弹幕牌]对本次[射击]进行拦截。拦截并不需要使用所有的
    [弹幕牌]，你可以自由选择使用几张。 计算规则：参与射击的弹幕牌数 — 参与拦截的弹幕牌数 — 做出的闪避次数 = 成功命中的弹幕牌数"""
    s = scenario(THREE)
    danmaku(s, 0, "Strike", "Strike", "Strike")
    [i1, i2, keep] = danmaku(s, 2, "Dodge", "Dodge", "Dodge")
    set_spirit(s, 1, 0)
    s.answer(2, False, [i1, i2])             # seat 2 does not shoot; then intercepts with two of its three
    s.answer(0, True)
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 2             # 3 − 2 − 0 = 1 hit
    assert s.p(2).z["danmaku_zone"].cards == [keep]
    assert i1 in s.game.z["discard_pile"].cards and i2 in s.game.z["discard_pile"].cards


def test_the_target_may_intercept_with_its_own_danmaku():
    """弹幕拦截：当你或其他玩家受到[弹幕射击]时，可选择使用[弹幕牌]对本次[射击]进行拦截。"""
    s = scenario(TWO)
    danmaku(s, 0, "Strike", "Strike")
    [mine] = danmaku(s, 1, "Dodge")
    set_spirit(s, 1, 0)
    s.answer(0, True)
    s.answer(1, [mine])
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 2              # 2 − 1 = 1 hit


def test_interceptors_are_asked_in_order_from_the_player_after_the_shooter():
    """2.当1名玩家选择进行弹幕射击后，自选择射击的玩家后1名玩家起顺序选择是否进行弹幕拦截。
    Seat 0 shoots in seat 1's phase: seats 1, 2, 3 are asked to intercept, in that order."""
    s = scenario(FOUR)
    danmaku(s, 0, "Strike")
    for seat in (1, 2, 3):
        danmaku(s, seat, "Dodge")
    s.answer(0, True)
    order = []
    s.answer(1, lambda d: order.append(1) or [])
    for seat in (2, 3):                       # asked first whether to shoot themselves: no
        s.answer(seat, False, lambda d, seat=seat: order.append(seat) or [])
    s.phase(1, "shooting_phase")
    assert order == [1, 2, 3]


def test_the_target_dodges_with_dodge_cards_after_interception():
    """4.处于射击阶段的玩家选择进行闪避。 闪避：受到…[弹幕射击]时，玩家每进行1次闪避将使…1张[弹幕牌]不造成伤害。
    避：进行1次[闪避]。使用后弃置。"""
    s = scenario(TWO)
    danmaku(s, 0, "Strike", "Strike", "Strike")
    [d1, d2] = hand(s, 1, "Dodge♠9", "Dodge♡9")
    set_spirit(s, 1, 0)
    s.answer(0, True)
    s.answer(1, d1, d2)
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 2              # 3 − 0 − 2 = 1 hit
    assert s.cards_in(1) == []
    assert d1 in s.game.z["discard_pile"].cards


@pytest.mark.parametrize("spirit, left, hp", [(3, 1, 4), (1, 0, 2)])
def test_graze_pays_one_spirit_per_hit_while_there_is_spirit(spirit, left, hp):
    """擦弹：[被动]受到弹幕射击且命中时，每受到1张弹幕牌的射击则消耗1点灵力以抵消之。 Two hits: with 3 spirit
    both are cancelled; with 1, one of them."""
    s = scenario(TWO)
    danmaku(s, 0, "Strike", "Strike")
    set_spirit(s, 1, spirit)
    s.answer(0, True)
    s.phase(1, "shooting_phase")
    assert s.value(1, "spirit") == left
    assert s.value(1, "hp") == hp


def test_focus_mode_dodges_danmaku_without_dodge_cards_and_has_no_graze():
    """低速模式：此模式下玩家对所受到的[弹幕射击]进行[闪避]时不需要打出卡牌·避。 (reading B4: every danmaku card)"""
    s = scenario(TWO)
    danmaku(s, 0, "Strike", "Strike")
    focus(s, 1)
    [d] = hand(s, 1, "Dodge")
    s.answer(0, True)
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 4
    assert s.value(1, "spirit") == 4          # no 擦弹 in 低速模式
    assert s.cards_in(1) == ["Dodge"]         # no 避 was needed
    assert d in s.p(1).z["hand"].cards


def test_the_shooting_phase_continues_after_a_shot():
    """6.自进行射击的玩家起继续顺序选择是否进行弹幕射击并重复步骤2～5直至处于[射击阶段]的玩家前1名玩家完成选择。"""
    s = scenario(THREE)
    danmaku(s, 0, "Strike")
    danmaku(s, 2, "Strike")
    set_spirit(s, 1, 0)
    set_hp(s, 1, 6, max_hp=6)
    s.answer(2, True)                         # seat 2 shoots first
    s.answer(0, [], True)                     # seat 0 does not intercept it, then shoots too
    s.phase(1, "shooting_phase")
    assert s.value(1, "hp") == 2
    assert s.p(0).z["danmaku_zone"].cards == [] and s.p(2).z["danmaku_zone"].cards == []


def test_shooting_stops_when_the_target_is_out():
    """7.[射击阶段]结束。 A player who is out is never shot at again (and never asked)."""
    s = scenario(THREE)
    danmaku(s, 2, "Strike", "Strike")
    [keep] = danmaku(s, 0, "Strike")
    s.set(1, hp=2)
    set_spirit(s, 1, 0)
    s.answer(2, True)
    s.phase(1, "shooting_phase")
    assert not s.p(1).alive
    assert s.p(0).z["danmaku_zone"].cards == [keep]
    assert asked(s, 0, "yes_no") == []
