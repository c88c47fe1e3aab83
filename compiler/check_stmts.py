"""Checking statements: bindings, assignments to places, control flow."""
from __future__ import annotations

from . import ast as A
from . import types as T
from .check_exprs import MAX_BRANCHES
from .diagnostics import did_you_mean
from .narrow import after_if, facts
from .scope import Scope, _shown


class StatementChecks:
    """Mixed into Checker: one method per kind of statement."""

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

