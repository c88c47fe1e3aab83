"""Source text → parse tree without Lark: one regex tokenizer and recursive descent, for files that parse.

Lark (grammar/spellcard.lark, compiler/parse/read.py) stays the reference and the error path. This parser
accepts a subset of what Lark accepts and builds the very tree Lark builds (rule names, children,
`None` placeholders, token types and positions); anything it does not accept — a syntax error, a
`test` declaration, a word Lark's lexer would split (`cardX` at the top level) — makes it give up,
and the caller runs Lark, so every diagnostic stays Lark's. tests/test_fast_parse.py keeps the two
trees equal. compiler/parse/fast/direct.py reads the same way straight into the AST (a cold check's way).

A word is a keyword only where that keyword can stand; elsewhere it is a name (as `_demote_keyword`
makes Lark read it). Positions follow Lark's `propagate_positions`: a node spans its first to its last
token; a parenthesised expression is its inner node, whose own span leaves the brackets out.
"""
from __future__ import annotations

from typing import Optional

from .code import CodeRules
from .content import ContentRules
from .lex import EMPTY, GiveUp, Meta, Token, TooLong, Tree, tokenize
from .model import ModelRules
from .reaction import ReactionRules

_COMPOP = frozenset({"==", "!=", "<=", ">=", "<", ">"})


def read_tree(text: str) -> tuple[Optional[Tree], int]:
    """The tree Lark would build for `text`; or None and where the top-level declaration this parser gave up in begins
    (0 if it gave up in the tokenizer): every declaration before it reads as Lark would read it, so
    a fault is at that place or after it."""
    p = None
    try:
        p = _Parser(tokenize(text))
        return p.start(), 0
    except (GiveUp, RecursionError):
        return None, p.resume() if p is not None else 0


class _Parser(ModelRules, ContentRules, ReactionRules, CodeRules):
    """Recursive descent over the token list; each method reads one grammar rule."""

    longest: dict = {}
    """The longest token each rule takes (the direct way's limits); none here: parse.py checks the tree."""

    def __init__(self, toks: list[tuple]):
        self.t = toks
        self.i = 0
        self.item = 0           # the token the top-level declaration being read starts at

    def resume(self) -> int:
        """Where the top-level declaration being read begins in the text: Lark need read no earlier."""
        return self.t[self.item][2] if self.item < len(self.t) else 0

    # primitives ----------------------------------------------------------------
    def node(self, data: str, children: list, s: int) -> Tree:
        """A node over the tokens from index `s` to the last one read."""
        t = self.t
        _, _, pos, line, col = t[s]
        _, v, epos, eline, ecol = t[self.i - 1]
        m = Meta()
        m.empty, m.line, m.column, m.start_pos = False, line, col, pos
        m.end_line, m.end_column, m.end_pos = eline, ecol + len(v), epos + len(v)
        return Tree(data, children, m)

    @staticmethod
    def empty(data: str, children: list) -> Tree:
        """A rule that matched nothing (an empty file, an absent `[…]`): Lark's meta is empty."""
        return Tree(data, children, EMPTY)

    def leaf(self, data: str) -> Tree:
        """A rule of one keyword and no children (`stop`, `true`, `anytime`)."""
        self.i += 1
        return self.node(data, [], self.i - 1)

    def tok(self, type_: str) -> Token:
        _, v, pos, line, col = self.t[self.i]
        if len(v) > 15 and len(v) > self.longest.get(type_, len(v)):
            raise TooLong                   # parse() says so
        self.i += 1
        return Token(type_, v, pos, line, col)

    def kind(self) -> str:
        return self.t[self.i][0]

    def at(self, word: str) -> bool:
        k, v = self.t[self.i][:2]
        return k == "W" and v == word

    def word(self) -> Optional[str]:
        k, v = self.t[self.i][:2]
        return v if k == "W" else None

    def expect(self, kind: str) -> None:
        if self.t[self.i][0] != kind:
            raise GiveUp
        self.i += 1

    def keyword(self, word: str) -> None:
        if not self.at(word):
            raise GiveUp
        self.i += 1

    def name(self) -> Token:
        if self.t[self.i][0] != "W":
            raise GiveUp
        return self.tok("NAME")

    def string(self) -> Token:
        if self.t[self.i][0] != "S":
            raise GiveUp
        return self.tok("STRING")

    def int_(self) -> Token:
        if self.t[self.i][0] != "I":
            raise GiveUp
        return self.tok("INT")

    def one_of(self, words: frozenset, type_: str) -> Token:
        if self.word() not in words:
            raise GiveUp
        return self.tok(type_)

    def names(self) -> list:
        """NAME ("," NAME)*"""
        out = [self.name()]
        while self.kind() == ",":
            self.i += 1
            out.append(self.name())
        return out

    def maybe_string(self) -> Optional[Token]:
        return self.tok("STRING") if self.kind() == "S" else None

    # top level -----------------------------------------------------------------
    def start(self) -> Tree:
        items = []
        while self.kind() != "$":
            self.item = self.i
            method = _ITEMS.get(self.word())
            if method is None:
                raise GiveUp
            items.append(method(self))
        if not items:
            return self.empty("start", [])
        return self.node("start", items, 0)

    def pack_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string(), None, None]
        if self.at("extends"):
            e = self.i
            self.i += 1
            base = self.name()
            if self.kind() in _COMPOP:
                op = self.tok("COMPOP")
                c[2] = self.node("pack_extends", [base, op, self.string()], e)
            else:
                c[2] = self.node("pack_extends", [base, None, None], e)
        if self.kind() == "{":
            b = self.i
            self.i += 1
            fields = []
            while self.kind() != "}":
                f = self.i
                w = self.word()
                if w not in ("version", "description", "license", "authors", "script"):
                    raise GiveUp
                self.i += 1
                values = [self.string()]
                if w == "authors":
                    while self.kind() == ",":
                        self.i += 1
                        values.append(self.string())
                fields.append(self.node(f"pack_{w}", values, f))
            self.i += 1
            c[3] = self.node("pack_body", fields, b)
        return self.node("pack_decl", c, s)

    def replace_decl(self):
        s = self.i
        self.i += 1
        w = self.word()
        if w not in _REPLACEABLE:
            raise GiveUp
        return self.node("replace_decl", [_ITEMS[w](self)], s)

    def deck_extend(self):
        s = self.i
        self.i += 1
        self.keyword("deck")
        c = [self.name()]
        c += self.deck_entries()
        return self.node("deck_extend", c, s)

    def deck_entries(self) -> list:
        """"{" deck_entry* "}" """
        self.expect("{")
        out = []
        while self.kind() != "}":
            e = self.i
            n = self.name()
            k = self.kind()
            if k == "S":
                out.append(self.node("deck_entry", [n, self.tok("STRING")], e))
            elif k == "I":
                out.append(self.node("deck_count", [n, self.tok("INT")], e))
            else:
                raise GiveUp
        self.i += 1
        return out

    def synonyms_decl(self):
        s = self.i
        self.i += 1
        c = [self.name()]
        self.expect(":")
        c += self.names()
        return self.node("synonyms_decl", c, s)

    def type_(self):
        s = self.i
        if self.kind() == "[":
            self.i += 1
            n = self.name()
            self.expect("]")
            return self.node("list_type", [n, self.tok("OPTIONAL") if self.kind() == "?" else None], s)
        n = self.name()
        return self.node("type", [n, self.tok("OPTIONAL") if self.kind() == "?" else None], s)

    # procedures ----------------------------------------------------------------
    def params(self):
        s = self.i
        self.expect("(")
        if self.kind() == ")":
            self.i += 1
            return self.node("params", [None], s)
        c = [self.param()]
        while self.kind() == ",":
            self.i += 1
            c.append(self.param())
        self.expect(")")
        return self.node("params", c, s)

    def param(self):
        s = self.i
        n = self.name()
        label = self.maybe_string()
        self.expect(":")
        c = [n, label, self.type_(), None]
        if self.kind() == "=":
            self.i += 1
            c[3] = self.expr()
        return self.node("param", c, s)

    def returns(self):
        s = self.i
        self.expect("->")
        return self.node("returns", [self.type_()], s)

    def says(self):
        if not self.at("says"):
            return None
        s = self.i
        self.i += 1
        c = [self.string(), None]
        if self.kind() == "/":
            self.i += 1
            c[1] = self.string()
        return self.node("says", c, s)

    def hook_decl(self):
        s = self.i
        self.i += 1
        return self.node("hook_decl", [self.name(), self.params()], s)

    def query_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.params(), self.returns(), self.says()]
        self.expect("=")
        c += [self.expr(), None]
        if self.at("final"):
            f = self.i
            self.i += 1
            c[5] = self.node("query_final", [self.expr()], f)
        return self.node("query_decl", c, s)

    def func_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.params(), self.returns() if self.kind() == "->" else None, self.says()]
        if self.kind() == "=":
            self.i += 1
            c.append(self.expr())
        else:
            c.append(self.block())
        return self.node("func_decl", c, s)

    def action_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.params(), self.returns() if self.kind() == "->" else None, self.says()]
        self.expect("{")
        while self.kind() != "}":
            a = self.i
            if self.at("window"):
                self.i += 1
                n = self.name()
                says, when = self.says(), None
                if self.at("when"):
                    self.i += 1
                    when = self.expr()
                c.append(self.node("window_step", [n, says, when], a))
            elif self.at("do"):
                self.i += 1
                c.append(self.node("do_step", [self.block()], a))
            else:
                raise GiveUp
        self.i += 1
        return self.node("action_decl", c, s)

    def phase_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string(), self.block() if self.kind() == "{" else None]
        return self.node("phase_decl", c, s)

    def turn_decl(self):
        s = self.i
        self.i += 1
        return self.node("turn_decl", self.names(), s)


_ITEMS = {w: getattr(_Parser, f"{w}_decl") for w in (
    "pack", "enum", "attr", "counter", "zone", "hook", "query", "action", "func", "phase", "turn", "card",
    "skill", "character", "deck", "mode", "anytime", "show", "harness", "search", "score", "invariant", "synonyms", "replace",
    "must", "reaction", "wording")}
_ITEMS["extend"] = _Parser.deck_extend
_REPLACEABLE = frozenset({"enum", "zone", "hook", "query", "action", "func", "phase", "card", "skill",
                          "character", "deck", "mode"})
