"""A search agent that knows no game: determinized Monte-Carlo search at each decision.

For a decision with more than one answer, it tries each candidate answer in rollouts: clone the game
at the decision (runtime/agents/clone.py), re-deal what the seat cannot see (runtime/agents/worlds.py), give the
candidate, and play the game out with a fast default policy for every seat. A rollout is worth the
pack's outcome to the seat (score below): its score's lead over the best other player's when the pack
declares a player score, the table's score in a game scored together, its place when the rules place
players; else 1 when the seat is among the pack's winners (its side won), 0 when it is not, ½ when
the game ended undecided. Rollouts go to the candidates by sequential halving (halving below); the answer chosen
is the one tried most.

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

from .clone import Resume
from .worlds import worlds_of
from spellcard.runtime.agents.simple import GreedyAgent, RandomAgent
from spellcard.runtime.decisions import MANY, Agent, Decision
from spellcard.runtime.defs import ScoreDef
from spellcard.runtime.engine.game import Result
from .search_options import DEFAULT_POLICY, DEFAULT_ROLLOUTS, SEARCH_OPTIONS

POLICIES = {"random": RandomAgent, "greedy": GreedyAgent}    # by search_options.POLICY_NAMES

MOST_SUBSETS = 8            # candidates tried for a choose-k-of-n decision


class SearchAgent(Agent):
    """Handed its seat's view like any player; it plays its rollouts in `worlds_of(view)`, games
    re-dealt for the seat before it reads them, so no rollout profits from the hidden cards."""
    options = SEARCH_OPTIONS

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
        self.searched = 0           # decisions searched and rollouts played: for tests and benchmarks
        self.played = 0

    def answer(self, view, d: Decision):
        if len(d.options) == 1 and d.kind != MANY:
            return 0
        pick = self.policy(self.rng.getrandbits(64)).answer(view, d)
        tries = candidates(d, self.rng, pick)
        if len(tries) == 1:
            return tries[0]
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        worlds = worlds_of(view)
        seat = view.seat

        def rollout(k: int, world: int, seed: int) -> float:
            return score(worlds.play_out(world, tries[k], self.policy(seed)), seat, worlds.score)

        try:
            best, played = halving(self._order(tries, pick), self.rollouts, self.rng, rollout, deadline)
        except Resume as resume:        # a forked rollout (clone.py): this is its child, playing on
            return resume.answer
        self.searched += 1
        self.played += played
        return tries[best]

    def _order(self, tries: list, pick) -> list:
        """The candidates in the order that breaks ties: the default policy's own answer first (so a
        budget smaller than the candidates plays no worse than the policy), then the rest shuffled."""
        rest = [k for k in range(len(tries)) if tries[k] != pick]
        self.rng.shuffle(rest)
        return [tries.index(pick)] + rest


def halving(alive: list, budget: int, rng: random.Random, rollout, deadline: Optional[float]) -> tuple[int, int]:
    """Sequential halving: in each phase every candidate still in plays the same rollouts (the same
    world and policy seed: common random numbers, so they differ by the answer alone), then the
    worse half is dropped; the survivor has been tried the most. A first phase in which every
    rollout scored alike ends the search: the game is decided whatever the answer.
    Returns the candidate chosen and the rollouts played."""
    alive = alive[:budget]
    totals = dict.fromkeys(alive, 0.0)
    played = 0
    phases = max(1, math.ceil(math.log2(len(alive))))
    while len(alive) > 1 and played < budget:
        per = max(1, (budget - played) // phases // len(alive))
        outcomes = set()
        for _ in range(per):
            world, seed = rng.getrandbits(64), rng.getrandbits(64)
            for k in alive:
                out = rollout(k, world, seed)
                totals[k] += out
                outcomes.add(out)
                played += 1
                if deadline is not None and time.perf_counter() >= deadline:
                    return max(alive, key=lambda j: totals[j]), played     # ties: the earliest, as sorted
        if len(outcomes) == 1 and played == per * len(totals):
            break
        alive.sort(key=lambda j: -totals[j])        # stable: ties keep the policy's answer first
        alive = alive[:(len(alive) + 1) // 2]
        phases = max(1, phases - 1)
    return alive[0], played


def score(result: Result, seat: int, measure: Optional[ScoreDef] = None) -> float:
    """A rollout's worth to `seat`, the pack's outcome: with a player score (`measure`), the seat's
    lead over the best of the others (behind it: negative; `lowest`: the others' best minus its own),
    so it plays to win and by as much as it can; with a table's score, that score (`lowest`: less is
    more), everyone's alike;
    with places the rules gave, 1 for first down to 0 for last. Otherwise 1 if it is among the
    winners (its side won), ½ undecided, else 0."""
    if measure is not None and result.scores is not None:
        mine = result.scores[seat]
        if measure.owner == "table":
            return float(-mine if measure.lowest else mine)
        others = [s for i, s in enumerate(result.scores) if i != seat] or [mine]
        return float(min(others) - mine if measure.lowest else mine - max(others))
    if result.places is not None and len(result.places) > 1:
        return (len(result.places) - result.places[seat]) / (len(result.places) - 1)
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
