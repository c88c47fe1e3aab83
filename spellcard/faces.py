"""How a card is written for people: its kind with the attributes a deck lists, e.g. "Danmaku♠A"."""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from spellcard.runtime.defs import PackDef


def card_face(pack: PackDef, values: dict) -> str:
    """A deck entry's attributes as printed on the card, e.g. "♠A": enum labels and value names."""
    return "".join(attr_text(pack, name, value) for name, value in values.items())


def attr_text(pack: PackDef, attr: str, value) -> str:
    if isinstance(value, str):
        for members in pack.enums.values():     # attributes do not record their enum, members do
            if value in members:
                return members[value]
        return value
    adef = pack.attrs_.get(("card", attr))
    names = {v: k for k, v in adef.value_names.items()} if adef else {}
    return names.get(value, str(value))



@lru_cache(maxsize=8)
def printed_specs(pack: PackDef) -> frozenset:
    """Every card as the pack's decks print it, kind and face (`Danmaku♠7`, `Number37`): how a test
    names one copy, also when its face is plain digits (a deck named by a number alone). A deck that
    lists no value per copy prints the kind alone, which names the kind, not a copy: left out."""
    return frozenset(kind + face for entries in pack.decks.values() for kind, values in entries
                     if (face := card_face(pack, values)))


class CardPattern:
    """A card named by its attributes, `card(colour: red, rank: 7)` (any kind) or
    `Danmaku(suit: spade)`: how a test names a card of a deck that prints no name of its own."""

    def __init__(self, kind: Optional[str], values: dict, written: str):
        self.kind, self.values, self.written = kind, values, written

    def fits(self, card) -> bool:
        return ((self.kind is None or card.kind.name == self.kind)
                and all(card.a.get(a) == v for a, v in self.values.items()))

    def __str__(self) -> str:
        return self.written
