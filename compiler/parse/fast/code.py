"""The fast parser's statements and expressions (mixed into compiler/parse/fast/parser.py's parser).

Each expression level reads the keywords that can start it and no others: after `and`, `if` is a
name (only `not` can start that operand), after `-` even `not` is one, as in Lark's LALR states."""
from __future__ import annotations

from .lex import GiveUp

# How tightly each binary operator binds (the grammar's levels); a word here is an operator only
# where its level can stand.
_PRECEDENCE = {"or": 1, "and": 2, "==": 4, "!=": 4, "<=": 4, ">=": 4, "<": 4, ">": 4, "in": 4, "not": 4,
               "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
_ATOM_WORDS = {"true": "true_lit", "false": "false_lit", "none": "none_lit"}
_ARG_START_WORDS = frozenset({"if", "not", "true", "false", "none"})
_SIMPLE = {"stop": "stop_stmt", "break": "break_stmt", "continue": "continue_stmt", "cancel": "cancel_stmt"}


class CodeRules:
    """Blocks, statements and expressions; the host class provides the primitives."""

    # statements ----------------------------------------------------------------
    def block(self):
        s = self.i
        self.expect("{")
        c = []
        t = self.t
        while t[self.i][0] != "}":
            c.append(self.stmt())
        self.i += 1
        return self.node("block", c, s)

    def stmt(self):
        s = self.i
        w = self.word()
        if w is None:
            raise GiveUp
        if w in _SIMPLE:
            return self.leaf(_SIMPLE[w])
        if w == "let":
            self.i += 1
            n = self.name()
            self.expect("=")
            return self.node("let_stmt", [n, self.expr()], s)
        if w == "if":
            self.i += 1
            c = [self.expr(), self.block()]
            while self.at("elif"):
                e = self.i
                self.i += 1
                cond = self.expr()
                c.append(self.node("elif_clause", [cond, self.block()], e))
            if self.at("else"):
                e = self.i
                self.i += 1
                c.append(self.node("else_clause", [self.block()], e))
            return self.node("if_stmt", c, s)
        if w == "for":
            self.i += 1
            n = self.name()
            self.keyword("in")
            pool = self.expr()
            return self.node("for_stmt", [n, pool, self.block()], s)
        if w == "repeat" or w == "while":
            self.i += 1
            cond = self.expr()
            return self.node(w + "_stmt", [cond, self.block()], s)
        if w == "return":
            self.i += 1
            return self.node("return_stmt", [self.expr()], s)
        if w == "may":                      # a keyword at a statement's start (Lark reads it so)
            self.i += 1
            return self.node("may_stmt", [self.block()], s)
        place = self.postfix_ops(self.node_name(), s)
        k = self.kind()
        if k == "=":
            self.i += 1
            return self.node("assign_stmt", [place, self.expr()], s)
        if k == "+=" or k == "-=":
            op = self.tok("AUGOP")
            return self.node("aug_stmt", [place, op, self.expr()], s)
        return self.node("expr_stmt", [place], s)

    # expressions ---------------------------------------------------------------
    def expr(self):
        s = self.i
        if self.at("if"):
            self.i += 1
            cond = self.expr()
            self.keyword("then")
            yes = self.expr()
            self.keyword("else")
            return self.node("if_expr", [cond, yes, self.expr()], s)
        left = self.binary(1)
        w = self.word()
        if w == "where" or w == "map":
            self.i += 1
            if w == "where" and self.kind() == "W" and self.word() not in _ARG_START_WORDS \
                    and self.t[self.i + 1][0] == ":":                                   # `where p: …`
                name = self.name()
                self.i += 1
                return self.node("where_named", [left, name, self.binary(1)], s)
            return self.node(w + "_expr", [left, self.binary(1)], s)
        return left

    def binary(self, level: int):
        """The grammar's or_expr (level 1), and_expr (2), not_expr (3), compare (4), sum (5) and
        product (6) in one loop: operators bind by _PRECEDENCE, to the left; a comparison takes no
        second one, and after `not …` or a comparison only `and` and `or` go on."""
        s = self.i
        t = self.t
        if level <= 3 and t[s][0] == "W" and t[s][1] == "not":
            self.i += 1
            left = self.node("not_op", [self.binary(3)], s)
            most = 2
        else:
            left = self.unary()
            most = 6
        while True:
            k, v = t[self.i][:2]
            prec = _PRECEDENCE.get(v if k == "W" else k, 0)
            if prec < level or prec > most:
                return left
            if prec == 6:
                op = self.tok("MULOP")
                left = self.node("binary_op", [left, op, self.unary()], s)
            elif prec == 5:
                op = self.tok("ADDOP")
                left = self.node("binary_op", [left, op, self.binary(6)], s)
            elif prec == 4:
                most = 3
                if k == "W":
                    self.i += 1
                    data = "in_op"
                    if v == "not":
                        self.keyword("in")
                        data = "not_in_op"
                    left = self.node(data, [left, self.binary(5)], s)
                else:
                    op = self.tok("COMPOP")
                    left = self.node("compare_op", [left, op, self.binary(5)], s)
            elif prec == 2:
                self.i += 1
                left = self.node("and_op", [left, self.binary(3)], s)
                most = 2
            else:
                self.i += 1
                left = self.node("or_op", [left, self.binary(2)], s)
                most = 1

    def unary(self):
        s = self.i
        if self.t[s][0] == "-":
            self.i += 1
            return self.node("neg_op", [self.unary()], s)
        return self.postfix_ops(self.atom(), s)

    def postfix_ops(self, x, s: int):
        """`.name`, `(args)` and `[index]` after a value (or a statement's place)."""
        t = self.t
        while True:
            k = t[self.i][0]
            if k == ".":
                self.i += 1
                x = self.node("field", [x, self.name()], s)
            elif k == "(":
                self.i += 1
                c = [x]
                if t[self.i][0] == ")":
                    c.append(None)
                else:
                    c.append(self.arg())
                    while t[self.i][0] == ",":
                        self.i += 1
                        c.append(self.arg())
                self.expect(")")
                x = self.node("call", c, s)
            elif k == "[":
                self.i += 1
                c = [x, self.expr()]
                self.expect("]")
                x = self.node("index", c, s)
            else:
                return x

    def arg(self):
        s = self.i
        k, v = self.t[s][:2]
        if k == "W" and v not in _ARG_START_WORDS and self.t[s + 1][0] == ":":
            n = self.name()
            self.i += 1
            return self.node("arg", [n, self.expr()], s)
        return self.node("arg", [None, self.expr()], s)

    def node_name(self):
        s = self.i
        return self.node("name", [self.name()], s)

    def atom(self):
        s = self.i
        k, v = self.t[s][:2]
        if k == "W":
            lit = _ATOM_WORDS.get(v)
            if lit is not None:
                return self.leaf(lit)
            return self.node_name()
        if k == "I":
            return self.node("int_lit", [self.tok("INT")], s)
        if k == "S":
            return self.node("str_lit", [self.tok("STRING")], s)
        if k == "(":
            self.i += 1
            inner = self.expr()
            self.expect(")")
            return inner
        if k == "[":
            self.i += 1
            if self.t[self.i][0] == "]":
                self.i += 1
                return self.node("list_lit", [None], s)
            c = [self.expr()]
            while self.t[self.i][0] == ",":
                self.i += 1
                c.append(self.expr())
            self.expect("]")
            return self.node("list_lit", c, s)
        raise GiveUp
