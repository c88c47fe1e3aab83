"""Cloning a game at a decision, to play it on many times from there.

A game runs inside a Python call stack: at a decision, the rules that asked are frames waiting for the
answer, so a copy of the data alone cannot resume it. Two ways copy the stack too:

- **fork** (where the system has os.fork): the game forks at the decision; the child is handed the
  game (re-dealt by `at_root` before anything else reads it), answers, plays on with the policy in
  every seat, and sends back how the game ended through a pipe. It costs a fork and the pages the
  play-out writes, whatever the length of the game so far.
- **replay**: a new Game with the same seed whose one agent gives back the answers so far, then the
  answer to try, then a policy's. It costs the game so far again, at every rollout.

Both give the same result for the same world and policy seed (a test plays both). Measured on this
machine (esper Duel, a decision 300 answers in, contended): a replay costs about 39 ms before its
play-out of 13 ms, a fork and exit about 3 ms of CPU; in THB Duel, whose games are ten times shorter,
the two cost about the same (an earlier measure had fork 1.43× replay there). So a clone forks when
the game so far has FORK_AFTER answers or more and the system can, and replays otherwise.
"""
from __future__ import annotations

import os
import pickle
from typing import Callable

from spellcard.runtime.decisions import Agent, Decision
from spellcard.runtime.errors import IllegalDecision
from spellcard.runtime.engine.game import Game, Result

AtRoot = Callable[[Game, Decision], object]
FORK = hasattr(os, "fork")      # clones fork where they can (tests turn it off to compare with replay)
FORK_AFTER = 100                # ... once the game so far has this many answers: a shorter replay costs no more


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
        self._game = game

    def rollout(self, at_root: AtRoot, policy: Agent) -> Result:
        """Play a clone to its end: `at_root(clone, decision)` runs at the decision the game is at
        (re-deal the unseen cards there) and returns the answer to try; then every seat plays `policy`."""
        if FORK and len(self.answers) >= FORK_AFTER and self._game.asking is not None \
                and len(self._game.answers) == len(self.answers):
            return self._forked(at_root, policy)
        return self._replayed(at_root, policy)

    def _forked(self, at_root: AtRoot, policy: Agent) -> Result:
        game = self._game
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            _play_on(game, at_root, policy, write)      # never returns: the child ends in on_end
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            sent = pipe.read()
        os.waitpid(pid, 0)
        if not sent:
            raise CannotClone("a forked clone ended without saying how its game ended")
        winners, turns, rounds, reason, error, steps, scores, places = pickle.loads(sent)
        if isinstance(error, CannotClone):
            raise error
        return Result([game.players[s] for s in winners], turns, rounds, reason, error, steps, scores, places)

    def _replayed(self, at_root: AtRoot, policy: Agent) -> Result:
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


class Resume(BaseException):
    """Raised in a forked clone to hand the answer to try back to the game, through the agent that
    searches (it returns `answer` from its own answer()); a BaseException, so that no rule's or
    agent's `except Exception` stops it on the way."""

    def __init__(self, answer):
        super().__init__()
        self.answer = answer


def _play_on(game: Game, at_root: AtRoot, policy: Agent, pipe: int):
    """The forked child: every seat plays `policy`, `at_root` re-deals the game and gives the answer,
    and the game goes on from the decision; when play() ends, on_end sends back how and exits, so
    the child never returns into the code that searched (nor runs anything after the game)."""
    def send(result) -> None:
        try:
            if result is None:
                out = ((), 0, 0, "error", CannotClone("a forked clone left its game by an exception"), 0, None, None)
            else:
                error = result.error
                if error is not None and not _picklable(error):
                    error = CannotClone(str(error))
                out = ([p.seat for p in result.winners], result.turns, result.rounds, result.reason, error, result.steps,
                       result.scores, result.places)
            os.write(pipe, pickle.dumps(out))
        finally:                    # whatever happened (the searching process gone: a broken pipe)
            os._exit(0)

    try:
        game.on_end = send
        game.log.enabled = False
        game.usage = None
        seat = _Playing(policy)
        for p in game.players:
            p.agent = seat
        answer = at_root(game, game.asking)
    except BaseException as err:
        send(Result([], game.turns, game.rounds, "error", CannotClone(f"a forked clone failed at its root: {err!r}")))
    raise Resume(answer)


def _picklable(err: BaseException) -> bool:
    try:
        pickle.dumps(err)
        return True
    except Exception:
        return False


class _Playing(Agent):
    """Every seat of a forked clone after the root: the policy, handed the clone itself."""
    sees_all = True

    def __init__(self, policy: Agent):
        self.policy = policy

    def answer(self, game, d: Decision):
        return self.policy.answer(game, d)

    def refused(self, d: Decision, answer, reason: str) -> None:
        raise CannotClone(f"the rollout policy answered P{d.player.seat}'s {d.prompt!r} illegally: {reason}")
