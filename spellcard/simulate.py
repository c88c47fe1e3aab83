"""Seeded batches of games, what they add up to, and replaying a recorded game.

Kept apart from the command line so that tests and benchmarks can simulate without click. Every
game is a function of (Table, game seed): the agents' seeds derive from the game seed and the seat,
so any single game of a batch can be re-run, logged or replayed on its own.
"""
from __future__ import annotations

import time
from functools import lru_cache
from itertools import cycle
from typing import Callable, Iterator, Optional, Sequence

import attrs

from spellcard.runtime.agents.registry import AGENTS
from spellcard.runtime.agents.scripted import ReplayAgent
from spellcard.runtime.defs import PackDef
from spellcard.runtime.engine.game import Game, Result
from spellcard.runtime.engine.usage import Usage
from spellcard.scores import ScoreCounts, summary as score_summary

TIMING_FIELDS = ("seconds", "games_per_second", "events_per_second")
"""The summary fields that vary from run to run; everything else is fixed by the seed."""

@attrs.frozen
class Table:
    """Everything that fixes a game apart from its seed."""
    pack: PackDef
    mode: str
    players: int
    characters: tuple = ()      # a character name per seat; "" leaves that seat to the mode
    agent: str = "random"       # names in runtime.agents.AGENTS, comma-separated: they cycle over seats
    agent_options: tuple = ()   # (name, value) pairs for the agents that take them (SearchAgent.options)

    def agent_at(self, seat: int) -> str:
        """The agent playing `seat`: a list of agents cycles over the seats ("search,random": even
        seats search, odd seats play at random)."""
        names = self.agent.split(",")
        return names[seat % len(names)]


def unknown_agents(agent: str) -> list[str]:
    """The names in a comma-separated agent list that AGENTS lacks."""
    return [a for a in agent.split(",") if a not in AGENTS]


def game_seed(seed: int, index: int) -> int:
    return seed + index


def agent_seed(seed: int, seat: int) -> int:
    """Distinct per seat and per game seed, for tables of fewer than 1000 seats."""
    return seed * 1000 + seat


def unknown_characters(pack: PackDef, names: Sequence[str]) -> list[str]:
    return [n for n in names if n and n not in pack.characters]


def play(table: Table, seed: int, log: bool = False, agents: Optional[Sequence] = None,
         usage: bool = False) -> tuple[Game, Result]:
    """One game between the table's agents, seeded per seat (or the given agents); with `usage`,
    the game counts its skills and cards played (game.usage)."""
    if agents is None:
        makers = _makers(table.agent, table.agent_options)
        agents = [kind(agent_seed(seed, seat), **options)
                  for seat, (kind, options) in zip(range(table.players), cycle(makers))]
    game = Game(table.pack, table.mode, table.players, agents, seed=seed, log=log,
                characters=table.characters)
    if usage:
        game.usage = Usage()
    return game, game.play()


def seeded(table: Table, games: int, seed: int, log_first: bool = False,
           usage: bool = False) -> Iterator[tuple[int, Game, Result]]:
    """(game seed, game, result) of `games` games with seeds seed, seed+1, …, each played when the
    next is asked for: a Ctrl-C leaves the caller every game finished before it. Only the first game
    may keep its log; `usage` as in play(). The one loop of simulate, the doc's win rates and a sweep."""
    for i in range(games):
        s = game_seed(seed, i)
        yield (s, *play(table, s, log=log_first and i == 0, usage=usage))


def make_agent(name: str, seed: int, options: Sequence = ()):
    """An agent of the named kind, given those of `options` its kind declares it takes."""
    (kind, taken), = _makers(name, tuple(options))
    return kind(seed, **taken)


@lru_cache(maxsize=16)
def _makers(agent: str, options: tuple) -> tuple:
    """Per name in `agent` (a comma list; they cycle over the seats, Table.agent_at), its agent class
    and the options it takes: once per table, not per seat and game."""
    return tuple((AGENTS[name], taken_options(name, options)) for name in agent.split(","))


def taken_options(agent: str, options: Sequence) -> dict:
    """The options that the agents named in `agent` (a comma list) take."""
    takes = {k for name in agent.split(",") for k in getattr(AGENTS[name], "options", ())}
    return {k: v for k, v in options if k in takes}


@attrs.define
class Tally:
    """Running totals over a batch of games."""
    table: Table
    seed: int
    games: int = 0
    finished: int = 0
    turn_limit: int = 0
    errors: int = 0
    first_error: Optional[str] = None
    turns: int = 0
    events: int = 0
    by_seat: dict = attrs.Factory(dict)          # seat number -> [played, won]
    by_character: dict = attrs.Factory(dict)     # character name -> [played, won]
    by_agent: dict = attrs.Factory(dict)         # agent name -> [played, won]
    by_attribute: dict = attrs.Factory(dict)     # shown player attribute -> value -> [played, won]
    scores: ScoreCounts = attrs.Factory(ScoreCounts)     # scores and places, when the games have them

    def add(self, game: Game, result: Result) -> None:
        self.games += 1
        self.turns += result.turns
        self.events += result.steps
        if result.reason == "error":
            self.errors += 1
            if self.first_error is None:
                seed = game_seed(self.seed, self.games - 1)     # enough to re-run that one game
                self.first_error = f"game {self.games} (seed {seed}): {type(result.error).__name__}: {result.error}"
            return                  # an errored game says nothing about who wins
        if result.reason == "win":
            self.finished += 1
        else:
            self.turn_limit += 1
        self._count_players(game, result)
        self.scores.add(result, self.table.agent_at)

    def _count_players(self, game: Game, result: Result) -> None:
        """Wins by seat, by agent, by character and by each player attribute the pack shows (a player
        whose value is none, as in a mode that deals no roles, is left out of that attribute's count)."""
        winners = {p.seat for p in result.winners}
        shown = game.pack.shown.get("player", ())
        for p in game.players:
            won = p.seat in winners
            _bump(self.by_seat, p.seat, won)
            _bump(self.by_agent, self.table.agent_at(p.seat), won)
            if p.character is not None:         # a pack may seat no characters (esper's are cards)
                _bump(self.by_character, p.character.name, won)
            for name in shown:
                value = p.v.get(name)
                if value is not None:
                    _bump(self.by_attribute.setdefault(name, {}), written(value), won)

    def summary(self, seconds: float) -> dict:
        """Plain data, JSON-ready; only TIMING_FIELDS depend on the machine."""
        t = self.table
        return {
            "pack": t.pack.name, "mode": t.mode, "players": t.players, "characters": list(t.characters),
            "agent": t.agent, "agent_options": taken_options(t.agent, t.agent_options),
            "seed": self.seed, "games": self.games, "finished": self.finished, "turn_limit": self.turn_limit,
            "errors": self.errors, "first_error": self.first_error,
            "mean_turns": round(self.turns / self.games, 2) if self.games else 0.0,
            "events": self.events,
            "wins": {"by_seat": {f"P{seat}": r for seat, r in _rates(self.by_seat).items()},
                     "by_agent": _rates(self.by_agent),
                     "by_character": _rates(self.by_character),
                     "by_attribute": {name: _rates(self.by_attribute[name])
                                      for name in t.pack.shown.get("player", ()) if name in self.by_attribute},
                     "labels": _member_labels(t.pack, self.by_attribute)},
            "scores": score_summary(self.scores, t.pack.score),
            "seconds": round(seconds, 3),
            "games_per_second": round(self.games / seconds, 1) if seconds else 0.0,
            "events_per_second": round(self.events / seconds) if seconds else 0,
        }


def _member_labels(pack, by_attribute: dict) -> dict:
    """The pack's label of each enum member the shown attributes took (`spy` → 間諜): the tables for
    people name a value as the pack does; the JSON keys stay the members' names."""
    labels = {}
    for values in by_attribute.values():
        for v in values:
            label = next((members[v] for members in pack.enums.values() if v in members), None)
            if label and label != v:
                labels[v] = label
    return dict(sorted(labels.items()))


def written(value) -> str:
    """A value as a rules author writes it: enum members by name, `true`/`false` for bools."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _bump(counts: dict, key, won: bool) -> None:
    row = counts.setdefault(key, [0, 0])
    row[0] += 1
    row[1] += won


def _rates(counts: dict) -> dict:
    return {k: {"played": n, "won": w, "rate": round(w / n, 4)} for k, (n, w) in sorted(counts.items())}


@attrs.define
class Batch:
    tally: Tally
    seconds: float
    first: Game                  # the first game, logged when asked for
    first_result: Result


class Interrupted(Exception):
    """Ctrl-C during a batch: the games finished before it (None if none was), to keep what is done."""

    def __init__(self, batch: Optional[Batch]):
        super().__init__("interrupted")
        self.batch = batch


def simulate(table: Table, games: int, seed: int, log_first: bool = False,
             on_game: Callable[[], None] = lambda: None) -> Batch:
    """Play `games` games with seeds seed, seed+1, …; only the first may keep its log. Ctrl-C
    raises Interrupted with the games finished so far (the one being played is dropped)."""
    tally = Tally(table, seed)
    first = None
    start = time.perf_counter()
    try:
        for _, game, result in seeded(table, games, seed, log_first):
            tally.add(game, result)
            if first is None:
                first = (game, result)
            on_game()
    except KeyboardInterrupt:
        raise Interrupted(Batch(tally, time.perf_counter() - start, *first) if first else None) from None
    return Batch(tally, time.perf_counter() - start, *first)


# ── recorded games ──────────────────────────────────────────────────────────────
def log_header(table: Table, seed: int, pack_target: str, extra: Sequence[str]) -> dict:
    """What `replay` needs to rebuild the table: where the pack came from and how it was set."""
    return {"pack": pack_target, "with": list(extra), "source_hash": table.pack.source_hash,
            "pack_name": table.pack.name, "pack_version": table.pack.version,
            "mode": table.mode, "seed": seed, "players": table.players, "characters": list(table.characters),
            "agent": table.agent}


@attrs.frozen
class Replay:
    events: int
    difference: Optional[str] = None     # None when the replay reproduced the log exactly
    error: Optional[Exception] = None    # the rule fault or loop the game ended in, if it did
    game: Optional[Game] = None          # the game replayed, its log kept (to render it)


def replay(table: Table, seed: int, answers: list, logged: list[str]) -> Replay:
    """Re-run a recorded game (its table checked against the pack, see cli.replay_cmd) from its
    answers and compare the logs line by line.

    Answers are recorded in decision order across all seats, so every seat shares one ReplayAgent.
    """
    agent = ReplayAgent(answers)
    game, result = play(table, seed, log=True, agents=[agent] * table.players)
    produced = game.log.lines()
    difference = first_difference(logged, produced)
    if difference is not None and result.error is not None:
        difference += f"\n  the replay ended with {type(result.error).__name__}: {result.error}"
    elif difference is None and agent.given < len(answers):
        difference = f"the replay used {agent.given} of the {len(answers)} recorded answers"
    return Replay(len(produced), difference, result.error, game)


def first_difference(logged: list[str], produced: list[str]) -> Optional[str]:
    for i, (want, got) in enumerate(zip(logged, produced)):
        if want != got:
            return f"event {i + 1} differs:\n  logged:   {want}\n  replayed: {got}"
    if len(logged) > len(produced):
        return f"the replay stopped after {len(produced)} events; the log goes on:\n  logged:   {logged[len(produced)]}"
    if len(produced) > len(logged):
        return f"the log stops after {len(logged)} events; the replay goes on:\n  replayed: {produced[len(logged)]}"
    return None
