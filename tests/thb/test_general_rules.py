"""Scenario tests of THB's general rules: the phases, the deck, distance and attack range, dying and
death, and the drunk state.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.

Most of these tests are written in the language, in rules/thb/tests/general_rules.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import FOUR, table, discarded


# ── Ⅱ 判定階段 ─────────────────────────────────────────────────────────────────
def test_judge_phase_last_placed_first():
    """Ⅱ判定階段：若面前橫置有兩種或更多的延時類符卡，從最後一個施加的符卡開始判定（最早放置的最後判定）。
    凍青蛙 was placed first, 封魔陣 last: 封魔陣 takes the first card (♠: skip the action phase), 凍青蛙
    the second (♡: skip the draw phase). The other order would skip nothing."""
    s = table(["Koakuma", "Mokou"])
    [frog] = s.zone(1, "judge_zone", "FrozenFrog♣5")
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    [j1, j2] = s.deck_top("Danmaku♠7", "Graze♡2")
    s.game.skipped = set()
    s.phase(1, "judge_phase")
    assert s.game.skipped == {"action_phase", "draw_phase"}
    assert discarded(s) == [j1, seal, j2, frog]


# ── Ⅲ 摸牌階段 ─────────────────────────────────────────────────────────────────


def test_empty_deck_reshuffles_the_discard_pile():
    """當需要摸牌或將要對牌堆產生影響時，牌堆沒牌，則立即將棄牌堆洗混後形成新的摸牌堆。"""
    s = table(["Koakuma", "Mokou"])
    total = len(s.deck.cards)
    s.game.move(list(s.deck.cards), s.game.z["discard_pile"])
    s.phase(0, "draw_phase")
    assert len(s.p(0).z["hand"].cards) == 2
    assert len(s.deck.cards) == total - 2
    assert discarded(s) == []


def test_reshuffle_in_the_middle_of_a_draw():
    """3.當牌堆沒牌時，則立即將棄牌堆洗混後形成新的牌堆。 One card left: it is drawn, then the discard
    pile becomes the deck for the second."""
    s = table(["Koakuma", "Mokou"])
    last = s.deck.cards[-1]
    rest = list(s.deck.cards[:-1])
    s.game.move(rest, s.game.z["discard_pile"])
    s.phase(0, "draw_phase")
    hand = s.p(0).z["hand"].cards
    assert hand[0] is last and hand[1] in rest
    assert len(s.deck.cards) == len(rest) - 1 and discarded(s) == []


def test_judgement_reshuffles_an_empty_deck():
    """當需要摸牌或將要對牌堆產生影響時，牌堆沒牌，則立即將棄牌堆洗混後形成新的摸牌堆。 — a judgement too."""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    total = len(s.deck.cards)
    s.game.move(list(s.deck.cards), s.game.z["discard_pile"])
    s.phase(1, "judge_phase")
    assert len(s.deck.cards) == total - 1
    assert len(discarded(s)) == 2 and seal in discarded(s)


# ── Ⅳ 出牌階段 ─────────────────────────────────────────────────────────────────
def test_action_phase_one_danmaku_and_any_number_of_other_cards():
    """Ⅳ出牌階段：可以使用0到任意張牌，…1. 每個出牌階段僅限使用一次【彈幕】。
    如無特殊說明，遊戲牌在使用後均需棄置（放入棄牌堆）。"""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=2)
    [d1, d2, m1, m2, rod] = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Mochi♡3", "Mochi♡4", "DowsingRod♡7")
    s.answer(0, d1, m1, m2, rod, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4 and s.value(1, "hp") == 3
    assert {d1, m1, m2, rod} <= set(discarded(s))
    assert d2 in s.p(0).z["hand"].cards and len(s.p(0).z["hand"].cards) == 3
    last = s.asked(0, "play")[-1]
    assert all(o is None or o.card is None or o.card.kind.name != "Danmaku" for o in last.options)


# ── Ⅴ 棄牌階段 ─────────────────────────────────────────────────────────────────
def test_discard_phase_down_to_current_hp():
    """Ⅴ棄牌階段：…檢查手牌數是否超出當前的體力值（手牌上限等於當前的體力值），每超出一張，需要棄一張手牌。"""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=2)
    cards = s.hand(0, "Danmaku♠7", "Graze♡2", "Mochi♡3", "Sake♠9")
    s.answer(0, [cards[0], cards[3]])
    s.phase(0, "discard_phase")
    assert s.p(0).z["hand"].cards == cards[1:3]
    assert cards[0] in discarded(s) and cards[3] in discarded(s)
    [d] = s.asked(0, "cards")
    assert d.min == d.max == 2


# ── 距離 and 攻擊範圍 ──────────────────────────────────────────────────────────


def test_green_ufo_puts_a_neighbour_out_of_range():
    """綠色UFO：當其他角色計算和你的距離時,在原有的基礎上增加相應距離。 So a neighbour is at distance 2,
    out of the default attack range 1: a 彈幕 cannot reach her."""
    s = table(["Koakuma", "Mokou"])
    s.equip(1, "GreenUfo♡K")
    [d] = s.hand(0, "Danmaku♠7")
    s.phase(0, "action_phase")
    [play] = s.asked(0, "play")
    assert all(o is None or o.card is not d for o in play.options)
    assert s.value(1, "hp") == 4


# ── 瀕死 and MISS ──────────────────────────────────────────────────────────────
def test_dying_asks_for_mochi_in_seat_order_from_the_current_player():
    """MISS：當一個角色的體力降到0或更低時，即進入瀕死狀態，除非自己或他人在此時用【麻薯】來挽救該角色，
    否則該角色出局。 Asked in seat order from the current player: Mokou declines, Marisa saves."""
    s = table(FOUR)
    s.set(2, hp=1)
    s.equip(0, "Roukanken♠4")
    [d] = s.hand(0, "Danmaku♠7")
    [m1] = s.hand(1, "Mochi♡3")
    [m3] = s.hand(3, "Mochi♡4")
    s.answer(0, d, s.p(2), "pass")
    s.answer(1, "pass")
    s.answer(3, m3)
    s.phase(0, "action_phase")
    assert s.p(2).alive and s.value(2, "hp") == 1
    assert s.p(1).z["hand"].cards == [m1] and m3 in discarded(s)
    asks = [l for l in s.log() if '"ask"' in l and "麻薯" in l]
    assert [l.split(",")[1] for l in asks] == ['"P1"', '"P3"']
    assert s.unscripted() == []


def test_death_discards_every_card_and_reveals_identity():
    """MISS：…否則該角色出局。角色出局後，棄置該角色所有牌及判定區裡的牌。 玩家的身份會在MISS後公開。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Tewi"], mode="Identity5Mode")
    for seat, role in enumerate(["Boss", "Accomplice", "Attacker", "Attacker", "Mastermind"]):
        s.p(seat).v["role"] = role
    s.set(1, hp=1)
    [d] = s.hand(0, "Danmaku♠7")
    held = s.hand(1, "Graze♡2", "Sake♠9")
    worn = s.equip(1, "GreenUfo♡K")
    [frog] = s.zone(1, "judge_zone", "FrozenFrog♣5")
    s.equip(0, "Roukanken♠4")
    s.answer(0, d, s.p(1), "pass")
    s.answer(1, "pass")                                # keeps the 擦彈
    s.phase(0, "action_phase")
    assert not s.p(1).alive
    assert s.value(1, "role_shown") is True
    assert [s.cards_in(1, z) for z in ("hand", "equip_zone", "judge_zone")] == [[], [], []]
    assert set(held + worn + [frog]) <= set(discarded(s))
    assert s.value(2, "role_shown") is False
