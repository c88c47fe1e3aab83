"""Checking calls: each call's function or action, its arguments bound to the parameters, and the
hints when a name or an argument is not what the call takes."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from .exprs import CARD_FIELDS, PLAYER_FIELDS
from spellcard.compiler.text.diagnostics import did_you_mean
from .scope import Scope, _shown
from spellcard.compiler.symbols import BUILTINS

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


class CallChecks:
    """Mixed into Checker: `x_Call` and the binding of arguments to parameters."""

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
            return self.action_call_type(d)
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
                ret = T.opt(resolved) if isinstance(ret, tuple) else resolved
            if T.is_opt(ret) and name in self.FINDS_ONE and self._from_nonempty(args, sig, scope):
                return T.strip(ret)
            return ret
        known = set(s.funcs) | set(s.actions) | set(s.queries) | set(BUILTINS)
        # A call standing alone does something (an action); one inside an expression gives a value.
        doers = set(s.actions) | {n for n, d in s.funcs.items() if d.returns is None} \
            | {n for n, b in BUILTINS.items() if b.returns == T.VOID}
        if e in self.statement_calls:     # a value-giving function would do nothing here
            hint = self.hint(name, doers)
        else:
            hint = self.hint(name, known, first=known - doers)
        self.err(f.span, f"unknown function `{name}`", hint)
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
                self.mismatch(out[i], got, want, what)
        return out
