"""Parse tree → statements and expressions: their grammar rules, one method each (mixed into the builder)."""
from __future__ import annotations

from spellcard.compiler import ast as A

_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def unquote(raw: str) -> str:
    if "\\" not in raw:
        return raw[1:-1]
    body, out, i = raw[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class CodeBuilder:
    """Methods for the statement and expression rules; the host class provides span(), tspan(),
    present() and the `granted` set."""

    # statements --------------------------------------------------------------
    def block(self, meta, c):
        return A.Block(tuple(c), self.span(meta))

    def let_stmt(self, meta, c):
        return A.Let(str(c[0]), c[1], self.span(meta))

    def assign_stmt(self, meta, c):
        return A.Assign(c[0], c[1], self.span(meta))

    def aug_stmt(self, meta, c):
        return A.AugAssign(c[0], str(c[1]), c[2], self.span(meta))

    def if_stmt(self, meta, c):
        cond, body, *rest = c
        branches = [(cond, body)] + [x for x in rest if isinstance(x, tuple)]
        else_ = next((x for x in rest if isinstance(x, A.Block)), None)
        return A.If(tuple(branches), else_, self.span(meta))

    def elif_clause(self, meta, c):
        return (c[0], c[1])

    def else_clause(self, meta, c):
        return c[0]

    def for_stmt(self, meta, c):
        return A.For(str(c[0]), c[1], c[2], self.span(meta))

    def repeat_stmt(self, meta, c):
        return A.Repeat(c[0], c[1], self.span(meta))

    def while_stmt(self, meta, c):
        return A.While(c[0], c[1], self.span(meta))

    def return_stmt(self, meta, c):
        return A.Return(c[0], self.span(meta))

    def stop_stmt(self, meta, c):
        return A.Stop(self.span(meta))

    def break_stmt(self, meta, c):
        return A.Break(self.span(meta))

    def continue_stmt(self, meta, c):
        return A.Continue(self.span(meta))

    def cancel_stmt(self, meta, c):
        return A.Cancel(self.span(meta))

    def may_stmt(self, meta, c):
        return A.May(c[0], self.span(meta))

    def expr_stmt(self, meta, c):
        return A.ExprStmt(c[0], self.span(meta))

    # expressions ---------------------------------------------------------------
    def int_lit(self, meta, c):
        return A.IntLit(int(c[0]), self.span(meta))

    def str_lit(self, meta, c):
        return A.StrLit(unquote(c[0]), self.span(meta))

    def true_lit(self, meta, c):
        return A.BoolLit(True, self.span(meta))

    def false_lit(self, meta, c):
        return A.BoolLit(False, self.span(meta))

    def none_lit(self, meta, c):
        return A.NoneLit(self.span(meta))

    def name(self, meta, c):
        return A.Name(str(c[0]), self.tspan(c[0]))

    def field(self, meta, c):
        return A.Field(c[0], str(c[1]), self.span(meta), self.tspan(c[1]))

    def call(self, meta, c):
        args = tuple(self.present(c[1:]))
        if isinstance(c[0], A.Name) and c[0].id == "grant":
            self.granted.update(a.value.id for a in args if isinstance(a.value, A.Name))
        return A.Call(c[0], args, self.span(meta))

    def arg(self, meta, c):
        return A.Arg(str(c[0]) if c[0] is not None else None, c[1], self.span(meta))

    def index(self, meta, c):
        return A.Index(c[0], c[1], self.span(meta))

    def list_lit(self, meta, c):
        return A.ListLit(tuple(self.present(c)), self.span(meta))

    def binary_op(self, meta, c):
        return A.Binary(str(c[1]), c[0], c[2], self.span(meta))

    def compare_op(self, meta, c):
        return A.Compare(str(c[1]), c[0], c[2], self.span(meta))

    def in_op(self, meta, c):
        return A.Compare("in", c[0], c[1], self.span(meta))

    def not_in_op(self, meta, c):
        return A.Compare("notin", c[0], c[1], self.span(meta))

    def and_op(self, meta, c):
        return A.BoolOp("and", c[0], c[1], self.span(meta))

    def or_op(self, meta, c):
        return A.BoolOp("or", c[0], c[1], self.span(meta))

    def not_op(self, meta, c):
        return A.Not(c[0], self.span(meta))

    def neg_op(self, meta, c):
        return A.Neg(c[0], self.span(meta))

    def if_expr(self, meta, c):
        return A.IfExpr(c[0], c[1], c[2], self.span(meta))

    def where_expr(self, meta, c):
        return A.Where(c[0], c[1], self.span(meta))

    def where_named(self, meta, c):
        return A.Where(c[0], c[2], self.span(meta), str(c[1]))

    def map_expr(self, meta, c):
        return A.Map(c[0], c[1], self.span(meta))
