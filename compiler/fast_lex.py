"""The fast parser's tokens and tree, shaped as Lark's, and the one regex that reads every token."""
from __future__ import annotations

import re

_TOKEN = re.compile(r"""
 (?P<ws>[ \t\f\r\n]+)
|(?P<comment>\#[^\n]*)
|(?P<S>"(?:[^"\\\n]|\\["\\nt])*")
|(?P<C>[A-Za-z_][A-Za-z0-9_]*[^\x00-\x7f\s,\]\)][^\s,\]\)]*)
|(?P<W>[A-Za-z_][A-Za-z0-9_]*)
|(?P<I>[0-9]+)
|(?P<O>==|!=|<=|>=|->|\+=|-=|\.\.|[<>{}()\[\],:.=+\-*/%?])
""", re.X)


class GiveUp(Exception):
    """The text is not one this parser reads: Lark decides."""


class Token(str):
    """A token as Lark's: the text, its terminal's name and where it stands."""

    def __new__(cls, type_: str, value: str, start: int, line: int, column: int):
        tok = str.__new__(cls, value)
        tok.type, tok.value = type_, value
        tok.start_pos, tok.end_pos = start, start + len(value)
        tok.line, tok.end_line = line, line
        tok.column, tok.end_column = column, column + len(value)
        return tok

    def __repr__(self):
        return f"Token({self.type!r}, {self.value!r})"


class Meta:
    """Where a node stands, as Lark's `propagate_positions` gives it (`empty` when it holds no token)."""
    __slots__ = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos")


EMPTY = Meta()
EMPTY.empty = True


class Tree:
    """A node of the parse tree: a grammar rule (or alias), its kept children, its meta."""
    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list, meta: Meta):
        self.data, self.children, self.meta = data, children, meta

    def __repr__(self):
        return f"Tree({self.data!r}, {self.children!r})"


def tokenize(text: str) -> list[tuple]:
    """(kind, text, offset, line, column) for each token, then an end mark; kind is S, C, W, I or the
    operator itself. Raises GiveUp at a character no token starts with."""
    out = []
    append = out.append
    line, line_start, end = 1, 0, 0
    match = _TOKEN.scanner(text).match
    m = match()
    while m is not None:
        kind = m.lastgroup
        start, end = m.span()
        if kind == "ws":
            n = text.count("\n", start, end)
            if n:
                line += n
                line_start = text.rindex("\n", start, end) + 1
        elif kind == "O":
            value = m.group()
            append((value, value, start, line, start - line_start + 1))
        elif kind != "comment":
            append((kind, m.group(), start, line, start - line_start + 1))
        m = match()
    if end != len(text):
        raise GiveUp
    append(("$", "", end, line, end - line_start + 1))
    return out
