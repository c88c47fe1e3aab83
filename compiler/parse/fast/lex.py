"""The fast parser's tokens and tree, shaped as Lark's, and the one regex that reads every token."""
from __future__ import annotations

import re

# Blanks and comments, then one token (a `test` card spec, `Danmaku♠7`, is C; Lark reads one only there).
_TOKEN = re.compile(r"""(?:[ \t\f\r\n]++|\#[^\n]*+)*+(?:
 (?P<S>"(?:[^"\\\n]|\\["\\nt])*")
|(?P<C>[A-Za-z_][A-Za-z0-9_]*[^\x00-\x7f\s,\]\)][^\s,\]\)]*)
|(?P<W>[A-Za-z_][A-Za-z0-9_]*)
|(?P<I>[0-9]+)
|(?P<O>==|!=|<=|>=|->|\+=|-=|\.\.|[<>{}()\[\],:.=+\-*/%?]))""", re.X)
_TAIL = re.compile(r"(?:[ \t\f\r\n]+|#[^\n]*)*\Z")

# The grammar's word terminals the parser's rules share (OWNER, VISIBILITY, SCOPE).
OWNER = frozenset({"card", "player", "table", "character"})
VISIBILITY = frozenset({"public", "owner", "others", "hidden"})
SCOPE = frozenset({"phase", "turn", "round", "game"})


class GiveUp(Exception):
    """The text is not one this parser reads: Lark decides."""


class TooLong(GiveUp):
    """A number, name or string longer than the reader's limit for its rule (the direct way's)."""


class Token(str):
    """A token as Lark's: the text, its terminal's name (`type`) and where it stands. The place is
    one tuple, read through properties: most tokens are never asked where they are."""

    def __new__(cls, type_: str, value: str, start: int, line: int, column: int):
        tok = str.__new__(cls, value)
        tok.at = (type_, start, line, column)
        return tok

    type = property(lambda self: self.at[0])
    value = property(str.__str__)
    start_pos = property(lambda self: self.at[1])
    end_pos = property(lambda self: self.at[1] + len(self))
    line = end_line = property(lambda self: self.at[2])
    column = property(lambda self: self.at[3])
    end_column = property(lambda self: self.at[3] + len(self))

    def __repr__(self):
        return f"Token({self.type!r}, {str(self)!r})"


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
    line, line_start, pos = 1, 0, 0
    count = text.count
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        start, end = m.span(kind)
        if m.start() != pos:        # what follows `pos` is no token: the end's blanks, or a fault
            break
        n = count("\n", pos, start)
        if n:
            line += n
            line_start = text.rindex("\n", pos, start) + 1
        value = text[start:end]
        append((value if kind == "O" else kind, value, start, line, start - line_start + 1))
        pos = end
    if not _TAIL.match(text, pos):
        raise GiveUp
    n = count("\n", pos)
    if n:
        line += n
        line_start = text.rindex("\n", pos) + 1
    append(("$", "", len(text), line, len(text) - line_start + 1))
    return out
