"""Mutable per-card state: named whole numbers kept on a physical card while the game runs.

Card attributes are fixed when the deck is built; many games also need numbers that change on a
card in play (tokens placed on it, how much it has suffered, whether it is turned sideways). These
built-ins keep such numbers per physical card and per name. A value never set reads 0. Every change
is logged like a counter change, so logged games still replay exactly. Nothing here knows a game:
the names are the pack's own.
"""
from __future__ import annotations

from .registry import builtin
from spellcard.runtime.errors import NoneValue, PackError


def _store(g) -> dict:
    try:
        return g.card_values
    except AttributeError:
        g.card_values = {}
        return g.card_values


def _physical(c):
    """The physical card a value belongs to: a virtual card standing for exactly one card is that card."""
    if c is None:
        raise NoneValue("a card value was read or set on `none`")
    if c.virtual:
        if len(c.sources) != 1:
            raise PackError(f"{c!r} stands for {len(c.sources)} cards: a card value needs exactly one")
        return c.sources[0]
    return c


@builtin("card_value(c: card, name: text) -> int")
def b_card_value(g, c, name):
    """The number named `name` on card `c`; 0 if it was never set."""
    if c is None or c.virtual:
        c = _physical(c)
    try:
        return g.card_values.get((c.id, name), 0)
    except AttributeError:
        return 0


@builtin("set_card_value(c: card, name: text, value: int)")
def b_set_card_value(g, c, name, value):
    """Set the number named `name` on card `c` (0 clears it): a public mark, seen by every seat on
    the card even face down, wherever it goes."""
    card = _physical(c)
    store = _store(g)
    key = (card.id, name)
    if store.get(key, 0) == value:
        return
    store[key] = value
    g.era += 1
    if g.log.enabled:
        g.log.add("set", f"{card.kind.name}#{card.id}", name, value)


@builtin("card_values(c: card) -> texts")
def b_card_values(g, c):
    """The names of the non-zero values on card `c`, sorted (for tools, tests and invariants)."""
    cid = _physical(c).id
    return sorted(name for (i, name), v in _store(g).items() if i == cid and v != 0)
