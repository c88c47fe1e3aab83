"""A trigger's guard: the leading test of its condition when that test compares one event parameter,
by identity, with the owner, one of the owner's zones or a table zone (`event.to == owner.hand`).
The runtime checks it inline while it looks for eligible listeners (Windows.dispatch), sparing the
call of the rest of the condition for most listeners, whose guard fails. It is the first conjunct,
so checking it apart keeps the order in which the condition's parts run."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.compiler import ast as A

_PARAM = re.compile(r"v_event\.p\['(\w+)'\]")
_WANT = (("owner", re.compile(r"v_owner()")), ("zone", re.compile(r"v_owner\.z\['(\w+)'\]")),
         ("table", re.compile(r"g\.z\['(\w+)'\]")))
_SAME = {"is": True, "is not": False}


def _conjuncts(e) -> list:
    if isinstance(e, A.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _simple(e) -> bool:
    """A name or a name's field: emitting it adds no def, so it can be emitted twice."""
    return isinstance(e, A.Name) or isinstance(e, A.Field) and isinstance(e.obj, A.Name)


def _guard(em, e) -> Optional[tuple]:
    """(param, same, what, zone name or None) for a test the runtime can do inline, else None. It
    reads the emitted code, so the guard tests exactly what the condition would have."""
    if not isinstance(e, A.Compare) or e.op not in ("==", "!=") or not _simple(e.left) or not _simple(e.right):
        return None
    m = re.fullmatch(r"\((.+) (is not|is) (.+)\)", em.expr(e))
    if m is None:
        return None
    left, op, right = m.groups()
    for a, b in ((left, right), (right, left)):
        param = _PARAM.fullmatch(a)
        if param is None:
            continue
        for what, pattern in _WANT:
            want = pattern.fullmatch(b)
            if want is not None:
                return param.group(1), _SAME[op], what, want.group(1) or None
    return None


def trigger_cond(em, name: str, params: str, when) -> tuple[Optional[tuple], Optional[str]]:
    """A trigger's guard and the emitted function for the rest of its condition (None for none)."""
    if when is None:
        return None, None
    parts = _conjuncts(when)
    guard = _guard(em, parts[0])
    if guard is None:
        return None, em.add_value_fn(name, params, when)
    return guard, _rest(em, name, params, parts[1:], when)


def _rest(em, name: str, params: str, parts: list, when) -> Optional[str]:
    """The emitted function for the conjuncts of `when` left once its leading test is taken out
    (None when none are left), joined as the emitter joins an `and`."""
    if not parts:
        return None
    code = em.expr(parts[0])
    for p in parts[1:]:
        code = f"({code} and {em.expr(p)})"
    return em.add_def(name, params, [f"return {code}"], when)


def modifier_subject(em, query: A.QueryDecl, when) -> int:
    """The query parameter (1-based; 0 for none) a modifier's condition first requires to be its owner
    (`when a == owner and …`): the query checks it inline before calling the rest of the condition,
    which most modifiers in play fail (a distance from someone else's seat)."""
    if query is None or when is None:
        return 0
    first = _conjuncts(when)[0]
    if not isinstance(first, A.Compare) or first.op != "==" or not _simple(first.left) or not _simple(first.right):
        return 0
    m = re.fullmatch(r"\(v_(\w+) is v_owner\)|\(v_owner is v_(\w+)\)", em.expr(first))
    if m is None:
        return 0
    names = [p.name for p in query.params]
    name = m.group(1) or m.group(2)
    return names.index(name) + 1 if name in names else 0


def modifier_cond(em, name: str, params: str, when, subject: int) -> Optional[str]:
    """The emitted function for a modifier's condition, without its subject test when it has one."""
    if when is None:
        return None
    if not subject:
        return em.add_value_fn(name, params, when)
    return _rest(em, name, params, _conjuncts(when)[1:], when)
