"""The partner search: which partner the focus character meets in the next game.

Explore sweeps the focus against every partner, pairs first: each partner gets SWEEP games before
any gets more, so a rare partner is never left out; the `later` ones (the card kinds) are swept
once the others (the pack's other characters) were. Then the time goes where the focus and a partner interacted (chains.py): a
partner is picked by the fewest games for its weight, and a partner that interacted weighs
INTERACTED_WEIGHT times one that only met, and one whose skills acted in one chain beside the
focus's (both fired triggers in one damage: where rare bugs live) BOTH_ACTED_WEIGHT times, so
interacting pairs get most of the games while the others keep a share (an interaction may need a
rare game to show). A card kind weighs LATER_SHARE of a character alike: every game deals cards
of every kind, so a card meets the focus in the other pairs' games too. Ties go to the earlier partner:
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
INTERACTED_WEIGHT = 2      # a partner that interacted gets this many games for one that only met
BOTH_ACTED_WEIGHT = 8      # ... and one whose skill acted in a chain beside a skill of the focus, this many
LATER_SHARE = 0.5          # a `later` partner (a card kind) weighs this much of a character alike


@attrs.define
class PairStats:
    """One pair's figures: games where both sat at the table, games where they interacted, breaks."""
    met: int = 0
    interacted: int = 0
    both_acted: int = 0     # games where a skill of each acted in one chain
    broke: int = 0
    games: int = 0          # games scheduled for this partner

    def as_json(self) -> dict:
        return {"met": self.met, "interacted": self.interacted, "both_acted": self.both_acted, "broke": self.broke}


@attrs.define
class Pairs:
    partners: Sequence[str]
    per_pair: Optional[int] = None
    later: frozenset = frozenset()           # partners swept only once the others were (card kinds)
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
            return min(fresh, key=lambda p: (p in self.later, self.stats[p].games))   # min: the earliest of ties
        return min(open_, key=lambda p: self.stats[p].games / self._weight(p))

    def _weight(self, p: str) -> float:
        st = self.stats[p]
        weight = BOTH_ACTED_WEIGHT if st.both_acted else INTERACTED_WEIGHT if st.interacted else 1
        return weight * LATER_SHARE if p in self.later else weight

    def scheduled(self, partner: str) -> None:
        self.stats[partner].games += 1

    def record(self, met: Sequence[str], interacted: Sequence[str], broke: Sequence[str] = (),
               both_acted: Sequence[str] = ()) -> None:
        """A game's outcome: the partners it seated beside the focus, those that interacted, broke,
        and those whose skills acted in one chain beside the focus's."""
        for field, partners in (("both_acted", both_acted), ("met", met), ("interacted", interacted),
                                ("broke", broke)):
            for p in partners:
                if p in self.stats:
                    setattr(self.stats[p], field, getattr(self.stats[p], field) + 1)

    def covered(self) -> int:
        """Pairs that interacted at least once."""
        return sum(1 for s in self.stats.values() if s.interacted)
