"""Where each pack name is defined and used, from the checked tree: for definition, references and hover.

A symbol key is ("top", name) for a top-level declaration (names are unique across kinds in a pack),
("window", action, window), ("field", action, field), ("member", name), ("attr", owner, name),
("builtin", name) or ("local", span of its `let`, `for` or parameter). Implicit names (`owner`, `it`,
`event`) carry no key; hover shows their type.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler import types as T

from .analysis import Analysis
from .positions import contains


@attrs.frozen
class Occurrence:
    span: A.Span                               # the span of the name itself
    key: Optional[tuple]
    node: object = None                        # the Name/Field node, for its type
    is_def: bool = False


class Index:
    """Built per file on first use: hover and definition read one file, references read them all."""

    def __init__(self, analysis: Analysis) -> None:
        self.a = analysis
        self.defs: dict = {}                   # key -> (Span, decl or node)
        for path, module in analysis.modules.items():
            lines = analysis.lines(path)
            for decl in module.decls:
                _define_decl(decl, lines, lambda span, key, node: self.defs.setdefault(key, (span, node)))
        self._occurrences: dict = {}           # path -> [Occurrence]

    def occurrences(self, path: str) -> list[Occurrence]:
        if path not in self._occurrences:
            module = self.a.modules.get(path)
            self._occurrences[path] = _occurrences(self.a, path, module) if module is not None else []
        return self._occurrences[path]

    def at(self, path: str, line: int, col: int) -> Optional[Occurrence]:
        """The innermost occurrence under the cursor (1-based line and column)."""
        best = None
        for occ in self.occurrences(path):
            if contains(occ.span, line, col) and (best is None or _width(occ.span) < _width(best.span)):
                best = occ
        return best

    def definition(self, key: Optional[tuple]) -> Optional[A.Span]:
        if key is not None and key[0] == "local":
            return key[1]                      # a local's key is where it is bound
        found = self.defs.get(key) if key is not None else None
        return found[0] if found is not None else None

    def references(self, key: tuple) -> list[Occurrence]:
        return [o for path in self.a.modules for o in self.occurrences(path) if o.key == key]


def _width(s: A.Span) -> tuple:
    return (s.end_line - s.line, s.end_col - s.col)


def name_span(span: A.Span, name: str, lines: list[str], after: int = 0) -> A.Span:
    """The span of `name` as written in the declaration starting at `span` (declarations carry the
    span of the whole declaration)."""
    for ln in range(span.line, min(span.end_line, span.line + 3) + 1):
        text = lines[ln - 1] if ln <= len(lines) else ""
        start = span.col - 1 + after if ln == span.line else 0
        m = re.compile(rf"\b{re.escape(name)}\b").search(text, start)
        if m:
            return A.Span(span.file, ln, m.start() + 1, ln, m.end() + 1)
    return A.Span(span.file, span.line, span.col, span.line, span.col + len(name))


_CALLS = {"func", "action", "query", "hook"}
_LOCAL = {"local", "set_local", "param"}
_NAMED = {"kind", "skill", "character", "phase", "zone", "table", "enumtype", "player_zone"}


def _occurrences(a: Analysis, path: str, module: A.Module) -> list[Occurrence]:
    refs, lines = a.checker.refs, a.lines(path)
    occs: list[Occurrence] = []

    def use(span, key, node=None):
        occs.append(Occurrence(span, key, node))

    def define(span, key, node):
        occs.append(Occurrence(span, key, node, is_def=True))

    def key_of_ref(ref, node) -> Optional[tuple]:
        if ref is None:
            return None
        what = ref[0]
        if what in _CALLS or what in _NAMED:
            return ("top", ref[1])
        if what == "builtin":
            return ("builtin", ref[1])
        if what == "enum":
            return ("member", ref[1])
        if what in ("player_value", "set_player"):
            return ("attr", "player", ref[1])
        if what == "set_table":
            return ("top", ref[1])
        if what in ("card_attr", "def_attr"):
            owner = "character" if T.strip(a.checker.types.get(node.obj)) == T.CHARACTER else "card"
            return ("attr", owner, ref[1])
        if what in ("event_field", "set_event_of"):
            ev = T.strip(a.checker.types.get(node.obj))
            return ("field", ev[1], ref[1]) if isinstance(ev, tuple) and ev[0] == "event" else None
        return None

    def visit(node, env: dict):
        """`env` maps the locals in scope to their keys: ("local", span of the binding), or an action's
        parameter to its event field."""
        if isinstance(node, tuple):
            for x in node:
                visit(x, env)
            return
        if node is None or not attrs.has(type(node)):
            return
        if isinstance(node, A.Name):
            ref = refs.get(node)
            key = key_of_ref(ref, node)
            if key is None and ref is not None and ref[0] in _LOCAL:
                key = env.get(node.id)
            use(node.span, key, node)
            return
        if isinstance(node, A.Block):
            inner = dict(env)
            for st in node.stmts:
                visit(st, inner)
            return
        if isinstance(node, (A.Let, A.For)):
            visit(node.value if isinstance(node, A.Let) else node.iter, env)
            name = node.name if isinstance(node, A.Let) else node.var
            sp = name_span(node.span, name, lines, after=3)
            define(sp, ("local", sp), None)
            if isinstance(node, A.Let):
                env[name] = ("local", sp)
            else:
                visit(node.body, {**env, name: ("local", sp)})
            return
        if isinstance(node, (A.FuncDecl, A.QueryDecl, A.HookDecl, A.ActionDecl)):
            env = {}
            for p in node.params:
                if isinstance(node, A.ActionDecl):
                    env[p.name] = ("field", node.name, p.name)
                else:
                    env[p.name] = ("local", _param_span(p))
                    define(_param_span(p), ("local", _param_span(p)), p)
        elif isinstance(node, A.HookImpl) and node.name in a.syms.hooks:
            # a card's hook body reads the parameters its `hook` declaration names
            env = {**env, **{p.name: ("local", _param_span(p)) for p in a.syms.hooks[node.name].params}}
        if isinstance(node, A.Field):
            use(node.name_span, key_of_ref(refs.get(node), node), node)
        elif isinstance(node, A.Call):
            ref = refs.get(node)
            if isinstance(node.func, A.Name):
                use(node.func.span, key_of_ref(ref, node), node)
                visit(node.args, env)
                return
            if isinstance(node.func, A.Field) and ref is not None:
                use(node.func.name_span, ("top", node.func.name), node)
                visit(node.func.obj, env)
                visit(node.args, env)
                return
        elif isinstance(node, (A.TriggerClause, A.ReactionDecl)):      # `on ACTION.WINDOW`
            ev = node.event_span
            use(A.Span(ev.file, ev.line, ev.col, ev.line, ev.col + len(node.action)), ("top", node.action))
            wcol = ev.col + len(node.action) + 1
            use(A.Span(ev.file, ev.line, wcol, ev.line, wcol + len(node.window)),
                ("window", node.action, node.window))
        elif isinstance(node, (A.SkillsClause, A.TurnDecl)):
            for name, span in (node.names if isinstance(node, A.SkillsClause) else node.phases):
                use(span, ("top", name))
        elif isinstance(node, A.ModifyClause):
            use(node.query_span, ("top", node.query))
        elif isinstance(node, A.ConvertClause):
            use(node.kind_span, ("top", node.as_kind))
        elif isinstance(node, A.DeckEntry):
            sp = node.span
            use(A.Span(sp.file, sp.line, sp.col, sp.line, sp.col + len(node.kind)), ("top", node.kind))
        elif isinstance(node, A.HookImpl):
            sp = node.span
            use(A.Span(sp.file, sp.line, sp.col, sp.line, sp.col + len(node.name)), ("top", node.name))
        for name in _child_fields(type(node)):
            visit(getattr(node, name), env)

    for decl in module.decls:
        _define_decl(decl, lines, define)
        visit(decl, {})
    return occs


def _param_span(p: A.Param) -> A.Span:
    return A.Span(p.span.file, p.span.line, p.span.col, p.span.line, p.span.col + len(p.name))


@lru_cache(maxsize=None)
def _child_fields(cls) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes (not spans, names or numbers)."""
    return tuple(f.name for f in attrs.fields(cls)
                 if not (f.name == "span" or f.name.endswith("_span") or f.type in ("str", "int", "bool")))


def _define_decl(decl, lines, define) -> None:
    name = getattr(decl, "name", None)
    if isinstance(decl, (A.AttrDecl, A.CounterDecl)):
        define(name_span(decl.span, name, lines, after=len(decl.owner) + 5), ("attr", decl.owner, name), decl)
        if decl.owner == "table":
            define(name_span(decl.span, name, lines, after=len(decl.owner) + 5), ("top", name), decl)
        return
    if name is None or isinstance(decl, A.PackDecl):
        return
    define(name_span(decl.span, name, lines, after=1), ("top", name), decl)
    if isinstance(decl, A.EnumDecl):
        for m in decl.members:
            define(A.Span(m.span.file, m.span.line, m.span.col, m.span.line, m.span.col + len(m.name)),
                   ("member", m.name), m)
    if isinstance(decl, A.ActionDecl):
        for step in decl.steps:
            if isinstance(step, A.WindowStep):
                define(name_span(step.span, step.name, lines, after=6), ("window", name, step.name), step)
        for p in decl.params:
            define(A.Span(p.span.file, p.span.line, p.span.col, p.span.line, p.span.col + len(p.name)),
                   ("field", name, p.name), p)
