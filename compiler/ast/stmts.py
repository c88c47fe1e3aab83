"""The tree's statements (see ast.py)."""
from __future__ import annotations

from typing import Optional

from .base import Span, node


# ── statements ────────────────────────────────────────────────────────────────
@node
class Block:
    stmts: tuple["Stmt", ...]
    span: Span


@node
class Let:
    name: str
    value: Expr
    span: Span


@node
class Assign:
    target: Expr
    value: Expr
    span: Span


@node
class AugAssign:
    target: Expr
    op: str          # += -=
    value: Expr
    span: Span


@node
class If:
    branches: tuple[tuple[Expr, Block], ...]
    else_: Optional[Block]
    span: Span


@node
class For:
    var: str
    iter: Expr
    body: Block
    span: Span


@node
class Repeat:
    count: Expr
    body: Block
    span: Span


@node
class While:
    cond: Expr
    body: Block
    span: Span


@node
class Return:
    value: Expr
    span: Span


@node
class Stop:
    span: Span


@node
class Break:
    span: Span


@node
class Continue:
    span: Span


@node
class Cancel:
    span: Span


@node
class May:
    """`may { … }` in a trigger of an optional skill: its owner is asked here (not before the
    trigger), and declining skips this block alone; the rest of the trigger is compulsory."""
    body: Block
    span: Span


@node
class ExprStmt:
    expr: Expr
    span: Span


Stmt = Let | Assign | AugAssign | If | For | Repeat | While | Return | Stop | Break | Continue | Cancel | May | ExprStmt
