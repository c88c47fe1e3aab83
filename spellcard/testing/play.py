"""One explored game, and the properties every game must keep.

The game runs on the scenario harness exactly as a `.spell` test with `setup` and `run game`
would run it (seed 0, the mode's own setup, then the answers), so a broken game can be written
as such a test and replayed. The harness checks after every action what the runtime knows
(cards conserved, counters in bounds) and the pack's `invariant`s; a player out of the game being
asked stops it too. Here the rest is judged: no rule fault, an end within the game's budgets,
and the user's own properties, functions of the finished Scenario.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import attrs

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.engine.usage import Usage
from spellcard.runtime.errors import InvariantBroken, PlayerOut, RuleLoop
from spellcard.runtime.faults import as_fault
from spellcard.scenario import Scenario, ScenarioError

from .strategies import DrawnAgent, TableSpec

Property = Callable[[Scenario], Optional[str]]     # a message when broken, else None


class Broken(Exception):
    """A property a game broke: its name (what the report and the saved test say) and why."""

    def __init__(self, prop: str, message: str, scenario: Optional[Scenario] = None):
        super().__init__(f"{prop}: {message}")
        self.prop, self.message, self.scenario = prop, message, scenario
        self.played: Optional[Played] = None    # the game as far as it went (for the coverage)


class Unplayable(Exception):
    """The drawn table cannot be set up (a stacked card the deck has run out of): not a finding."""


@attrs.define
class Played:
    spec: TableSpec
    scenario: Scenario
    windows: set = attrs.Factory(set)            # windows opened with a rule listening
    usage: Optional[Usage] = None                # skills used and cards played (not while shrinking)

    @property
    def skills(self) -> dict:
        """Skill name -> times used: fired, activated, or converted with."""
        return self.usage.skills if self.usage is not None else {}


def judge(err: Exception, pack) -> Broken:
    if isinstance(err, PlayerOut):
        return Broken("nobody out is asked or acts", str(err))
    if isinstance(err, InvariantBroken):
        return Broken("invariant", str(err))
    if isinstance(err, RuleLoop):
        return Broken("the game ends within its budgets", str(err))
    return Broken("no rule fault", f"{type(err).__name__}: {as_fault(err, pack)}")


def play(pack: str, spec: TableSpec, data, extra: Sequence[str] = (),
         properties: Sequence[tuple[str, Property]] = (), budget: Optional[int] = None) -> Played:
    """Play the game `spec` with answers drawn from `data`; Broken if it breaks a property. Past
    `budget` drawn answers the game is cut (strategies.Cut), breaking nothing."""
    try:
        s = Scenario(pack, list(spec.seats), mode=spec.mode, extra=tuple(extra), setup=True)
        s.deck_top(*spec.deck_top)
    except ScenarioError as err:
        raise Unplayable(str(err)) from None
    except Exception as err:                 # a rule that failed in the mode's setup
        raise judge(err, load_pack(pack, tuple(extra))) from None
    s.decisions.clear()                      # the setup's, which a test's setup makes alike unscripted
    s.game.log.enabled = budget is None      # a shrink step reports no coverage: spare it the log
    if budget is None:
        s.game.usage = Usage()               # counts every kind of skill used; changes no game
    counter = [0]
    for agent in s.agents:
        agent.fallback = DrawnAgent(data, counter, budget)
    played = Played(spec, s, usage=s.game.usage)
    _watch_windows(s, played.windows)
    try:
        if s.winners is None:
            s.play_on()                      # the mode's turn limit ends it undecided: a game may run long
    except Exception as err:
        broken = judge(err, s.pack)
        broken.scenario, broken.played = s, played
        raise broken from None
    if budget is not None and counter[0] > budget:
        return played                        # cut short: it broke nothing it reached
    for name, prop in properties:
        message = prop(s)
        if message:
            broken = Broken(name, message, s)
            broken.played = played
            raise broken
    return played


def _watch_windows(s: Scenario, seen: set) -> None:
    """Count the windows a rule listened at (for the coverage report), on this game only."""
    g = s.game
    dispatch = g.dispatch

    def watched(key, ev):
        seen.add(key)
        return dispatch(key, ev)
    g.dispatch = watched
