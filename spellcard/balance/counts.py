"""The totals of a sweep of games: integers by key, so that batches played anywhere, in any order,
add up to the same figures (floats are made only at the end, by stats.py, from sorted keys)."""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.runtime.engine.game import Game, Result
from spellcard.scores import ScoreCounts
from spellcard.simulate import Table, written


@attrs.define
class Counts:
    games: int = 0
    finished: int = 0
    turn_limit: int = 0
    errors: int = 0
    first_error: Optional[tuple] = None         # (game seed, message) of the lowest seed that errored
    lengths: dict = attrs.Factory(dict)         # turns -> games that lasted that long
    # (agent, character or "", seat, ((attribute, value), …)) -> [played, won]: one row per kind of
    # player-game, from which every conditioned win rate is summed.
    players: dict = attrs.Factory(dict)
    skills: dict = attrs.Factory(dict)          # skill name -> times fired or used
    cards: dict = attrs.Factory(dict)           # card kind name -> times played or given
    parts: dict = attrs.Factory(dict)           # "Skill#i" -> times that trigger, active or conversion ran
    declined: dict = attrs.Factory(dict)        # "Skill#i" -> times its owner was offered it and said no
    scores: ScoreCounts = attrs.Factory(ScoreCounts)    # scores and places, when the games have them

    def add(self, table: Table, seed: int, game: Game, result: Result) -> None:
        self.games += 1
        if result.reason == "error":
            self.errors += 1
            self._error(seed, f"{type(result.error).__name__}: {result.error}")
            return                  # an errored game says nothing about who wins
        if result.reason == "win":
            self.finished += 1
        else:
            self.turn_limit += 1
        add_to(self.lengths, result.turns, 1)
        winners = {p.seat for p in result.winners}
        shown = game.pack.shown.get("player", ())
        for p in game.players:
            values = tuple((name, written(p.v[name])) for name in shown if p.v.get(name) is not None)
            key = (table.agent_at(p.seat), p.character.name if p.character is not None else "", p.seat, values)
            row = self.players.setdefault(key, [0, 0])
            row[0] += 1
            row[1] += p.seat in winners
        self.scores.add(result, table.agent_at)
        if game.usage is not None:
            for name, n in game.usage.skills.items():
                add_to(self.skills, name, n)
            for name, n in game.usage.cards.items():
                add_to(self.cards, name, n)
            for name, n in game.usage.parts.items():
                add_to(self.parts, name, n)
            for name, n in game.usage.declined.items():
                add_to(self.declined, name, n)

    def _error(self, seed: int, message: str) -> None:
        if self.first_error is None or seed < self.first_error[0]:
            self.first_error = (seed, message)

    def merge(self, other: "Counts") -> "Counts":
        for name in ("games", "finished", "turn_limit", "errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.first_error is not None:
            self._error(*other.first_error)
        for mine, theirs in ((self.lengths, other.lengths), (self.skills, other.skills),
                             (self.cards, other.cards), (self.parts, other.parts),
                             (self.declined, other.declined)):
            for k, n in theirs.items():
                add_to(mine, k, n)
        self.scores.merge(other.scores)
        for k, (n, w) in other.players.items():
            row = self.players.setdefault(k, [0, 0])
            row[0] += n
            row[1] += w
        return self


def add_to(counts: dict, key, n: int) -> None:
    """`n` more under `key`: the totals of counts kept as plain dicts (they travel between processes)."""
    counts[key] = counts.get(key, 0) + n
