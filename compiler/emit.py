"""Checked AST → a readable Python module that builds the pack from runtime definitions.

Safety: the emitted code names only what this file writes. Identifiers from the source are ASCII
names (the grammar allows nothing else) and always carry a prefix (`v_`, `f_`, `K_` …), so they can
never reach a Python builtin; strings and every other value from the source go through `repr()`;
attribute access uses only fixed field names; and the module runs with empty `__builtins__`.
"""
from __future__ import annotations

from importlib import resources
from typing import Optional

import jinja2

from spellcard.runtime.defs import MODIFY_LAYERS
from spellcard.runtime.faults import MAX_CALL_DEPTH

from . import ast as A
from . import types as T
from .bounded import bounded_funcs, work_of
from .check import Checker
from .deck import parse_copies
from .symbols import Symbols
from .tools import harness_code, shown_attrs

OPS = {"==": "is", "!=": "is not"}
_FIELD_CODE = {
    "player_value": "{obj}.v[{name!r}]",
    "player_zone": "{obj}.z[{name!r}]",
    "card_attr": "{obj}.a[{name!r}]",
    "def_attr": "{obj}.attrs.get({name!r})",
    "event_field": "{obj}.p[{name!r}]",
    "card_sources": "_list({obj}.sources)",
    "card_zone": "b_zone_of(g, {obj})",
    "zone_cards": "_list({obj}.cards)",
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
    def seq(self, e) -> str:
        code = self.expr(e)
        return f"_seq({code})" if _seq_type(self.c.types.get(e)) or self.c.types.get(e) == T.ANY else code

    def expr(self, e) -> str:
        code = getattr(self, "x_" + type(e).__name__)(e)
        return f"_list({code})" if e in self.c.to_list else code

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
            return f"v_event.p[{ref[1]!r}]"
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
        return _FIELD_CODE.get(kind, "{obj}.{name}").format(obj=self.expr(e.obj), name=name)

    def x_Index(self, e):
        return f"_index({self.seq(e.obj)}, {self.expr(e.index)})"

    def x_ListLit(self, e):
        return "[" + ", ".join(self.expr(i) for i in e.items) + "]"

    def x_Binary(self, e):
        lt = T.strip(self.c.types.get(e.left, T.ANY))
        if T.is_list(lt) and e.op in "+-":
            fn = "_concat" if e.op == "+" else "_minus"
            return f"{fn}({self.expr(e.left)}, {self.expr(e.right)})"
        op = {"/": "//"}.get(e.op, e.op)
        if e.op in "/%":
            return f"_{'div' if e.op == '/' else 'mod'}({self.expr(e.left)}, {self.expr(e.right)})"
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

    def x_Compare(self, e):
        if e.op in ("in", "notin"):
            return f"({self.expr(e.left)} {'in' if e.op == 'in' else 'not in'} {self.seq(e.right)})"
        op = e.op
        if op in ("==", "!=") and self._identity(e.left, e.right):
            op = OPS[op]
        return f"({self.expr(e.left)} {op} {self.expr(e.right)})"

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
        return f"[v_it for v_it in _sift(g, {self.seq(e.seq)}, {self.work(e.pred)}) if {self.expr(e.pred)}]"

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
            return f"b_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "func":
            return f"f_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "query":
            return f"q_{name}(g{''.join(', ' + c for c in code)})"
        if kind == "action":
            return f"g.run_action(A_{name}, ({''.join(c + ', ' for c in code)}))"
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
            return [self.expr(st.expr) + at]
        if k is A.Let:
            return [f"v_{st.name} = {self.expr(st.value)}{at}"]
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
            head = f"for v_{st.var} in _list({self.seq(st.iter)}):{at}"
        elif k is A.Repeat:
            head = f"for {self.fresh('r')} in _range({self.expr(st.count)}):{at}"
        elif k is A.While:
            head = f"while {self.expr(st.cond)}:{at}"
        if k in (A.For, A.Repeat, A.While):
            what = {A.For: "for", A.Repeat: "repeat", A.While: "while"}[k]
            cost = self.work(st.body, st.cond) if k is A.While else self.work(st.body)
            return [head] + self.indent(self.tick(st, what, cost) + self.block(st.body))
        if k is A.Return:
            return [f"return {self.expr(st.value)}{at}"]
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
    _READ = {"set_local": "v_{n}", "set_event": "v_event.p[{n!r}]", "set_table": "g.v[{n!r}]",
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
        current = self._READ[kind].format(o=obj, n=name)
        return lines + [self._WRITE[kind].format(o=obj, n=name, v=f"{current} {sign} {amount}") + at]


def _limit(lim) -> str:
    return f"Limit({lim.count}, {lim.scope!r})" if lim is not None else "None"


def emit_pack(syms: Symbols, checker: Checker, source_hash: str, root: str = "",
              names: Optional[dict] = None) -> str:
    """The whole pack as Python source."""
    em = Emitter(syms, checker, root, names)
    s = syms
    out: dict = {"funcs": [], "enums": {}, "attrs": [], "counters": [], "zones": [], "actions": [], "queries": [],
                 "phases": [], "kinds": [], "invariants": [], "skills": [], "characters": [], "decks": {}, "modes": []}

    out["enums"] = {name: {m.name: (m.label or m.name) for m in d.members} for name, d in s.enums.items()}
    for (owner, name), d in s.attrs_.items():
        default = em.add_value_fn(f"ad_{owner}_{name}", "g, v_self", d.default) if d.default is not None else None
        out["attrs"].append((owner, name, default, dict(d.value_names)))
    for (owner, name), d in s.counters.items():
        fns = []
        for part, e in (("init", d.init), ("min", d.min), ("max", d.max)):
            if e is None:
                fns.append("_zero" if part == "init" else None)
            else:
                fns.append(em.add_value_fn(f"cn_{owner}_{name}_{part}", "g, v_self", e))
        out["counters"].append((owner, name, *fns, d.reset))
    for name, d in s.zones.items():
        out["zones"].append((name, d.owner, d.visibility, d.grants))
    hand = next((n for n, d in s.zones.items() if d.owner == "player" and d.visibility == "owner"), None)

    out["funcs"] = list(s.funcs)
    for name, d in s.funcs.items():
        params = "".join(f", v_{p.name}" for p in d.params)
        body = em.block(d.body) if d.body is not None else [f"return {em.expr(d.expr)}{em.at(d.expr)}"]
        if name not in em.bounded:
            body = em.call_frame(d, body, em.work(d.body if d.body is not None else d.expr))
        em.add_def(f"f_{name}", "g" + params, body, d, f"func {name}")

    for name, d in s.queries.items():
        params = "".join(f", v_{p.name}" for p in d.params)
        body = [f"v_value = {em.expr(d.base)}",
                f"for _m in g.mods.get({name!r}, ()):",
                "    _d = _m.mdef",
                f"    if (_m.owner is None or _m.owner.alive) and (_d.cond is None or _d.cond(g, _m.owner, _m.card, v_value{params})):",
                f"        v_value = _d.fn(g, _m.owner, _m.card, v_value{params})"]
        if d.final is not None:
            body.append(f"v_value = {em.expr(d.final)}")
        body.append("return v_value")
        em.add_def(f"q_{name}", "g" + params, body, d, f"query {name}: base value, then every active modifier")
        out["queries"].append(name)

    for name, d in s.actions.items():
        steps = []
        for i, step in enumerate(d.steps):
            if isinstance(step, A.WindowStep):
                cond = em.add_value_fn(f"aw_{name}_{step.name}", "g, v_event", step.cond) if step.cond else None
                steps.append(("window", step.name, f"{name}.{step.name}", cond))
            else:
                fn = em.add_def(f"ad_{name}_{i}", "g, v_event", em.block(step.body), step, f"action {name}, step {i}")
                steps.append(("step", fn))
        defaults = {p.name: em.add_value_fn(f"dv_{name}_{p.name}", "g", p.default) for p in d.params
                    if p.default is not None}
        out["actions"].append((name, tuple(p.name for p in d.params), steps, defaults))

    for name, d in s.phases.items():
        body = em.add_def(f"ph_{name}", "g, v_player", em.block(d.body), d, f"phase {name}") if d.body else None
        out["phases"].append((name, d.label, body))

    for name, d in s.cards.items():
        attrs = _kind_attrs(em, "card", d.assigns)
        targets = []
        for i, t in enumerate(d.targets):
            if t.kind in ("self", "none"):
                targets.append((t.kind, None, None))
            else:
                n = em.add_value_fn(f"tn_{name}_{i}", "g, v_user, v_card", t.count)
                pool = em.add_value_fn(f"tp_{name}_{i}", "g, v_user, v_card", t.pool)
                targets.append((t.kind, n, pool))
        when = em.add_value_fn(f"tw_{name}", "g, v_user, v_card", d.when.cond) if d.when else None
        hooks = {}
        for h in d.hooks:
            hook = s.hooks[h.name]
            params = "".join(f", v_{p.name}" for p in hook.params)
            hooks[h.name] = em.add_def(f"h_{name}_{h.name}", "g, v_card" + params, em.block(h.body), h,
                                       f"card {name}: {h.name}")
        skills = [n for sc in d.skills for n, _ in sc.names]
        out["kinds"].append((name, d.label, attrs, targets, when, skills, hooks, d.anytime))

    for name, d in s.skills.items():
        trig, act, conv, mods, grants = [], [], [], [], []
        default_limit = A.Limit(1, "game", d.span) if d.kind in ("awakening", "limited") else None
        for i, c in enumerate(d.clauses):
            if isinstance(c, A.TriggerClause):
                params = "g, v_owner, v_event, v_card"
                body = em.add_def(f"t_{name}_{i}", params, em.block(c.body), c,
                                  f"skill {name}: on {c.action}.{c.window}")
                cond = em.add_value_fn(f"tc_{name}_{i}", params, c.when) if c.when else None
                rep = em.add_value_fn(f"tr_{name}_{i}", params, c.repeat) if c.repeat else None
                trig.append((i, f"{c.action}.{c.window}", body, cond, rep, c.priority,
                             _limit(c.limit or default_limit)))
            elif isinstance(c, A.ActiveClause):
                body = em.add_def(f"ac_{name}_{i}", "g, v_owner, v_card", em.block(c.body), c, f"skill {name}: active")
                cond = em.add_value_fn(f"acw_{name}_{i}", "g, v_owner, v_card", c.when) if c.when else None
                act.append((i, body, cond, _limit(c.limit or default_limit), c.anytime))
            elif isinstance(c, A.ConvertClause):
                pool = em.add_value_fn(f"cv_{name}_{i}", "g, v_owner, v_card", c.pool)
                cond = em.add_value_fn(f"cvw_{name}_{i}", "g, v_owner, v_card", c.when) if c.when else None
                conv.append((i, c.count, pool, c.as_kind, c.purposes, cond, _limit(c.limit)))
            elif isinstance(c, A.ModifyClause):
                q = s.queries.get(c.query)
                qparams = "".join(f", v_{p.name}" for p in q.params) if q else ""
                params = "g, v_owner, _src, v_value" + qparams
                fn = em.add_value_fn(f"m_{name}_{i}", params, c.value, f"skill {name}: modify {c.query}")
                cond = em.add_value_fn(f"mc_{name}_{i}", params, c.when) if c.when else None
                mods.append((c.query, fn, cond, MODIFY_LAYERS.index(c.layer)))
            elif isinstance(c, A.SkillsClause):
                grants.extend(n for n, _ in c.names)
        out["skills"].append((name, d.label, "locked" if d.kind == "awakening" else d.kind, trig, act, conv, mods, grants))

    for name, d in s.characters.items():
        attrs = _kind_attrs(em, "character", d.assigns)
        out["characters"].append((name, d.label, attrs, [n for sc in d.skills for n, _ in sc.names], d.tags))

    for name, d in s.decks.items():
        cards = []
        for e in d.entries:
            for copy in parse_copies(s, d, e, None):
                cards.append((e.kind, copy))
        out["decks"][name] = cards

    for name, d in s.modes.items():
        setup = em.add_def(f"ms_{name}", "g", em.block(d.setup), d, f"mode {name}: setup") if d.setup else None
        skills = [n for sc in d.skills for n, _ in sc.names]
        rules = [n for sc in d.rules for n, _ in sc.names]
        out["modes"].append((name, d.label, d.min_players, d.max_players, d.deck, d.without, skills, rules,
                             setup, d.turn_limit))

    for i, d in enumerate(s.invariants):
        fn = em.add_value_fn(f"iv_{i}", "g", d.cond, f"invariant {d.title}")
        out["invariants"].append((d.title, fn, em.where(d)))

    anytime = []
    for d in s.anytime:
        body = em.add_def("any_time", "g, v_player, v_play", em.block(d.body), d,
                          "anytime: carry out a play made at one of these any-time points")
        anytime.append(([f"{action}.{window}" for action, window, _ in d.points], body))

    template = _env().get_template("pack.py.j2")
    turn = [n for n, _ in s.turn.phases] if s.turn else []
    harness_deck, harness_seat = harness_code(s)
    text = template.render(pack=s.pack, source_hash=source_hash, defs=em.defs, hand=hand, turn=turn,
                           shown=shown_attrs(s, checker), harness_deck=harness_deck, harness_seat=harness_seat,
                           anytime=anytime, **out)
    return place_table(text, em.places)


def place_table(text: str, places: list[tuple[str, int, int]]) -> str:
    """Turn each line's mark into a readable comment, and append the table that maps the module's line
    numbers to .spell places: errors read places from the table, never from comment text."""
    lines = text.split("\n")
    files: dict[str, int] = {}
    table = {}
    outer = None                # a line with no place of its own belongs to its function's place
    for i, line in enumerate(lines):
        if MARK in line:
            code, index = line.split(MARK)
            path, ln, col = places[int(index)]
            table[i + 1] = (files.setdefault(path, len(files)), ln, col)
            lines[i] = f"{code}  # {path}:{ln}:{col}"
            if line.startswith("def "):
                outer = table[i + 1]
        elif line.startswith((" ", "#")) and outer is not None:
            table[i + 1] = outer
        else:
            outer = None
    return "\n".join(lines) + f"\nPACK.place_files = {tuple(files)!r}\nPACK.places = {table!r}\n"


def _kind_attrs(em: Emitter, owner: str, assigns) -> dict:
    """A card kind's or character's attributes: those it sets, then the constant defaults of the rest
    (a default that reads `self` is a card instance's, computed when the card is made)."""
    attrs = {a.name: _const(em, a.value) for a in assigns}
    for (o, name), decl in em.s.attrs_.items():
        if o == owner and name not in attrs and decl.default is not None and em.c._constant(decl.default):
            attrs[name] = _const(em, decl.default)
    return attrs


def _const(em: Emitter, e):
    """Kind and character attributes are constants; evaluate them at compile time."""
    code = em.expr(e)
    if isinstance(e, A.Neg):
        return -_const(em, e.operand)
    if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit)):
        return e.value
    if isinstance(e, A.NoneLit):
        return None
    ref = em.c.refs.get(e)
    if ref and ref[0] == "enum":
        return ref[1]
    raise ValueError(f"not a constant: {code}")


def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: resources.files("spellcard.compiler").joinpath("templates", name).read_text("utf-8")),
        autoescape=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined)
    env.filters["py"] = repr
    return env
