"""Determinization: a world a seat cannot tell apart from the real one.

A searching agent plays its rollouts in a copy of the game. Left as it is, that copy holds the true
deck order and the other players' hands, and a rollout would profit from knowing them. `determinize`
re-deals, uniformly, every card the seat does not know (View.knows: the rules of sight) among the
places they lie (each keeps its size; the card behind a blind option too), deals the player attributes it may not see (hidden roles) afresh among their holders, and
reseeds the copy's random source, so what the rollout meets next is as unknown to it as to the seat.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Optional

from spellcard.runtime.model import Card
from spellcard.runtime.view.seat import sees_value, visible

from .clone import Clone

if TYPE_CHECKING:
    from spellcard.runtime.engine.game import Result

Knows = Callable[[Card], bool]


def zone_knows(seat: int) -> Knows:
    """What a seat sees by the pack's declared zone visibility alone (view.visible): public zones, its
    own owner-only zones, the others' `others` zones. A hidden zone is unseen even by its owner."""
    def knows(card: Card) -> bool:
        return visible(card.zone, seat)
    return knows


def determinize(game, seat: int, rng: random.Random, knows: Optional[Knows] = None) -> int:
    """Re-deal the cards `seat` does not know among the places they lie, uniformly from `rng`,
    reseed the game's random source from `rng`, then re-deal the private attributes it may not see
    (redeal_values). Returns how many cards were re-dealt.

    What is dealt is each card's face (its kind and attributes); the card objects stay where they
    lie, with their ids, stamps and the numbers set on them. So a decision's option that names a card
    the seat does not know (a blind pick among another's cards, or its own face-down ones) still names
    the same place, and what lies there is drawn afresh like the rest: the world's answer is the
    position, never the card. `knows` defaults to zone visibility (zone_knows). Cards in zones that
    lend skills keep their faces: a new one would leave its wearer holding another card's skills."""
    knows = knows or zone_knows(seat)
    unseen = [c for zone in game.all_zones() if not zone.grants for c in zone.cards if not knows(c)]
    # In the order of the faces themselves, so that the world drawn depends on which faces are unseen
    # (what the seat can count), never on where they truly lie nor on the ids they lie on.
    faces = sorted(((c.kind, c.a, c.base) for c in unseen), key=_face_order)
    rng.shuffle(faces)
    for c, face in zip(unseen, faces):
        c.kind, c.a, c.base = face
    game.era += 1                   # what was worked out from the old faces is stale
    game.rng = random.Random(rng.getrandbits(64))
    redeal_values(game, seat, rng)
    return len(unseen)


def _face_order(face) -> tuple:
    kind, a, base = face
    return kind.name, repr(a), base[0].name if base is not None else ""


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
            determinize(g, self._seat, random.Random(world), self._knows)
            return answer
        return self._clone.rollout(at_root, policy)


def worlds_of(view) -> Worlds:
    """Play-outs of the game from `view`'s decision, each in a world re-dealt so that every card its
    seat does not know is drawn afresh, and the player attributes it may not see are dealt afresh
    among their holders: what a search agent plays its rollouts in, and the only game it reaches.
    The view keeps the game from agents; this is the one place beside the engine that opens it."""
    return Worlds(Clone(view._game), view.seat, lambda card: view.knows(card.id))
