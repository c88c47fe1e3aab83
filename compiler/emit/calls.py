"""Bounded pack functions written at their call sites: a Python call less each time.

Two shapes, both only for a bounded function (compiler/emit/bounded.py: it cannot recur, and its callers
already pay its work), so writing it in place changes neither the work budget nor the call depth:
- a function of one expression, called with names or constants: the expression, each parameter
  read as the argument's code (a name read as often as the body reads it, which changes nothing);
- a function without parameters whose body makes no local, no loop and no early way out, called
  as a statement: its statements, in place of the call.
A fault inside still names the function's own statement: the module's line table marks the code
written in place (a span of a line, or a whole line) with the function's place and name, and
runtime/faults.py reads it back as the frame the call would have made."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.runtime.faults import INLINED_ARG

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import nodes_in

OPEN, SHUT, CLOSE = "\1", "\2", "\3"
"""Around an expression written in place: OPEN, its span's index (Emitter.spans), SHUT, the code,
CLOSE. repr() escapes these in every string the source supplies, as it does MARK."""

_ARG = re.compile(rf"(?:{INLINED_ARG}|-?\d+|[KSC]_\w+|None|True|False)\Z")
_SPAN = re.compile("\1(\\d+)\2|\3")

_NOT_IN_EXPR = (A.Where, A.Map)
"""An expression function holding these stays a call: their `it` could meet the caller's."""

_NOT_IN_BODY = (A.Let, A.For, A.Repeat, A.While, A.Return, A.Stop, A.Break, A.Continue, A.Cancel, A.Where, A.Map)
"""A statement function holding these stays a call: a local of its own, a loop, or an early way out."""


def _shape(em, name: str) -> Optional[str]:
    """"expr", "stmt", or None (a call) for pack function `name` (worked out once)."""
    if name not in em.inline_shapes:
        d = em.s.funcs[name]
        shape = None
        if name in em.bounded and d.expr is not None:
            shape = None if any(isinstance(n, _NOT_IN_EXPR) for n in nodes_in(d.expr)) else "expr"
        elif name in em.bounded and not d.params:
            body_ok = not any(isinstance(n, _NOT_IN_BODY) or isinstance(n, (A.Assign, A.AugAssign))
                              and em.c.refs[n.target][0] == "set_local" for n in nodes_in(d.body))
            shape = "stmt" if body_ok else None
        em.inline_shapes[name] = shape
    return em.inline_shapes[name]


def expression(em, name: str, code: list[str]) -> Optional[str]:
    """A call of an expression function written as its expression, or None where it stays a call."""
    if _shape(em, name) != "expr" or not all(_ARG.match(c) for c in code):
        return None
    d = em.s.funcs[name]
    saved, em.subst = em.subst, {p.name: c for p, c in zip(d.params, code)}
    try:
        body = em.expr(d.expr)
    finally:
        em.subst = saved
    em.spans.append((em.place(d.expr), name))
    return f"{OPEN}{len(em.spans) - 1}{SHUT}({body}){CLOSE}"


def statement(em, st) -> Optional[list[str]]:
    """A call statement of a statement function written as its statements, or None."""
    ref = em.c.refs.get(st.expr) if isinstance(st.expr, A.Call) else None
    if ref is None or ref[0] != "func" or _shape(em, ref[1]) != "stmt":
        return None
    em.sites.append((em.place(st), ref[1]))
    try:
        return em.block(em.s.funcs[ref[1]].body)
    finally:
        em.sites.pop()


def line_spans(code: str, spans: list) -> tuple[str, list]:
    """An emitted line without its span marks, and each span as (start, end, place, function): UTF-8
    byte columns, as Python's code positions count them."""
    out, open_, found, at = [], [], [], 0
    for m in _SPAN.finditer(code):
        out.append(code[at:m.start()])
        at = m.end()
        pos = len("".join(out).encode())
        if m.group(1) is not None:
            open_.append((pos, spans[int(m.group(1))]))
        else:
            start, (place, name) = open_.pop()
            found.append((start, pos, place, name))
    out.append(code[at:])
    found.sort(key=lambda s: (s[0], -s[1]))         # outermost first
    return "".join(out), found
