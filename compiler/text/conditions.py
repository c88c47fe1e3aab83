"""How rules text reads a condition: "there is one of xs" for `count(xs) > 0`, and which parameter a
condition fixes (`event.target == owner`), to be said inside the action's own phrase."""
from __future__ import annotations

from spellcard.compiler import ast as A


def emptiness(e: A.Compare):
    """("Any", xs) for `count(xs) > 0` (or `>= 1`), ("NoneOf", xs) for `count(xs) == 0`, else None."""
    left, right = e.left, e.right
    if not (isinstance(left, A.Call) and isinstance(left.func, A.Name) and left.func.id == "count"
            and len(left.args) == 1 and left.args[0].name is None and isinstance(right, A.IntLit)):
        return None
    if (e.op, right.value) in ((">", 0), (">=", 1)):
        return "Any", left.args[0].value
    if (e.op, right.value) in (("==", 0), ("<", 1)):
        return "NoneOf", left.args[0].value
    return None


def fixes(e, params=None):
    """(F, X) for a condition `event.F == X` (either way round, X not read from the event), else None;
    with `params` (a modify clause's), for `F == X` where F is one of them and X reads none."""
    if not isinstance(e, A.Compare) or e.op != "==":
        return None
    for ev, other in ((e.left, e.right), (e.right, e.left)):
        if params is None and isinstance(ev, A.Field) and isinstance(ev.obj, A.Name) and ev.obj.id == "event" \
                and not _reads(other, {"event"}):
            return ev.name, other
        if params is not None and isinstance(ev, A.Name) and ev.id in params and not _reads(other, params):
            return ev.id, other
    return None


def _reads(e, names) -> bool:
    """Might `e` read one of `names`? (A call might: only names, fields and literals are sure.)"""
    if isinstance(e, A.Name):
        return e.id in names
    if isinstance(e, A.Field):
        return _reads(e.obj, names)
    return not isinstance(e, (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit))
