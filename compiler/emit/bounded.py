"""What rule code costs, as the emitter charges it to the game's work budget (docs/language.md).

A function whose calls go only to built-ins that run no pack code and to other such functions cannot
recurse, so it cannot nest deeper than the pack's call graph is tall: it is *bounded*, and a call of it
costs what its body does, charged where it is called. Every other function charges its own cost when
called and counts towards the call-depth limit. A cost is the number of calls one pass makes.
"""
from __future__ import annotations

from typing import Iterator

import attrs

from spellcard.runtime.builtins import RUNS_PACK_CODE

from spellcard.compiler import ast as A


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


def work_of(node, refs: dict, costs: dict) -> int:
    """The calls one pass through `node` makes: a built-in, an action or a function that spends on its
    own counts one, a bounded function what its body makes. Loop bodies and `where` tests are left out:
    they spend per round and per item (their own cost, from this same count)."""
    total = 0
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif isinstance(n, A.For):
            stack.append(n.iter)
        elif isinstance(n, A.Repeat):
            stack.append(n.count)
        elif isinstance(n, A.While):
            stack.append(n.cond)
        elif isinstance(n, (A.Where, A.Map)):
            stack.append(n.seq)
        elif attrs.has(type(n)) and not isinstance(n, A.Span):
            if isinstance(n, A.Call):
                kind, name = refs[n][:2]
                total += costs.get(name, 1) if kind == "func" else 1
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))
    return total


def bounded_funcs(funcs: dict, refs: dict) -> dict[str, int]:
    """The functions that cannot reach themselves again (a least fixed point: a cycle of functions
    calling each other is never bounded), each with the calls one call of it makes (work_of)."""
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
    bounded: dict[str, int] = {}
    grown = True
    while grown:
        grown = False
        for name, found in callees.items():
            if name not in bounded and found <= bounded.keys():
                d = funcs[name]
                bounded[name] = 1 + work_of(d.body if d.body is not None else d.expr, refs, bounded)
                grown = True
    return bounded
