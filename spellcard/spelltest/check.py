"""Check tests against the pack before any runs: every name (with a did-you-mean), the kinds of
values compared, a test of a skill nobody seated holds, an answer that can never match."""
from __future__ import annotations

from spellcard.spelltest import nodes as T
from spellcard.compiler.text.diagnostics import Diagnostic

from ..answers import SORTS
from ..scenario import seat_takes_cards
from ..faces import card_face
from ..suggest import did_you_mean
from .check_names import NameChecks
from .resolve import attr_type, param_types

RUNS = ("turn", "round", "game")
# The test's own functions (any other call is one of the pack's queries): docs/testing.md lists them.
FUNCTIONS = {"count": 1, "take": 2, "drop": 2, "last": 1, "cards": 1, "fired": 1, "events": 1,
             "asked": None, "offered": None, "options": None, "questions": 1, "holds": 2, "invariant": 1}
PLAYER_FIELDS = ("skills", "character", "alive", "hand")
SORT_WORDS = {"int": "a number", "list": "a list", "card": "a card", "bool": "a truth value"}


class TestChecker(NameChecks):
    def __init__(self, pack):
        self.pack = pack
        self._printed = None
        self.diags: list[Diagnostic] = []

    def error(self, span, msg, help=None, code=None):
        self.diags.append(Diagnostic("error", msg, span, help, code))

    def check(self, test: T.SpellTestDecl) -> list[Diagnostic]:
        """The problems of one test (a table's row: rows.expand makes them)."""
        start = len(self.diags)
        p = self.pack
        seats = next((s for s in test.stmts if isinstance(s, T.Seats)), None)
        self.seated: dict[str, int] = {}
        self.held: dict[int, set] = {}
        self.twice: set = set()          # characters at several seats: name those seats P0, P1…
        if seats is None:
            self.error(test.span, "the test seats nobody", "start it with `seats A, B`")
            return self.diags[start:]
        setup = any(isinstance(st, T.Setup) for st in test.stmts)
        for i, seat in enumerate(seats.seats):
            self.seated[f"P{i}"] = i
            self.held[i] = set()
            for who in seat:
                if who.name == f"P{i}" and len(seat) == 1:
                    continue            # a seat by its number plays no character
                c = p.characters.get(who.name)
                if c is None and setup and who.name == f"P{i}":
                    continue            # a seat the mode's own setup fills (esper deals rosters of cards)
                if c is None and who.name in p.kinds and seat_takes_cards(p):
                    self.held[i] |= self.skills_of(getattr(p.kinds[who.name], "skills", ()))
                    continue            # a character card (esper): named by its player, `P0.Anna`
                if c is None:
                    self.error(who.span, f"unknown character `{who.name}`", did_you_mean(who.name, p.characters))
                    continue
                if who.name in self.seated and self.seated[who.name] != i:
                    self.twice.add(who.name)
                self.seated.setdefault(who.name, i)
                self.held[i] |= self.skills_of(c.skills)
        for st in test.stmts:
            getattr(self, "st_" + type(st).__name__, lambda s: None)(st)
        self.subject(test)
        return self.diags[start:]

    def skills_of(self, names) -> set:
        out, todo = set(), list(names)
        while todo:
            n = todo.pop()
            if n in out or n not in self.pack.skills:
                continue
            out.add(n)
            todo.extend(self.pack.skills[n].grants)
        return out

    def subject(self, test: T.SpellTestDecl) -> None:
        """`test Borrow "…"`: the skill (or card) the test proves must be on the table."""
        name, p = test.subject, self.pack
        if name is None:
            return
        if name in p.kinds or any(r.name == name for r in p.reactions):     # a reaction: the table's, always there
            return
        if name not in p.skills:
            self.error(test.subject_span, f"`{name}` is no skill, card or reaction of this pack",
                       did_you_mean(name, list(p.skills) + list(p.kinds) + [r.name for r in p.reactions]))
            return
        held = set().union(*self.held.values()) if self.held else set()
        by_cards = self.skills_of(s for k in self.kinds_used(test) for s in p.kinds[k].skills) \
            if all(hasattr(p.kinds[k], "skills") for k in self.kinds_used(test)) else set()
        by_mode = self.skills_of(s for m in p.modes.values() for s in list(m.rules) + list(m.skills))
        if name not in held | by_cards | by_mode | self.handed_over(test):
            self.error(test.subject_span, f"no seated character holds `{name}`, so this test cannot test it",
                       "seat a character that holds it, or name the skill the test is about")

    def handed_over(self, test) -> set:
        """Skills the test itself hands over: `call set_spell_card(Marisa, MasterSpark)`."""
        vals = [v for st in test.stmts if isinstance(st, T.CallFunc) for v in st.args] \
            + [v for st in test.stmts if isinstance(st, T.Perform) for _, v, _ in st.args] \
            + [st.value for st in test.stmts if isinstance(st, T.SetValue)]
        return self.skills_of(v.id for v in vals if isinstance(v, T.Name) and v.id in self.pack.skills)

    def kinds_used(self, test) -> set:
        out = set()
        for st in test.stmts:
            if isinstance(st, T.Put):
                for c in st.cards:
                    k = self.kind_of(c.spec)
                    if k:
                        out.add(k)
        return out

    def kind_of(self, spec: str):
        return max((k for k in self.pack.kinds if spec.startswith(k)), key=len, default=None)

    def who(self, w: T.Who, every: bool = False):
        if every and w.name == "every":       # `hand every: …`: each seat not stated otherwise
            return None
        if w.name in self.twice:
            self.error(w.span, f"`{w.name}` sits at several seats: which one?", "name the seat: P0, P1, …")
            return None
        if w.name not in self.seated:
            self.error(w.span, f"nobody seated is `{w.name}`", did_you_mean(w.name, self.seated))
            return None
        return self.seated[w.name]

    # ── statements ──────────────────────────────────────────────────────────────
    def st_Mode(self, st):
        if st.name not in self.pack.modes:
            self.error(st.span, f"unknown mode `{st.name}`", did_you_mean(st.name, self.pack.modes))

    def st_Current(self, st):
        self.who(st.who)

    def st_Put(self, st):
        if st.who is not None:
            self.who(st.who, every=True)
        zones = [z for z, d in self.pack.zones.items() if d.owner == ("table" if st.who is None else "player")]
        if st.how == "zone" and st.zone not in zones:
            self.error(st.span, f"unknown zone `{st.zone}`", did_you_mean(st.zone, zones))
        for c in st.cards:
            if isinstance(c, T.Pattern):
                self.pattern(c)
            else:
                self.card(c.spec, c.span)

    def card(self, spec, span):
        kind = self.kind_of(spec)
        if kind is None or (spec != kind and spec[len(kind):].isascii() and spec not in self.printed()):
            bare = spec.rstrip("♠♣♡♢♥♦0123456789AJQK")
            self.error(span, f"unknown card `{spec}`", did_you_mean(bare, self.pack.kinds))
        elif spec != kind and spec not in self.printed():
            faces = sorted(f for f in self.printed() if f.startswith(kind) and self.kind_of(f) == kind)
            self.error(span, f"unknown card `{spec}`: no deck of the pack prints it",
                       did_you_mean(spec, faces) or (f"the decks print {kind} as {', '.join(faces[:8])}"
                                                     + ("…" if len(faces) > 8 else "") if faces else None))

    def printed(self) -> set:
        """Every card as the pack's decks print it (`Danmaku♠7`)."""
        if self._printed is None:
            self._printed = {kind + card_face(self.pack, values)
                             for entries in self.pack.decks.values() for kind, values in entries}
        return self._printed

    def st_SetValue(self, st):
        if st.card is not None or (st.who is not None and st.who.name not in self.seated and st.who.name != "every"):
            self.card_value(st.card if st.card is not None else st.who, st.name, st.name_span)
            self.val(st.value)
            return
        scope = "table" if st.who is None else "player"
        if st.who is not None:
            self.who(st.who, every=True)
        known = [n for (o, n) in list(self.pack.counters) + list(self.pack.attrs_) if o == scope]
        if st.name not in known:
            self.error(st.name_span, f"unknown {scope} value `{st.name}`", did_you_mean(st.name, known))
        elif (scope, st.name) in self.pack.counters and not (isinstance(st.value, T.Lit) and isinstance(st.value.value, int)
                                                             and not isinstance(st.value.value, bool)):
            self.error(st.value.span, f"`{st.name}` is a number", f"write `set … {st.name} = 2`")
        else:
            self.typed(st.value, attr_type(self.pack, scope, st.name))

    def st_Answer(self, st):
        seat = self.who(st.who)
        for a in st.answers:
            self.answer(a, seat)

    def st_When(self, st):
        seat = self.who(st.who)
        if st.sort is not None and st.sort not in SORTS:
            self.error(st.span, f"no decision is of sort `{st.sort}`", f"sorts: {', '.join(SORTS)}")
        if st.about is not None and st.about not in self.pack.skills and st.about not in self.pack.kinds:
            self.error(st.span, f"unknown skill or card `{st.about}`",
                       did_you_mean(st.about, list(self.pack.skills) + list(self.pack.kinds)))
        yes_no = st.answer.kind in ("yes", "no")
        if st.sort is not None and (st.sort == "yes_no") != yes_no:
            self.error(st.answer.span, f"a `{st.sort}` decision can never take this answer",
                       "answer yes or no" if st.sort == "yes_no" else "yes and no answer only yes_no decisions")
        self.answer(st.answer, seat)

    def answer(self, a: T.Ans, seat):
        p = self.pack
        if a.kind == "list":
            for x in a.value:
                self.answer(x, seat)
            return
        if a.kind == "pattern":
            self.pattern(a.value)
        if a.kind != "name":
            return
        n = a.value
        if not n.isascii() or n in self.printed():
            self.card(n, a.span)
            return
        known = set(p.kinds) | set(p.characters) | set(p.skills) | set(self.seated) | set(p.zones) \
            | {m for e in p.enums.values() for m in e}
        if n not in known:
            self.error(a.span, f"`{n}` names no card, character, skill or seat", did_you_mean(n, known))
            return
        if n in p.skills and seat is not None and self.is_character_skill(n) and n not in self.held.get(seat, ()):
            self.error(a.span, f"this seat does not hold `{n}`: the answer can never match a decision",
                       "seat a character that holds it, or answer for the seat that does")

    def is_character_skill(self, n) -> bool:
        return any(n in self.skills_of(c.skills) for c in self.pack.characters.values()) and \
            not any(n in getattr(k, "skills", ()) for k in self.pack.kinds.values())

    def st_Run(self, st):
        if st.who is not None:
            self.who(st.who)
        if st.what not in RUNS and st.what not in self.pack.phases:
            self.error(st.what_span, f"unknown phase `{st.what}`",
                       did_you_mean(st.what, list(self.pack.phases) + list(RUNS)))

    def st_Perform(self, st):
        a = self.pack.actions.get(st.action)
        if a is None:
            self.error(st.name_span, f"unknown action `{st.action}`", did_you_mean(st.action, self.pack.actions))
            return
        types = param_types(self.pack, "action", st.action) or {}
        for name, v, span in st.args:
            if name not in a.params:
                self.error(span, f"action `{st.action}` has no parameter `{name}`", did_you_mean(name, a.params))
            self.typed(v, types.get(name, ""))

    def st_CallFunc(self, st):
        if st.func not in self.pack.funcs:
            self.error(st.name_span, f"unknown function `{st.func}`", did_you_mean(st.func, self.pack.funcs))
        self.args(param_types(self.pack, "func", st.func), list(st.args))

    def st_Expect(self, st):
        for c in st.conds:
            self.cond(c)

    def cond(self, c):
        if isinstance(c, T.NeverAsked):
            self.st_When(T.When(c.who, c.sort, c.prompt, c.about, T.Ans("yes" if c.sort == "yes_no" else "pass",
                                                                        True, c.span), False, c.span))
        elif isinstance(c, T.NeverOffered):
            self.answer(c.option, self.who(c.who))
        elif isinstance(c, T.Not):
            self.cond(c.cond)
        elif isinstance(c, T.Truthy):
            self.val(c.val)
        elif isinstance(c, T.Has):
            whole = self.val(c.whole)
            self.val(c.part)
            if whole in ("int", "bool"):
                self.error(c.whole.span, f"this is a {'number' if whole == 'int' else 'truth value'}; `has` needs a list")
        else:
            left, right = self.val(c.left), self.val(c.right)
            if {left, right} in ({"int", "list"}, {"int", "card"}, {"bool", "list"}):
                help = "compare its size: count(…)" if "list" in (left, right) else None
                self.error(c.span, f"{SORT_WORDS[left]} compared with {SORT_WORDS[right]}: this can never hold", help)

    def val(self, v) -> str:
        """The sort of a value: int, bool, list, card, player, name or any."""
        p = self.pack
        if isinstance(v, T.Lit):
            return "bool" if isinstance(v.value, bool) else "int" if isinstance(v.value, int) else "any"
        if isinstance(v, T.Spec):
            self.card(v.spec, v.span)
            return "card"
        if isinstance(v, T.ListV):
            for x in v.items:
                self.val(x)
            return "list"
        if isinstance(v, T.Index):
            self.val(v.obj)
            return "any"
        if isinstance(v, T.Pattern):
            return self.pattern(v)
        if isinstance(v, T.Name):
            if v.id in self.seated or v.id == "current":
                return "player"
            if v.id in ("winners", "deck", "skipped") or v.id in p.zones:
                return "list"
            if (("table", v.id) in p.counters):
                return "int"
            if ("table", v.id) in p.attrs_:
                return "list" if attr_type(p, "table", v.id).endswith("s") else "any"
            if v.id in self.printed():      # a card of a deck printed by a number alone: `Number37`
                return "card"
            known = set(p.kinds) | set(p.characters) | set(p.skills) | set(p.actions) | set(p.zones) \
                | set(p.phases) | {m for e in p.enums.values() for m in e} | {"pass"}
            if v.id not in known and v.id != "none":
                self.error(v.span, f"unknown name `{v.id}`", did_you_mean(v.id, known | set(self.seated)))
            return "card" if v.id in p.kinds else "name"
        if isinstance(v, T.Field):
            obj = self.val(v.obj)
            if obj == "player":
                if v.name in p.zones:
                    return "list"
                cdef = ("player", v.name) in p.counters
                if cdef:
                    return "int"
                if ("player", v.name) in p.attrs_ or v.name in PLAYER_FIELDS:
                    return "list" if v.name in ("skills", "hand") else "any"
                if v.name in p.kinds:         # `P1.Anna`: the card of that kind the player has
                    return "card"
                known = [n for (o, n) in list(p.counters) + list(p.attrs_) if o == "player"] \
                    + [z for z, d in p.zones.items() if d.owner == "player"] + list(PLAYER_FIELDS)
                self.error(v.span, f"a player has no `{v.name}`", did_you_mean(v.name, known))
            elif obj == "card":
                return self.card_field(v.name, v.span)
            return "any"
        return self.fn(v)

    def fn(self, f: T.Fn) -> str:
        p = self.pack
        if f.name == "fired":
            if len(f.args) == 1 and isinstance(f.args[0], T.Name) and f.args[0].id not in p.skills:
                self.error(f.args[0].span, f"`{f.args[0].id}` is no skill, so it never fires",
                           did_you_mean(f.args[0].id, p.skills))
            elif len(f.args) == 1 and isinstance(f.args[0], T.Name) and not p.skills[f.args[0].id].triggers:
                sk = p.skills[f.args[0].id]
                how = ("an active skill is used, not fired: test what it did, or `offered(X) has "
                       f"{sk.name}`" if sk.actives else "test what it changes (a card, a count, a query)")
                self.error(f.args[0].span, f"`{sk.name}` has no trigger (`on …`), so `fired({sk.name})` is "
                                           "always 0: it counts triggers that fired", how, code="never-fired")
            return "int"
        if f.name in ("asked", "offered", "options"):
            for a in f.args[1:]:
                if isinstance(a, T.Name) and a.id not in SORTS:
                    self.error(a.span, f"no decision is of sort `{a.id}`", did_you_mean(a.id, SORTS))
            for a in f.args:
                if not (isinstance(a, T.Name) and a.id in SORTS):
                    self.val(a)
            return "int" if f.name == "asked" else "list"
        if f.name == "events":
            if len(f.args) == 1 and isinstance(f.args[0], T.Name) and f.args[0].id not in p.actions:
                self.error(f.args[0].span, f"unknown action `{f.args[0].id}`", did_you_mean(f.args[0].id, p.actions))
            return "list"
        if f.name == "invariant":
            return self.invariant(f)
        if f.name in FUNCTIONS:
            for a in f.args:
                self.val(a)
        else:
            self.query_args(f)
        if f.name in FUNCTIONS:
            want = FUNCTIONS[f.name]
            if want is not None and len(f.args) != want:
                self.error(f.span, f"`{f.name}` takes {want} argument{'s' if want > 1 else ''}, not {len(f.args)}")
            return {"count": "int", "holds": "bool", "last": "any"}.get(f.name, "list")
        if f.name not in p.queries:
            self.error(f.span, f"unknown function `{f.name}`",
                       did_you_mean(f.name, list(FUNCTIONS) + list(p.queries)))
        return "any"

    def query_args(self, f: T.Fn) -> None:
        self.args(param_types(self.pack, "query", f.name), list(f.args))

    def invariant(self, f: T.Fn) -> str:
        """`invariant("…")`: one of the pack's invariants (a --with file's too), by its text."""
        texts = [text for text, _, _ in self.pack.invariants]
        [arg] = f.args if len(f.args) == 1 else [None]
        if not (isinstance(arg, T.Lit) and isinstance(arg.value, str)):
            self.error(f.span, "`invariant` takes the quoted text of one of the pack's invariants")
        elif arg.value not in texts:
            self.error(arg.span, f"no invariant of this pack reads \"{arg.value}\"", did_you_mean(arg.value, texts))
        return "bool"
