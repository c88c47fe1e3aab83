"""Checking expressions: the type of every expression, how each name and field resolves (calls: check_calls.py)."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from .narrow import facts, key
from .scope import Scope, _shown
from spellcard.compiler.symbols import BUILTINS

PLAYER_FIELDS = {"seat": T.INT, "alive": T.BOOL, "character": T.opt(T.CHARACTER)}
CARD_FIELDS = {"kind": T.KIND, "virtual": T.BOOL, "sources": T.list_of(T.CARD), "via": T.opt(T.SKILL),
               "id": T.opt(T.INT), "owner": T.opt(T.PLAYER), "zone": T.opt(T.ZONE)}
ENUM_FIELDS = ("members", "count")
"""What an enum's name reads beside its members: its members in declared order, and their number."""
NAMED_FIELDS = {"name": T.TEXT, "label": T.TEXT}
PLAY_FIELDS = {"card": T.opt(T.CARD), "targets": T.list_of(T.PLAYER), "skill": T.opt(T.SKILL)}
ZONE_FIELDS = {"owner": T.opt(T.PLAYER), "name": T.TEXT, "cards": T.list_of(T.CARD)}


MAX_BRANCHES = 201


class ExpressionChecks:
    """Mixed into Checker: one `x_<Node>` method per kind of expression, calls and arguments."""

    # ── expressions ─────────────────────────────────────────────────────────────
    def expr(self, e, scope: Scope):
        typ = getattr(self, "x_" + type(e).__name__)(e, scope)
        if T.is_opt(typ) and isinstance(e, (A.Name, A.Field, A.Call)):
            k = key(e)
            if k is not None and scope.knows(k):
                typ = T.strip(typ)          # a guard proved it is not none here
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
        hint = self.hint(e.id, known)
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
            hint = "`it` is only defined inside `where` and `map`"
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
        if T.is_opt(obj) and not (isinstance(base, tuple) and base[0] == "enumtype"):
            self.err(e.obj.span, f"{self._maybe_none(e.obj)}, and then `.{e.name}` has nothing to read",
                     self._guard_help(e.obj), code="maybe-none")
        s, name = self.s, e.name
        if isinstance(base, tuple) and base[0] == "enumtype":
            enum = s.enums[base[1]]
            if any(m.name == name for m in enum.members):
                self.refs[e] = ("enum", name)
                return ("enum", base[1])
            if name in ENUM_FIELDS:                 # `Suit.members` (in declared order), `Suit.count`
                self.refs[e] = ("enum_" + name, tuple(m.name for m in enum.members))
                return T.list_of(("enum", base[1])) if name == "members" else T.INT
            self.err(e.name_span, f"enum `{base[1]}` has no member `{name}`",
                     did_you_mean(name, [m.name for m in enum.members] + list(ENUM_FIELDS)))
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
            table = self._table_value_on_player(name, e.name_span)
            if table is not None:
                self.refs[e] = ("player_value", name)
                return table
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
        self.err(e.name_span, f"{T.show(base)} has no field `{name}`", self.hint(name, known))
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
            if typ is not None and T.unify(typ, t) == T.ANY and T.ANY not in (T.strip(typ), T.strip(t)):
                self.err(item.span, f"a list holds one kind of thing, but this is {T.show(t)} "
                                    f"after {T.show(typ)}",
                         "make two lists, or compare with each item on its own", code="mixed-list")
                return T.list_of(T.ANY)
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
            a, b = T.elem(ls), T.elem(rs)
            joined = T.unify(a, b) if T.is_list(ls) and T.is_list(rs) else T.ANY
            if not (T.is_list(ls) and T.is_list(rs)) or joined == T.ANY and T.ANY not in (a, b):
                self.err(e.span, f"cannot add {T.show(lt)} and {T.show(rt)}",
                         "both sides must be lists of the same thing; wrap one item as `[x]`")
            # `[] + cards` is cards: an empty list takes the other side's type
            if T.ANY in (a, b):
                other = b if a == T.ANY else a
                joined = T.ANY if other == T.NONE else other
            return T.list_of(joined)
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
                self.err(e.right.span, f"`in` needs a list on its right, but this is {T.show(rt)}",
                         self._zone_help(e.left, lt, e.right, rt, compared=False))
            elif not T.assignable(T.strip(lt), T.strip(T.elem(rt))):
                kind = T.strip(lt) == T.CARD and T.strip(T.elem(rt)) == T.KIND
                self.err(e.span, f"{T.show(lt)} is never in a list of {T.show(T.elem(rt))}",
                         f"a card is not a kind: test its kind, `{_shown(e.left) or 'c'}.kind in …`" if kind else None,
                         code="kind-compare" if kind else None)
        elif e.op in ("==", "!="):
            if T.NONE not in (lt, rt) and not (T.assignable(lt, rt) or T.assignable(rt, lt)):
                kind = self._compare_help(e.left, lt, e.right, rt)
                self.err(e.span, f"comparing {T.show(lt)} with {T.show(rt)} is always "
                                 f"{'false' if e.op == '==' else 'true'}",
                         kind or self._zone_help(e.left, lt, e.right, rt) or self._conversion_help(lt, rt),
                         code="kind-compare" if kind else None)
        elif _enum_of(lt) is not None and lt == rt:      # members compare by their declared order
            self.refs[e] = ("enum_order", tuple(m.name for m in self.s.enums[_enum_of(lt)].members))
        else:
            mixed = _enum_of(T.strip(lt)) is not None and _enum_of(T.strip(rt)) is not None
            if mixed:
                self.err(e.span, f"`{e.op}` compares members of one enum by their order, not {T.show(lt)} with {T.show(rt)}")
            for side, t in () if mixed else ((e.left, lt), (e.right, rt)):
                if T.strip(t) not in (T.INT, T.ANY):
                    self.err(side.span, f"`{e.op}` compares numbers, but this is {T.show(t)}")
        return T.BOOL

    def _shared_member(self, e, scope) -> bool:
        return isinstance(e, A.Name) and scope.find(e.id) is None and len(self.s.members.get(e.id, ())) > 1

    def x_BoolOp(self, e: A.BoolOp, scope):
        self.expect(e.left, T.BOOL, scope, f"the left side of `{e.op}`")
        # `a != none and a.hp > 1`: the right side is only read when the left proved what it proves.
        known = facts(e.left, positive=e.op == "and")
        self.expect(e.right, T.BOOL, scope.narrowed(known) if known else scope, f"the right side of `{e.op}`")
        return T.BOOL

    def x_Not(self, e: A.Not, scope):
        self.expect(e.operand, T.BOOL, scope, "the operand of `not`")
        return T.BOOL

    def x_Neg(self, e: A.Neg, scope):
        self.expect(e.operand, T.INT, scope, "the operand of `-`")
        return T.INT

    def x_IfExpr(self, e: A.IfExpr, scope):
        self.expect(e.cond, T.BOOL, scope, "the condition")
        return T.unify(self.expr(e.then, scope.narrowed(facts(e.cond))),
                       self.expr(e.else_, scope.narrowed(facts(e.cond, positive=False))))

    def _each(self, e, scope, what: str):
        """The list `e.seq` of a `where` or `map`, and the scope its `it` is an item of it in."""
        seq = self.expr(e.seq, scope)
        if not T.is_list(seq) and seq != T.ANY:
            self.err(e.seq.span, f"{what} a list, but this is {T.show(seq)}")
            seq = T.ANY
        inner = Scope(scope)
        name = getattr(e, "name", None) or "it"         # `xs where p: …` names the item `p`
        inner.define(name, T.elem(seq), e.span, ("local", name))
        return seq, inner

    def x_Where(self, e: A.Where, scope):
        seq, inner = self._each(e, scope, "`where` filters")
        self.expect(e.pred, T.BOOL, inner, "the filter after `where`")
        kept = T.elem(seq)
        return T.list_of(T.strip(kept) if (e.name or "it") in facts(e.pred) else kept)   # `… where it != none`

    def x_Map(self, e: A.Map, scope):
        _, inner = self._each(e, scope, "`map` goes over")
        return T.list_of(self.expr(e.value, inner))


def _enum_of(t):
    """The enum a value of type `t` is a member of (never none), else None."""
    return t[1] if isinstance(t, tuple) and t[0] == "enum" else None
