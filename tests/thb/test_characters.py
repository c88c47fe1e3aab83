"""Scenario tests of THB characters (1/2): 博麗靈夢, 霧雨魔理沙, 魂魄妖夢, 帕秋莉, 四季映姬, 比那名居天子.

Each docstring quotes the skill's sentence from the rulebook (角色資料). Unscripted decisions take the
quietest answer (no, pass, first; a request for a card is declined).

Most of these tests are written in the language, in rules/thb/tests/characters.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import MODE, zone_cards


# ── 比那名居天子 ──────────────────────────────────────────────────────────────


def test_masochist_two_points_two_activations():
    """抖M：當你受到1點傷害後，你可以觀看牌堆頂的兩張牌，將其中一張交給一名角色，然後將另一張交給一名角色。
    — 2 damage at once: two activations, four cards."""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    top = s.deck_top("Mochi♡3", "Graze♡2", "Mochi♡4", "Graze♢2")
    s.answer(0, d, "pass")
    me = s.p(1)
    s.answer(1, True, top[0], me, me, True, top[2], me, me)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert set(zone_cards(s, 1)) == set(top)
    assert len(s.asked(1, "yes_no")) == 2
    assert s.unscripted() == []
