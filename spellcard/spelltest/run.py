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
from spellcard.runtime.decisions import label
from spellcard.runtime.errors import GameOver
from spellcard.runtime.faults import as_fault
from spellcard.runtime.model import Card, Play, Player

from ..answers import spec_fits
from ..faces import printed_specs
from ..scenario import Scenario, ScenarioError, declared_in
from ..suggest import did_you_mean
from .check import FUNCTIONS
from .values import Symbol, contains, same, show

HEADER = (T.Seats, T.Mode, T.Setup, T.Current)


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


class Stop(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


def run_test(test: T.SpellTestDecl, pack: str, extra=(), given=()) -> Outcome:
    """`given`: every --with file (default `extra`, the rule files among them)."""
    runner = Runner(test, pack, tuple(extra), tuple(given) or None)
    try:
        runner.run()
    except Stop as stop:
        return Outcome(test, stop.failure, runner.s)
    return Outcome(test, None, runner.s)


class Runner:
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
        for st in body:
            getattr(self, "do_" + type(st).__name__)(st)
        self.check_leftovers()

    def seat_up(self, head) -> None:
        seats = next((h for h in head if isinstance(h, T.Seats)), None)
        if seats is None:
            raise Stop(Failure(self.test.span, "the test seats nobody", "start it with `seats A, B`"))
        mode = next((h.name for h in head if isinstance(h, T.Mode)), None)
        setup = any(isinstance(h, T.Setup) for h in head)
        names = [tuple(w.name for w in seat) for seat in seats.seats]
        for i, seat in enumerate(names):
            self.seat_of[f"P{i}"] = i
            for n in seat:
                self.seat_of.setdefault(n, i)
        current = next((h for h in head if isinstance(h, T.Current)), None)
        cur = self.seat(current.who) if current else 0
        with self.at(seats.span):
            self.s = Scenario(self.pack_name, names, mode=mode, extra=self.extra, current=cur, setup=setup,
                              invariants_of_extra=not self.packs_own())
            if setup and current:
                self.s.game.current = self.s.p(cur)
        self.scripted = [[] for _ in names]

    def at(self, span: Span, running: bool = False):
        return _At(self, span, running)

    def seat(self, who: T.Who) -> int:
        if who.name not in self.seat_of:
            hint = did_you_mean(who.name, self.seat_of)
            raise Stop(Failure(who.span, f"nobody seated here is `{who.name}`", hint))
        return self.seat_of[who.name]

    # ── statements ──────────────────────────────────────────────────────────────
    def do_Put(self, st: T.Put) -> None:
        specs = [c.spec for c in st.cards]
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
        value = self.value(st.value)
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
        kwargs = {name: self.value(v, as_card=True) for name, v, _ in st.args}
        with self.at(st.span, running=True):
            self.s.perform(st.action, **kwargs)

    def do_CallFunc(self, st: T.CallFunc) -> None:
        args = [self.value(v, as_card=True) for v in st.args]
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

    def value(self, v, as_card: bool = False):
        s = self.s
        if isinstance(v, T.Lit):
            return v.value
        if isinstance(v, T.Spec):
            return self.card_ref(v) if as_card else Symbol(v.spec)
        if isinstance(v, T.Name):
            return self.name(v, as_card)
        if isinstance(v, T.ListV):
            return [self.value(x, as_card) for x in v.items]
        if isinstance(v, T.Index):
            items = self.value(v.obj)
            if not isinstance(items, (list, tuple)) or not -len(items) <= v.index < len(items):
                raise Stop(Failure(v.span, f"there is no item {v.index}", None, show(s.pack, items)))
            return items[v.index]
        if isinstance(v, T.Field):
            return self.field(self.value(v.obj), v)
        return self.call(v)

    def card_ref(self, v):
        for c in self.placed:
            if spec_fits(self.s.pack, c, v.spec):
                return c
        raise Stop(Failure(v.span, f"no {v.spec} was put on the table by this test"))

    def name(self, v: T.Name, as_card: bool):
        s, n = self.s, v.id
        if n in self.seat_of:
            return s.p(self.seat_of[n])
        if n == "winners":
            return list(s.winners or [])
        if n == "current":
            return s.game.current
        if n == "deck":                     # the scenario's deck, top card first
            return list(reversed(s.deck.cards))
        if n == "skipped":                  # the phases the rules have marked to be skipped
            return [Symbol(x) for x in sorted(s.game.skipped)]
        if n in s.game.z:
            return list(s.game.z[n].cards)
        if n in s.game.v:
            return s.game.v[n]
        if as_card and (n in s.pack.kinds or n in printed_specs(s.pack)):
            return self.card_ref(T.Spec(n, v.span))
        return Symbol(n)

    def field(self, obj, v: T.Field):
        s, name = self.s, v.name
        if isinstance(obj, Player):
            if name == "hand" and s.pack.hand_zone and "hand" not in obj.z:
                name = s.pack.hand_zone
            if name in obj.z:
                return list(obj.z[name].cards)
            if name in obj.v:
                return obj.v[name]
            if name == "skills":
                return [Symbol(i.skill.name) for i in obj.skills]
            if name == "character":
                return Symbol(obj.character.name) if obj.character else None
            if name == "alive":
                return obj.alive
        elif isinstance(obj, dict) and name in obj:
            return self.ref(obj[name])
        elif isinstance(obj, Card) and name in obj.a:
            return obj.a[name]
        raise Stop(Failure(v.span, f"{show(s.pack, obj)} has no `{name}`"))

    def ref(self, x):
        """A logged value back to the table's objects: "P1" is that player."""
        if isinstance(x, str) and x.startswith("P") and x[1:].isdigit() and int(x[1:]) < len(self.s.game.players):
            return self.s.p(int(x[1:]))
        if isinstance(x, list):
            return [self.ref(i) for i in x]
        return x

    def call(self, f: T.Fn):
        s = self.s
        query = f.name not in FUNCTIONS
        args = [self.value(a, as_card=query) for a in f.args]
        with self.at(f.span):
            if f.name == "count":
                return len(args[0])
            if f.name == "take":
                return list(args[0])[:args[1]]
            if f.name == "drop":
                return list(args[0])[args[1]:]
            if f.name == "last":
                if not args[0]:
                    raise Stop(Failure(f.span, "the list is empty: it has no last item"))
                return args[0][-1]
            if f.name == "cards":
                return [x for x in args[0] if isinstance(x, Card)]
            if f.name == "fired":
                return s.fired(str(args[0]))
            if f.name == "events":
                return [{k: self.ref(x) for k, x in e.items()} for e in s.events(str(args[0]))]
            if f.name == "asked":
                seat, sort, text = self._asking(args)
                return len(s.asked(seat, sort, text))
            if f.name == "offered":
                seat, sort, _ = self._asking(args)
                ds = s.asked(seat, sort or "play")
                return [self.option(o) for o in ds[-1].options] if ds else []
            if f.name == "options":
                seat, sort, text = self._asking(args)
                return [[self.option(o) for o in d.options] for d in s.asked(seat, sort or "play", text)]
            if f.name == "questions":
                return [d.prompt for d in s.asked(args[0].seat, "yes_no")]
            if f.name == "holds":
                return s.holds(args[0].seat, str(args[1]))
            if f.name == "invariant":           # asked for by name, so a --with file's counts too
                return next(holds for text, holds, _ in s.pack.invariants if text == args[0])(s.game)
            args = [None if isinstance(a, Symbol) and a == "none" else a for a in args]
            return s.query(f.name, *args)

    def _asking(self, args):
        seat = args[0].seat
        sort = next((str(a) for a in args[1:] if isinstance(a, Symbol)), None)
        text = next((a for a in args[1:] if isinstance(a, str) and not isinstance(a, Symbol)), None)
        return seat, sort, text

    @staticmethod
    def option(o):
        if isinstance(o, Play) and o.card is not None and not o.card.virtual and o.convert is None:
            return o.card
        if isinstance(o, (Card, Player)):
            return o
        return Symbol(label(o))


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
