"""Checked AST → a readable Python module that builds the pack from runtime definitions.

Safety: the emitted code names only what this file writes. Identifiers from the source are ASCII
names (the grammar allows nothing else) and always carry a prefix (`v_`, `f_`, `K_` …), so they can
never reach a Python builtin; strings and every other value from the source go through `repr()`;
attribute access uses only fixed field names; and the module runs with empty `__builtins__`.
"""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.faults import MAX_CALL_DEPTH

from . import ast as A
from . import emit_inline as inline
from . import types as T
from .bounded import bounded_funcs, work_of
from .pure import Purity
from .check import Checker
from .symbols import Symbols

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

MARK = "\0"
"""Ends an emitted line that came from a .spell place, followed by the place's index. repr() escapes
NUL in every string the source supplies and `where` drops it from file names, so after rendering a
NUL can only be one of these marks: `place_table` turns them into the module's line → place table."""


def _seq_type(t) -> bool:
    return T.strip(t) == T.ZONE


class Emitter:
    def __init__(self, syms: Symbols, checker: Checker, root: str = "", names: Optional[dict] = None):
        self.s = syms
        self.c = checker
        self.defs: list[str] = []
        self.tmp = 0
        self.def_names: set[str] = set()
        self.root = root
        self.names = names or {}            # a file's name in comments, when it is not under `root`
        self.places: list[tuple[str, int, int]] = []
        self.bounded = bounded_funcs(syms.funcs, checker.refs)     # name -> the cost of one call
        self.purity: Optional[Purity] = None                        # set by emit_pack: early exits need it
        self.some_fns: dict[str, str] = {}                          # func name -> its `fx_` (some_of)
        self.params = "v_event.p"           # an action's parameters (`_p` in its body, bound once)

    # ── helpers ───────────────────────────────────────────────────────────────
    def place(self, node) -> tuple[str, int, int]:
        sp = node.span
        path = self.names.get(sp.file, sp.file)
        if self.root and path.startswith(self.root):
            path = path[len(self.root):].lstrip("/")
        # This lands in `#` comments: a file name with a line break in it must not end the comment.
        path = "".join(ch if ch.isprintable() else "?" for ch in path)
        return path, sp.line, sp.col

    def where(self, node) -> str:
        return "%s:%d:%d" % self.place(node)

    def at(self, node) -> str:
        """The mark that ends a line compiled from `node` (see MARK)."""
        self.places.append(self.place(node))
        return f"{MARK}{len(self.places) - 1}"

    def work(self, *nodes) -> int:
        """Units one pass through `nodes` costs: one, and one per call it makes (bounded.work_of)."""
        return 1 + sum(work_of(n, self.c.refs, self.bounded) for n in nodes)

    def tick(self, node, what: str, cost: int) -> list[str]:
        """A loop round's units of the game's work budget (docs/language.md, "The work budget")."""
        at = self.at(node)
        return [f"g.work -= {cost}{at}", f"if g.work < 0: _out_of_work(g, {what!r}){at}"]

    def fresh(self, stem: str) -> str:
        self.tmp += 1
        return f"_{stem}{self.tmp}"

    def call_frame(self, node, body: list[str], cost: int) -> list[str]:
        """A pack function's body, spending its cost per call and counting how deep calls nest."""
        at = self.at(node)
        return ([f"g.work -= {cost}{at}", f"g.depth += 1{at}",
                 f"if g.work < 0 or g.depth > {MAX_CALL_DEPTH}: _out_of_work(g, 'call'){at}", "try:"]
                + self.indent(body) + ["finally:", f"    g.depth -= 1{at}"])

    def add_def(self, name: str, params: str, body: list[str], node, doc: str = "") -> str:
        # Names are built from source names joined by `_` (`aw_{action}_{window}`), so two different
        # pieces can make the same name (action `a_b` window `c`, action `a` window `b_c`): never let
        # a later def silently replace an earlier one. Callers use the name returned.
        if name in self.def_names:
            name = self.fresh(name + "_")
        self.def_names.add(name)
        head = f"def {name}({params}):{self.at(node)}"
        lines = [head]
        if doc:
            lines.append(f"    # {doc}")
        lines.extend("    " + line for line in (body or ["pass"]))
        self.defs.append("\n".join(lines))
        return name

    def add_value_fn(self, name: str, params: str, expr, doc: str = "") -> str:
        return self.add_def(name, params, [f"return {self.expr(expr)}"], expr, doc)

    # ── expressions ─────────────────────────────────────────────────────────────
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
            return f"v_{ref[1]}"
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
        if T.is_list(lt) and e.op in "+-":
            fn, sep = ("", " + ") if inline.zones_only(self, e) else ("_concat" if e.op == "+" else "_minus", ", ")
            return f"{fn}({inline.cards(self, e.left)}{sep}{inline.cards(self, e.right)})"
        op = {"/": "//"}.get(e.op, e.op)
        if e.op in "/%":
            return f"_{'div' if e.op == '/' else 'mod'}({self.expr(e.left)}, {self.expr(e.right)})"
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

    def x_Compare(self, e):
        if e.op in ("in", "notin"):
            return f"({self.expr(e.left)} {'in' if e.op == 'in' else 'not in'} {self.seq(e.right, read_only=True)})"
        op = e.op
        some = self._some_compare(e)
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
        item that passes when the test changes nothing (compiler/pure.py); None when it cannot."""
        xs, wanted = self.some_where(e)
        if xs is None:
            return None
        code = self.some_of(xs)
        if code is None:
            return None
        return code if wanted else f"(not {code})"

    def some_of(self, xs) -> Optional[str]:
        """Code for "xs has an item" that stops at the first, for `xs` a `where` with a pure test or a
        call of a function that is one (its `fx_` twin, made once); None for anything else."""
        if isinstance(xs, A.Where):
            if not self.purity.expr(xs.pred):
                return None
            return f"_any({self.expr(xs.pred)} for v_it in {self.where_items(xs)})"
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
            body = self._first_passing(d.expr)
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
        return f"[v_it for v_it in {self.where_items(e)} if {self.expr(e.pred)}]"

    def where_items(self, e: A.Where) -> str:
        """The items a `where` tests, charged to the work budget as a whole."""
        t = self.c.types.get(e.seq)
        if (_seq_type(t) or t == T.ANY) and e.seq not in self.c.to_list:    # _sift_seq takes a zone as it is
            return f"_sift_seq(g, {self.expr(e.seq)}, {self.work(e.pred)})"
        return f"_sift(g, {self.seq(e.seq)}, {self.work(e.pred)})"

    def add_exists_fn(self, name: str, params: str, where: A.Where) -> str:
        """Whether some item passes a `where` whose test changes nothing (compiler/pure.py): it stops at
        the first, charging the work budget for all the items as the whole list would."""
        return self.add_def(name, params, self._first_passing(where), where,
                            "is some target legal? (the first is enough)")

    def _first_passing(self, where: A.Where) -> list[str]:
        at = self.at(where)
        lines, items = inline.items(self, where, at) or ([], self.where_items(where))
        return lines + [f"for v_it in {items}:{at}", f"    if {self.expr(where.pred)}:{at}",
                        "        return True", "return False"]

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
            return f"f_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "query":
            return f"q_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "action":
            params = self.s.actions[name].params
            return f"g.act(A_{name}, {{{', '.join(f'{p.name!r}: {c}' for p, c in zip(params, code))}}})"
        obj = self.expr(e.func.obj)
        return f"_hook(g, {obj}, {name!r}, ({''.join(c + ', ' for c in code)}))"

    # ── statements ────────────────────────────────────────────────────────────
    def block(self, b: A.Block) -> list[str]:
        out: list[str] = []
        for st in b.stmts:
            out.extend(self.stmt(st))
        return out or ["pass"]

    def indent(self, lines: list[str]) -> list[str]:
        return ["    " + line for line in lines]

    def stmt(self, st) -> list[str]:
        at = self.at(st)
        k = type(st)
        if k is A.ExprStmt:
            return inline.hook(self, st.expr, at) or [self.expr(st.expr) + at]
        if k is A.Let:
            return inline.evaluated(self, f"v_{st.name} = ", st.value, at)
        if k is A.Assign:
            return [self.assign(st.target, self.expr(st.value)) + at]
        if k is A.AugAssign:
            return self.aug(st, at)
        if k is A.If:
            out = []
            for i, (cond, body) in enumerate(st.branches):
                out.append(f"{'if' if i == 0 else 'elif'} {self.expr(cond)}:" + (at if i == 0 else ""))
                out.extend(self.indent(self.block(body)))
            if st.else_ is not None:
                out.append("else:")
                out.extend(self.indent(self.block(st.else_)))
            return out
        if k is A.For:
            t = self.c.types.get(st.iter)
            if inline.fresh(self, st.iter):                     # a new list: nothing else can change it
                head = f"for v_{st.var} in {self.expr(st.iter)}:{at}"
            else:
                items = self.expr(st.iter) if t == T.ZONE and st.iter not in self.c.to_list else self.seq(st.iter)
                copy = f"[*{items}]" if isinstance(t, tuple) and t[0] == "list" else f"_list({items})"
                head = f"for v_{st.var} in {copy}:{at}"
        elif k is A.Repeat:
            head = f"for {self.fresh('r')} in _range({self.expr(st.count)}):{at}"
        elif k is A.While:
            head = f"while {self.expr(st.cond)}:{at}"
        if k in (A.For, A.Repeat, A.While):
            what = {A.For: "for", A.Repeat: "repeat", A.While: "while"}[k]
            cost = self.work(st.body, st.cond) if k is A.While else self.work(st.body)
            return [head] + self.indent(self.tick(st, what, cost) + self.block(st.body))
        if k is A.Return:
            return inline.evaluated(self, "return ", st.value, at)
        if k is A.Stop:
            return ["return" + at]
        if k is A.Break:
            return ["break" + at]
        if k is A.Continue:
            return ["continue" + at]
        if k is A.Cancel:
            return [f"g.cancel(v_event){at}", f"return{at}"]
        raise AssertionError(k)

    # How to write a place, and how to read it, per kind of place (the checker's `refs`); places on an
    # object take the object's code as `o`.
    _WRITE = {"set_local": "v_{n} = {v}", "set_event": "g.set_event(v_event, {n!r}, {v})",
              "set_table": "g.set_value(None, {n!r}, {v})", "set_player": "g.set_value({o}, {n!r}, {v})",
              "set_event_of": "g.set_event({o}, {n!r}, {v})", "set_any": "_dyn_set(g, {o}, {n!r}, {v})"}
    _READ = {"set_local": "v_{n}", "set_event": "{p}[{n!r}]", "set_table": "g.v[{n!r}]",
             "set_player": "{o}.v[{n!r}]", "set_event_of": "{o}.p[{n!r}]", "set_any": "_dyn({o}, {n!r})"}

    def assign(self, target, value: str) -> str:
        kind, name = self.c.refs[target]
        obj = self.expr(target.obj) if isinstance(target, A.Field) else ""
        return self._WRITE[kind].format(o=obj, n=name, v=value)

    def aug(self, st: A.AugAssign, at: str) -> list[str]:
        """`x += n`: the object a field belongs to is evaluated once."""
        kind, name = self.c.refs[st.target]
        sign = "+" if st.op == "+=" else "-"
        amount = self.expr(st.value)
        lines, obj = [], ""
        if isinstance(st.target, A.Field):
            obj = self.fresh("t")
            lines.append(f"{obj} = {self.expr(st.target.obj)}{at}")
        current = self._READ[kind].format(o=obj, n=name, p=self.params)
        return lines + [self._WRITE[kind].format(o=obj, n=name, v=f"{current} {sign} {amount}") + at]

