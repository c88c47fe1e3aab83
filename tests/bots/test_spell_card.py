"""符卡: 魔理沙的SC[极限火花], the one spell card the rulebook spells out, and the once-per-game rule.

Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks. Its
three-two-two shots and the three suits it needs are tested in rules/bots/tests/spell_card.spell.
"""
import re

import pytest

from ._helpers import FOUR, THREE, TWO, asked, danmaku, hand, scenario, set_hp, set_spirit

def spark_ready(s, seat=0, *faces):
    s.call("set_spell_card", s.p(seat), s.pack.skills["MasterSpark"])
    return hand(s, seat, *(faces or ("Strike♠A", "Strike♡A", "Strike♣A")))


def offers_spark(s, seat=0):
    return any(o is not None and o.skill is not None and o.skill.name == "MasterSpark"
               for d in asked(s, seat, "play") for o in d.options)


def test_master_spark_is_shot_at_the_chosen_player_first_and_then_in_order():
    """选定1名玩家，该玩家和顺序后第1名、第2名玩家分别受到3张、2张和2张弹幕的弹幕射击。
    The chosen seat 2, then seats 3 and 0 (魔理沙 herself is no exception)."""
    s = scenario(FOUR)
    cards = spark_ready(s)
    s.answer(0, "MasterSpark", cards[0], cards[1], s.p(2))
    s.phase(0, "action_phase")
    shots = [e for e in s.log() if e.startswith('["act","danmaku_shot"')]
    assert ['"target":"P2","amount":3' in shots[0], '"target":"P3","amount":2' in shots[1],
            '"target":"P0","amount":2' in shots[2]] == [True, True, True]


def test_master_spark_offers_only_cards_of_a_suit_not_yet_discarded():
    """弃置3张不同花色手牌 — after a ♠, the other ♠ is not offered."""
    s = scenario(TWO)
    [a, b, c, d] = spark_ready(s, 0, "Strike♠A", "Strike♠2", "Strike♡A", "Strike♣A")
    s.answer(0, "MasterSpark", a)
    s.phase(0, "action_phase")
    picks = [x for x in asked(s, 0, "cards")]
    assert picks[0].options == [a, b, c, d]
    assert picks[1].options == [c, d]
    assert b in s.p(0).z["hand"].cards


def test_master_spark_can_be_intercepted_dodged_and_grazed_like_any_shot():
    """弹幕拦截：当你或其他玩家受到[弹幕射击]时，可选择使用[弹幕牌]对本次[射击]进行拦截。 擦弹：[被动]受到弹幕射击且命中
    时，每受到1张弹幕牌的射击则消耗1点灵力以抵消之。 低速模式：…进行[闪避]时不需要打出卡牌·避。"""
    s = scenario(FOUR)
    cards = spark_ready(s)
    [i] = danmaku(s, 3, "Dodge")
    set_spirit(s, 1, 1)
    s.perform("switch_mode", player=s.p(2), to="focus_mode")
    set_spirit(s, 3, 0)
    set_hp(s, 3, 6, max_hp=6)
    s.answer(0, "MasterSpark", cards[0], cards[1], s.p(1))
    s.answer(3, [i])                       # seat 3 stops one of the three aimed at seat 1
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2 and s.value(1, "spirit") == 0     # 3 − 1 = 2 hits; 1 grazed
    assert s.value(2, "hp") == 4                                     # 低速模式 dodges both
    assert s.value(3, "hp") == 2                                     # 2 hits, no spirit, no danmaku left


@pytest.mark.parametrize("table, targets", [(THREE, ["P1", "P2", "P0"]), (TWO, ["P1", "P0"])])
def test_the_chain_holds_each_living_player_once_and_comes_back_to_marisa(table, targets):
    """该玩家和顺序后第1名、第2名玩家 — choosing seat 1 in a three-player game shoots seats 1, 2 and 0;
    in a two-player one, seats 1 and 0 (reading: the chain holds each living player at most once)."""
    s = scenario(table)
    cards = spark_ready(s)
    s.answer(0, "MasterSpark", cards[0], cards[1], s.p(1))
    s.phase(0, "action_phase")
    shots = [e for e in s.log() if e.startswith('["act","danmaku_shot"')]
    assert [re.search(r'"target":"(P\d)"', e).group(1) for e in shots] == targets


def test_a_spell_card_is_used_once_per_game_and_then_discarded():
    """每名玩家每局游戏仅拥有1次符卡发动机会，符卡牌需于发动后弃置。 发动时改为表侧表示。"""
    s = scenario(TWO)
    cards = spark_ready(s)
    hand(s, 0, "Dodge♠9", "Dodge♡9", "Dodge♣9")
    s.answer(0, "MasterSpark", cards[0], cards[1], cards[2], s.p(1))
    s.phase(0, "action_phase")
    assert s.value(0, "spell_card") is None and s.value(0, "spell_cards_used") == 1
    assert "MasterSpark" not in {i.skill.name for i in s.p(0).skills}
    s.agents[0].log.clear()
    s.phase(0, "action_phase")
    assert not offers_spark(s)


def test_a_spell_card_is_activated_in_the_action_phase_only():
    """3.出牌阶段：使用手牌进行[一般行动]、[特殊行动]、装载[装备]、[打出弹幕]以及发动[符卡]。"""
    s = scenario(TWO)
    spark_ready(s)
    s.phase(0, "discard_phase")
    s.phase(0, "draw_phase")
    assert asked(s, 0, "play") == []
    assert s.value(0, "spell_card") is not None
