"""Names, types, windows and arity: everything that can be wrong in a pack that parses.

The checker reports every problem it finds (it recovers with the type `any`), and leaves behind
what the emitter needs: how each name, field and call resolved (`refs`) and each expression's type.
"""
from __future__ import annotations

from typing import Optional

from . import ast as A
from . import types as T
from .diagnostics import Diagnostics, did_you_mean
from .symbols import BUILTINS, Symbols

PLAYER_FIELDS = {"seat": T.INT, "alive": T.BOOL, "character": T.opt(T.CHARACTER)}
CARD_FIELDS = {"kind": T.KIND, "virtual": T.BOOL, "sources": T.list_of(T.CARD), "via": T.opt(T.SKILL),
               "id": T.opt(T.INT), "owner": T.opt(T.PLAYER), "zone": T.opt(T.ZONE)}
NAMED_FIELDS = {"name": T.TEXT, "label": T.TEXT}
PLAY_FIELDS = {"card": T.opt(T.CARD), "targets": T.list_of(T.PLAYER), "skill": T.opt(T.SKILL)}
ZONE_FIELDS = {"owner": T.opt(T.PLAYER), "name": T.TEXT, "cards": T.list_of(T.CARD)}


MAX_BRANCHES = 201
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _listing(names, most: int = 8) -> str:
    """Names for a help line: sorted, and cut short when there are many."""
    names = sorted(names)
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f", … ({len(names)} in all)"


def _shown(e) -> Optional[str]:
    """A short expression as the designer wrote it (names and fields only), for help lines."""
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Field):
        inner = _shown(e.obj)
        return f"{inner}.{e.name}" if inner else None
    return None


class Scope:
    def __init__(self, parent: Optional["Scope"] = None, lenient: bool = False):
        self.parent = parent
        self.names: dict[str, list] = {}      # name -> [type, span, used, warn_unused, ref]
        # After an error that hides which names exist (an unknown query in `modify`), unknown names
        # are read as `any` without a second, cascading error.
        self.lenient = lenient or (parent is not None and parent.lenient)

    def define(self, name: str, typ, span, ref, warn_unused: bool = False) -> None:
        self.names[name] = [typ, span, False, warn_unused, ref]

    def lookup(self, name: str):
        s = self
        while s is not None:
            if name in s.names:
                entry = s.names[name]
                entry[2] = True
                return entry
            s = s.parent
        return None

    def find(self, name: str):
        """Like lookup, but does not count as a use."""
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None

    def all_names(self) -> set[str]:
        out, s = set(), self
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out


class Context:
    """Where code sits: which implicit names it sees and what `cancel`/`return` mean there."""

    def __init__(self, what: str, event: Optional[str] = None, returns=T.VOID, action: Optional[str] = None):
        self.what = what          # trigger | do | func | hook | active | phase | setup | value
        self.event = event        # the action whose event `event`/`cancel` refer to
        self.returns = returns
        self.action = action      # inside an action body: bare parameter names read the event
        self.loops = 0


class Checker:
    def __init__(self, syms: Symbols, diags: Diagnostics):
        self.s = syms
        self.d = diags
        self.types: dict = {}
        self.refs: dict = {}
        self.to_list: set = set()      # zone-typed expressions used where a list is expected
        self.ctx = Context("value")

    # ── entry point ─────────────────────────────────────────────────────────────
    def check_all(self, modules: list[A.Module]) -> None:
        for m in modules:
            for decl in m.decls:
                method = getattr(self, "decl_" + type(decl).__name__, None)
                if method is not None:
                    method(decl)
        self.check_turn()

    # ── helpers ───────────────────────────────────────────────────────────────
    def err(self, span, msg, help=None):
        self.d.error(span, msg, help)

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
            self.err(e.span, f"{what} should be {T.show(want)}, but this is {T.show(got)}",
                     self._conversion_help(got, want, e))
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
                self.err(e.span, f"unknown {what} `{e.id}`", did_you_mean(e.id, known) or listing)
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

    def _conversion_help(self, got, want, e=None) -> Optional[str]:
        got, want = T.strip(got), T.strip(want)
        what = _shown(e) if e is not None else None
        if got == T.CARD and want == T.PLAYER:
            return f"a card is not a player; did you mean its owner (`{what or 'c'}.owner`)?"
        if got == T.PLAYER and (want == T.CARD or want == T.list_of(T.CARD)):
            return "a player is not a card; choose one of their cards with `choose_card`"
        if T.is_list(want) and not T.is_list(got) and got not in (T.ANY, T.NONE) \
                and T.assignable(got, T.elem(want)):
            return f"this is one {T.show(got)}, not a list; a list of one is written `[{what or '…'}]`"
        if T.is_list(got) and not T.is_list(want):
            return "this is a list; pick one item with `first(...)` or a `choose_…` call"
        if want == T.BOOL and got == T.INT:
            return "compare the number, e.g. `… > 0`"
        if isinstance(want, tuple) and want[0] == "enum" and got == T.TEXT:
            enum = self.s.enums.get(want[1])
            if isinstance(e, A.StrLit) and enum is not None:
                for m in enum.members:
                    if e.value in (m.name, m.label):
                        return f"enum members are written without quotes: `{m.name}`"
            return f"write a member of `{want[1]}` without quotes" + (
                f", e.g. `{enum.members[0].name}`" if enum is not None and enum.members else "")
        if want == T.TEXT:
            return 'texts are written in quotes, e.g. "彈幕"'
        return None

    def new_scope(self, params=(), parent=None) -> Scope:
        scope = Scope(parent)
        for p in params:
            # `_params` has already reported an unknown type; do not report it twice
            typ = self.s.type_of(p.type) if self.s.known_type(p.type) else T.ANY
            scope.define(p.name, typ, p.span, ("local", p.name))
        return scope

    def close(self, scope: Scope) -> None:
        for name, (typ, span, used, warn, ref) in scope.names.items():
            if warn and not used and not name.startswith("_"):
                self.d.warning(span, f"`{name}` is bound but never used",
                               f"remove it, or name it `_{name}` if that is deliberate")

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
            scope.define(p.name, self.s.type_of(p.type), p.span, ("param", p.name))
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
        for a in d.assigns:
            self._kind_attr("card", a)
        for t in d.targets:
            scope = self._card_scope(d)
            if t.kind != "self":
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
            scope = self.new_scope(hook.params)
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

    def _skill_names(self, sc: A.SkillsClause):
        for name, span in sc.names:
            if name not in self.s.skills:
                self.err(span, f"unknown skill `{name}`", did_you_mean(name, self.s.skills))

    def decl_SkillDecl(self, d: A.SkillDecl):
        for c in d.clauses:
            if isinstance(c, A.TriggerClause):
                self._trigger(d, c)
            elif isinstance(c, A.ActiveClause):
                scope = self._skill_scope(d)
                prev = self.with_ctx(Context("active"))
                if c.when is not None:
                    self.expect(c.when, T.BOOL, scope, "the condition")
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
        scope.define("card", T.opt(T.CARD), d.span, ("implicit", "v_card"))
        return scope

    def _trigger(self, d: A.SkillDecl, c: A.TriggerClause):
        windows = self.s.windows_of(c.action)
        scope = self._skill_scope(d)
        if windows is None:
            self.err(c.event_span, f"unknown action `{c.action}`", did_you_mean(c.action, self.s.event_sources()))
            scope.define("event", T.ANY, c.span, ("implicit", "v_event"))
            event = None
        else:
            event = c.action
            scope.define("event", ("event", c.action), c.span, ("implicit", "v_event"))
            if c.window not in windows:
                self.err(c.event_span, f"action `{c.action}` has no window `{c.window}`",
                         did_you_mean(c.window, windows) or f"its windows are: {', '.join(windows)}")
        prev = self.with_ctx(Context("trigger", event=event))
        if c.when is not None:
            self.expect(c.when, T.BOOL, scope, "the trigger condition")
        if c.repeat is not None:
            self.expect(c.repeat, T.INT, scope, "the repeat count")
        self.block(c.body, Scope(scope))
        self.ctx = prev

    def _modifier(self, d: A.SkillDecl, c: A.ModifyClause):
        q = self.s.queries.get(c.query)
        scope = Scope()
        scope.define("owner", T.PLAYER, d.span, ("implicit", "v_owner"))
        # The equipment that lends the skill; a query parameter of the same name shadows it.
        scope.define("card", T.opt(T.CARD), d.span, ("implicit", "_src"))
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
        self.expect(c.value, ret, scope, f"the modified value of `{c.query}`")

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
        for e in d.entries:
            if e.kind not in self.s.cards:
                self.err(e.span, f"unknown card `{e.kind}`", did_you_mean(e.kind, self.s.cards))
                continue
            parse_copies(self.s, d, e, self.d)

    def decl_ModeDecl(self, d: A.ModeDecl):
        if d.min_players < 1 or d.max_players < d.min_players:
            self.err(d.span, f"player count {d.min_players}..{d.max_players} is empty")
        if d.deck is not None and d.deck not in self.s.decks:
            self.err(d.span, f"unknown deck `{d.deck}`", did_you_mean(d.deck, self.s.decks))
        for name in d.without:
            if name not in self.s.cards:
                self.err(d.span, f"unknown card `{name}` in `without`", did_you_mean(name, self.s.cards))
        for sc in d.skills + d.rules:
            self._skill_names(sc)
        if d.setup is not None:
            prev = self.with_ctx(Context("setup"))
            self.block(d.setup, Scope())
            self.ctx = prev

    # ── statements ────────────────────────────────────────────────────────────
    def block(self, b: A.Block, parent: Scope) -> None:
        scope = Scope(parent)
        for st in b.stmts:
            self.stmt(st, scope)
        self.close(scope)

    def stmt(self, st, scope: Scope) -> None:
        kind = type(st)
        if kind is A.Let:
            if st.name in ("owner", "event", "card", "user", "target", "value", "current", "it", "self"):
                self.err(st.span, f"`{st.name}` is a built-in name and cannot be rebound",
                         "choose another name")
            else:
                self._no_shadow(st.name, st.span, scope, scope)
            typ = self.expr(st.value, scope)
            if typ == T.VOID:
                self.err(st.value.span, "this gives no value to bind")
            scope.define(st.name, typ, st.span, ("local", st.name), warn_unused=True)
        elif kind is A.Assign:
            want = self.place(st.target, scope)
            self.expect(st.value, want, scope, "the assigned value")
        elif kind is A.AugAssign:
            want = self.place(st.target, scope)
            if T.strip(want) not in (T.INT, T.ANY):
                self.err(st.target.span, f"`{st.op}` needs a number, but this is {T.show(want)}")
            self.expect(st.value, T.INT, scope, f"the amount after `{st.op}`")
        elif kind is A.If:
            if len(st.branches) > MAX_BRANCHES:     # Python compiles an elif chain recursively
                self.err(st.span, f"this `if` has {len(st.branches) - 1} `elif` branches, more than "
                                  f"{MAX_BRANCHES - 1}", "split it into helper functions")
            for cond, body in st.branches:
                self.expect(cond, T.BOOL, scope, "the condition")
                self.block(body, scope)
            if st.else_ is not None:
                self.block(st.else_, scope)
        elif kind is A.For:
            seq = self.expr(st.iter, scope)
            if not T.is_list(seq) and seq != T.ANY:
                self.err(st.iter.span, f"`for` needs a list, but this is {T.show(seq)}")
            inner = Scope(scope)
            self._no_shadow(st.var, st.span, scope, inner)
            inner.define(st.var, T.elem(seq), st.span, ("local", st.var), warn_unused=True)
            self.ctx.loops += 1
            self.block(st.body, inner)
            self.ctx.loops -= 1
            self.close(inner)
        elif kind is A.Repeat:
            self.expect(st.count, T.INT, scope, "the repeat count")
            self.ctx.loops += 1
            self.block(st.body, scope)
            self.ctx.loops -= 1
        elif kind is A.While:
            self.expect(st.cond, T.BOOL, scope, "the condition")
            self.ctx.loops += 1
            self.block(st.body, scope)
            self.ctx.loops -= 1
        elif kind is A.Return:
            if self.ctx.what != "func":
                self.err(st.span, "`return` gives a value back from a function; here there is none",
                         "use `stop` to end this early")
            elif self.ctx.returns == T.VOID:
                self.err(st.span, "this function returns nothing", "use `stop`, or declare `-> TYPE`")
            else:
                self.expect(st.value, self.ctx.returns, scope, "the returned value")
        elif kind in (A.Break, A.Continue):
            if not self.ctx.loops:
                self.err(st.span, f"`{'break' if kind is A.Break else 'continue'}` outside a loop",
                         "it belongs in a `for`, `repeat` or `while` body; to end this early, use `stop`")
        elif kind is A.Cancel:
            if self.ctx.event is None:
                self.err(st.span, "`cancel` stops the action being reacted to; there is none here",
                         "use it in a trigger (`on action.window`) or an action's `do` step")
        elif kind is A.Stop:
            pass
        elif kind is A.ExprStmt:
            if not isinstance(st.expr, A.Call):
                self.err(st.span, "this statement does nothing", "call something, or bind it with `let`")
            self.expr(st.expr, scope)

    def _no_shadow(self, name: str, span, scope: Scope, here: Scope) -> None:
        """A name bound in an enclosing block cannot be bound again inside: the emitted Python has one
        variable per function, so the inner binding would silently change the outer one."""
        s = scope
        while s is not None:
            if name in s.names:
                typ, where, used, warn, ref = s.names[name]
                if s is not here and ref[0] in ("local", "implicit"):
                    self.err(span, f"`{name}` is already bound here"
                             + (f" (at line {where.line})" if ref[0] == "local" else ""),
                             "choose another name; binding it again inside a block would change it "
                             "outside the block too")
                return
            s = s.parent

    def place(self, target, scope: Scope):
        """Type of an assignable place, and how to write it (recorded in refs)."""
        if isinstance(target, A.Name):
            entry = scope.lookup(target.id)
            if entry is not None:
                if entry[4][0] == "param":
                    self.refs[target] = ("set_event", target.id)
                    return entry[0]
                if entry[4][0] == "local":
                    self.refs[target] = ("set_local", target.id)
                    return entry[0]
                self.err(target.span, f"`{target.id}` cannot be assigned to")
                return T.ANY
            if ("table", target.id) in self.s.counters or ("table", target.id) in self.s.attrs_:
                self.refs[target] = ("set_table", target.id)
                return self._table_type(target.id)
            self.err(target.span, f"unknown name `{target.id}`",
                     did_you_mean(target.id, scope.all_names()) or "bind it first with `let`")
            return T.ANY
        if isinstance(target, A.Field):
            obj = T.strip(self.expr(target.obj, scope))
            if obj == T.PLAYER:
                if ("player", target.name) in self.s.counters or ("player", target.name) in self.s.attrs_:
                    self.refs[target] = ("set_player", target.name)
                    return self._player_value_type(target.name)
            elif isinstance(obj, tuple) and obj[0] == "event":
                fields = self.s.event_fields(obj[1])
                if target.name in fields:
                    self.refs[target] = ("set_event_of", target.name)
                    return fields[target.name]
            elif obj == T.ANY:
                self.refs[target] = ("set_any", target.name)
                return T.ANY
            fixed = obj == T.CARD and ("card", target.name) in self.s.attrs_
            self.err(target.name_span, f"`{target.name}` of {T.show(obj)} cannot be assigned to",
                     ("a card's attributes are fixed when the deck is built; " if fixed else "")
                     + "players' counters and attributes, table values and event fields can be assigned")
            return T.ANY
        self.err(target.span, "this cannot be assigned to")
        self.expr(target, scope)
        return T.ANY

    def _table_type(self, name):
        if ("table", name) in self.s.counters:
            return T.INT
        return self.s.type_of(self.s.attrs_[("table", name)].type)

    def _player_value_type(self, name):
        if ("player", name) in self.s.counters:
            return T.INT
        return self.s.type_of(self.s.attrs_[("player", name)].type)

    # ── expressions ─────────────────────────────────────────────────────────────
    def expr(self, e, scope: Scope):
        typ = getattr(self, "x_" + type(e).__name__)(e, scope)
        self.types[e] = typ
        return typ

    def x_IntLit(self, e, scope):
        return T.INT

    def x_StrLit(self, e, scope):
        return T.TEXT

    def x_BoolLit(self, e, scope):
        return T.BOOL

    def x_NoneLit(self, e, scope):
        return T.NONE

    def x_Name(self, e: A.Name, scope):
        entry = scope.lookup(e.id)
        if entry is not None:
            self.refs[e] = entry[4]
            return entry[0]
        s = self.s
        if e.id == "current":
            self.refs[e] = ("current",)
            return T.PLAYER
        if e.id in s.members:
            owners = s.members[e.id]
            if len(owners) > 1:
                self.err(e.span, f"`{e.id}` is a member of several enums: {', '.join(owners)}",
                         f"qualify it, e.g. `{owners[0]}.{e.id}`")
                self.refs[e] = ("enum", e.id)
                return T.ANY          # which enum is unknown: do not guess and cascade
            self.refs[e] = ("enum", e.id)
            return ("enum", owners[0])
        if e.id in s.zones and s.zones[e.id].owner == "table":
            self.refs[e] = ("zone", e.id)
            return T.ZONE
        if e.id in s.zones:
            who = next((n for n in ("owner", "user", "player", "target") if scope.find(n) is not None
                        and T.strip(scope.find(n)[0]) == T.PLAYER), "owner")
            self.err(e.span, f"`{e.id}` is a zone every player has", f"say whose: `{who}.{e.id}`")
            return T.ZONE
        for table, what, typ in ((s.cards, "kind", T.KIND), (s.skills, "skill", T.SKILL),
                                 (s.characters, "character", T.CHARACTER), (s.phases, "phase", T.PHASE)):
            if e.id in table:
                self.refs[e] = (what, e.id)
                return typ
        if ("table", e.id) in s.counters or ("table", e.id) in s.attrs_:
            self.refs[e] = ("table", e.id)
            return self._table_type(e.id)
        if e.id in s.enums:
            self.refs[e] = ("enumtype", e.id)
            return ("enumtype", e.id)
        if e.id in BUILTINS or e.id in s.funcs or e.id in s.actions or e.id in s.queries:
            self.err(e.span, f"`{e.id}` is called, not read", f"write `{e.id}({', '.join(self._param_names(e.id))})`")
            return T.ANY
        if scope.lenient:
            self.refs[e] = ("dynamic_name", e.id)
            return T.ANY
        known = scope.all_names() | set(s.members) | set(s.cards) | set(s.skills) | set(s.characters) \
            | set(s.phases) | {z for z, zd in s.zones.items() if zd.owner == "table"} | {"current"}
        hint = did_you_mean(e.id, known)
        event = scope.find("event")
        etype = T.strip(event[0]) if event is not None else None
        if isinstance(etype, tuple) and etype[0] == "event" and e.id in self.s.event_fields(etype[1]):
            hint = f"the event's fields are read through `event`: `event.{e.id}`"
        elif e.id in ("user", "target") and scope.find("owner") is not None:
            hint = "in a skill, the player who has it is `owner`" + (
                "; the event's players are its fields, e.g. `event.target`" if event is not None else "")
        elif e.id == "owner" and scope.find("user") is not None:
            hint = "in a card, the player using it is `user`"
        elif e.id in ("it",):
            hint = "`it` is only defined inside `where`"
        self.err(e.span, f"unknown name `{e.id}`", hint)
        return T.ANY

    def _param_names(self, name: str) -> list[str]:
        for table in (self.s.funcs, self.s.actions, self.s.queries):
            if name in table:
                return [p.name for p in table[name].params]
        return [p[0] for p in BUILTINS[name].params] if name in BUILTINS else []

    def x_Field(self, e: A.Field, scope):
        obj = self.expr(e.obj, scope)
        base = T.strip(obj)
        s, name = self.s, e.name
        if isinstance(base, tuple) and base[0] == "enumtype":
            enum = s.enums[base[1]]
            if any(m.name == name for m in enum.members):
                self.refs[e] = ("enum", name)
                return ("enum", base[1])
            self.err(e.name_span, f"enum `{base[1]}` has no member `{name}`",
                     did_you_mean(name, [m.name for m in enum.members]))
            return T.ANY
        if base == T.PLAYER:
            if ("player", name) in s.counters or ("player", name) in s.attrs_:
                self.refs[e] = ("player_value", name)
                return self._player_value_type(name)
            if name in s.zones and s.zones[name].owner == "player":
                self.refs[e] = ("player_zone", name)
                return T.ZONE
            if name in PLAYER_FIELDS:
                self.refs[e] = ("py", name)
                return PLAYER_FIELDS[name]
            known = [n for (o, n) in list(s.counters) + list(s.attrs_) if o == "player"] \
                + [z for z, zd in s.zones.items() if zd.owner == "player"] + list(PLAYER_FIELDS)
        elif base == T.CARD:
            if ("card", name) in s.attrs_:
                self.refs[e] = ("card_attr", name)
                return s.type_of(s.attrs_[("card", name)].type)
            if name in CARD_FIELDS:
                self.refs[e] = ("py", name) if name not in ("sources", "zone") else ("card_" + name,)
                return CARD_FIELDS[name]
            known = [n for (o, n) in s.attrs_ if o == "card"] + list(CARD_FIELDS)
        elif base in (T.KIND, T.CHARACTER):
            owner = "card" if base == T.KIND else "character"
            if (owner, name) in s.attrs_:
                self.refs[e] = ("def_attr", name)
                return s.type_of(s.attrs_[(owner, name)].type)
            if name in NAMED_FIELDS:
                self.refs[e] = ("py", name)
                return NAMED_FIELDS[name]
            known = [n for (o, n) in s.attrs_ if o == owner] + list(NAMED_FIELDS)
        elif base == T.SKILL or base == T.PHASE:
            if name in NAMED_FIELDS and base == T.SKILL:
                self.refs[e] = ("py", name)
                return NAMED_FIELDS[name]
            known = list(NAMED_FIELDS) if base == T.SKILL else []
        elif isinstance(base, tuple) and base[0] == "event":
            fields = s.event_fields(base[1])
            if name in fields:
                self.refs[e] = ("event_field", name)
                return fields[name]
            if name == "cancelled":
                self.refs[e] = ("py", "cancelled")
                return T.BOOL
            known = list(fields) + ["cancelled"]
            self.err(e.name_span, f"action `{base[1]}` has no field `{name}`",
                     did_you_mean(name, known) or f"its fields are: {', '.join(known)}")
            return T.ANY
        elif base == T.PLAY:
            if name in PLAY_FIELDS:
                self.refs[e] = ("py", name)
                return PLAY_FIELDS[name]
            known = list(PLAY_FIELDS)
        elif base == T.ZONE:
            if name in ZONE_FIELDS:
                self.refs[e] = ("py", name) if name != "cards" else ("zone_cards",)
                return ZONE_FIELDS[name]
            known = list(ZONE_FIELDS)
        elif base == T.ANY:
            self.refs[e] = ("dynamic", name)
            return T.ANY
        else:
            self.err(e.span, f"{T.show(obj)} has no fields", None)
            return T.ANY
        self.err(e.name_span, f"{T.show(base)} has no field `{name}`", did_you_mean(name, known))
        return T.ANY

    def x_Index(self, e: A.Index, scope):
        seq = self.expr(e.obj, scope)
        self.expect(e.index, T.INT, scope, "an index")
        if not T.is_list(seq) and seq != T.ANY:
            self.err(e.obj.span, f"only lists can be indexed, and this is {T.show(seq)}")
            return T.ANY
        return T.opt(T.elem(seq))

    def x_ListLit(self, e: A.ListLit, scope):
        typ = None
        for item in e.items:
            t = self.expr(item, scope)
            typ = t if typ is None else T.unify(typ, t)
        return T.list_of(typ if typ is not None else T.ANY)

    def x_Binary(self, e: A.Binary, scope):
        lt = self.expr(e.left, scope)
        rt = self.expr(e.right, scope)
        ls, rs = T.strip(lt), T.strip(rt)
        if T.ANY in (ls, rs):           # an error was reported already; do not cascade
            other = rs if ls == T.ANY else ls
            return other if T.is_list(other) or other == T.TEXT else (T.INT if other == T.INT else T.ANY)
        if e.op == "+" and (T.is_list(ls) or T.is_list(rs)):
            if not (T.is_list(ls) and T.is_list(rs)) or not (T.assignable(rs, ls) or T.assignable(ls, rs)):
                self.err(e.span, f"cannot add {T.show(lt)} and {T.show(rt)}",
                         "both sides must be lists of the same thing; wrap one item as `[x]`")
            return T.list_of(T.elem(ls) if T.elem(ls) != T.ANY else T.elem(rs))
        if e.op == "-" and T.is_list(ls):
            if not T.is_list(rs):
                self.err(e.right.span, "only a list can be taken from a list; wrap one item as `[x]`")
            return T.list_of(T.elem(ls))
        if e.op == "+" and ls == T.TEXT and rs == T.TEXT:
            return T.TEXT
        for side, t in ((e.left, ls), (e.right, rs)):
            if t not in (T.INT, T.ANY):
                self.err(side.span, f"`{e.op}` needs numbers, but this is {T.show(t)}")
        return T.INT

    def x_Compare(self, e: A.Compare, scope):
        # Each side is checked against the other's type, so `race == human` picks Race's `human`.
        member = e.op not in ("in", "notin")
        if member and self._shared_member(e.left, scope) and not self._shared_member(e.right, scope):
            rt = self.expr(e.right, scope)
            lt = self.expr_want(e.left, rt, scope)
        else:
            lt = self.expr(e.left, scope)
            rt = self.expr_want(e.right, lt, scope) if member else self.expr(e.right, scope)
        if e.op in ("in", "notin"):
            if not T.is_list(rt) and T.strip(rt) != T.ANY:
                self.err(e.right.span, f"`in` needs a list on its right, but this is {T.show(rt)}")
            elif not T.assignable(lt, T.elem(rt)):
                self.err(e.span, f"{T.show(lt)} is never in a list of {T.show(T.elem(rt))}")
        elif e.op in ("==", "!="):
            if not (T.assignable(lt, rt) or T.assignable(rt, lt)):
                self.err(e.span, f"comparing {T.show(lt)} with {T.show(rt)} is always "
                                 f"{'false' if e.op == '==' else 'true'}", self._conversion_help(lt, rt))
        else:
            for side, t in ((e.left, lt), (e.right, rt)):
                if T.strip(t) not in (T.INT, T.ANY):
                    self.err(side.span, f"`{e.op}` compares numbers, but this is {T.show(t)}")
        return T.BOOL

    def _shared_member(self, e, scope) -> bool:
        return isinstance(e, A.Name) and scope.find(e.id) is None and len(self.s.members.get(e.id, ())) > 1

    def x_BoolOp(self, e: A.BoolOp, scope):
        self.expect(e.left, T.BOOL, scope, f"the left side of `{e.op}`")
        self.expect(e.right, T.BOOL, scope, f"the right side of `{e.op}`")
        return T.BOOL

    def x_Not(self, e: A.Not, scope):
        self.expect(e.operand, T.BOOL, scope, "the operand of `not`")
        return T.BOOL

    def x_Neg(self, e: A.Neg, scope):
        self.expect(e.operand, T.INT, scope, "the operand of `-`")
        return T.INT

    def x_IfExpr(self, e: A.IfExpr, scope):
        self.expect(e.cond, T.BOOL, scope, "the condition")
        return T.unify(self.expr(e.then, scope), self.expr(e.else_, scope))

    def x_Where(self, e: A.Where, scope):
        seq = self.expr(e.seq, scope)
        if not T.is_list(seq) and seq != T.ANY:
            self.err(e.seq.span, f"`where` filters a list, but this is {T.show(seq)}")
            seq = T.ANY
        inner = Scope(scope)
        inner.define("it", T.elem(seq), e.span, ("local", "it"))
        self.expect(e.pred, T.BOOL, inner, "the filter after `where`")
        return T.list_of(T.elem(seq))

    # ── calls ─────────────────────────────────────────────────────────────────
    def x_Call(self, e: A.Call, scope):
        f = e.func
        if isinstance(f, A.Field):
            obj = T.strip(self.expr(f.obj, scope))
            hook = self.s.hooks.get(f.name)
            if obj in (T.CARD, T.ANY) and hook is not None:
                params = [(p.name, self.s.type_of(p.type), p.default) for p in hook.params]
                args = self.bind(e, f.name, params, scope)
                self.refs[e] = ("hook", f.name, args)
                return T.VOID
            if self._has_field(obj, f.name):
                self.err(f.name_span, f"`{f.name}` is a value, not something to call",
                         f"read it without `()`: `{_shown(f) or f.name}`")
            else:
                self.err(f.name_span, f"`{f.name}` is not a hook of cards" if obj == T.CARD
                         else f"{T.show(obj)} has no method `{f.name}`",
                         did_you_mean(f.name, self.s.hooks) if obj == T.CARD else None)
            for a in e.args:
                self.expr(a.value, scope)
            return T.ANY
        if not isinstance(f, A.Name):
            self.err(f.span, "only named functions, actions and queries can be called")
            self.expr(f, scope)
            for a in e.args:
                self.expr(a.value, scope)
            return T.ANY
        name, s = f.id, self.s
        if scope.lookup(name) is not None:
            self.err(f.span, f"`{name}` is a value, not something to call", f"read it without `()`: `{name}`")
            for a in e.args:
                self.expr(a.value, scope)
            return T.ANY
        if name in s.funcs:
            d = s.funcs[name]
            args = self.bind(e, name, [(p.name, s.type_of(p.type), p.default) for p in d.params], scope)
            self.refs[e] = ("func", name, args)
            return s.type_of(d.returns)
        if name in s.actions:
            d = s.actions[name]
            args = self.bind(e, name, [(p.name, s.type_of(p.type), p.default) for p in d.params], scope)
            self.refs[e] = ("action", name, args)
            return ("event", name)
        if name in s.queries:
            d = s.queries[name]
            args = self.bind(e, name, [(p.name, s.type_of(p.type), p.default) for p in d.params], scope)
            self.refs[e] = ("query", name, args)
            return s.type_of(d.returns)
        if name in BUILTINS:
            sig = BUILTINS[name]
            args = self.bind(e, name, [(n, t, ("py", py) if py is not None else None) for n, t, py in sig.params],
                             scope, builtin=True)
            self.refs[e] = ("builtin", name, args)
            ret = sig.returns
            # `elem` and `same` refer to the first parameter that takes any list.
            li = next((i for i, (_, t, _) in enumerate(sig.params) if t == "list"), 0)
            first = self.types.get(args[li]) if li < len(args) and not isinstance(args[li], tuple) else None
            if T.strip(ret) in ("elem", "same"):
                resolved = T.elem(first) if T.strip(ret) == "elem" else (
                    T.list_of(T.elem(first)) if first is not None and T.is_list(first) else first)
                resolved = resolved or T.ANY
                return T.opt(resolved) if isinstance(ret, tuple) else resolved
            return ret
        known = set(s.funcs) | set(s.actions) | set(s.queries) | set(BUILTINS)
        self.err(f.span, f"unknown function `{name}`", did_you_mean(name, known))
        for a in e.args:
            self.expr(a.value, scope)
        return T.ANY

    def _has_field(self, obj, name: str) -> bool:
        """Whether `obj.name` would read a value (used to explain `obj.name()`)."""
        s = self.s
        if obj == T.PLAYER:
            return ("player", name) in s.counters or ("player", name) in s.attrs_ or name in PLAYER_FIELDS \
                or (name in s.zones and s.zones[name].owner == "player")
        if obj == T.CARD:
            return ("card", name) in s.attrs_ or name in CARD_FIELDS
        if isinstance(obj, tuple) and obj[0] == "event":
            return name in s.event_fields(obj[1])
        return False

    def bind(self, call: A.Call, fname: str, params: list, scope: Scope, builtin: bool = False) -> list:
        """Match arguments to parameters; returns one entry per parameter: an argument expression,
        or the default as ("py", code) for builtins / ("default", expr) for pack procedures."""
        out: list = [None] * len(params)
        names = [p[0] for p in params]
        pos = 0
        seen_named = False
        for a in call.args:
            if a.name is None:
                if seen_named:
                    self.err(a.span, "a positional argument after a named one",
                             "put the positional arguments first, or name this one too")
                    self.expr(a.value, scope)
                    continue
                if pos >= len(params):
                    given = sum(1 for x in call.args if x.name is None)
                    self.err(a.span, f"`{fname}` takes {len(params)} argument{'s' * (len(params) != 1)}, "
                                     f"but {given} were given", f"`{fname}({', '.join(names)})`")
                    self.expr(a.value, scope)
                    continue
                out[pos] = a.value
                pos += 1
            else:
                seen_named = True
                if a.name not in names:
                    self.err(a.span, f"`{fname}` has no parameter `{a.name}`",
                             did_you_mean(a.name, names) or f"`{fname}({', '.join(names)})`")
                    self.expr(a.value, scope)
                    continue
                i = names.index(a.name)
                if out[i] is not None:
                    self.err(a.span, f"`{a.name}` is given twice")
                out[i] = a.value
        for i, (pname, ptype, default) in enumerate(params):
            if out[i] is None:
                if default is None:
                    self.err(call.span, f"`{fname}` is missing its argument `{pname}`",
                             f"`{fname}({', '.join(names)})`")
                    out[i] = ("py", "None")
                else:
                    out[i] = default if builtin else ("default", default)
                continue
            got = self.expr_want(out[i], ptype, scope)
            want = ptype
            if not builtin:
                self._note_coercion(out[i], got, want)
            # Built-ins have terse parameter names (`c`, `z`): name the argument by position instead.
            what = f"the {_ORDINALS[i]} argument of `{fname}`" if builtin and len(pname) <= 2 and i < len(_ORDINALS) \
                else f"`{pname}` of `{fname}`"
            if builtin and want in ("list", "any"):
                if want == "list" and not T.is_list(got) and got != T.ANY:
                    self.err(out[i].span, f"{what} should be a list, but this is {T.show(got)}")
                continue
            if builtin and want == T.list_of(T.CARD) and T.strip(got) == T.CARD:
                continue          # a single card stands for a list of one
            if not T.assignable(got, want):
                self.err(out[i].span, f"{what} should be {T.show(want)}, "
                                      f"but this is {T.show(got)}", self._conversion_help(got, want, out[i]))
        return out
