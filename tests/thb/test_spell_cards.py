"""Scenario tests of THB's non-delayed spell cards (非延時符卡): 城管執法 隙間 尋龍尺 彈幕戰 五穀豐登 宴會
地圖炮 罪袋狂歡 塞錢箱 人形操控 好人卡.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes (see test_basic_cards.py).
"""
from spellcard.scenario import Scenario

from .helpers import FOUR, table, discarded, play_cards


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


def test_demolition_not_usable_on_someone_with_no_cards():
    """城管執法：…棄置其區域內的一張牌。 With no card at all a character is no target; if nobody has
    one, the card cannot be used."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [demo] = s.hand(0, "Demolition♠3")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    s.hand(2, "Graze♡2")
    s.answer(0, demo, "pass")                        # Rumia is the only legal target: not asked
    s.phase(0, "action_phase")
    assert s.asked(0, "players") == []
    assert s.cards_in(2) == []


# ── 隙間 ───────────────────────────────────────────────────────────────────────


def test_gap_not_usable_when_only_far_characters_have_cards():
    """隙間：對距離為1的一名其他角色使用 — only Rumia (distance 2) has a card, so 隙間 cannot be used."""
    s = table(FOUR)
    [gap] = s.hand(0, "GapSteal♠5")
    s.hand(2, "Graze♢2")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    assert s.p(0).z["hand"].cards == [gap]


def test_gap_not_usable_on_someone_with_no_cards():
    """隙間：…獲得其區域內的一張牌。 Two players, the other has no card at all: not usable."""
    s = table(["Koakuma", "Mokou"])
    [gap] = s.hand(0, "GapSteal♠5")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    assert s.p(0).z["hand"].cards == [gap]




# ── 彈幕戰 ─────────────────────────────────────────────────────────────────────


def test_duel_alternates_until_one_side_runs_out():
    """彈幕戰：…由目標角色開始，輪流打出一張【彈幕】。首先不打出【彈幕】的一方受到另一方造成的1點傷害。
    Target 2 彈幕, user 1: target, user, target, then the user has none and takes the damage."""
    s = table(["Koakuma", "Mokou"])
    [duel, u1] = s.hand(0, "DanmakuDuel♠A", "Danmaku♠7")
    [t1, t2] = s.hand(1, "Danmaku♣7", "Danmaku♣8")
    s.answer(0, duel, u1, "pass")
    s.answer(1, t1, t2)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3 and s.value(1, "hp") == 4
    assert {u1, t1, t2} <= set(discarded(s))
    assert s.cards_in(0) == [] and s.cards_in(1) == []


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


def test_harvest_counts_living_players_only():
    """五穀豐登：…你從牌堆頂亮出等同於現存角色數量的牌 — four seats, one dead: three cards."""
    s = table(FOUR)
    s.perform("death", target=s.p(2))
    [h] = s.hand(0, "Harvest♡3")
    a, b, c, rest = s.deck_top("Danmaku♠7", "Graze♡2", "Mochi♡3", "Sake♠9")
    s.answer(0, h, a, "pass")
    s.answer(1, b)
    s.phase(0, "action_phase")
    assert [s.cards_in(i) for i in range(4)] == [["Danmaku"], ["Graze"], [], ["Mochi"]]
    assert s.deck.cards[-1] is rest


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








# ── 塞錢箱 ─────────────────────────────────────────────────────────────────────


def test_donation_box_not_on_someone_with_no_cards():
    """塞錢箱：…目標角色需將自己的一張牌置入你的明牌區 — no card to give, no target (one without any
    is not even offered); with nobody holding a card it cannot be used."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [box] = s.hand(0, "DonationBox♠A")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    [g] = s.hand(2, "Graze♢2")
    s.answer(0, box, "pass")                         # only Rumia can be chosen: not asked
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [g]


# ── 人形操控 ───────────────────────────────────────────────────────────────────


def test_doll_control_without_danmaku_gives_the_weapon():
    """人形操控：…令其選擇一項：…或將武器交給你。 No 彈幕 to use: only the weapon is left to give."""
    s = table(["Koakuma", "Mokou"])
    [dc] = s.hand(0, "DollControl♣K")
    [w] = s.equip(1, "Roukanken♠4")
    s.answer(0, dc, "pass")
    s.phase(0, "action_phase")
    assert s.asked(1, "card") == []
    assert s.p(0).z["hand"].cards == [w]


def test_doll_control_needs_a_weapon():
    """人形操控：出牌階段，對裝備區內有武器牌的一名其他角色使用 — nobody has a weapon: not usable."""
    s = table(["Koakuma", "Mokou"])
    [dc] = s.hand(0, "DollControl♣K")
    s.equip(1, "GreenUfo♡K")
    s.hand(1, "Danmaku♣7")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    assert s.p(0).z["hand"].cards == [dc]


# ── 好人卡 ─────────────────────────────────────────────────────────────────────


def test_nullify_countered_by_nullify_lets_the_spell_through():
    """好人卡：一張符卡對一名目標角色生效前，你可以使用此牌來抵消該符卡 — 好人卡 is itself a 符卡, so a
    second one cancels the first and the 城管執法 takes effect."""
    s = table(["Koakuma", "Mokou"])
    [demo, n2] = s.hand(0, "Demolition♠3", "Nullify♡2")
    [n1, m] = s.hand(1, "Nullify♠2", "Mochi♡3")
    # players are asked in seat order from the current one: Koakuma first lets her own spell be
    s.answer(0, demo, "pass", n2, "pass")
    s.answer(1, n1)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == []                       # the 城管執法 took the 麻薯
    assert {demo, n1, n2, m} <= set(discarded(s))
    assert s.unscripted() == []


def test_nullify_cannot_answer_danmaku():
    """好人卡：一張符卡對一名目標角色生效前 — a 彈幕 is not a 符卡: no one is asked."""
    s = table(["Koakuma", "Mokou"])
    [d] = s.hand(0, "Danmaku♠7")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.asked(1, "card") == []
    assert s.value(1, "hp") == 3 and s.p(1).z["hand"].cards == [n]


def test_nullify_is_not_used_on_its_own():
    """好人卡：一張符卡對一名目標角色生效前，你可以使用此牌 — it has no use in the action phase by itself."""
    s = table(["Koakuma", "Mokou"])
    s.hand(0, "Nullify♠2")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
