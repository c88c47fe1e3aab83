"""The expressions half of the emitter (compiler/emit/emitter.py): each checked expression as Python code.

A mixin of Emitter: it reads the checker's types and refs and writes through the helpers Emitter
defines (`at`, `add_def`, `work`, `call_frame`)."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from . import calls as calls
from . import inline as inline
from spellcard.compiler import types as T

OPS = {"==": "is", "!=": "is not"}
_FIELD_CODE = {
    "player_value": "{obj}.v[{name!r}]",
    "player_zone": "{obj}.z[{name!r}]",
    "card_attr": "{obj}.a[{name!r}]",
    "def_attr": "{obj}.attrs.get({name!r})",
    "event_field": "{obj}.p[{name!r}]",
    "card_sources": "[*{obj}.sources]",
    "zone_cards": "[*{obj}.cards]",
    "dynamic": "_dyn({obj}, {name!r})",
}
"""The code that reads each kind of field the checker resolved; any other ("py", name) is a fixed
attribute name from the checker's tables."""


def _seq_type(t) -> bool:
    return T.strip(t) == T.ZONE


class Expressions:
    def seq(self, e, read_only: bool = False) -> str:
        """`e` as a list. `read_only` (a membership test, an index): a zone (never none) is read in
        place, since nothing can change it meanwhile."""
        code = self.expr(e)
        t = self.c.types.get(e)
        if read_only and t == T.ZONE and e not in self.c.to_list:
            return f"{code}.cards"
        return f"_seq({code})" if _seq_type(t) or t == T.ANY else code

    def expr(self, e) -> str:
        code = getattr(self, "x_" + type(e).__name__)(e)
        if e in self.c.to_list:             # a zone's cards, a snapshot
            return f"[*{code}.cards]" if self.c.types.get(e) == T.ZONE else f"_list({code})"
        return code

    def x_IntLit(self, e):
        return repr(e.value)

    def x_StrLit(self, e):
        return repr(e.value)

    def x_BoolLit(self, e):
        return repr(e.value)

    def x_NoneLit(self, e):
        return "None"

    def x_Name(self, e):
        ref = self.c.refs[e]
        kind = ref[0]
        if kind == "local":
            return self.subst[ref[1]] if self.subst is not None else f"v_{ref[1]}"
        if kind == "implicit":
            return ref[1]
        if kind == "param":
            return f"{self.params}[{ref[1]!r}]"
        if kind == "current":
            return "g.current"
        if kind in ("enum", "phase"):
            return repr(ref[1])
        if kind == "zone":
            return f"g.z[{ref[1]!r}]"
        if kind == "table":
            return f"g.v[{ref[1]!r}]"
        return {"kind": "K_", "skill": "S_", "character": "C_"}[kind] + ref[1]

    def x_Field(self, e):
        ref = self.c.refs[e]
        kind = ref[0]
        if kind == "enum":
            return repr(ref[1])
        if kind in ("enum_members", "enum_count"):
            return repr(list(ref[1])) if kind == "enum_members" else str(len(ref[1]))
        name = ref[1] if len(ref) > 1 else None
        obj = self.expr(e.obj)
        if kind == "card_zone":             # `c.zone` is zone_of(c): in place for a name
            return inline.builtin(self, "zone_of", [e.obj], [obj]) or f"b_zone_of(g, {obj})"
        return _FIELD_CODE.get(kind, "{obj}.{name}").format(obj=obj, name=name)

    def x_Index(self, e):
        return f"_index({self.seq(e.obj, read_only=True)}, {self.expr(e.index)})"

    def x_ListLit(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def x_Binary(self, e):
        lt = T.strip(self.c.types.get(e.left, T.ANY))
        minus = inline.minus(self, e, lt) if T.is_list(lt) and e.op == "-" else None
        if minus is not None:
            return minus
        if T.is_list(lt) and e.op in "+-":
            fn, sep = ("", " + ") if inline.zones_only(self, e) else ("_concat" if e.op == "+" else "_minus", ", ")
            return f"{fn}({inline.cards(self, e.left)}{sep}{inline.cards(self, e.right)})"
        if e.op == "+" and T.strip(lt) == T.TEXT:  # bounded, as `_concat` bounds lists (runtime/limits.py)
            return f"_cat({self.expr(e.left)}, {self.expr(e.right)})"
        op = {"/": "//"}.get(e.op, e.op)
        if e.op in "/%":
            return f"_{'div' if e.op == '/' else 'mod'}({self.expr(e.left)}, {self.expr(e.right)})"
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

    def x_Compare(self, e):
        if e.op in ("in", "notin"):
            return f"({self.expr(e.left)} {'in' if e.op == 'in' else 'not in'} {self.seq(e.right, read_only=True)})"
        op = e.op
        order = self.c.refs.get(e)
        if order is not None and order[0] == "enum_order":
            rank = repr({m: i for i, m in enumerate(order[1])})
            return f"({rank}[{self.expr(e.left)}] {op} {rank}[{self.expr(e.right)}])"
        some = self._some_compare(e)
        if some is None:
            some = self._truth(e)
        if some is not None:
            return some
        if op in ("==", "!=") and self._identity(e.left, e.right):
            op = OPS[op]
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

    _SOME = {(">", 0): True, ("!=", 0): True, (">=", 1): True, ("==", 0): False, ("<", 1): False,
             ("<=", 0): False}

    def some_where(self, e) -> tuple:
        """For `count(xs) > 0` (or `== 0`, `>= 1` …): `xs` and whether it is "is there one?" (True) or
        "is there none?" (False); (None, None) for any other comparison."""
        if not isinstance(e.right, A.IntLit) or not isinstance(e.left, A.Call) or self.purity is None:
            return None, None
        wanted = self._SOME.get((e.op, e.right.value))
        ref = self.c.refs.get(e.left)
        if wanted is None or ref is None or ref[:2] != ("builtin", "count") or len(ref[2]) != 1 \
                or isinstance(ref[2][0], tuple):
            return None, None
        if isinstance(ref[2][0], A.Where) and not self.purity.expr(ref[2][0].pred):
            return None, None
        return ref[2][0], wanted

    def _some_compare(self, e) -> Optional[str]:
        """`count(xs where test) > 0` (or `== 0`, `>= 1` …) as "is there one?", stopping at the first
        item that passes when the test changes nothing (compiler/emit/pure.py); None when it cannot."""
        xs, wanted = self.some_where(e)
        if xs is None:
            return None
        code = self.some_of(xs)
        if code is None:
            return None
        return code if wanted else f"(not {code})"

    def _truth(self, e) -> Optional[str]:
        """`count(xs) > 0` (or `== 0`, `>= 1` …) of a list or a zone as the list's truth, a bool as the
        comparison gives: no len() call."""
        wanted = self._SOME.get((e.op, e.right.value)) if isinstance(e.right, A.IntLit) else None
        ref = self.c.refs.get(e.left) if isinstance(e.left, A.Call) else None
        if wanted is None or ref is None or ref[:2] != ("builtin", "count") or len(ref[2]) != 1 \
                or isinstance(ref[2][0], tuple):
            return None
        xs = inline.counted(self, ref[2][0], self.arg(ref[2][0]))
        if xs is None:
            return None
        return f"(not not {xs})" if wanted else f"(not {xs})"

    def some_of(self, xs) -> Optional[str]:
        """Code for "xs has an item" that stops at the first, for `xs` a `where` with a pure test or a
        call of a function that is one (its `fx_` twin, made once); None for anything else."""
        if isinstance(xs, A.Where):
            if not self.purity.expr(xs.pred):
                return None
            return f"_any({self.expr(xs.pred)} for {inline.item_var(xs)} in {self.where_items(xs)})"
        ref = self.c.refs.get(xs) if isinstance(xs, A.Call) else None
        if ref is None or ref[0] != "func":
            return None
        name = ref[1]
        d = self.s.funcs[name]
        if not isinstance(d.expr, A.Where) or not self.purity.expr(d.expr.pred):
            return None
        fx = self.some_fns.get(name)
        if fx is None:
            fx = self.some_fns[name] = f"fx_{name}"        # before the body: it may ask for itself
            outside, self.subst, self.sites = (self.subst, self.sites), None, []    # a def of its own
            body = self.first_passing(d.expr) + ["return False"]
            self.subst, self.sites = outside
            if name not in self.bounded:
                body = self.call_frame(d, body, self.work(d.expr))
            params = "".join(f", v_{p.name}" for p in d.params)
            self.some_fns[name] = self.add_def(fx, "g" + params, body, d, f"func {name}: has it an item?")
        return f"{self.some_fns[name]}(g{''.join(', ' + self.arg(a) for a in ref[2])})"

    def _identity(self, a, b) -> bool:
        ta, tb = T.strip(self.c.types.get(a, T.ANY)), T.strip(self.c.types.get(b, T.ANY))
        objects = {T.PLAYER, T.CARD, T.KIND, T.SKILL, T.CHARACTER, T.ZONE, T.PLAY, T.NONE}
        return (ta in objects or isinstance(ta, tuple) and ta[0] == "event") and \
               (tb in objects or isinstance(tb, tuple) and tb[0] == "event")

    def x_BoolOp(self, e):
        return f"({self.expr(e.left)} {e.op} {self.expr(e.right)})"

    def x_Not(self, e):
        return f"(not {self.expr(e.operand)})"

    def x_Neg(self, e):
        return f"(-{self.expr(e.operand)})"

    def x_IfExpr(self, e):
        return f"({self.expr(e.then)} if {self.expr(e.cond)} else {self.expr(e.else_)})"

    def x_Where(self, e):
        v = inline.item_var(e)
        return f"[{v} for {v} in {self.where_items(e)} if {self.expr(e.pred)}]"

    def where_items(self, e: A.Where) -> str:
        """The items a `where` tests, charged to the work budget as a whole."""
        t = self.c.types.get(e.seq)
        if (_seq_type(t) or t == T.ANY) and e.seq not in self.c.to_list:    # _sift_seq takes a zone as it is
            return f"_sift_seq(g, {self.expr(e.seq)}, {self.work(e.pred)})"
        return f"_sift(g, {self.seq(e.seq)}, {self.work(e.pred)})"

    def first_passing(self, where: A.Where) -> list[str]:
        """Lines that return True at the first item passing a `where` whose test changes nothing
        (compiler/emit/pure.py), charging the work budget for all its items as the whole list would."""
        at = self.at(where)
        lines, items = inline.items(self, where, at) or ([], self.where_items(where))
        return lines + [f"for {inline.item_var(where)} in {items}:{at}", f"    if {self.expr(where.pred)}:{at}",
                        "        return True"]

    def x_Map(self, e):
        return f"[{self.expr(e.value)} for v_it in _sift(g, {self.seq(e.seq)}, {self.work(e.value)})]"

    def arg(self, a) -> str:
        if isinstance(a, tuple):
            return a[1] if a[0] == "py" else self.expr(a[1])
        return self.expr(a)

    def x_Call(self, e):
        ref = self.c.refs[e]
        kind, name, args = ref
        code = [self.arg(a) for a in args]
        if kind == "builtin":
            return inline.builtin(self, name, args, code) or f"b_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "func":
            return calls.expression(self, name, code) or f"f_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "query":
            return f"q_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "action":
            d = self.s.actions[name]
            act = f"g.act(A_{name}, {{{', '.join(f'{p.name!r}: {c}' for p, c in zip(d.params, code))}}})"
            if d.returns is None or e in self.bare:
                return act
            return f"{act}.p['result']" if d.returns.optional else f"_result({act})"   # `-> T`: its result
        obj = self.expr(e.func.obj)
        return f"_hook(g, {obj}, {name!r}, ({''.join(c + ', ' for c in code)}))"

