"""Cloning a game at a decision, to play it on many times from there.

A game runs inside a Python call stack: at a decision, the rules that asked are frames waiting for the
answer, so a copy of the data alone cannot resume it. A clone here is a replay: a new Game with the
same seed whose one agent gives back the answers so far, then the answer to try, then a policy's.

Measured against the other way that copies a call stack, os.fork at the decision (the child plays on,
a pipe brings back the score): in THB Duel with 8 rollouts a decision, fork took 1.43× the CPU time
and 1.56× the wall time of replay (farm-bench, 3 pairs, a heavily loaded machine), and was slower in
esper too, whose games are ten times longer. Forking a Python process costs several milliseconds of
kernel time (page tables, then copy-on-write faults as reference counts touch every page), more than
the engine takes to replay the game so far. Replay is also portable and safe beside threads.
"""
from __future__ import annotations

from typing import Callable

from .decisions import Agent, Decision
from .errors import IllegalDecision
from .game import Game, Result

AtRoot = Callable[[Game, Decision], object]


class CannotClone(IllegalDecision):
    """The game cannot be rebuilt from its seed and answers (a hand-made set-up), or the rebuilt one
    did not follow it: no agent may search it."""


class Clone:
    """What rebuilds a game: its table and seed, and the answers given so far."""

    def __init__(self, game: Game):
        if not game.whole:
            raise CannotClone("a search agent clones whole games only (played by Game.play from the "
                              "mode's own setup); this one was set up by hand")
        self.pack = game.pack
        self.mode = game.mode.name if game.mode else None
        self.seats = len(game.players)
        self.seed = game.seed
        self.characters = [game.presets[s].name if s in game.presets else "" for s in range(self.seats)]
        self.answers = list(game.answers)

    def rollout(self, at_root: AtRoot, policy: Agent) -> Result:
        """Play a clone to its end: `at_root(clone, decision)` runs at the decision the game is at
        (re-deal the unseen cards there) and returns the answer to try; then every seat plays `policy`."""
        agent = _Replaying(self.answers, at_root, policy)
        g = Game(self.pack, self.mode, self.seats, [agent] * self.seats, seed=self.seed,
                 characters=self.characters)
        result = g.play()
        if isinstance(result.error, CannotClone):
            raise result.error
        if agent.at_root is not None:
            raise CannotClone(f"the clone ended ({result.reason}) before the decision it was made for")
        return result


class _Replaying(Agent):
    """Every seat of a clone: the answers so far, then the root's answer, then the policy's. It is
    the runtime's own, handed the clone itself: the root re-deals it (worlds.Worlds) before the policy
    reads it."""
    sees_all = True

    def __init__(self, answers: list, at_root: AtRoot, policy: Agent):
        self._left = answers[::-1]
        self.at_root = at_root
        self.policy = policy

    def answer(self, game, d: Decision):
        if self._left:
            return self._left.pop()
        if self.at_root is not None:
            at_root, self.at_root = self.at_root, None
            return at_root(game, d)
        return self.policy.answer(game, d)

    def refused(self, d: Decision, answer, reason: str) -> None:
        raise CannotClone(f"the clone did not follow the game at P{d.player.seat}'s {d.prompt!r}: {reason}")
