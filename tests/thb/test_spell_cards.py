"""Scenario tests of THB's non-delayed spell cards (非延時符卡): 城管執法 隙間 尋龍尺 彈幕戰 五穀豐登 宴會
地圖炮 罪袋狂歡 塞錢箱 人形操控 好人卡.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes (see test_basic_cards.py).
"""
from spellcard.scenario import Scenario

from .helpers import FOUR, table, dist, discarded, names, play_cards


# ── 城管執法 ───────────────────────────────────────────────────────────────────
def test_demolition_discards_a_hand_card():
    """城管執法：出牌階段，對一名其他角色使用，棄置其區域內的一張牌。"""
    s = table(["Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    [m] = s.hand(1, "Mochi♡3")
    [ufo] = s.equip(1, "GreenUfo♡K")
    s.answer(0, demo, "手牌", "pass")
    s.phase(0, "action_phase")
    assert m in discarded(s) and demo in discarded(s)
    assert s.p(1).z["hand"].cards == []
    assert s.p(1).z["equip_zone"].cards == [ufo]


def test_demolition_discards_an_equipment_card_and_its_effect():
    """城管執法：…棄置其區域內的一張牌。 An equipment card: the wearer loses its effect (綠色UFO +1)."""
    s = table(FOUR)
    [demo] = s.hand(0, "Demolition♠3")
    s.hand(1, "Mochi♡3")
    [ufo] = s.equip(1, "GreenUfo♡K")
    assert dist(s, 0, 1) == 2
    s.answer(0, demo, "裝備區", "pass")              # Mokou is the only one with cards: not asked
    s.phase(0, "action_phase")
    assert ufo in discarded(s)
    assert s.cards_in(1) == ["Mochi"]
    assert dist(s, 0, 1) == 1


def test_demolition_discards_a_judge_zone_card():
    """城管執法：…棄置其區域內的一張牌。 The judge zone is one of the zones (區域內的牌包括手牌，裝備區的牌和判定區的牌)."""
    s = table(["Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    s.hand(1, "Mochi♡3")
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    s.answer(0, demo, "判定區", "pass")
    s.phase(0, "action_phase")
    assert seal in discarded(s)
    assert s.cards_in(1, "judge_zone") == [] and s.cards_in(1) == ["Mochi"]


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


def test_demolition_has_no_range_limit():
    """城管執法：出牌階段，對一名其他角色使用 — any other character, however far."""
    s = table(FOUR)
    [demo] = s.hand(0, "Demolition♠3")
    s.hand(1, "Graze♡2")
    s.hand(2, "Graze♢2")
    s.hand(3, "Graze♢3")
    s.answer(0, demo, s.p(2), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Rumia", "Marisa"]
    assert s.cards_in(2) == [] and s.cards_in(1) == ["Graze"]


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


def test_demolition_not_on_oneself():
    """城管執法：出牌階段，對一名其他角色使用 — the user, though holding cards, is not offered."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [demo, g] = s.hand(0, "Demolition♠3", "Graze♡2")
    s.hand(1, "Mochi♡3")
    s.hand(2, "Mochi♡4")
    s.answer(0, demo, s.p(2), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Rumia"]
    assert s.p(0).z["hand"].cards == [g]
    assert s.cards_in(2) == [] and s.cards_in(1) == ["Mochi"]


# ── 隙間 ───────────────────────────────────────────────────────────────────────
def test_gap_takes_a_card_from_an_adjacent_character():
    """隙間：出牌階段，對距離為1的一名其他角色使用，獲得其區域內的一張牌。"""
    s = table(["Koakuma", "Mokou"])
    [gap] = s.hand(0, "GapSteal♠5")
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, gap, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [m]
    assert s.cards_in(1) == []
    assert gap in discarded(s)


def test_gap_takes_equipment_into_hand():
    """隙間：…獲得其區域內的一張牌。 Equipment taken goes to the user's hand; its wearer loses its effect."""
    s = table(FOUR)
    [gap] = s.hand(0, "GapSteal♠5")
    s.hand(3, "Graze♡2")
    [ufo] = s.equip(1, "RedUfo♣K")
    s.answer(0, gap, s.p(1), "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [ufo]
    assert s.cards_in(1, "equip_zone") == []
    assert dist(s, 1, 3) == 2   # Mokou's 紅色UFO no longer counts


def test_gap_only_at_distance_one():
    """隙間：出牌階段，對距離為1的一名其他角色使用 — seat 2 of four is at distance 2."""
    s = table(FOUR)
    [gap] = s.hand(0, "GapSteal♠5")
    s.hand(1, "Graze♡2")
    s.hand(2, "Graze♢2")
    s.hand(3, "Graze♢3")
    s.answer(0, gap, s.p(3), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Marisa"]
    assert s.cards_in(0) == ["Graze"] and s.cards_in(3) == []


def test_gap_not_usable_when_only_far_characters_have_cards():
    """隙間：對距離為1的一名其他角色使用 — only Rumia (distance 2) has a card, so 隙間 cannot be used."""
    s = table(FOUR)
    [gap] = s.hand(0, "GapSteal♠5")
    s.hand(2, "Graze♢2")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    assert s.p(0).z["hand"].cards == [gap]


def test_gap_reaches_farther_with_a_red_ufo():
    """隙間：…對距離為1的一名其他角色使用 … 紅色UFO：當你計算和其他角色的距離時,在原有的基礎上減少相應距離。"""
    s = table(FOUR)
    s.equip(0, "RedUfo♣K")
    [gap] = s.hand(0, "GapSteal♠5")
    [g] = s.hand(2, "Graze♢2")
    s.answer(0, gap, "pass")                         # Rumia is the only one with a card
    s.phase(0, "action_phase")
    assert g in s.p(0).z["hand"].cards


def test_gap_not_usable_on_someone_with_no_cards():
    """隙間：…獲得其區域內的一張牌。 Two players, the other has no card at all: not usable."""
    s = table(["Koakuma", "Mokou"])
    [gap] = s.hand(0, "GapSteal♠5")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []
    assert s.p(0).z["hand"].cards == [gap]


# ── 尋龍尺 ─────────────────────────────────────────────────────────────────────
def test_dowsing_rod_draws_two_from_the_top():
    """尋龍尺：非延時符卡，出牌階段使用，從牌堆摸兩張牌。"""
    s = table(["Koakuma", "Mokou"])
    [rod] = s.hand(0, "DowsingRod♡7")
    top = s.deck_top("Danmaku♠7", "Graze♡2", "Mochi♡3")
    s.answer(0, rod, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == top[:2]
    assert s.deck.cards[-1] is top[2]
    assert rod in discarded(s)


# ── 彈幕戰 ─────────────────────────────────────────────────────────────────────
def test_duel_target_without_danmaku_takes_damage():
    """彈幕戰：出牌階段，對一名其他角色使用，由目標角色開始，輪流打出一張【彈幕】。
    首先不打出【彈幕】的一方受到另一方造成的1點傷害。"""
    s = table(["Koakuma", "Mokou"])
    [duel, d] = s.hand(0, "DanmakuDuel♠A", "Danmaku♠7")
    s.answer(0, duel, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3 and s.value(0, "hp") == 4
    assert d in s.p(0).z["hand"].cards               # the user never had to play one


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


def test_duel_user_may_decline_and_take_the_damage():
    """彈幕戰：…首先不打出【彈幕】的一方受到另一方造成的1點傷害。 Playing is a choice."""
    s = table(["Koakuma", "Mokou"])
    [duel, u1] = s.hand(0, "DanmakuDuel♠A", "Danmaku♠7")
    [t1] = s.hand(1, "Danmaku♣7")
    s.answer(0, duel, "pass", "pass")                # declines to play u1
    s.answer(1, t1)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3 and s.value(1, "hp") == 4
    assert s.p(0).z["hand"].cards == [u1]


def test_duel_danmaku_are_played_not_used():
    """彈幕戰：…輪流打出一張【彈幕】 — 打出, not 使用, so they do not count toward
    >>默認情況下，出牌階段你只能使用一張【彈幕】: the user may still use a 彈幕 afterwards."""
    s = table(["Koakuma", "Mokou"])
    [duel, u1, u2] = s.hand(0, "DanmakuDuel♠A", "Danmaku♠7", "Danmaku♠8")
    [t1] = s.hand(1, "Danmaku♣7")
    s.answer(0, duel, u1, u2, "pass")
    s.answer(1, t1)
    s.phase(0, "action_phase")
    assert s.value(0, "danmaku_used") == 1
    assert s.value(1, "hp") == 2                     # duel damage, then the 彈幕
    assert s.cards_in(0) == []


def test_duel_between_plain_characters_needs_one_danmaku_each_round():
    """彈幕戰：…輪流打出一張【彈幕】 — neither side has 迷津慈航斬, so one 彈幕 per round on both sides."""
    s = table(["Rumia", "Marisa"])
    [duel, u1, u2] = s.hand(0, "DanmakuDuel♣A", "Danmaku♠7", "Danmaku♠8")
    [t1, t2, t3] = s.hand(1, "Danmaku♣7", "Danmaku♣8", "Danmaku♣10")
    s.answer(0, duel, u1, u2, "pass")
    s.answer(1, t1, t2, t3)
    s.phase(0, "action_phase")
    # Marisa, Rumia, Marisa, Rumia, Marisa: Rumia then has none
    assert s.value(0, "hp") == 2 and s.value(1, "hp") == 4
    assert s.cards_in(1) == []


def test_duel_against_youmu_needs_two_danmaku_each_time():
    """迷津慈航斬：…與你進行【彈幕戰】的角色每次需連續打出兩張【彈幕】。 (with 彈幕戰's 輪流打出一張【彈幕】)"""
    s = table(["Youmu", "Koakuma"])
    [duel] = s.hand(0, "DanmakuDuel♠A")
    [t1] = s.hand(1, "Danmaku♣7")
    s.answer(0, duel, "pass")
    s.answer(1, t1)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3                     # one was not enough
    assert t1 in discarded(s)


def test_duel_dying_target_rescued_by_mochi():
    """彈幕戰：…首先不打出【彈幕】的一方受到另一方造成的1點傷害。 MISS：當一個角色的體力降到0或更低時，
    即進入瀕死狀態，除非自己或他人在此時用【麻薯】來挽救該角色，否則該角色出局。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.set(1, hp=1)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    s.hand(2, "Graze♡2")
    [m] = s.hand(2, "Mochi♡3")
    s.answer(0, duel, s.p(1), "pass")
    s.answer(2, m)
    s.phase(0, "action_phase")
    assert s.p(1).alive and s.value(1, "hp") == 1
    assert m in discarded(s)


def test_duel_dying_target_rescues_itself_with_its_own_mochi():
    """MISS：…除非自己或他人在此時用【麻薯】來挽救該角色 — during 彈幕戰, the loser's own 麻薯."""
    s = table(["Koakuma", "Mokou"])
    s.set(1, hp=1)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, duel, "pass")
    s.answer(1, m)
    s.phase(0, "action_phase")
    assert s.p(1).alive and s.value(1, "hp") == 1
    assert s.cards_in(1) == []


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


def test_harvest_leftovers_are_discarded():
    """五穀豐登：…目標角色依次選擇並獲得這些牌中的一張。 好人卡 spares one target, so one revealed card
    is left over: it goes to the discard pile, not back to the deck."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [h] = s.hand(0, "Harvest♡3")
    [n] = s.hand(2, "Nullify♠2")
    a, b, c = s.deck_top("Danmaku♠7", "Graze♡2", "Mochi♡3")
    s.answer(0, h, a, "pass")
    s.answer(2, "pass", n)                           # lets Koakuma take, then nullifies Mokou's
    s.phase(0, "action_phase")
    assert s.cards_in(0) == ["Danmaku"]
    assert s.cards_in(1) == []
    assert s.cards_in(2) == ["Graze"]                # Rumia still took one (first left)
    assert c in discarded(s) and h in discarded(s) and n in discarded(s)
    assert s.game.z["processing"].cards == []


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


# ── 宴會 ───────────────────────────────────────────────────────────────────────
def test_feast_heals_the_wounded_and_makes_the_rest_drunk():
    """宴會：群體符卡，出牌階段，對所有角色使用。已受傷的角色回復一點體力，未受傷的角色獲得喝醉狀態。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.set(1, hp=2)
    [f] = s.hand(0, "Feast♡A")
    s.answer(0, f, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is True and s.value(0, "hp") == 4
    assert s.value(1, "hp") == 3 and s.value(1, "drunk") is False
    assert s.value(2, "drunk") is True and s.value(2, "hp") == 3


def test_feast_wounded_user_heals_too():
    """宴會：…對所有角色使用。已受傷的角色回復一點體力 — the user is one of all characters."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=3)
    [f] = s.hand(0, "Feast♡A")
    s.answer(0, f, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4 and s.value(0, "drunk") is False
    assert s.value(1, "drunk") is True


# ── 地圖炮 ─────────────────────────────────────────────────────────────────────
def test_map_cannon_hits_everyone_else_without_graze():
    """地圖炮：群體符卡，出牌階段，對除你以外的所有其他角色使用，目標角色需依次打出一張【擦彈】，
    否則該角色受到1點傷害。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [mc] = s.hand(0, "MapCannon♡A")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, mc, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(1, "hp") == 4 and g in discarded(s)
    assert s.value(2, "hp") == 2


def test_map_cannon_graze_may_be_withheld():
    """地圖炮：…目標角色需依次打出一張【擦彈】，否則該角色受到1點傷害。"""
    s = table(["Koakuma", "Mokou"])
    [mc] = s.hand(0, "MapCannon♡A")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, mc, "pass")
    s.answer(1, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.p(1).z["hand"].cards == [g]


# ── 罪袋狂歡 ───────────────────────────────────────────────────────────────────
def test_sinsack_carnival_asks_everyone_else_for_danmaku():
    """罪袋狂歡：群體符卡，出牌階段，對除你以外的所有其他角色使用，目標角色需依次打出一張【彈幕】，
    否則該角色受到1點傷害。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [sc] = s.hand(0, "SinsackCarnival♠7")
    [d] = s.hand(1, "Danmaku♣7")
    [g] = s.hand(2, "Graze♡2")                       # a 擦彈 does not answer it
    s.answer(0, sc, "pass")
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(1, "hp") == 4 and d in discarded(s)
    assert s.value(2, "hp") == 2 and s.p(2).z["hand"].cards == [g]


def test_sinsack_carnival_response_is_not_a_use():
    """罪袋狂歡：…目標角色需依次打出一張【彈幕】 — 打出: the responder's 彈幕 limit is untouched."""
    s = table(["Koakuma", "Mokou"])
    [sc] = s.hand(0, "SinsackCarnival♠7")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, sc, "pass")
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(1, "danmaku_used") == 0 and s.value(1, "hp") == 4


# ── 塞錢箱 ─────────────────────────────────────────────────────────────────────
def test_donation_box_two_targets_give_one_card_each_into_the_revealed_zone():
    """塞錢箱：群體符卡，出牌階段，對至多兩名其他角色使用，目標角色需將自己的一張牌置入你的明牌區。
    Reading T19: the cards become the user's hand cards, shown to everyone (the `shown` list)."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [box] = s.hand(0, "DonationBox♠A")
    [m, g1] = s.hand(1, "Mochi♡3", "Graze♡2")
    [g2] = s.hand(2, "Graze♢2")
    s.answer(0, box, [s.p(1), s.p(2)], "pass")
    s.answer(1, m)
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [m, g2]
    assert s.value(0, "shown") == [m, g2]
    assert s.p(1).z["hand"].cards == [g1] and s.cards_in(2) == []
    assert box in discarded(s)


def test_donation_box_one_target():
    """塞錢箱：…對至多兩名其他角色使用 — one target is enough."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [box, own] = s.hand(0, "DonationBox♠A", "Graze♢3")
    [m] = s.hand(1, "Mochi♡3")
    [g2] = s.hand(2, "Graze♢2")
    s.answer(0, box, [s.p(2)], "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [own, g2]
    assert s.value(0, "shown") == [g2]               # one's own card is not shown
    assert s.p(1).z["hand"].cards == [m]


def test_donation_box_equipment_can_be_given():
    """塞錢箱：…目標角色需將自己的一張牌置入你的明牌區 — an equipment card is one of one's cards."""
    s = table(["Koakuma", "Mokou"])
    [box] = s.hand(0, "DonationBox♠A")
    s.hand(1, "Mochi♡3")
    [ufo] = s.equip(1, "GreenUfo♡K")
    s.answer(0, box, "pass")
    s.answer(1, ufo)
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [ufo] and s.value(0, "shown") == [ufo]
    assert s.cards_in(1, "equip_zone") == []


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


def test_donation_box_judge_zone_is_not_given():
    """塞錢箱：…目標角色需將自己的一張牌置入你的明牌區 — a delayed spell lying in one's judge zone is
    not one's own card to give (upstream: hand and equipment only)."""
    s = table(["Koakuma", "Mokou"])
    [box] = s.hand(0, "DonationBox♠A")
    [m] = s.hand(1, "Mochi♡3")
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    s.answer(0, box, "pass")
    s.phase(0, "action_phase")
    assert s.asked(1, "cards") == []                # only the 麻薯 could be given
    assert s.p(0).z["hand"].cards == [m]
    assert s.p(1).z["judge_zone"].cards == [seal]


def test_shown_card_leaves_the_revealed_zone_when_used():
    """塞錢箱：…置入你的明牌區 (reading T19: a shown hand card). Once used it is no longer shown."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=3)
    [box] = s.hand(0, "DonationBox♠A")
    [m] = s.hand(1, "Mochi♡3")
    s.answer(0, box, m, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(0, "shown") == []


# ── 人形操控 ───────────────────────────────────────────────────────────────────
def test_doll_control_target_uses_danmaku_on_the_designated_player():
    """人形操控：出牌階段，對裝備區內有武器牌的一名其他角色使用，令其選擇一項：對其攻擊範圍內一名由你
    指定的角色使用一張【彈幕】，或將武器交給你。"""
    s = table(FOUR)
    [dc] = s.hand(0, "DollControl♣K")
    [w] = s.equip(1, "Roukanken♠4")                  # range 3: Mokou reaches everyone
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, dc, s.p(3), "pass")                  # Mokou is the only one with a weapon
    s.answer(1, d)
    s.phase(0, "action_phase")
    [victims] = s.asked(0, "players")
    assert names(victims.options) == ["Rumia", "Marisa", "Koakuma"]
    assert s.value(3, "hp") == 3
    assert s.p(1).z["equip_zone"].cards == [w]
    assert d in discarded(s)


def test_doll_control_target_gives_the_weapon_instead():
    """人形操控：…令其選擇一項：…或將武器交給你。"""
    s = table(FOUR)
    [dc] = s.hand(0, "DollControl♣K")
    [w] = s.equip(1, "Roukanken♠4")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, dc, s.p(3), "pass")
    s.answer(1, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [w]
    assert s.cards_in(1, "equip_zone") == [] and s.p(1).z["hand"].cards == [d]
    assert s.value(3, "hp") == 4


def test_doll_control_user_may_designate_themself():
    """人形操控：…對其攻擊範圍內一名由你指定的角色使用一張【彈幕】 — Koakuma (distance 1) may name herself."""
    s = table(["Koakuma", "Mokou"])
    [dc] = s.hand(0, "DollControl♣K")
    s.equip(1, "Roukanken♠4")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, dc, "pass")
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3


def test_doll_control_only_the_targets_attack_range():
    """人形操控：…對其攻擊範圍內一名由你指定的角色 — with 八卦爐 (攻擊範圍：1) Mokou reaches only seats 0
    and 2, not Marisa (seat 3, distance 2)."""
    s = table(FOUR)
    [dc] = s.hand(0, "DollControl♣K")
    s.equip(1, "MiniHakkero♢A")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, dc, s.p(2), "pass")
    s.answer(1, d)
    s.phase(0, "action_phase")
    [victims] = s.asked(0, "players")
    assert names(victims.options) == ["Rumia", "Koakuma"]
    assert s.value(2, "hp") == 2


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
def test_nullify_cancels_a_spell_on_its_target():
    """好人卡：一張符卡對一名目標角色生效前，你可以使用此牌來抵消該符卡對其目標角色產生的效果。"""
    s = table(["Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    [n, m] = s.hand(1, "Nullify♠2", "Mochi♡3")
    s.answer(0, demo, "pass")
    s.answer(1, n)
    s.phase(0, "action_phase")
    assert s.p(1).z["hand"].cards == [m]
    assert n in discarded(s) and demo in discarded(s)


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


def test_nullify_chain_of_four_cancels_nothing():
    """好人卡 … a chain of four: the fourth cancels the third, which cancelled the second, so the first
    stands and the spell is cancelled."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [demo, n2] = s.hand(0, "Demolition♠3", "Nullify♡2")
    [n1, n4, victim] = s.hand(1, "Nullify♠2", "Nullify♣Q", "Mochi♡3")
    [n3] = s.hand(2, "Nullify♠Q")
    s.answer(0, demo, s.p(1), "pass", n2, "pass")     # not against her own spell; then against n1
    s.answer(1, n1, "pass", n4)                       # n1; lets Rumia answer n2; n4 against n3
    s.answer(2, n3)
    s.phase(0, "action_phase")
    # n4 cancels n3, so n2 stands and cancels n1: the 城管執法 takes effect, on the last hand card
    assert victim in discarded(s)
    assert s.cards_in(1) == []
    assert s.unscripted() == []


def test_nullify_spares_one_target_of_a_group_spell():
    """好人卡：…抵消該符卡對其目標角色產生的效果 — only for that one target of 地圖炮."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [mc] = s.hand(0, "MapCannon♡A")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(0, mc, "pass")
    s.answer(1, n)                                   # for herself; none left for Rumia
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.value(2, "hp") == 2


def test_nullify_cancels_a_self_targeted_spell():
    """好人卡：一張符卡對一名目標角色生效前 … 尋龍尺 (從牌堆摸兩張牌) targets its user: cancelled, no draw."""
    s = table(["Koakuma", "Mokou"])
    [rod] = s.hand(0, "DowsingRod♡7")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(0, rod, "pass")
    s.answer(1, n)
    s.phase(0, "action_phase")
    assert s.cards_in(0) == []
    assert rod in discarded(s) and n in discarded(s)


def test_nullify_spares_one_target_of_feast():
    """好人卡：…抵消該符卡對其目標角色產生的效果 — 宴會 still heals the others."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.set(1, hp=2)
    s.set(2, hp=2)
    [f] = s.hand(0, "Feast♡A")
    [n] = s.hand(0, "Nullify♡2")
    s.answer(0, f, n, "pass")                        # against the first target: Koakuma herself
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is False              # nullified for Koakuma
    assert s.value(1, "hp") == 3 and s.value(2, "hp") == 3


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


def test_nullify_may_be_used_for_another():
    """好人卡：…你可以使用此牌來抵消該符卡對其目標角色產生的效果 — a third player can protect the target."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [demo] = s.hand(0, "Demolition♠3")
    [m] = s.hand(1, "Mochi♡3")
    [n] = s.hand(2, "Nullify♠2")
    s.answer(0, demo, s.p(1), "pass")
    s.answer(2, n)
    s.phase(0, "action_phase")
    assert s.p(1).z["hand"].cards == [m]
    assert n in discarded(s)
