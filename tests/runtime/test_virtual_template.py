"""A virtual card's template (builtins/core.py _virtual_template): the attributes it starts with and
those it takes from its sources, worked out once a pack and shared by its games, whatever their size."""
from spellcard.runtime.builtins import core as B
from spellcard.runtime.engine.game import Game

from .test_engine import pack_of

CARDS = """
attr card colour: text = ""
attr card suit: text
card Gem "gem" { colour = "red" }
card Stone "stone" { }
"""


def test_a_virtual_cards_template_is_made_once_a_pack_and_serves_each_game():
    pack = pack_of(CARDS)
    games = [Game(pack, None, n) for n in (3, 4)]
    for g in games:
        g.start()
        stone = g.make_card("Stone", {"colour": "blue", "suit": "spade"})
        gem = B.b_virtual(g, pack.kinds["Gem"], [stone])
        assert (gem.a["colour"], gem.a["suit"]) == ("red", "spade")   # its kind's colour, its source's suit
        assert B.b_virtual(g, pack.kinds["Gem"]).a["suit"] is None     # no source: none for the rest
    assert games[0].virtual_templates is games[1].virtual_templates
    assert set(games[0].virtual_templates) == {"Gem"}
