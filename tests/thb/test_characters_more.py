"""Scenario tests of THB characters (2/2): 伊吹萃香, 八雲紫, 蓬萊山輝夜, 霍青娥, 八雲藍, 因幡帝, 小惡魔,
藤原妹紅, 露米婭. Each docstring quotes the skill's sentence from the rulebook (角色資料).

Most of these tests are written in the language, in rules/thb/tests/characters_more.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import MODE, discarded, offered_plays, sealed_by_imperishable_night, zone_cards


# ── 伊吹萃香 ──────────────────────────────────────────────────────────────────


def test_drunken_god_only_once():
    """醉神：覺醒技… — an awakening happens once: equipping the gourd again costs no more max HP."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    [gourd] = s.equip(0, "IbukiGourd♣9")
    assert s.value(0, "max_hp") == 3
    s.game.move([gourd], s.p(0).z["hand"])
    s.answer(0, gourd, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0, "equip_zone") == [gourd]
    assert s.value(0, "max_hp") == 3
    assert s.fired("DrunkenGod") == 1         # the first equip only


# ── 八雲紫 ────────────────────────────────────────────────────────────────────


def test_boundary_needs_a_hand_card():
    """境界：你可以棄置一張手牌並跳過… — no hand card, no skip."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    [top] = s.deck_top("Danmaku♠7", "Mochi♡3")[:1]
    s.phase(0, "draw_phase")
    assert top in zone_cards(s, 0)
    assert s.asked(0) == []


# ── 蓬萊山輝夜 ────────────────────────────────────────────────────────────────


def test_imperishable_night_red_basic_used_off_turn():
    """永夜：你的回合外，當一名其他角色的紅色基本牌因使用進入棄牌堆時，你可以將一張紅色牌當【封魔陣】
    置於該角色的判定區里，此牌必須為基本牌或裝備牌。"""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    red = sealed_by_imperishable_night(s)
    assert zone_cards(s, 0, "judge_zone") == [red]
    assert red.kind.name == "SealingArray"     # the 擦彈 stands as 封魔陣 there
    s.deck_top("Danmaku♠7")
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert red.kind.name == "Graze" and red in discarded(s)


# ── 霍青娥 ────────────────────────────────────────────────────────────────────


def test_wicked_hermit_uses_the_other_players_range():
    """邪仙：…在合法的情況下，以一名其他玩家的身份使用。 — legality is the other player's: distance from them."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou", "Tewi", "Rumia"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, "WickedHermit", s.p(2), s.p(3), "pass")   # as Mokou, at Tewi (Mokou's neighbour)
    s.phase(0, "action_phase")
    assert s.value(3, "hp") == 3
    [targets] = s.asked(0, "players")[1:]
    assert set(targets.options) == {s.p(1), s.p(3)}


# ── 八雲藍 ────────────────────────────────────────────────────────────────────
def test_divine_calculation_rearranges_the_top_cards():
    """神算：準備階段開始時，你可以觀看牌堆頂的X張牌，將其中任意數量的牌以任意順序的置於牌堆頂，其餘以任意順序
    置於牌堆底。（X為場上存活角色的數量，且至多為5）"""
    s = Scenario("thb", ["Ran", "Koakuma", "Mokou"], mode=MODE)
    a, b, c = s.deck_top("Danmaku♠7", "Mochi♡3", "Graze♡2")
    s.answer(0, True, [a], c)                  # a to the bottom; c on top, then (the last) b
    s.phase(0, "prepare_phase")
    assert s.deck.cards[-1] is c and s.deck.cards[-2] is b
    assert s.deck.cards[0] is a
    [seen] = s.asked(0, "cards")[:1]
    assert len(seen.options) == 3              # X = 3 living characters


def test_divine_calculation_at_most_five():
    """神算：…（X為場上存活角色的數量，且至多為5）"""
    s = Scenario("thb", ["Ran", "Koakuma", "Mokou", "Tewi", "Rumia", "Reimu"], mode=MODE)
    s.answer(0, True)
    s.phase(0, "prepare_phase")
    assert len(s.asked(0, "cards")[0].options) == 5


def test_extreme_intelligence_resolves_a_spell_again():
    """極智：你的回合外，當一張非延時符卡對一名角色生效後，你可以棄置一張牌對該角色重新進行一次結算，
    此時發動者視為你。每輪限一次。"""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(2, "Mochi♡3", "Mochi♡4")
    [cost] = s.hand(1, "Danmaku♠7")
    s.answer(0, demo, s.p(2), "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 2) == []              # two cards demolished
    assert cost in discarded(s)
    assert [e["user"] for e in s.events("resolve")] == ["P0", "P1"]   # the second time, Ran's


def test_extreme_intelligence_the_user_is_ran():
    """極智：…此時發動者視為你。 — the re-resolved 地圖炮's damage is Ran's."""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    s.hand(0, "MapCannon♡A")
    s.hand(1, "Danmaku♠7")
    s.answer(0, "MapCannon", "pass")
    s.answer(1, False, True)                    # not on herself (the first target); on Mokou
    s.phase(0, "action_phase")
    sources = [(e["target"], e["source"]) for e in s.events("damage")]
    assert ("P2", "P1") in sources              # Mokou hit again, by Ran


# ── 小惡魔 ────────────────────────────────────────────────────────────────────
def test_find_discards_and_draws_as_many():
    """尋找：出牌階段限一次，你可以棄置任意數量的牌，然後摸等量的牌。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    a, b, keep = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Mochi♡3")
    [w] = s.equip(0, "Roukanken♠4")
    top = s.deck_top("Graze♡2", "Graze♢2", "Graze♡3")
    s.answer(0, "Find", [a, b, w], "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 0)) == {keep, *top}
    assert zone_cards(s, 0, "equip_zone") == []
    assert "Find" not in offered_plays(s, 0)[1]    # 限一次
