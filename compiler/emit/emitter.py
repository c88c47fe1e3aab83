"""Checked AST → a readable Python module that builds the pack from runtime definitions.

Safety: the emitted code names only what this file writes. Identifiers from the source are ASCII
names (the grammar allows nothing else) and always carry a prefix (`v_`, `f_`, `K_` …), so they can
never reach a Python builtin; strings and every other value from the source go through `repr()`;
attribute access uses only fixed field names; and the module runs with empty `__builtins__`.
"""
from __future__ import annotations

import copy
from typing import Optional

from spellcard.runtime.faults import MAX_CALL_DEPTH

from spellcard.compiler import ast as A
from . import calls as calls
from . import inline as inline
from spellcard.compiler import types as T
from .bounded import bounded_funcs, work_of
from .exprs import Expressions
from .pure import Purity
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.symbols import Symbols

MARK = "\0"
"""Ends an emitted line that came from a .spell place, followed by the place's index. repr() escapes
NUL in every string the source supplies and `where` drops it from file names, so after rendering a
NUL can only be one of these marks: `parts.piece` turns them into the line → place table."""


class Emitter(Expressions):
    def __init__(self, syms: Symbols, checker: Checker, root: str = "", names: Optional[dict] = None):
        self.s = syms
        self.c = checker
        self.defs: list[str] = []
        self.tmp = 0
        self.def_names: set[str] = set()
        self.root = root
        self.names = names or {}            # a file's name in comments, when it is not under `root`
        self.places: list[tuple] = []      # (place, the calls written in place it is inside: emit_calls)
        self.bounded = bounded_funcs(syms.funcs, checker.refs)     # name -> the cost of one call
        self.purity: Optional[Purity] = None                        # set by emit_part: early exits need it
        self.some_fns: dict[str, str] = {}                          # func name -> its `fx_` (some_of)
        self.params = "v_event.p"           # an action's parameters (`_p` in its body, bound once)
        self.inline_shapes: dict[str, Optional[str]] = {}            # func name -> how it is written in place
        self.subst: Optional[dict] = None   # an expression function's parameters -> its call's arguments
        self.spans: list[tuple] = []        # (place, func name) of each expression written in place
        self.sites: list[tuple] = []        # (call's place, func name) of the statement functions being written
        self.asking = ""                    # the label of the skill whose trigger is being written (`may`)
        self.bare: set = set()              # calls standing as statements (an action's result is not read)

    def for_part(self) -> "Emitter":
        """An emitter for one part of the module (parts.py): the pack-wide facts shared, the output its
        own (definitions, names, places, temporaries), so that a part's text depends only on what it
        compiles, and a part kept in the cache is the one a build from nothing writes."""
        em = copy.copy(self)
        em.defs, em.tmp, em.def_names, em.places, em.spans, em.sites = [], 0, set(), [], [], []
        em.some_fns, em.inline_shapes, em.bare, em.subst, em.asking = {}, {}, set(), None, ""
        return em

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
        """The mark that ends a line compiled from `node` (see MARK). In a statement function written
        in place, the line's place is the outermost call's, and it is inside each function called."""
        place = self.place(node)
        if self.sites:
            inner = [site for site, _ in self.sites[1:]] + [place]
            self.places.append((self.sites[0][0], tuple(zip(inner, (name for _, name in self.sites)))))
        else:
            self.places.append((place, ()))
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
            self.bare.add(st.expr)          # an action called for what it does: its result unread
            return calls.statement(self, st) or inline.hook(self, st.expr, at) or [self.expr(st.expr) + at]
        if k is A.Let:
            return inline.evaluated(self, f"v_{st.name} = ", st.value, at)
        if k is A.Assign:
            if self.c.refs[st.target][0] == "set_local":    # a local's new value: as `let` evaluates it
                return inline.evaluated(self, f"v_{self.c.refs[st.target][1]} = ", st.value, at)
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
        if k is A.May:                  # the owner is asked here; the trigger around it is compulsory
            return [f"if g.may(v_owner, {self.asking!r}):{at}"] + self.indent(self.block(st.body))
        raise AssertionError(k)

    # How to write a place, and how to read it, per kind of place (the checker's `refs`); places on an
    # object take the object's code as `o`.
    # An event parameter is written in place (Game.set_event's steps on one line, its log entry a call
    # only when the game is logged): actions write them often (move_cards its `from`).
    _WRITE = {"set_local": "v_{n} = {v}",
              "set_event": "v_event.p[{n!r}] = {v}; g.era += 1; g.log.enabled and g.log_change(v_event, {n!r})",
              "set_table": "g.set_value(None, {n!r}, {v})", "set_player": "g.set_value({o}, {n!r}, {v})",
              "set_event_of": "g.set_event({o}, {n!r}, {v})", "set_any": "_dyn_set(g, {o}, {n!r}, {v})"}
    _READ = {"set_local": "v_{n}", "set_event": "{p}[{n!r}]", "set_table": "g.v[{n!r}]",
             "set_player": "{o}.v[{n!r}]", "set_event_of": "{o}.p[{n!r}]", "set_any": "_dyn({o}, {n!r})"}

    def assign(self, target, value: str) -> str:
        kind, name = self.c.refs[target]
        obj = self.expr(target.obj) if isinstance(target, A.Field) else ""
        if kind == "set_event_of" and obj.isidentifier():     # read thrice: a name only
            kind = "set_event"
            return self._WRITE[kind].replace("v_event", obj).format(n=name, v=value)
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
        write = self._WRITE[kind]
        if kind == "set_event_of":      # its object is the fresh name: written in place, as assign does
            write = self._WRITE["set_event"].replace("v_event", obj)
        return lines + [write.format(o=obj, n=name, v=f"{current} {sign} {amount}") + at]

