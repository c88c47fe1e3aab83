"""Attribute defaults made without a call per owner (compiler/emit/attr_defaults.py): constants stored as
they are, a list a fresh one per owner, a card's default from its own values once per deck entry, and
every other default still computed per card, in declaration order."""
from spellcard.runtime.engine.game import Game

from .test_engine import pack_of

PACK = """
enum Suit { spade "♠", heart "♡" }
attr card suit: Suit?
attr card rank: int names { A = 1 }
attr card place: int = count(cards(pile))
attr card red: bool = self.suit == heart
attr card weight: int = 2
attr card notes: players = []
attr card high: bool = self.rank > 1
attr player marks: players = []
attr player level: int = -1
attr player reach: int = count(players())
attr table noted: bool = false
card Stone "stone" { }
deck stones (suit, rank) { Stone "♠A♡2♠3" }
mode Piles "piles" {
  players 2 .. 3
  deck stones
  setup { build_deck(pile) }
}
"""


def test_the_compiler_marks_constant_and_own_defaults_only():
    attrs = pack_of(PACK).attrs_
    assert (attrs[("card", "weight")].fixed, attrs[("card", "weight")].value) == ("value", 2)
    assert (attrs[("player", "level")].fixed, attrs[("player", "level")].value) == ("value", -1)
    assert (attrs[("player", "marks")].fixed, attrs[("player", "marks")].value) == ("list", [])
    assert attrs[("card", "red")].own and attrs[("card", "high")].own and not attrs[("card", "red")].fixed
    for name in ("place", "notes"):         # reads the game; a card's list (computed, fresh per card)
        assert not attrs[("card", name)].own and attrs[("card", name)].fixed in ("", "list")
    assert not attrs[("player", "reach")].fixed


def test_a_constant_list_default_is_a_list_of_each_players_own():
    pack = pack_of(PACK)
    first, second = Game(pack, "Piles", 3), Game(pack, "Piles", 3)
    lists = [p.v["marks"] for g in (first, second) for p in g.players]
    assert lists == [[]] * 6 and len({id(x) for x in lists}) == 6
    assert all(x is not pack.attrs_[("player", "marks")].value for x in lists)
    first.players[0].v["marks"].append(first.players[1])
    assert pack.attrs_[("player", "marks")].value == [] and second.players[0].v["marks"] == []
    p = first.players[0]
    assert (p.v["level"], p.v["reach"], first.v["noted"]) == (-1, 3, False)
    assert list(p.v)[:4] == ["mark", "marks", "level", "reach"]     # in declaration order, as before


def test_a_deck_card_gets_its_own_defaults_and_its_per_card_ones_in_order():
    pack = pack_of(PACK)
    for seed in (1, 2):
        g = Game(pack, "Piles", 2, seed=seed)
        g.start()
        by_id = sorted(g.z["pile"].cards, key=lambda c: c.id)
        # `place` reads the game: each card is computed as it is made (0, 1, 2 cards already in the pile)
        assert [c.a["place"] for c in by_id] == [0, 1, 2]
        assert [(c.a["suit"], c.a["red"], c.a["high"], c.a["weight"]) for c in by_id] == [
            ("spade", False, False, 2), ("heart", True, True, 2), ("spade", False, True, 2)]
        notes = [c.a["notes"] for c in by_id]
        assert notes == [[]] * 3 and len({id(x) for x in notes}) == 3


def test_a_default_after_one_that_reads_the_game_is_computed_per_card():
    """`red` reads the card alone, but a default before it reads the game, which could read `red`: it
    stays in the per-card computation, after `place`."""
    pack = pack_of(PACK)
    g = Game(pack, "Piles", 2)
    kind, a, computed = g._card_values("Stone", {"suit": "heart", "rank": 1})
    assert [ad.name for ad in computed] == ["place", "red", "notes", "high"]
    assert a["red"] is None and a["weight"] == 2          # a constant: the kind sets it (compiler)
    kind, a, computed = g._card_values("Stone", {"suit": "heart", "rank": 1, "place": 7})
    assert [ad.name for ad in computed] == ["notes", "high"] and (a["red"], a["weight"]) == (True, 2)
