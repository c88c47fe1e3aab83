"""The tree's types and expressions (see ast.py)."""
from __future__ import annotations

from typing import Optional

from .base import Span, node


# ── types ─────────────────────────────────────────────────────────────────────
@node
class TypeRef:
    name: str
    optional: bool
    span: Span
    is_list: bool = False        # `[Role]`: a list of the named type


@node
class Param:
    name: str
    type: TypeRef
    default: Optional["Expr"]
    span: Span
    label: str = ""               # what rules text calls it (`target "目標": player`)


# ── expressions ───────────────────────────────────────────────────────────────
@node
class IntLit:
    value: int
    span: Span


@node
class StrLit:
    value: str
    span: Span


@node
class BoolLit:
    value: bool
    span: Span


@node
class NoneLit:
    span: Span


@node
class Name:
    id: str
    span: Span


@node
class Field:
    obj: "Expr"
    name: str
    span: Span
    name_span: Span


@node
class Arg:
    name: Optional[str]
    value: "Expr"
    span: Span


@node
class Call:
    func: "Expr"
    args: tuple[Arg, ...]
    span: Span


def callee(e) -> Optional[str]:
    """The name a call calls when it calls a plain name (`grant(…)`, `choose_card(…)`), else None: how
    the passes find the calls of a built-in or of a pack's function, query or action."""
    return e.func.id if isinstance(e, Call) and isinstance(e.func, Name) else None


def callees(nodes) -> set[str]:
    """Every name `nodes` call (see `callee`)."""
    return {n.func.id for n in nodes if isinstance(n, Call) and isinstance(n.func, Name)}


@node
class Index:
    obj: "Expr"
    index: "Expr"
    span: Span


@node
class ListLit:
    items: tuple["Expr", ...]
    span: Span


@node
class Binary:
    op: str          # + - * / %
    left: "Expr"
    right: "Expr"
    span: Span


@node
class Compare:
    op: str          # == != < <= > >= in notin
    left: "Expr"
    right: "Expr"
    span: Span


@node
class BoolOp:
    op: str          # and or
    left: "Expr"
    right: "Expr"
    span: Span


@node
class Not:
    operand: "Expr"
    span: Span


@node
class Neg:
    operand: "Expr"
    span: Span


@node
class IfExpr:
    cond: "Expr"
    then: "Expr"
    else_: "Expr"
    span: Span


@node
class Where:
    seq: "Expr"
    pred: "Expr"
    span: Span
    name: Optional[str] = None    # `xs where p: …`: the item's name, `it` when none is given


@node
class Map:
    """`xs map E`: the list of E for each item `it` of xs (`players() map hand_value(it)`)."""
    seq: "Expr"
    value: "Expr"
    span: Span


Expr = (IntLit | StrLit | BoolLit | NoneLit | Name | Field | Call | Index | ListLit | Binary | Compare
        | BoolOp | Not | Neg | IfExpr | Where | Map)
