"""Names, types, windows and arity: everything that can be wrong in a pack that parses.

The checker reports every problem it finds (it recovers with the type `any`), and leaves behind
what the emitter needs: how each name, field and call resolved (`refs`) and each expression's type.
"""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.limits import MAX_DECK, MAX_PLAYERS

from . import ast as A
from . import types as T
from .check_exprs import ExpressionChecks
from .check_hints import HintChecks
from .check_none import NoneChecks
from .check_stmts import StatementChecks
from .diagnostics import Diagnostics, did_you_mean
from .narrow import facts
from .printed import check_printed
from .scope import Context, Scope, _listing
from .symbols import Symbols
from .tools import ToolChecks


class Checker(StatementChecks, ExpressionChecks, NoneChecks, HintChecks, ToolChecks):
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

    # ── entry point ─────────────────────────────────────────────────────────────
    def check_all(self, modules: list[A.Module]) -> None:
        self.card_skills = self._card_only_skills(modules)
        self.rule_skills = {n for m in modules for d in m.decls if isinstance(d, A.ModeDecl)
                            for sc in d.rules for n, _ in sc.names}
        for m in modules:
            for decl in m.decls:
                method = getattr(self, "decl_" + type(decl).__name__, None)
                if method is not None:
                    method(decl)
        self.check_turn()
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
        seen = {}
        for step in d.steps:
            scope = self._action_scope(d)
            if isinstance(step, A.WindowStep):
                if step.name in seen:
                    self.err(step.span, f"action `{d.name}` already has a window `{step.name}`",
                             f"first at {seen[step.name]}")
                seen[step.name] = step.span
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

    def decl_CardDecl(self, d: A.CardDecl):
        if d.anytime:
            self._anytime_needs_points(d.span, f"card `{d.name}`")
        for a in d.assigns:
            self._kind_attr("card", a)
        for t in d.targets:
            scope = self._card_scope(d)
            if t.kind not in ("self", "none"):
                self.expect(t.count, T.INT, scope, "the number of targets")
                self.expect(t.pool, T.list_of(T.PLAYER), scope, "the targets to choose from")
        if d.when is not None:
            self.expect(d.when.cond, T.BOOL, self._card_scope(d), "the condition for using the card")
        for sc in d.skills:
            self._skill_names(sc)
        seen = set()
        for h in d.hooks:
            hook = self.s.hooks.get(h.name)
            if hook is None:
                self.err(h.span, f"`{h.name}` is not a hook the pack declares",
                         did_you_mean(h.name, self.s.hooks) or (
                             f"the pack's hooks are: {_listing(self.s.hooks) or 'none'}; "
                             f"declare a new one with `hook {h.name}(…)`"))
                continue
            if h.name in seen:
                self.err(h.span, f"card `{d.name}` implements `{h.name}` twice")
            seen.add(h.name)
            # A hook's `T?` parameters are the pack's contract with its own caller (a card's
            # `target` is there when the card has one): trusted, like event fields.
            scope = self.new_scope(hook.params, trusted=True)
            scope.define("card", T.CARD, d.span, ("implicit", "v_card"))
            prev = self.with_ctx(Context("hook"))
            self.block(h.body, scope)
            self.ctx = prev

    def _card_scope(self, d) -> Scope:
        scope = Scope()
        scope.define("user", T.PLAYER, d.span, ("implicit", "v_user"))
        scope.define("card", T.CARD, d.span, ("implicit", "v_card"))
        return scope

    def _kind_attr(self, owner: str, a: A.AssignClause):
        decl = self.s.attr(owner, a.name)
        if decl is None:
            known = [n for (o, n) in self.s.attrs_ if o == owner]
            self.err(a.span, f"`{a.name}` is not a {owner} attribute",
                     did_you_mean(a.name, known) or f"declare it: `attr {owner} {a.name}: TYPE`")
            return
        if not self._constant(a.value):
            self.err(a.value.span, f"the value of `{a.name}` must be a constant (a number, text or enum member)",
                     "attributes are fixed when the pack is built; " + (
                         "for a number that changes in play, declare a `counter`"
                         if T.strip(self.s.type_of(decl.type)) == T.INT else
                         "work out what changes in play in the code that reads it"))
            return
        self.expect(a.value, self.s.type_of(decl.type), Scope(), f"`{a.name}`")

    def _constant(self, e) -> bool:
        if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit)):
            return True
        if isinstance(e, A.Neg):
            return self._constant(e.operand)
        if isinstance(e, A.Name):
            return e.id in self.s.members
        if isinstance(e, A.Field) and isinstance(e.obj, A.Name):
            return e.obj.id in self.s.enums
        return False

    def _skill_names(self, sc: A.SkillsClause, rules: bool = False):
        for name, span in sc.names:
            if name not in self.s.skills:
                # A character's or card's list wants a player's skill: suggest a table rule last.
                mine = self.s.skills.keys() - self.rule_skills if not rules else self.rule_skills
                self.err(span, f"unknown skill `{name}`", self.hint(name, self.s.skills, first=mine))

    def decl_SkillDecl(self, d: A.SkillDecl):
        for c in d.clauses:
            if isinstance(c, A.TriggerClause):
                self._trigger(d, c)
            elif isinstance(c, A.ActiveClause):
                if c.anytime:
                    self._anytime_needs_points(c.span, f"skill `{d.name}`")
                scope = self._skill_scope(d)
                prev = self.with_ctx(Context("active"))
                if c.when is not None:
                    self.expect(c.when, T.BOOL, scope, "the condition")
                    scope.facts |= facts(c.when)
                self.block(c.body, Scope(scope))
                self.ctx = prev
            elif isinstance(c, A.ConvertClause):
                scope = self._skill_scope(d)
                if c.as_kind not in self.s.cards:
                    self.err(c.kind_span, f"unknown card `{c.as_kind}`", did_you_mean(c.as_kind, self.s.cards))
                if c.count < 1:
                    self.err(c.span, "a conversion needs at least one card")
                self.expect(c.pool, T.list_of(T.CARD), scope, "the cards to convert")
                if c.when is not None:
                    self.expect(c.when, T.BOOL, scope, "the condition")
            elif isinstance(c, A.ModifyClause):
                self._modifier(d, c)
            elif isinstance(c, A.SkillsClause):
                self._skill_names(c)
                for name, span in c.names:
                    if name == d.name:
                        self.err(span, f"skill `{name}` grants itself")

    def _skill_scope(self, d) -> Scope:
        scope = Scope()
        scope.define("owner", T.PLAYER, d.span, ("implicit", "v_owner"))
        # `card` is the card lending the skill: always there when only cards hold it.
        lent = d.name in self.card_skills
        scope.define("card", T.CARD if lent else T.opt(T.CARD), d.span, ("implicit", "v_card"))
        return scope

    def _trigger(self, d: A.SkillDecl, c: A.TriggerClause):
        windows = self.s.windows_of(c.action)
        scope = self._skill_scope(d)
        if windows is None:
            self.err(c.event_span, f"unknown action `{c.action}`", self.hint(c.action, self.s.event_sources()))
            scope.define("event", T.ANY, c.span, ("implicit", "v_event"))
            event = None
        else:
            event = c.action
            scope.define("event", ("event", c.action), c.span, ("implicit", "v_event"))
            if c.window not in windows:
                self.err(c.event_span, f"action `{c.action}` has no window `{c.window}`",
                         did_you_mean(c.window, windows) or f"its windows are: {', '.join(windows)}")
        prev = self.with_ctx(Context("trigger", event=event))
        scope.facts |= self._window_facts(c)   # `window caused when source != none`: so is event.source
        if c.when is not None:
            self.expect(c.when, T.BOOL, scope, "the trigger condition")
            scope.facts |= facts(c.when)       # `when event.source != none`: the body may use it
        if c.repeat is not None:
            self.expect(c.repeat, T.INT, scope, "the repeat count")
        self.block(c.body, Scope(scope))
        self.ctx = prev

    def _modifier(self, d: A.SkillDecl, c: A.ModifyClause):
        q = self.s.queries.get(c.query)
        scope = Scope()
        scope.define("owner", T.PLAYER, d.span, ("implicit", "v_owner"))
        # The equipment that lends the skill; a query parameter of the same name shadows it.
        scope.define("card", T.CARD if d.name in self.card_skills else T.opt(T.CARD), d.span, ("implicit", "_src"))
        if q is None:
            self.err(c.query_span, f"unknown query `{c.query}`", did_you_mean(c.query, self.s.queries))
            ret = T.ANY
            scope = Scope(scope, lenient=True)      # its parameters are unknown: do not report them
        else:
            ret = self.s.type_of(q.returns)
            for p in q.params:
                scope.define(p.name, self.s.type_of(p.type), p.span, ("implicit", f"v_{p.name}"))
        scope.define("value", ret, c.span, ("implicit", "v_value"))
        if c.when is not None:
            self.expect(c.when, T.BOOL, scope, "the condition")
            scope.facts |= facts(c.when)
        self.expect(c.value, ret, scope, f"the modified value of `{c.query}`")

    def decl_AnytimeDecl(self, d: A.AnytimeDecl):
        for action, window, span in d.points:
            first = next((sp for decl in self.s.anytime for a, w, sp in decl.points
                          if (a, w) == (action, window)), span)
            if first is not span:
                self.err(span, f"`{action}.{window}` is already an any-time point", f"first listed at {first}")
            windows = self.s.windows_of(action)
            if windows is None:
                self.err(span, f"unknown action `{action}`", did_you_mean(action, self.s.event_sources()))
            elif window not in windows:
                self.err(span, f"action `{action}` has no window `{window}`",
                         did_you_mean(window, windows) or f"its windows are: {', '.join(windows)}")
        scope = Scope()
        scope.define("player", T.PLAYER, d.span, ("implicit", "v_player"))
        scope.define("play", T.PLAY, d.span, ("implicit", "v_play"))
        prev = self.with_ctx(Context("anytime"))
        self.block(d.body, Scope(scope))
        self.ctx = prev

    def _anytime_needs_points(self, span, what: str) -> None:
        if not self.s.anytime:
            self.d.warning(span, f"{what} is usable at any time, but the pack declares no any-time points",
                           "declare them: `anytime at ACTION.WINDOW, … { … }`, "
                           "a block that carries out `play` for `player`")

    def decl_CharacterDecl(self, d: A.CharacterDecl):
        for a in d.assigns:
            self._kind_attr("character", a)
        for sc in d.skills:
            self._skill_names(sc)

    def decl_DeckDecl(self, d: A.DeckDecl):
        from .deck import parse_copies
        for attr_name in d.attrs:
            if self.s.attr("card", attr_name) is None:
                self.err(d.span, f"`{attr_name}` is not a card attribute",
                         did_you_mean(attr_name, [n for (o, n) in self.s.attrs_ if o == "card"]))
                return
        cards = 0
        for e in d.entries:
            if e.kind not in self.s.cards:
                self.err(e.span, f"unknown card `{e.kind}`", did_you_mean(e.kind, self.s.cards))
                continue
            cards += len(parse_copies(self.s, d, e, self.d))
            if cards > MAX_DECK:
                self.err(e.span, f"with these copies the deck `{d.name}` passes {MAX_DECK} cards, "
                                 "the most a deck may hold")
                return

    def decl_ModeDecl(self, d: A.ModeDecl):
        if d.min_players < 1 or d.max_players < d.min_players:
            self.err(d.span, f"player count {d.min_players}..{d.max_players} is empty")
        elif d.max_players > MAX_PLAYERS:
            self.err(d.span, f"mode `{d.name}` allows {d.max_players} players; a game seats at most {MAX_PLAYERS}")
        if d.deck is not None and d.deck not in self.s.decks:
            self.err(d.span, f"unknown deck `{d.deck}`", did_you_mean(d.deck, self.s.decks))
        for name in d.without:
            if name not in self.s.cards:
                self.err(d.span, f"unknown card `{name}` in `without`", did_you_mean(name, self.s.cards))
        for sc in d.skills:
            self._skill_names(sc)
        for sc in d.rules:
            self._skill_names(sc, rules=True)
        if d.setup is not None:
            prev = self.with_ctx(Context("setup"))
            self.block(d.setup, Scope())
            self.ctx = prev

