"""Scenario tests of THB's non-delayed spell cards (非延時符卡): 城管執法 隙間 尋龍尺 彈幕戰 五穀豐登 宴會
地圖炮 罪袋狂歡 塞錢箱 人形操控 好人卡.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes (see test_basic_cards.py).

Most of these tests are written in the language, in rules/thb/tests/spell_cards.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import table, discarded


# ── 城管執法 ───────────────────────────────────────────────────────────────────


def test_demolition_may_choose_among_shown_cards():
    """城管執法：…棄置其區域內的一張牌。 Shown cards (明牌區, reading T19: hand cards everyone can see) are
    chosen by sight, not drawn blind from the hand."""
    s = table(["Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    [h, c1, c2] = s.hand(1, "Graze♡2", "Mochi♡3", "Mochi♡4")
    s.set(1, shown=[c1, c2])
    s.answer(0, demo, "明牌區", c2, "pass")
    s.phase(0, "action_phase")
    [where] = [d for d in s.asked(0, "option")]
    assert where.options == ["手牌", "明牌區"]
    assert c2 in discarded(s)
    assert s.p(1).z["hand"].cards == [h, c1] and s.value(1, "shown") == [c1]


def test_gap_blind_hand_pick_never_takes_a_shown_card():
    """隙間：…獲得其區域內的一張牌。 Choosing 手牌 takes one of the unseen hand cards."""
    s = table(["Koakuma", "Mokou"])
    [gap] = s.hand(0, "GapSteal♠5")
    [h, c1] = s.hand(1, "Graze♡2", "Mochi♡3")
    s.set(1, shown=[c1])
    s.answer(0, gap, "手牌", "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [h]
    assert s.p(1).z["hand"].cards == [c1] and s.value(1, "shown") == [c1]


# ── 彈幕戰 ─────────────────────────────────────────────────────────────────────


def test_duel_damage_source_is_the_winner():
    """彈幕戰：…受到另一方造成的1點傷害 — the other side is the source: an 城管 who loses a 彈幕戰 and
    dies gives the winner the bounty (城管：…當城管MISS時，擊墜者摸3張牌。)."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Tewi"], mode="Identity5Mode")
    for seat, role in enumerate(["Boss", "Attacker", "Attacker", "Accomplice", "Mastermind"]):
        s.p(seat).v["role"] = role
    s.set(1, hp=1)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    s.hand(1, "Graze♡2")
    s.answer(0, duel, s.p(1), "pass")
    s.phase(0, "action_phase")
    assert not s.p(1).alive
    assert len(s.p(0).z["hand"].cards) == 3


# ── 五穀豐登 ───────────────────────────────────────────────────────────────────
def test_harvest_reveals_one_card_per_living_player_and_each_takes_one():
    """五穀豐登：群體符卡，出牌階段，對所有角色使用，你從牌堆頂亮出等同於現存角色數量的牌，
    目標角色依次選擇並獲得這些牌中的一張。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [h] = s.hand(0, "Harvest♡3")
    a, b, c, rest = s.deck_top("Danmaku♠7", "Graze♡2", "Mochi♡3", "Sake♠9")
    s.answer(0, h, b, "pass")
    s.answer(1, c)
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [b]
    assert s.p(1).z["hand"].cards == [c]
    assert s.p(2).z["hand"].cards == [a]             # the last one: not asked
    assert s.deck.cards[-1] is rest                  # exactly three were revealed
    first, second = [d for d in s.agents[0].log if d.what == "cards"] + [d for d in s.agents[1].log if d.what == "cards"]
    assert len(first.options) == 3 and len(second.options) == 2


def test_harvest_with_a_short_deck_reshuffles_for_the_rest():
    """五穀豐登：…你從牌堆頂亮出等同於現存角色數量的牌 — with one card left in the deck, 當需要摸牌或將要
    對牌堆產生影響時，牌堆沒牌，則立即將棄牌堆洗混後形成新的摸牌堆: the last card comes first."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [h] = s.hand(0, "Harvest♡3")
    last = s.deck.cards[-1]
    s.game.move(list(s.deck.cards[:-1]), s.game.z["discard_pile"])
    s.answer(0, h, last, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [last]
    assert len(s.p(1).z["hand"].cards) == 1 and len(s.p(2).z["hand"].cards) == 1
    assert s.game.z["processing"].cards == []
    [pick] = [d for d in s.agents[0].log if d.what == "cards"]
    assert pick.options[0] is last and len(pick.options) == 3
