"""觀看: a skill that looks at cards shows them to its owner alone (`show`), not to the table: the
owner's view knows them, the others' views see only how many, and the log names the one viewer.
Each docstring quotes the skill's sentence from the rulebook; 希望之面's look is asserted beside its
other rules, in test_characters_rest.py."""
from spellcard.runtime.view import View
from spellcard.scenario import Scenario

from .helpers import MODE, table


def shown_entries(s):
    return [e for e in s.game.log.entries if e[0] in ("show", "reveal")]


def test_masochist_looks_at_the_top_two_alone():
    """抖M：當你受到1點傷害後，你可以觀看牌堆頂的兩張牌，將其中一張交給一名角色，然後將另一張交給一名角色。"""
    s = Scenario("thb", ["Koakuma", "Tenshi"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    top = s.deck_top("Mochi♡3", "Graze♡2", "Mochi♡4")
    seen = []
    s.answer(0, d, "pass")
    s.answer(1, True, lambda dec: seen.append([(v.knows(top[0]), v.knows(top[1]))
                                               for v in (View(s.game, 0), View(s.game, 1))]) or 0)
    s.phase(0, "action_phase")
    assert ["show", [top[0].id, top[1].id], ["P1"]] in [list(e) for e in shown_entries(s)]
    assert seen == [[(False, False), (True, True)]]    # while she chose: she knew both, the other seat neither


def test_divine_calculation_shows_the_top_cards_to_ran_only():
    """神算：準備階段開始時，你可以觀看牌堆頂的X張牌，將其中任意數量的牌以任意順序的置於牌堆頂，其餘以任意順序
    置於牌堆底。（X為場上存活角色的數量，且至多為5）"""
    s = Scenario("thb", ["Ran", "Koakuma", "Mokou"], mode=MODE)
    a, b, c = s.deck_top("Danmaku♠7", "Mochi♡3", "Graze♡2")
    s.answer(0, True, [], c, b)                # all back on top: c, then b, then a (the last) on top
    s.phase(0, "prepare_phase")
    assert ["show", [a.id, b.id, c.id], ["P0"]] in [list(e) for e in shown_entries(s)]
    assert not any(e[0] == "reveal" for e in shown_entries(s))
    # Put back where he saw them, in an order he chose: he still knows them; the others never did.
    ran, koakuma = View(s.game, 0), View(s.game, 1)
    assert all(ran.knows(x) for x in (a, b, c)) and not any(koakuma.knows(x) for x in (a, b, c))
    top = ran.zone("deck").cards[-3:]
    assert [x.id for x in top] == [x.id for x in s.deck.cards[-3:]] and all(x.known for x in top)
