"""Names, types, windows and arity: everything that can be wrong in a pack that parses.

The checker reports every problem it finds (it recovers with the type `any`), and leaves behind
what the emitter needs: how each name, field and call resolved (`refs`) and each expression's type.
"""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from .calls import CallChecks
from .forms.compulsory import CompulsoryChecks
from .content import ContentChecks
from .exprs import ExpressionChecks
from .hints import HintChecks
from .misplaced import MisplacedChecks
from .none import NoneChecks
from .stmts import StatementChecks
from spellcard.compiler.text.diagnostics import Diagnostics, did_you_mean
from spellcard.compiler.text.slots import slot_problem
from .printed import check_printed
from .forms.reactions import ReactionChecks
from .scope import Context, Scope, _listing
from spellcard.compiler.symbols import Symbols
from .forms.tools import ToolChecks


class Checker(ContentChecks, StatementChecks, ExpressionChecks, CallChecks, NoneChecks, HintChecks, ToolChecks,
              MisplacedChecks, CompulsoryChecks, ReactionChecks):
    def __init__(self, syms: Symbols, diags: Diagnostics):
        self.s = syms
        self.d = diags
        self.types: dict = {}
        self.refs: dict = {}
        self.to_list: set = set()      # zone-typed expressions used where a list is expected
        self.ctx = Context("value")
        self.card_skills: set = set()
        self.rule_skills: set = set()
        self.statement_calls: set = set()     # calls written as statements (see the unknown-function hint)
        self.on_player: dict = {}             # a table value's name -> where it was used on a player

    # ── entry point ─────────────────────────────────────────────────────────────
    def check_all(self, modules: list[A.Module]) -> None:
        self.prepare(modules)
        for m in modules:
            for decl in m.decls:
                self.check_decl(decl)
        self.finish()

    # In three parts, for checking some declarations again (compiler/pack/incremental.py): what the
    # pack's declarations tell each one, each declaration alone, and what only the whole pack tells.
    def prepare(self, modules: list[A.Module]) -> None:
        self.card_skills = self._card_only_skills(modules)
        self.rule_skills = {n for m in modules for d in m.decls if isinstance(d, A.ModeDecl)
                            for sc in d.rules for n, _ in sc.names}

    def prepared(self) -> tuple:
        """What prepare() found, as plain data: checking some skills and characters again starts from it
        (their own lists of skills are in what they export, so when those are kept, so is this)."""
        return sorted(self.card_skills), sorted(self.rule_skills)

    def prepare_from(self, facts: tuple) -> None:
        self.card_skills, self.rule_skills = set(facts[0]), set(facts[1])

    def check_decl(self, decl) -> None:
        method = getattr(self, "decl_" + type(decl).__name__, None)
        if method is not None:
            method(decl)

    def finish(self) -> None:
        self.check_turn()
        self.report_table_values_on_players()
        check_printed(self.s, self.d)

    # ── helpers ───────────────────────────────────────────────────────────────
    def err(self, span, msg, help=None, code=None):
        self.d.error(span, msg, help, code)

    def type_ref(self, ref: Optional[A.TypeRef]):
        if ref is None:
            return T.VOID
        if not self.s.known_type(ref):
            known = list(T.SIMPLE | set(T.PLURALS) | set(self.s.enums))
            self.err(ref.span, f"unknown type `{ref.name}`", did_you_mean(ref.name, known))
            return T.ANY
        return self.s.type_of(ref)

    def expect(self, e: A.Expr, want, scope: Scope, what: str):
        got = self.expr_want(e, want, scope)
        self._note_coercion(e, got, want)
        if not T.assignable(got, want):
            self.mismatch(e, got, want, what)
        return got

    def expr_want(self, e, want, scope: Scope):
        """Check `e` where a value of type `want` is expected. The expected type settles what a bare
        name means: an enum member shared by several enums is the one `want` names, and an unknown
        name is reported as the kind of thing wanted (an unknown zone, card, skill …)."""
        if isinstance(e, A.Name) and scope.find(e.id) is None:
            w = T.strip(want)
            if isinstance(w, tuple) and w[0] == "enum" and w[1] in self.s.members.get(e.id, ()):
                self.refs[e] = ("enum", e.id)
                self.types[e] = w
                return w
            if w in self._WANTED and e.id not in self.s.top and e.id not in self.s.members \
                    and e.id not in self.s.zones and not scope.lenient and e.id not in ("current", "it"):
                what, known = self._WANTED[w](self)
                listing = f"the pack's {what}s are: {_listing(known)}" if known else None
                if w == T.ZONE:
                    mine = [z for z, d in self.s.zones.items() if d.owner == "player"]
                    listing = f"the table's zones are: {_listing(known) or 'none'}" + (
                        f"; each player has: {_listing(mine)}" if mine else "")
                self.err(e.span, f"unknown {what} `{e.id}`", self.hint(e.id, known) or listing)
                self.types[e] = T.ANY
                return T.ANY
        return self.expr(e, scope)

    _WANTED = {
        T.ZONE: lambda c: ("zone", [z for z, d in c.s.zones.items() if d.owner == "table"]),
        T.KIND: lambda c: ("card", list(c.s.cards)),
        T.SKILL: lambda c: ("skill", list(c.s.skills)),
        T.CHARACTER: lambda c: ("character", list(c.s.characters)),
        T.PHASE: lambda c: ("phase", list(c.s.phases)),
    }

    def _note_coercion(self, e, got, want) -> None:
        """A zone passed where a list of cards is expected becomes a list (a snapshot)."""
        if T.strip(got) == T.ZONE and T.strip(want) != T.ZONE and T.is_list(want):
            self.to_list.add(e)

    def new_scope(self, params=(), parent=None, trusted: bool = False) -> Scope:
        scope = Scope(parent)
        for p in params:
            # `_params` has already reported an unknown type; do not report it twice
            typ = self.s.type_of(p.type) if self.s.known_type(p.type) else T.ANY
            scope.define(p.name, T.strip(typ) if trusted else typ, p.span, ("local", p.name))
        return scope

    def close(self, scope: Scope) -> None:
        for name, (typ, span, used, warn, ref) in scope.names.items():
            if warn and not used and not name.startswith("_"):
                self.d.warning(span, f"`{name}` is bound but never used",
                               f"remove it, or name it `_{name}` if that is deliberate", code="unused-let")

    def with_ctx(self, ctx: Context):
        prev = self.ctx
        self.ctx = ctx
        return prev

    # ── declarations ──────────────────────────────────────────────────────────
    def decl_EnumDecl(self, d: A.EnumDecl):
        pass

    def decl_AttrDecl(self, d: A.AttrDecl):
        typ = self.type_ref(d.type)
        if d.value_names and T.strip(typ) != T.INT:
            self.err(d.span, "value names only make sense for `int` attributes")
        if d.default is not None:
            scope = Scope()
            self_type = {"card": T.CARD, "player": T.PLAYER, "character": T.CHARACTER}.get(d.owner)
            if self_type:
                scope.define("self", self_type, d.span, ("implicit", "v_self"))
            self.expect(d.default, typ, scope, f"the default of `{d.name}`")
        if d.seen != "public" or d.until is not None:
            self.check_seen(d)

    def check_seen(self, d: A.AttrDecl):
        """A private attribute: a player's, made public by a bool attribute of that same player."""
        if d.owner != "player":
            self.err(d.seen_span, f"only a player's attributes can be seen by some players only, not a {d.owner}'s",
                     "a card's face follows its zone's visibility (`zone hand: player owner`); "
                     f"drop `{d.seen}` here")
            return
        if d.seen == "others":
            self.err(d.seen_span, "`others` is a zone's visibility (every seat but its owner's sees its cards); "
                     "a player's attribute is `owner` or `hidden`", "write `owner` or `hidden`")
            return
        if d.until is None:
            return
        if d.seen == "public":
            self.err(d.until_span, f"`{d.name}` is public already: `until` says when an `owner` or `hidden` "
                     "attribute becomes public", f"write `owner until {d.until}`")
            return
        cond = self.s.attr("player", d.until)
        if cond is None:
            bools = [n for (o, n), a in self.s.attrs_.items() if o == "player" and _plain_bool(a.type)]
            self.err(d.until_span, f"`until` names a bool attribute of the player; `{d.until}` is not one",
                     did_you_mean(d.until, bools) or f"declare it: `attr player {d.until}: bool = false`")
        elif not _plain_bool(cond.type):
            self.err(d.until_span, f"`until` names a bool attribute of the player; `{d.until}` is "
                     f"`{cond.type.name}{'?' if cond.type.optional else ''}`",
                     f"a flag the rules set when the value is shown: `attr player {d.name}_shown: bool = false`")
        elif cond.seen != "public":
            self.err(d.until_span, f"`{d.until}` is not public itself, so no one could tell when `{d.name}` is",
                     f"declare `{d.until}` without `{cond.seen}`")

    def decl_CounterDecl(self, d: A.CounterDecl):
        if d.owner not in ("player", "table"):
            self.err(d.span, f"counters belong to players or the table, not to a {d.owner}",
                     f"use `attr {d.owner} {d.name}: int` for a fixed number")
        scope = Scope()
        if d.owner == "player":
            scope.define("self", T.PLAYER, d.span, ("implicit", "v_self"))
        for e, what in ((d.init, "the starting value"), (d.min, "the minimum"), (d.max, "the maximum")):
            if e is not None:
                self.expect(e, T.INT, scope, f"{what} of `{d.name}`")

    def decl_ZoneDecl(self, d: A.ZoneDecl):
        if d.owner not in ("player", "table"):
            self.err(d.span, f"zones belong to players or the table, not to a {d.owner}")
        elif d.visibility in ("owner", "others") and d.owner == "table":
            self.err(d.span, f"a table zone has no owner, so `{d.visibility}` says nothing of who sees it",
                     "write `public` or `hidden`, or make it a player's zone")

    def decl_HookDecl(self, d: A.HookDecl):
        self._params(d.params, taken=("card",), where="a card's hook")

    def _params(self, params, taken=(), where=""):
        seen = set()
        for p in params:
            if p.name in seen:
                self.err(p.span, f"parameter `{p.name}` appears twice")
            if p.name in taken:       # the emitted function already has a parameter by that name
                self.err(p.span, f"`{p.name}` is a built-in name in {where} and cannot name a parameter",
                         "choose another name")
            seen.add(p.name)
            typ = self.type_ref(p.type)
            if p.default is not None:
                self.expect(p.default, typ, Scope(), f"the default of `{p.name}`")

    def decl_QueryDecl(self, d: A.QueryDecl):
        self._params(d.params, taken=("owner", "value"), where="a `modify` of a query")
        ret = self.type_ref(d.returns)
        scope = self.new_scope(d.params)
        prev = self.with_ctx(Context("value"))
        self.expect(d.base, ret, scope, f"the value of query `{d.name}`")
        if d.final is not None:
            fscope = Scope(scope)
            fscope.define("value", ret, d.span, ("implicit", "v_value"))
            self.expect(d.final, ret, fscope, f"the final value of query `{d.name}`")
        self.ctx = prev

    def decl_InvariantDecl(self, d: A.InvariantDecl):
        prev = self.with_ctx(Context("value"))
        self.expect(d.cond, T.BOOL, Scope(), f'invariant "{d.title}"')
        self.ctx = prev

    def decl_FuncDecl(self, d: A.FuncDecl):
        self._params(d.params)
        ret = self.type_ref(d.returns)
        scope = self.new_scope(d.params)
        prev = self.with_ctx(Context("func", returns=ret))
        if d.body is not None:
            self.block(d.body, scope)
            if ret != T.VOID and not self._always_returns(d.body):
                self.err(d.span, f"function `{d.name}` can end without returning {T.show(ret)}",
                         "add a `return` at the end")
        else:
            self.expect(d.expr, ret if ret != T.VOID else T.ANY, scope, f"the value of `{d.name}`")
        self.ctx = prev

    def _always_returns(self, block: A.Block) -> bool:
        if not block.stmts:
            return False
        last = block.stmts[-1]
        if isinstance(last, A.Return):
            return True
        if isinstance(last, A.If) and last.else_ is not None:
            return all(self._always_returns(b) for _, b in last.branches) and self._always_returns(last.else_)
        return False

    def decl_ActionDecl(self, d: A.ActionDecl):
        self._params(d.params)
        self.action_result(d)
        seen = {}
        for step in d.steps:
            scope = self._action_scope(d)
            if isinstance(step, A.WindowStep):
                if step.name in seen:
                    self.err(step.span, f"action `{d.name}` already has a window `{step.name}`",
                             f"first at {seen[step.name]}")
                seen[step.name] = step.span
                for phrase in filter(None, step.says):
                    problem = slot_problem(phrase, [p.name for p in d.params])
                    if problem:
                        self.err(step.span, f"window `{d.name}.{step.name}`: {problem}")
                if step.cond is not None:
                    prev = self.with_ctx(Context("value", event=d.name, action=d.name))
                    self.expect(step.cond, T.BOOL, scope, "a window condition")
                    self.ctx = prev
            else:
                prev = self.with_ctx(Context("do", event=d.name, action=d.name))
                self.block(step.body, scope)
                self.ctx = prev

    def _action_scope(self, d: A.ActionDecl) -> Scope:
        scope = Scope()
        for p in d.params:
            scope.define(p.name, T.strip(self.s.type_of(p.type)), p.span, ("param", p.name))
        scope.define("event", ("event", d.name), d.span, ("implicit", "v_event"))
        return scope

    def decl_PhaseDecl(self, d: A.PhaseDecl):
        if d.body is not None:
            scope = Scope()
            scope.define("player", T.PLAYER, d.span, ("implicit", "v_player"))
            prev = self.with_ctx(Context("phase"))
            self.block(d.body, scope)
            self.ctx = prev

    def check_turn(self):
        t = self.s.turn
        if t is None:
            if self.s.modes:
                mode = next(iter(self.s.modes.values()))
                self.err(mode.span, "the pack has modes but no turn order",
                         "declare it: `turn prepare_phase, draw_phase, …`")
            return
        for name, span in t.phases:
            if name not in self.s.phases:
                self.err(span, f"unknown phase `{name}`", did_you_mean(name, self.s.phases))


def _plain_bool(t: A.TypeRef) -> bool:
    """`bool`, neither a list nor optional: a condition that is always true or false."""
    return t.name == T.BOOL and not t.optional and not t.is_list
