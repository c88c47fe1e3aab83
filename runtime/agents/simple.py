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
        """`randrange(n)`, or for a MANY decision `sorted(sample(range(n), randint(lo, hi)))`, drawn
        as CPython's Random draws them (`_randbelow`: `n.bit_length()` bits until one is below n), at
        a fraction of the calls: the very same numbers from the same seed (tests/runtime/test_agents.py)."""
        if kind == MANY:
            return self._many(n, lo, hi)
        rng = self.rng
        if what == "play":
            # Playing on is more useful than passing: pass one time in four when there is a choice.
            if n > 1 and rng.random() < 0.75:
                n -= 1                                  # randrange(n - 1)
            else:
                return n - 1 if n > 1 else 0
        elif n < 1:
            return rng.randrange(n)                     # refused as randrange refuses it
        k = n.bit_length()                              # rng.getrandbits called as a method: no bound
        r = rng.getrandbits(k)                          # method made, and a cheaper call than through one
        while r >= n:
            r = rng.getrandbits(k)
        return r

    def _many(self, n: int, lo: int, hi: int) -> list:
        rng = self.rng
        if lo > hi:
            return sorted(rng.sample(range(n), rng.randint(lo, hi)))   # refused as randint refuses it
        width = hi - lo + 1                             # randint(lo, hi): lo + _randbelow(width)
        b = width.bit_length()
        k = rng.getrandbits(b)
        while k >= width:
            k = rng.getrandbits(b)
        k += lo
        if not 0 <= k <= n or n > 21:                   # beyond sample's pool of 21 or more (or refused)
            return sorted(rng.sample(range(n), k))
        pool = list(range(n))                           # sample's pool: the chosen slot takes the last
        out = []
        for m in range(n, n - k, -1):
            b = m.bit_length()
            j = rng.getrandbits(b)
            while j >= m:
                j = rng.getrandbits(b)
            out.append(pool[j])
            pool[j] = pool[m - 1]
        out.sort()
        return out


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
