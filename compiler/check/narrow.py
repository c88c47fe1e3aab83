"""What a condition proves: the names and fields it shows are not none, and the lists it shows are not
empty. The checker narrows `T?` to `T` where a guard the designer already writes makes it safe:
`if x != none { … }`, `when x != none`, `a != none and a.hp > 1`, `if x == none { stop }`, and
`if count(pool) > 0 { choose_card(p, pool, …) }` (a choice from a list known not to be empty finds one).
"""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A

# A fact is a key: `x` / `event.source` (not none) or `#x` (a list with at least one item).
NONEMPTY = "#"


def key(e) -> Optional[str]:
    """An expression's shape without its place in the file: two writings of the same value share
    a key (`count(others(owner) where wounded(it)) > 0` guards `choose_player(owner, others(owner)
    where wounded(it), …)`). Only names, fields, calls and simple operators have one."""
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Field):
        inner = key(e.obj)
        return f"{inner}.{e.name}" if inner else None
    if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit)):
        return repr(e.value)
    if isinstance(e, A.NoneLit):
        return "none"
    parts = None
    if isinstance(e, A.Call):
        parts = [e.func] + [a.value for a in e.args]
        if any(a.name is not None for a in e.args):
            return None
    elif isinstance(e, A.Where):       # the item's name is part of it: `xs where p: f(p)` is not `xs where f(p)`
        parts = [e.seq, A.Name(e.name or "it", e.span), e.pred]
    elif isinstance(e, (A.Compare, A.BoolOp, A.Binary)):
        parts = [e.left, e.right]
    elif isinstance(e, A.Not):
        parts = [e.operand]
    elif isinstance(e, A.ListLit):
        parts = list(e.items)
    if parts is None:
        return None
    keys = [key(p) for p in parts]
    if any(k is None for k in keys):
        return None
    return f"{type(e).__name__}{getattr(e, 'op', '')}({', '.join(keys)})"


def facts(cond, positive: bool = True) -> set[str]:
    """The keys `cond` proves when it is true (positive) or when it is false."""
    if isinstance(cond, A.BoolOp):
        if (cond.op == "and") == positive:
            return facts(cond.left, positive) | facts(cond.right, positive)
        return set()
    if isinstance(cond, A.Not):
        return facts(cond.operand, not positive)
    if isinstance(cond, A.Compare):
        return _compare(cond, positive)
    return set()


def _compare(c: A.Compare, positive: bool) -> set[str]:
    op = c.op
    if not positive:
        op = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}.get(op)
    if op in ("==", "!="):
        for side, other in ((c.left, c.right), (c.right, c.left)):
            if isinstance(other, A.NoneLit) and op == "!=":
                k = key(side)
                return {k} if k else set()
    counted = _counted(c.left)
    if counted and isinstance(c.right, A.IntLit):
        n = c.right.value
        if (op == ">" and n >= 0) or (op in (">=", "==") and n >= 1) or (op == "!=" and n == 0):
            return {NONEMPTY + counted}
    counted = _counted(c.right)
    if counted and isinstance(c.left, A.IntLit):
        n = c.left.value
        if (op == "<" and n >= 0) or (op == "<=" and n >= 1) or (op == "!=" and n == 0):
            return {NONEMPTY + counted}
    return set()


def _counted(e) -> Optional[str]:
    """`count(x)` → the key of `x`."""
    if A.callee(e) == "count" \
            and len(e.args) == 1 and e.args[0].name is None:
        return key(e.args[0].value)
    return None


EXITS = (A.Stop, A.Return, A.Break, A.Continue)


def exits(block: A.Block) -> bool:
    """Whether a block always leaves early: its last statement does (`leaves`)."""
    return bool(block.stmts) and leaves(block.stmts[-1])


def leaves(st) -> bool:
    """Whether a statement always leaves early: `stop`, `return`, `break` or `continue`, or an `if`
    whose every branch does."""
    if isinstance(st, EXITS):
        return True
    if isinstance(st, A.If) and st.else_ is not None:
        return all(exits(b) for _, b in st.branches) and exits(st.else_)
    return False


def after_if(st: A.If) -> set[str]:
    """What holds after an `if` whose first branches leave early: each of their conditions is false
    (a later branch that stays proves nothing about the ones after it)."""
    out: set[str] = set()
    for cond, body in st.branches:
        if not exits(body):
            break
        out |= facts(cond, positive=False)
    return out
