"""The partner search: which partner the focus character meets in the next game.

Explore sweeps the focus against every partner (the pack's other characters first, then its card
kinds), pairs first: each partner gets SWEEP games before any gets more, so a rare partner is
never left out. Then the time goes where the focus and a partner interacted (chains.py): a
partner is picked by the fewest games for its weight, and a partner that interacted weighs
INTERACTED_WEIGHT times one that only met, so interacting pairs get most of the games while the
others keep a share (an interaction may need a rare game to show). Ties go to the earlier partner:
the same games, the same order. `per_pair` bounds the games of one pair; once every pair has had
them the search is over.

The scheduler is outside hypothesis's draws: each turn of a pair is a hypothesis run of its own
(explore.py), whose strategy seats that partner, so hypothesis draws the rest of the table and
every answer, and its shrinker keeps the partner of the game that broke.
"""
from __future__ import annotations

from typing import Optional, Sequence

import attrs

SWEEP = 2                  # games each partner gets before any gets more
INTERACTED_WEIGHT = 4      # a partner that interacted gets this many games for one that only met


@attrs.define
class PairStats:
    """One pair's figures: games where both sat at the table, games where they interacted, breaks."""
    met: int = 0
    interacted: int = 0
    broke: int = 0
    games: int = 0          # games scheduled for this partner

    def as_json(self) -> dict:
        return {"met": self.met, "interacted": self.interacted, "broke": self.broke}


@attrs.define
class Pairs:
    partners: Sequence[str]
    per_pair: Optional[int] = None
    stats: dict = attrs.Factory(dict)

    def __attrs_post_init__(self):
        for p in self.partners:
            self.stats.setdefault(p, PairStats())

    def next(self) -> Optional[str]:
        """The partner of the next game; None when every pair has had its `per_pair` games."""
        open_ = [p for p in self.partners if self.per_pair is None or self.stats[p].games < self.per_pair]
        if not open_:
            return None
        fresh = [p for p in open_ if self.stats[p].games < SWEEP]
        if fresh:
            return min(fresh, key=lambda p: self.stats[p].games)        # min keeps the earliest of ties
        return min(open_, key=lambda p: self.stats[p].games / self._weight(p))

    def _weight(self, p: str) -> int:
        return INTERACTED_WEIGHT if self.stats[p].interacted else 1

    def scheduled(self, partner: str) -> None:
        self.stats[partner].games += 1

    def record(self, met: Sequence[str], interacted: Sequence[str], broke: Sequence[str] = ()) -> None:
        """A game's outcome: the partners it seated beside the focus, those that interacted, broke."""
        for p in met:
            if p in self.stats:
                self.stats[p].met += 1
        for p in interacted:
            if p in self.stats:
                self.stats[p].interacted += 1
        for p in broke:
            if p in self.stats:
                self.stats[p].broke += 1

    def covered(self) -> int:
        """Pairs that interacted at least once."""
        return sum(1 for s in self.stats.values() if s.interacted)
