"""How a game ended beyond who won: each seat's score and place.

A pack that declares `score player tokens` (or `score table fireworks`, or `… lowest`) has a score
read from that counter or attribute when its game ends, won or stopped at the turn limit; a
game that ends with `end_game(winners, placings: [...])` has the places its rules gave. Places
otherwise follow a player score (the best is 1st; equal scores share a place, the next place is
skipped: 1, 2, 2, 4). A table's score is everyone's: a cooperative game has no places.
The runtime reads the value and knows nothing of what it counts.
"""
from __future__ import annotations

from typing import Optional, Sequence

from spellcard.runtime.defs import ScoreDef


def final_scores(game) -> Optional[tuple]:
    """Each seat's score now (seat order), or None when the pack declares none."""
    score: Optional[ScoreDef] = game.pack.score
    if score is None:
        return None
    if score.owner == "table":
        return (_number(game.v.get(score.name)),) * len(game.players)
    return tuple(_number(p.v.get(score.name)) for p in game.players)


def _number(value) -> int:
    return value if isinstance(value, int) else 0          # an unset `int?` scores nothing


def ranked(scores: Sequence[int], lowest: bool) -> tuple:
    """Each seat's place by score: 1 for the best, ties sharing the better place (1, 2, 2, 4)."""
    if lowest:
        return tuple(1 + sum(other < mine for other in scores) for mine in scores)
    return tuple(1 + sum(other > mine for other in scores) for mine in scores)


def given_places(seats: int, order: Sequence) -> tuple:
    """Places from the players an `end_game(placings: …)` lists, first to last; a seat left out
    shares the place after the last listed."""
    place = {p.seat: i + 1 for i, p in enumerate(order)}
    rest = len(place) + 1
    return tuple(place.get(seat, rest) for seat in range(seats))


def final_places(game, scores: Optional[tuple], placings: Optional[Sequence]) -> Optional[tuple]:
    """The places the rules gave, else those a player score ranks, else None (no places: only
    winners, or a score the whole table shares)."""
    if placings:
        return given_places(len(game.players), placings)
    score = game.pack.score
    if scores is None or score is None or score.owner == "table":
        return None
    return ranked(scores, score.lowest)
