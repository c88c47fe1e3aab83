"""Scenario tests of the THB characters added from the rulebook (角色資料) beyond the first sixteen:
森近霖之助, 納茲琳, 琪露諾, 十六夜咲夜, 八意永琳, 大妖精, 星熊勇儀, 紅美鈴, 多多良小傘, 愛麗絲, SP芙蘭朵露,
八坂神奈子, SP八雲紫, 小野冢小町. Each docstring quotes the skill's sentence from the rulebook.

Most of these tests are written in the language, in rules/thb/tests/characters_added.spell
(docs/testing.md); the ones here need Python.
"""

from .helpers import table, dist, zone_cards


# ── 琪露諾 ────────────────────────────────────────────────────────────────────
def test_perfect_freeze_black_basic_as_frozen_frog():
    """完美凍結：出牌階段，你可以將一張黑色牌當【凍青蛙】使用，此牌必須為基本牌或裝備牌…"""
    s = table(["Cirno", "Koakuma"])
    [black] = s.hand(0, "Danmaku♠7")
    s.answer(0, "FrozenFrog", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [black]
    assert black.kind.name == "FrozenFrog"
    s.deck_top("Mochi♡3")                      # not ♠: the draw phase is skipped
    s.phase(1, "judge_phase")
    assert "draw_phase" in s.game.skipped
    assert black.kind.name == "Danmaku"


# ── 小野冢小町 ────────────────────────────────────────────────────────────────
def test_higan_distance_one_until_end_of_turn():
    """彼岸：出牌階段限一次，你可以棄置一張牌並指定一名角色，你與其距離視為1直到回合結束。若該角色為全場體力最少的
    角色（或之一），你可以棄置其一張牌或摸一張牌。"""
    s = table(["Komachi", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [cost, d] = s.hand(0, "Mochi♡3", "Danmaku♠7")
    s.set(2, hp=2)                             # the lowest HP on the table
    assert dist(s, 0, 2) == 2
    [top] = s.deck_top("Graze♡2")
    s.answer(0, "Higan", cost, s.p(2), d, s.p(2), "pass")   # Mokou has no card: Komachi draws
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 1               # reached at distance 1
    assert zone_cards(s, 0) == [top]           # and she drew one
    s.game.serial["turn"] += 1
    s.game.turns += 1                          # the next turn: back to 2
    assert dist(s, 0, 2) == 2


def test_kof_unbalanced_characters_are_tagged():
    """★KOF不平衡角色 — marked in the rulebook for 風見幽香, 八意永琳, 琪露諾, 二岩猯藏 and 八坂神奈子."""
    s = table(["Koakuma", "Mokou"])
    tagged = {n for n, c in s.pack.characters.items() if "kof_unbalanced" in c.tags}
    assert tagged == {"Yuuka", "Eirin", "Cirno", "Mamizou", "Kanako"}
