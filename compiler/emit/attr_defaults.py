"""Which attribute defaults need no call per card, player or table made (runtime/defs.py AttrDef):

- a constant (`false`, `-1`, `none`, an enum member, a list of such): the runtime stores the value
  itself, a list as a fresh copy for each owner, since a rule may add to it;
- a card's default that reads nothing but constants and the card's own attributes that have no
  default (`color` from `suit`): the same for every card dealt with the same values, so a deck
  prepared once per pack (runtime/engine/cards.py) works it out once per entry instead of once per card.

Anything else (a call, a read of the game, of another attribute that has a default) is computed per
owner, in declaration order, as before.
"""
from __future__ import annotations

from typing import Any

from spellcard.compiler import ast as A

_LITERALS = (A.IntLit, A.StrLit, A.BoolLit)
_OPERATORS = (A.Binary, A.Compare, A.BoolOp, A.Not, A.Neg, A.IfExpr, A.ListLit)


def constant(e, refs: dict) -> tuple[bool, Any]:
    """(True, value) when `e` is a constant the emitted module can write as a literal; else (False, None)."""
    if isinstance(e, _LITERALS):
        return True, e.value
    if isinstance(e, A.NoneLit):
        return True, None
    if isinstance(e, A.Neg) and isinstance(e.operand, A.IntLit):
        return True, -e.operand.value
    ref = refs.get(e)
    if isinstance(e, (A.Name, A.Field)) and ref is not None and ref[0] == "enum":
        return True, ref[1]
    if isinstance(e, A.ListLit):
        items = [constant(i, refs) for i in e.items]
        if all(ok and not isinstance(v, list) for ok, v in items):
            return True, [v for _, v in items]
    return False, None


def own(e, refs: dict, given: set) -> bool:
    """Does `e` read only constants and `self.<attr>` for attributes in `given` (a card's
    attributes with no default: the kind's or the deck entry's values, or none)?"""
    stack = [e]
    while stack:
        n = stack.pop()
        if constant(n, refs)[0]:
            continue
        if isinstance(n, A.Field):
            if not (isinstance(n.obj, A.Name) and refs.get(n.obj) == ("implicit", "v_self")
                    and refs.get(n) == ("card_attr", n.name) and n.name in given):
                return False
        elif isinstance(n, _OPERATORS):
            stack.extend(getattr(n, f) for f in ("left", "right", "operand", "cond", "then", "else_")
                         if hasattr(n, f))
            stack.extend(getattr(n, "items", ()))
        else:
            return False
    return True


def how_made(syms, refs: dict, owner: str, d: A.AttrDecl) -> dict:
    """The AttrDef keywords that say how `d`'s default is made, when it needs no call per owner."""
    if d.default is None:
        return {}
    ok, value = constant(d.default, refs)
    if ok:
        return {"fixed": "list" if isinstance(value, list) else "value", "value": value}
    if owner == "card":
        given = {name for (o, name), a in syms.attrs_.items() if o == "card" and a.default is None}
        if own(d.default, refs, given):
            return {"own": True}
    return {}
