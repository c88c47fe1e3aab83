"""A private reveal: cards shown to some players only (a look at another's hand, 觀看).

Each viewer's knowledge records the cards where they are (runtime/view/seat.py): the viewer knows them
while they stay in that zone, or wherever they can see them. The log names the viewers, so a game
rendered as one seat saw it shows the cards to those seats only.
"""
from __future__ import annotations

from .core import _cards
from .registry import builtin
from spellcard.runtime.model import Card
from spellcard.runtime.view.seat import learn


@builtin("show(c: cards, to: players)")
def b_show(g, c, to):
    """Show the cards `c` to the players `to` only (the log records them, for those seats)."""
    cards = [c] if isinstance(c, Card) else _cards(c)
    physical = [x for card in cards for x in card.physical]
    seats = sorted({p.seat for p in to})
    for seat in seats:
        learn(g, seat, physical)
    if g.log.enabled:
        g.log.add("show", g.ref(cards), [f"P{s}" for s in seats])
