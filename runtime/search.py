"""A search agent that knows no game: determinized Monte-Carlo search at each decision.

For a decision with more than one answer, it tries each candidate answer in rollouts: clone the game
at the decision (runtime/clone.py), re-deal what the seat cannot see (runtime/worlds.py), give the
candidate, and play the game out with a fast default policy for every seat. A rollout scores 1 when
the seat is among the pack's winners (its side won), 0 when it is not, ½ when the game ended
undecided. Rollouts go to the candidates by UCB1; the answer chosen is the one tried most.

Its budget is `rollouts` per decision (deterministic: the same seeds give the same game) or `ms`
milliseconds per decision (bounded in time, so not reproducible). A decision with one answer costs
nothing; one that asks for several options (choose k of n) tries a few sampled subsets.
"""
from __future__ import annotations

import math
import random
import time
from itertools import combinations
from typing import Optional

from .clone import Clone
from .decisions import MANY, Agent, Decision, GreedyAgent, RandomAgent
from .game import Result
from .worlds import determinize, option_cards, zone_knows

DEFAULT_ROLLOUTS = 24
DEFAULT_POLICY = "random"
MOST_SUBSETS = 8            # candidates tried for a choose-k-of-n decision
EXPLORE = 0.5               # UCB1's exploration weight, for scores in [0, 1]
POLICIES = {"random": RandomAgent, "greedy": GreedyAgent}


class SearchAgent(Agent):
    """Reads the true game only to clone it (`_clone`), and plays every clone from a world re-dealt
    by `determinize`, so no rollout profits from the hidden cards: `sees_all` says that it is handed
    the game rather than a seat's view."""
    sees_all = True
    options = ("rollouts", "ms", "policy")      # what a command line may set (simulate --search-…)

    def __init__(self, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, ms: Optional[float] = None,
                 policy: str = DEFAULT_POLICY):
        if policy not in POLICIES:
            raise ValueError(f"unknown rollout policy {policy!r}; choose from {', '.join(sorted(POLICIES))}")
        if rollouts < 1:
            raise ValueError("a search needs at least 1 rollout per decision")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.ms = ms
        self.policy = POLICIES[policy]
        self.searched = 0           # decisions searched, rollouts played and seconds spent: for benchmarks
        self.played = 0
        self.seconds = 0.0

    def _clone(self, game, d: Decision):
        """The one place that reads the game: a way to clone it, and what the seat knows."""
        return Clone(game), zone_knows(d.player.seat)

    def answer(self, game, d: Decision):
        if len(d.options) == 1 and d.kind != MANY:
            return 0
        pick = self.policy(self.rng.getrandbits(64)).answer(game, d)
        tries = candidates(d, self.rng, pick)
        if len(tries) == 1:
            return tries[0]
        start = time.perf_counter()
        clone, knows = self._clone(game, d)
        seat = d.player.seat
        stats = [[0, 0.0] for _ in tries]       # per candidate: rollouts, total score
        order = list(range(len(tries)))         # the order of first rollouts, which also breaks ties:
        self.rng.shuffle(order)                 # the default policy's own answer first, so a budget
        first = tries.index(pick)               # smaller than the candidates plays no worse than it
        order.remove(first)
        order.insert(0, first)
        scores = set()
        for i in range(self.rollouts):
            k = order[i] if i < len(order) else _ucb(stats, i)
            world, seed = self.rng.getrandbits(64), self.rng.getrandbits(64)

            def at_root(g, root: Decision, answer=tries[k], world=world):
                determinize(g, seat, random.Random(world), knows, option_cards(root.options))
                return answer

            out = score(clone.rollout(at_root, self.policy(seed)), seat)
            stats[k][0] += 1
            stats[k][1] += out
            scores.add(out)
            if 2 * (i + 1) >= self.rollouts and len(scores) == 1 and i + 1 >= len(tries):
                break                   # half the budget, every candidate tried, every rollout alike: decided
            if self.ms is not None and (time.perf_counter() - start) * 1000 >= self.ms:
                break
        self.searched += 1
        self.played += sum(n for n, _ in stats)
        self.seconds += time.perf_counter() - start
        rank = {k: i for i, k in enumerate(order)}
        best = max(range(len(tries)), key=lambda j: (stats[j][0], stats[j][1], -rank[j]))
        return tries[best]


def _ucb(stats: list, total: int) -> int:
    log_n = math.log(total)
    return max(range(len(stats)), key=lambda j: stats[j][1] / stats[j][0] + EXPLORE * math.sqrt(log_n / stats[j][0])
               if stats[j][0] else math.inf)


def score(result: Result, seat: int) -> float:
    """A rollout's worth to `seat`: 1 if it is among the winners (its side won), ½ undecided, else 0."""
    if result.reason != "win":
        return 0.5
    return 1.0 if any(p.seat == seat for p in result.winners) else 0.0


def candidates(d: Decision, rng: random.Random, pick) -> list:
    """The answers worth trying: every option, or for a choose-k-of-n decision every subset when
    there are few, else `pick` (the default policy's answer) and distinct sampled ones, MOST_SUBSETS
    in all (sizes uniform between min and max)."""
    n = len(d.options)
    if d.kind != MANY:
        return list(range(n))
    sizes = range(d.min, min(d.max, n) + 1)
    if sum(math.comb(n, k) for k in sizes) <= MOST_SUBSETS:
        return [list(c) for k in sizes for c in combinations(range(n), k)]
    seen: list = [sorted(pick)]
    for _ in range(4 * MOST_SUBSETS):
        pick = sorted(rng.sample(range(n), rng.choice(sizes)))
        if pick not in seen:
            seen.append(pick)
            if len(seen) == MOST_SUBSETS:
                break
    return seen
