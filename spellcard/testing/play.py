"""One explored game, and the properties every game must keep.

The game runs on the scenario harness exactly as a `.spell` test with `setup` and `run game`
would run it (the table's game seed, the mode's own setup, then the answers), so a broken game can be written
as such a test and replayed. The harness checks after every action what the runtime knows
(cards conserved, counters in bounds) and the pack's `invariant`s; a player out of the game being
asked stops it too. Here the rest is judged: no rule fault, an end within the game's budgets,
and the user's own properties: `always` ones after every action and at every decision, the
others on the finished Scenario. A broken game carries what writes it as a `.spell` test
(spelled.py), noted for hypothesis's report; inside `bounded` (bound.py) its shrinking has a time.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

import attrs
from hypothesis import currently_in_test_context, note
from hypothesis.errors import UnsatisfiedAssumption

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.engine.usage import Usage
from spellcard.runtime.errors import Breach, HarnessStop, InvariantBroken, PlayerOut, RuleLoop
from spellcard.runtime.faults import as_fault
from spellcard.scenario import Scenario, ScenarioError

from . import bound
from .spelled import SpellNote
from .strategies import DrawnAgent, TableSpec

Property = Callable[[Scenario], Optional[str]]     # a message when broken, else None
Always = Callable[[Scenario, Optional[object]], Optional[str]]   # (s, the decision asked, or None after an action)


class Broken(Exception):
    """A property a game broke: its name (what the report and the saved test say) and why."""

    def __init__(self, prop: str, message: str, scenario: Optional[Scenario] = None):
        super().__init__(f"{prop}: {message}")
        self.prop, self.message, self.scenario = prop, message, scenario
        self.played: Optional[Played] = None    # the game as far as it went (for the coverage)
        self.pack: Optional[str] = None         # what plays it again (spelled.spell_test)
        self.extra: tuple = ()
        self.spec: Optional[TableSpec] = None
        self.at: Optional[int] = None           # an `always` break: the decisions asked before it
        self.python = False                     # a Python property's (the test language cannot state it)
        self.breach = Breach()                  # an invariant's break: what broke, as data (a counter, a text)


class Unplayable(UnsatisfiedAssumption):
    """The drawn table cannot be set up (a stacked card the deck has run out of, after the deal):
    not a finding. Hypothesis takes it as `reject()`: the example is skipped, as an assumption
    that failed."""


class PropertyBroken(HarnessStop):
    """An `always` property broke: raised where it was checked, passed on by the engine as it is."""

    def __init__(self, prop: str, message: str, at: int):
        super().__init__(f"{prop}: {message}")
        self.prop, self.message, self.at = prop, message, at


class PropertyFault(HarnessStop):
    """An `always` property raised (not an assert): the property's own bug, raised as it is."""

    def __init__(self, prop: str, err: Exception):
        super().__init__(f"property {prop!r} failed: {type(err).__name__}: {err}")
        self.original = err


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
    if isinstance(err, PropertyFault):
        raise err.original
    if isinstance(err, PropertyBroken):
        broken = Broken(err.prop, err.message)
        broken.at, broken.python = err.at, True
        return broken
    if isinstance(err, PlayerOut):
        return Broken("nobody out is asked or acts", str(err))
    if isinstance(err, InvariantBroken):
        broken = Broken("invariant", str(err))
        broken.breach = err.breach
        return broken
    if isinstance(err, RuleLoop):
        return Broken("the game ends within its budgets", str(err))
    return Broken("no rule fault", f"{type(err).__name__}: {as_fault(err, pack)}")


def play(pack: str, spec: TableSpec, data, extra: Sequence[str] = (),
         properties: Sequence[tuple[str, Property]] = (), budget: Optional[int] = None,
         always: Sequence[tuple[str, Always]] = ()) -> Played:
    """Play the game `spec` of `pack` (its name or folder, as `spellcard test` takes it) with answers
    drawn from `data`; Broken if it breaks a property: `always` ones are checked after every action
    and before every decision is answered, `properties` when the game ends. Past `budget` drawn
    answers the game is cut (strategies.Cut), breaking nothing; inside `bounded`, its budget."""
    if not isinstance(pack, str):
        raise TypeError(f"play() takes the pack's name or folder (as `spellcard test` does), "
                        f"not {type(pack).__name__}")
    if not callable(getattr(data, "draw", None)):
        raise TypeError("play() draws every answer from hypothesis's data: pass the `data` of "
                        "@given(data=st.data())")
    shrinking = bound.current()
    if shrinking is not None:
        shrinking.on_time()                  # past its shrink time: stop hypothesis, report the best
        budget = shrinking.budget if budget is None else budget
    extra = tuple(extra)
    try:
        s = Scenario(pack, list(spec.seats), mode=spec.mode, extra=extra, setup=True, seed=spec.seed)
        s.deck_top(*spec.deck_top)
    except ScenarioError as err:
        raise Unplayable(str(err)) from None
    except Exception as err:                 # a rule that failed in the mode's setup
        raise _told(judge(err, load_pack(pack, extra)), pack, extra, spec, None) from None
    s.decisions.clear()                      # the setup's, which a test's setup makes alike unscripted
    # A shrink step reports no coverage: spare it the log (which an `always` property may read).
    s.game.log.enabled = budget is None or bool(always)
    if budget is None:
        s.game.usage = Usage()               # counts every kind of skill used; changes no game
    counter = [0]
    for agent in s.agents:
        agent.fallback = DrawnAgent(data, counter, budget)
    played = Played(spec, s, usage=s.game.usage)
    _watch_windows(s, played.windows)
    if always:
        watch(s, always)
    try:
        if s.winners is None:
            s.play_on()                      # the mode's turn limit ends it undecided: a game may run long
    except Exception as err:
        raise _told(judge(err, s.pack), pack, extra, spec, played, counter[0]) from None
    if budget is not None and counter[0] > budget:
        return played                        # cut short: it broke nothing it reached
    broken = ended_badly(s, properties)
    if broken is not None:
        raise _told(broken, pack, extra, spec, played, counter[0])
    return played


def ended_badly(s, properties: Sequence[tuple[str, Property]]) -> Optional[Broken]:
    """The first end-of-game property the finished scenario `s` breaks (by a message or a failed
    `assert`), marked as a Python property's break; None when all hold."""
    for name, prop in properties:
        try:
            message = prop(s)
        except AssertionError as err:
            message = str(err) or "an assert failed"
        if message:
            broken = Broken(name, message, s)
            broken.python = True
            return broken
    return None


def _told(broken: Broken, pack: str, extra: tuple, spec: TableSpec, played: Optional[Played],
          drawn: int = 0) -> Broken:
    """The break with what writes it as a test; offered to `bounded`, and noted for hypothesis's
    report of the smallest failing example (written only then: SpellNote is lazy)."""
    broken.pack, broken.extra, broken.spec, broken.played = pack, extra, spec, played
    broken.scenario = played.scenario if played is not None else None
    shrinking = bound.current()
    if shrinking is not None:
        shrinking.offer(broken, drawn)
    if currently_in_test_context():
        note(SpellNote(broken))
    return broken


def watch(s: Scenario, always: Sequence[tuple[str, Always]]) -> None:
    """Check the `always` properties on `s` after every action and before every decision is
    answered (by any agent: drawn, scripted or quiet). A property breaks by returning a message
    or failing an assert; any other exception it raises is its own fault, raised as it is."""
    g = s.game
    asked = [0]

    def check(d) -> None:
        for name, prop in always:
            try:
                message = prop(s, d)
            except AssertionError as err:
                message = str(err) or "an assert failed"
            except Exception as err:
                raise PropertyFault(name, err) from err
            if message:
                raise PropertyBroken(name, message, asked[0])

    after = g.check_invariants

    def after_action() -> None:
        after()
        check(None)
    g.check_invariants = after_action
    for agent in s.agents:
        def answer(view, d, answer=agent.answer):
            check(g.asking)                  # the decision itself, whatever the agent is handed
            asked[0] += 1
            return answer(view, d)
        agent.answer = answer


def _watch_windows(s: Scenario, seen: set) -> None:
    """Count the windows a rule listened at (for the coverage report), on this game only."""
    g = s.game
    dispatch = g.dispatch

    def watched(key, ev):
        seen.add(key)
        return dispatch(key, ev)
    g.dispatch = watched
