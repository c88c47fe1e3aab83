"""Run one `test` block on the scenario harness: seat the table, deal, answer, run, expect.

Every step that goes wrong becomes a Failure at the designer's line (a misspelt name, a card the
deck does not hold, an expectation that does not hold, an answer never used), never a traceback.
"""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.spelltest import nodes as T
from spellcard.compiler.ast import Span
from spellcard.runtime.agents.scripted import ScriptMismatch
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.errors import GameOver
from spellcard.runtime.faults import as_fault
from spellcard.runtime.model import Card

from ..scenario import Scenario, ScenarioError, declared_in
from ..suggest import did_you_mean
from .asking import Asking
from .reading import Reader
from .resolve import attr_type, param_types
from .values import contains, same, show

HEADER = (T.Seats, T.Mode, T.Setup, T.Seed, T.Current)


@attrs.define
class Failure:
    span: Span
    message: str
    expected: Optional[str] = None
    actual: Optional[str] = None


@attrs.define
class Outcome:
    test: T.SpellTestDecl
    failure: Optional[Failure] = None
    scenario: Optional[Scenario] = None

    @property
    def passed(self) -> bool:
        return self.failure is None

    @property
    def mode(self) -> Optional[str]:
        """The mode that ran, and why when the test names none: `Duel (the pack's mode for 2 seats)`."""
        s = self.scenario
        if s is None:
            return None
        if any(isinstance(st, T.Mode) for st in self.test.stmts):
            return s.mode_name
        return f"{s.mode_name} (no `mode` in the test: the pack's first for {len(s.game.players)} seats)"

    @property
    def ended(self) -> Optional[str]:
        """`the game ended at turn 4 (P1's): IncidentVictory; winners: Reimu (P0)`, once it has."""
        s = self.scenario
        if s is None or s.ended is None:
            return None
        turn, _, seat, rule = s.ended
        who = f" ({show(s.pack, s.p(seat))}'s)" if seat is not None else ""
        won = ", ".join(show(s.pack, p) for p in s.winners or []) or "nobody"
        return f"the game ended at turn {turn}{who}" + (f": {rule}" if rule else "") + f"; winners: {won}"


class Stop(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


def run_test(test: T.SpellTestDecl, pack: str, extra=(), given=()) -> Outcome:
    """One test (a table's row: rows.expand makes them); `given`: every --with file (default
    `extra`, the rule files among them)."""
    runner = Runner(test, pack, tuple(extra), tuple(given) or None)
    try:
        runner.run()
    except Stop as stop:
        return Outcome(test, stop.failure, runner.s)
    return Outcome(test, None, runner.s)


class Runner(Reader, Asking):
    def packs_own(self) -> bool:
        """Whether the test is one of the pack's own (not given with --with): it checks only the
        invariants the pack declares, never a tester's from a --with file (docs/property-testing.md)."""
        return not declared_in(str(self.test.span), self.given)

    def __init__(self, test: T.SpellTestDecl, pack: str, extra: tuple, given: Optional[tuple] = None):
        self.test, self.pack_name, self.extra = test, pack, extra
        self.given = extra if given is None else given      # every --with file, test-only ones too
        self.s: Optional[Scenario] = None
        self.seat_of: dict[str, int] = {}
        self.placed: list[Card] = []
        self.scripted: list[list] = []          # per seat: the answer spans, in script order
        self.expects_error = any(isinstance(st, T.ExpectError) for st in test.stmts)

    # ── the table ───────────────────────────────────────────────────────────────
    def run(self) -> None:
        stmts = list(self.test.stmts)
        first = next((i for i, st in enumerate(stmts) if not isinstance(st, HEADER)), len(stmts))
        head = [st for st in stmts[:first]] + [st for st in stmts[first:] if isinstance(st, HEADER[:-1])]
        body = [st for st in stmts[first:] if not isinstance(st, HEADER[:-1])]
        self.seat_up(head)
        for st in every_seat(body, self.seat_of, len(self.scripted)):
            getattr(self, "do_" + type(st).__name__)(st)
        self.check_leftovers()

    def seat_up(self, head) -> None:
        seats = next((h for h in head if isinstance(h, T.Seats)), None)
        if seats is None:
            raise Stop(Failure(self.test.span, "the test seats nobody", "start it with `seats A, B`"))
        mode = next((h.name for h in head if isinstance(h, T.Mode)), None)
        setup = any(isinstance(h, T.Setup) for h in head)
        seed = next((h.value for h in head if isinstance(h, T.Seed)), 0)
        names = [tuple(w.name for w in seat) for seat in seats.seats]
        pack = load_pack(self.pack_name, self.extra)
        for i, seat in enumerate(names):
            self.seat_of[f"P{i}"] = i
            for n in seat:
                if n in pack.characters or n not in pack.kinds:     # a character card names a card, not its seat
                    self.seat_of.setdefault(n, i)
        current = next((h for h in head if isinstance(h, T.Current)), None)
        cur = self.seat(current.who) if current else 0
        with self.at(seats.span):
            self.s = Scenario(self.pack_name, names, mode=mode, extra=self.extra, current=cur, setup=setup,
                              seed=seed, invariants_of_extra=not self.packs_own())
            if setup and current:
                self.s.game.current = self.s.p(cur)
            self.placed.extend(self.s.seated_cards)
        self.scripted = [[] for _ in names]

    def at(self, span: Span, running: bool = False):
        return _At(self, span, running)

    def seat(self, who: T.Who) -> int:
        if who.name not in self.seat_of:
            hint = did_you_mean(who.name, self.seat_of)
            raise Stop(Failure(who.span, f"nobody seated here is `{who.name}`", hint))
        return self.seat_of[who.name]

    def fail(self, span: Span, message: str, expected: Optional[str] = None, actual: Optional[str] = None):
        raise Stop(Failure(span, message, expected, actual))

    # ── statements ──────────────────────────────────────────────────────────────
    def do_Put(self, st: T.Put) -> None:
        specs = [self.pattern(c) if isinstance(c, T.Pattern) else c.spec for c in st.cards]
        with self.at(st.span):
            if st.how == "hand":
                cards = self.s.hand(self.seat(st.who), *specs)
            elif st.how == "equip":
                cards = self.s.equip(self.seat(st.who), *specs)
            elif st.how == "deck":
                cards = self.s.deck_top(*specs)
            else:
                cards = self.s.zone(None if st.who is None else self.seat(st.who), st.zone, *specs)
        self.placed.extend(cards)

    def do_Current(self, st: T.Current) -> None:
        """`current X` after the table is set: the current player changes here."""
        self.s.game.current = self.s.p(self.seat(st.who))

    def do_SetValue(self, st: T.SetValue) -> None:
        if st.card is not None or (st.who is not None and st.who.name not in self.seat_of):
            card = self.value(st.card if st.card is not None else T.Name(st.who.name, st.who.span), as_card=True)
            return self.set_card(card, st.name, self.value(st.value, as_card=True), st.span)
        scope = "table" if st.who is None else "player"
        value = self.value(st.value, typed=attr_type(self.s.pack, scope, st.name))
        with self.at(st.span):
            self.s.set(None if st.who is None else self.seat(st.who), **{st.name: value})

    def do_Answer(self, st: T.Answer) -> None:
        seat = self.seat(st.who)
        for a in st.answers:
            self.s.answer(seat, self.want(a))
            self.scripted[seat].append(a.span)

    def do_When(self, st: T.When) -> None:
        with self.at(st.span):
            policy = self.s.when(self.seat(st.who), self.want(st.answer), what=st.sort, prompt=st.prompt,
                                 about=st.about, always=st.always)
        policy.where = st.span

    def want(self, a: T.Ans):
        if a.kind == "list":
            return [self.want(x) for x in a.value]
        if a.kind == "pattern":
            return self.pattern(a.value)
        if a.kind == "name" and a.value in self.seat_of:
            return self.s.p(self.seat_of[a.value])
        return a.value

    def do_Run(self, st: T.Run) -> None:
        seat = self.seat(st.who) if st.who is not None else None
        what = st.what
        with self.at(st.span, running=True):
            if what == "turn":
                self.s.turn(seat if seat is not None else self.s.game.current.seat)
            elif what == "round":
                self.s.new_round()
            elif what == "game":
                self.s.play_on()
            else:
                self.s.phase(seat if seat is not None else self.s.game.current.seat, what)

    def do_Perform(self, st: T.Perform) -> None:
        types = param_types(self.s.pack, "action", st.action) or {}
        kwargs = {name: self.value(v, as_card=True, typed=types.get(name, "")) for name, v, _ in st.args}
        with self.at(st.span, running=True):
            self.s.perform(st.action, **kwargs)

    def do_CallFunc(self, st: T.CallFunc) -> None:
        words = list((param_types(self.s.pack, "func", st.func) or {}).values())
        args = [self.value(v, as_card=True, typed=words[i] if i < len(words) else "") for i, v in enumerate(st.args)]
        with self.at(st.span, running=True):
            self.s.call(st.func, *args)

    def do_Expect(self, st: T.Expect) -> None:
        for cond in st.conds:
            self.expect(cond)

    def do_ExpectError(self, st: T.ExpectError) -> None:
        err = self.s.error
        got = type(err).__name__ if err is not None else None
        if got != st.name:
            raise Stop(Failure(st.span, f"expected the game to stop with {st.name}",
                               st.name, f"{got}: {err}" if err is not None else "no error"))

    def check_leftovers(self) -> None:
        for seat, agent in enumerate(self.s.agents):
            if agent.script:
                spans = self.scripted[seat]
                span = spans[len(spans) - len(agent.script)] if len(spans) >= len(agent.script) else self.test.span
                left = ", ".join(show(self.s.pack, w) if not isinstance(w, str) else w for w in agent.script)
                raise Stop(Failure(span, f"scripted answers never used: {left}",
                                   None, "no decision asked for them: the test scripted something that did not happen"))
        for _, p in self.s.unused_policies():
            raise Stop(Failure(p.where, "no decision matched this answer", None,
                               "nothing of this sort, prompt or chooser was asked"))

    # ── expectations ────────────────────────────────────────────────────────────
    def expect(self, cond) -> None:
        ok, expected, actual = self.holds(cond)
        if not ok:
            raise Stop(Failure(cond.span, "expectation not met", expected, actual))

    def holds(self, cond):
        pack = self.s.pack
        if isinstance(cond, (T.NeverAsked, T.NeverOffered)):
            return self.never(cond)
        if isinstance(cond, T.Not):
            ok, expected, actual = self.holds(cond.cond)
            return not ok, f"not {expected}", actual
        if isinstance(cond, T.Truthy):
            v = self.value(cond.val)
            return bool(v), "true (or more than 0)", show(pack, v)
        if isinstance(cond, T.Has):
            whole, part = self.value(cond.whole), self.value(cond.part)
            ok = contains(pack, whole, part)
            word = "without" if cond.negated else "with"
            return ok != cond.negated, f"{word} {show(pack, part)}", show(pack, whole)
        left, right = self.value(cond.left), self.value(cond.right)
        op = cond.op
        if op in ("==", "!="):
            ok = same(pack, left, right) == (op == "==")
        else:
            try:
                ok = {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[op]
            except TypeError:
                raise Stop(Failure(cond.span, f"cannot compare {show(pack, left)} {op} {show(pack, right)}"))
        return ok, f"{op} {show(pack, right)}" if op != "==" else show(pack, right), show(pack, left)


def every_seat(body: list, seat_of: dict, seats: int) -> list:
    """`hand every: …`, `set every.hp = 2`: the same for each seat the test states nothing of the
    kind for (its own `hand P1: …`, `set P1.hp = …`), at the place the `every` line stands."""
    def key(st):
        if isinstance(st, T.Put) and st.who is not None:
            return ("put", st.how, st.zone)
        if isinstance(st, T.SetValue) and st.who is not None and st.card is None:
            return ("set", st.name)
        return None

    stated = {(key(st), seat_of.get(st.who.name)) for st in body if key(st) and st.who.name != "every"}
    out = []
    for st in body:
        if key(st) is None or st.who.name != "every":
            out.append(st)
            continue
        out.extend(attrs.evolve(st, who=T.Who(f"P{i}", st.who.span)) for i in range(seats)
                   if (key(st), i) not in stated)
    return out


class _At:
    """Turns what goes wrong inside a step into a Failure at the step's line; a rule fault while
    running is kept for `expect error` when the test expects one."""

    def __init__(self, runner: Runner, span: Span, running: bool = False):
        self.runner, self.span, self.running = runner, span, running

    def __enter__(self):
        return self

    def __exit__(self, kind, err, tb):
        if err is None or isinstance(err, Stop):
            return False
        if isinstance(err, ScenarioError):
            raise Stop(Failure(self.span, str(err)))
        if isinstance(err, ScriptMismatch):
            raise Stop(Failure(self.span, f"a scripted answer does not fit: {err}"))
        if isinstance(err, GameOver):
            return False
        if isinstance(err, (KeyError, TypeError, AttributeError, IndexError, ValueError)) and not self.running:
            raise Stop(Failure(self.span, f"cannot do this here: {type(err).__name__}: {err}"))
        if self.running and self.runner.expects_error:
            self.runner.s.error = err
            return True
        raise Stop(Failure(self.span, f"the game stopped with {type(err).__name__}: {stopped(err, self.runner.s)}"))


def stopped(err: BaseException, s: Optional[Scenario]) -> str:
    """Why a game stopped, naming the .spell line of the rule that went wrong when there is one."""
    fault = as_fault(err, s.pack) if s is not None else err
    return str(fault) if getattr(fault, "where", True) else str(err)
