"""Determinization: a world a seat cannot tell apart from the real one.

A searching agent plays its rollouts in a copy of the game. Left as it is, that copy holds the true
deck order and the other players' hands, and a rollout would profit from knowing them. `determinize`
re-deals, uniformly, every card the seat cannot see among the places it cannot see (each place keeps
its size), deals the player attributes it may not see (hidden roles) afresh among their holders, and
reseeds the copy's random source, so what the rollout meets next is as unknown to it as to the seat.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Optional

from spellcard.runtime.model import Card, Play
from spellcard.runtime.view.seat import sees_value

from .clone import Clone

if TYPE_CHECKING:
    from spellcard.runtime.engine.game import Result

Knows = Callable[[Card], bool]


def zone_knows(seat: int) -> Knows:
    """What a seat sees by the pack's declared zone visibility alone: public zones, and its own
    owner-only zones. A hidden zone is unseen even by its owner (a deck's order, face-down cards)."""
    def knows(card: Card) -> bool:
        z = card.zone
        if z is None or z.visibility == "public":
            return True
        return z.visibility == "owner" and z.owner is not None and z.owner.seat == seat
    return knows


def option_cards(options) -> set:
    """The ids of the physical cards a decision's options name: a seat asked to choose among cards
    sees them, wherever they lie (a look at the top of a deck)."""
    ids = set()
    for o in options:
        if isinstance(o, Play):
            o = o.card
        if isinstance(o, Card):
            ids.update(c.id for c in o.physical)
    return ids


def determinize(game, seat: int, rng: random.Random, knows: Optional[Knows] = None,
                shown: frozenset = frozenset()) -> int:
    """Re-deal the cards `seat` does not know among the places they lie, uniformly from `rng`,
    reseed the game's random source from `rng`, then re-deal the private attributes it may not see
    (redeal_values). Returns how many cards were re-dealt.

    `knows` defaults to zone visibility (zone_knows); the ids in `shown` count as known too (the
    cards of the decision being searched). Cards in zones that lend skills stay put: moving one would
    leave its wearer holding another card's skills."""
    knows = knows or zone_knows(seat)
    slots = []
    for zone in game.all_zones():
        if zone.grants:
            continue
        for i, c in enumerate(zone.cards):
            if c.id not in shown and not knows(c):
                slots.append((zone, i))
    # In id order, so that the world drawn depends on which cards are unseen, never on where they truly lie.
    cards = sorted((zone.cards[i] for zone, i in slots), key=lambda c: c.id)
    rng.shuffle(cards)
    for (zone, i), c in zip(slots, cards):
        zone.cards[i] = c
        c.zone = zone
    game.rng = random.Random(rng.getrandbits(64))
    redeal_values(game, seat, rng)
    return len(cards)


def redeal_values(game, seat: int, rng: random.Random) -> int:
    """Deal each private player attribute's values afresh among the players whose value `seat` may
    not see (view.sees_value), uniformly from `rng`: the roles of the others, for a seat that sees its
    own and the Boss's. Returns how many values were dealt."""
    dealt = 0
    for a in game.pack.secrets():
        unseen = [p for p in game.players if not sees_value(seat, p, a)]
        values = [p.v.get(a.name) for p in unseen]
        if all(x == values[0] for x in values):         # one holder, or all alike (no role dealt)
            continue
        # Sorted, so that the world drawn depends on which values are unseen, never on who holds them.
        values.sort(key=repr)
        rng.shuffle(values)
        for p, x in zip(unseen, values):
            p.v[a.name] = x
        dealt += len(unseen)
    if dealt:
        game.era += 1               # what was worked out from the old values is stale
    return dealt


class Worlds:
    """Games played on from a seat's decision, each in a world re-dealt for that seat: how a search
    agent reaches a game at all (worlds_of). The clone is re-dealt here, before any of the agent's
    code runs in it, and the agent is handed only each play-out's result."""

    def __init__(self, clone, seat: int, knows: Knows):
        self._clone = clone
        self._seat = seat
        self._knows = knows
        self.score = clone.pack.score       # what the pack measures a game's outcome in, if not only wins

    def play_out(self, world: int, answer, policy) -> "Result":
        """Re-deal the unseen cards from `world` (a seed), answer the decision with `answer`, then
        let `policy` play every seat to the end."""
        def at_root(g, root):
            determinize(g, self._seat, random.Random(world), self._knows, option_cards(root.options))
            return answer
        return self._clone.rollout(at_root, policy)


def worlds_of(view) -> Worlds:
    """Play-outs of the game from `view`'s decision, each in a world re-dealt so that every card its
    seat does not know is drawn afresh, and the player attributes it may not see are dealt afresh
    among their holders: what a search agent plays its rollouts in, and the only game it reaches.
    The view keeps the game from agents; this is the one place beside the engine that opens it."""
    return Worlds(Clone(view._game), view.seat, lambda card: view.knows(card.id))
