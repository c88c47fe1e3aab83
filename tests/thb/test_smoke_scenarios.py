"""First scenario tests of the THB pack, through the designer's harness."""
from spellcard.scenario import Scenario


def test_danmaku_deals_one_damage():
    """彈幕：出牌階段，對你攻擊範圍內的一名其他角色使用，效果是對該角色造成1點傷害。"""
    s = Scenario("thb", ["Tewi", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")     # one legal target: not asked
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert "Danmaku" not in s.cards_in(0)


def test_graze_cancels_danmaku():
    """擦彈：當你受到【彈幕】的攻擊時，你可以使用一張【擦彈】來抵消【彈幕】的效果。"""
    s = Scenario("thb", ["Tewi", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")     # one legal target: not asked
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1) == []


def test_nullify_chain_of_three():
    """好人卡：一張符卡對一名目標角色生效前，你可以使用此牌來抵消該符卡對其目標角色產生的效果。
    A 好人卡 is a spell, so it can be answered by another: three in a chain cancel the spell."""
    s = Scenario("thb", ["Tewi", "Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    [n1] = s.hand(1, "Nullify♠2")
    [n2] = s.hand(0, "Nullify♡2")
    [n3] = s.hand(2, "Nullify♠Q")
    [victim] = s.hand(1, "Mochi♡3")
    # Tewi demolishes Koakuma; Koakuma nullifies; Tewi counters; Mokou counters the counter.
    s.answer(0, demo, [s.p(1)], n2, "pass")
    s.answer(1, n1)
    s.answer(2, n3)
    s.phase(0, "action_phase")
    assert victim in s.p(1).z["hand"].cards          # the Demolition was cancelled
    assert s.unscripted() == []
