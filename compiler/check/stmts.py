"""Checking statements: bindings, assignments to places, control flow."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from .exprs import MAX_BRANCHES
from .narrow import after_if, facts, key, leaves
from .scope import Scope, _shown
from spellcard.compiler.symbols import BUILTINS, RESERVED

READ_ONLY = {
    "current": "`current` is the player whose turn it is; to give someone the turn, call `set_current(p)`",
    "owner": "`owner` is the player who has this skill; bind another player with `let`",
    "event": "`event` is the event being reacted to; assign its fields, e.g. `event.amount = 0`",
}


class StatementChecks:
    """Mixed into Checker: one method per kind of statement."""

    # ── statements ────────────────────────────────────────────────────────────
    def block(self, b: A.Block, parent: Scope) -> None:
        scope = Scope(parent)
        for i, st in enumerate(b.stmts):
            self.stmt(st, scope)
            if i + 1 < len(b.stmts) and leaves(st):
                after = b.stmts[i + 1]
                self.d.warning(after.span, "this is never reached: the statement above always leaves",
                               "remove it, or move it before the `stop`/`return`", code="unreachable-code")
                for rest in b.stmts[i + 1:]:     # still checked, so its own mistakes show
                    self.stmt(rest, scope)
                break
        self.close(scope)

    def stmt(self, st, scope: Scope) -> None:
        kind = type(st)
        if kind is A.Let:
            if st.name in ("owner", "event", "card", "user", "target", "value", "current", "it", "self"):
                self.err(st.span, f"`{st.name}` is a built-in name and cannot be rebound",
                         "choose another name")
            else:
                self._no_shadow(st.name, st.span, scope, scope)
                self._hides_pack_name(st.name, st.span)
            typ = self.expr(st.value, scope)
            if typ == T.VOID:
                self.err(st.value.span, "this gives no value to bind")
            scope.define(st.name, typ, st.span, ("local", st.name), warn_unused=True)
        elif kind is A.Assign:
            want = self.place(st.target, scope)
            self.expect(st.value, want, scope, "the assigned value")
            key = _shown(st.target)
            if key is not None:
                scope.forget(key)
        elif kind is A.AugAssign:
            want = self.place(st.target, scope)
            if T.strip(want) not in (T.INT, T.ANY):
                self.err(st.target.span, f"`{st.op}` needs a number, but this is {T.show(want)}")
            self.expect(st.value, T.INT, scope, f"the amount after `{st.op}`")
        elif kind is A.If:
            if len(st.branches) > MAX_BRANCHES:     # Python compiles an elif chain recursively
                self.err(st.span, f"this `if` has {len(st.branches) - 1} `elif` branches, more than "
                                  f"{MAX_BRANCHES - 1}", "split it into helper functions")
            # Each branch knows what its condition proves, and that the conditions before it failed.
            failed: set = set()
            for cond, body in st.branches:
                self.expect(cond, T.BOOL, scope.narrowed(failed) if failed else scope, "the condition")
                self.block(body, scope.narrowed(failed | facts(cond)))
                failed |= facts(cond, positive=False)
            if st.else_ is not None:
                self.block(st.else_, scope.narrowed(failed))
            scope.facts |= after_if(st)         # `if x == none { stop }`: x is there from here on
            scope.facts |= self._filled(st)
        elif kind is A.For:
            seq = self.expr(st.iter, scope)
            if not T.is_list(seq) and seq != T.ANY:
                self.err(st.iter.span, f"`for` needs a list, but this is {T.show(seq)}")
            inner = Scope(scope)
            self._no_shadow(st.var, st.span, scope, inner)
            self._hides_pack_name(st.var, st.span)
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
            self.block(st.body, scope.narrowed(facts(st.cond)))
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
        elif kind is A.May:
            self.may_stmt(st, scope)
        elif kind is A.ExprStmt:
            self.statement_calls.add(st.expr)
            if not isinstance(st.expr, A.Call):
                self.err(st.span, "this statement does nothing", "call something, or bind it with `let`")
            self.expr(st.expr, scope)

    def _hides_pack_name(self, name: str, span) -> None:
        """`let Danmaku = …` or `let draw = …`: the pack's name means something else from here on."""
        what = self.s.top[name][0] if name in self.s.top else "enum member" if name in self.s.members \
            else "built-in function" if name in BUILTINS else None
        if what is not None:
            self.d.warning(span, f"`{name}` is also the pack's {what}; this binding hides it here",
                           f"choose another name, e.g. `{name.lower()}_`", code="shadowed-name")

    def _filled(self, st: A.If) -> set:
        """`if x == none { x = V }` with V never none: x is there after it."""
        if len(st.branches) != 1 or st.else_ is not None:
            return set()
        cond, body = st.branches[0]
        last = body.stmts[-1] if body.stmts else None
        if not isinstance(last, A.Assign):
            return set()
        k = key(last.target)
        got = self.types.get(last.value)
        if k is None or got is None or T.is_opt(got) or got == T.NONE:   # `any`: reported already
            return set()
        return {k} if k in facts(cond, positive=False) else set()

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
                self.err(target.span, f"`{target.id}` is a read-only built-in name" if target.id in RESERVED
                         else f"`{target.id}` cannot be assigned to", READ_ONLY.get(target.id),
                         code="read-only" if target.id in RESERVED else None)
                return T.ANY
            if ("table", target.id) in self.s.counters or ("table", target.id) in self.s.attrs_:
                self.refs[target] = ("set_table", target.id)
                return self._table_type(target.id)
            if target.id in RESERVED:
                self.err(target.span, f"`{target.id}` is a read-only built-in name",
                         READ_ONLY.get(target.id, "bind a new name with `let` instead"), code="read-only")
                return T.ANY
            self.err(target.span, f"unknown name `{target.id}`",
                     self.hint(target.id, scope.all_names()) or "bind it first with `let`")
            return T.ANY
        if isinstance(target, A.Field):
            got = self.expr(target.obj, scope)
            if T.is_opt(got):
                self.err(target.obj.span, f"{self._maybe_none(target.obj)}, and then `.{target.name}` "
                                          f"has nowhere to be set", self._guard_help(target.obj), code="maybe-none")
            obj = T.strip(got)
            if obj == T.PLAYER:
                if ("player", target.name) in self.s.counters or ("player", target.name) in self.s.attrs_:
                    self.refs[target] = ("set_player", target.name)
                    return self._player_value_type(target.name)
                table = self._table_value_on_player(target.name, target.name_span)
                if table is not None:
                    return table
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

