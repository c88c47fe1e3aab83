"""Agents that play any game without looking at it: the random agent, which reads nothing but a
decision's shape, and the greedy one, which never holds back."""
from __future__ import annotations

import random

from spellcard.runtime.decisions import MANY, YES_NO, Agent, Decision


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded generator."""

    shape_only = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def answer(self, view, d):
        return self.pick(d.kind, d.what, len(d.options), d.min, d.max)

    def pick(self, kind: str, what: str, n: int, lo: int, hi: int):
        """`randrange(n)`, or for a MANY decision `sorted(sample(range(n), randint(lo, hi)))`; on a
        choice of plays, passing one time in four."""
        rng = self.rng
        if kind == MANY:
            return sorted(rng.sample(range(n), rng.randint(lo, hi)))
        if what == "play":
            # Playing on is more useful than passing: pass one time in four when there is a choice.
            if n > 1 and rng.random() < 0.75:
                return rng.randrange(n - 1)
            return n - 1 if n > 1 else 0
        return rng.randrange(n)


class GreedyAgent(RandomAgent):
    """A random agent that always acts: it uses a skill when asked, plays while it can, and answers
    requests for a card when it has one. It knows no game; it only never holds back, which ends
    games sooner than plain random play (and plays legal moves, as every agent must)."""

    def answer(self, game, d: Decision):
        rng = self.rng
        if d.kind == YES_NO:
            return 1
        if d.kind == MANY:
            return sorted(rng.sample(range(len(d.options)), d.max))
        acting = [i for i, o in enumerate(d.options) if o is not None]
        return rng.choice(acting) if acting else len(d.options) - 1
