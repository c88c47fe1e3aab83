"""Which pack functions can never call themselves again: their calls need no work budget or depth.

A function whose calls go only to built-ins that run no pack code and to other such functions does a
bounded amount of work per call (its loops and `where`s still spend, round by round): it cannot recurse,
so it cannot nest deeper than the pack's call graph is tall. Every other function spends one unit of the
game's work budget per call and counts towards the call-depth limit (docs/language.md).
"""
from __future__ import annotations

from typing import Iterator

import attrs

from spellcard.runtime.builtins import RUNS_PACK_CODE

from . import ast as A


def calls_in(node) -> Iterator[A.Call]:
    """Every call in a piece of the tree, however deeply nested."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif attrs.has(type(n)) and not isinstance(n, A.Span):
            if isinstance(n, A.Call):
                yield n
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))


def bounded_funcs(funcs: dict, refs: dict) -> set[str]:
    """The names of the functions that cannot reach themselves again (a least fixed point: a cycle of
    functions calling each other is never bounded)."""
    callees: dict[str, set] = {}
    for name, d in funcs.items():
        found: set = set()
        for call in calls_in(d.body if d.body is not None else d.expr):
            kind, callee = refs[call][:2]
            if kind == "func":
                found.add(callee)
            elif kind != "builtin" or callee in RUNS_PACK_CODE:
                break                   # an action, query, hook or call-back built-in runs pack code
        else:
            callees[name] = found
    bounded: set[str] = set()
    grown = True
    while grown:
        grown = False
        for name, found in callees.items():
            if name not in bounded and found <= bounded:
                bounded.add(name)
                grown = True
    return bounded
