"""Pack text made safe to print: every place the tools show a name, a string or a path from a pack,
a log or the command line goes through `printable` (and long quotes through `shorten_quotes`), so a
terminal escape in a card's label or a 5,000-character name can neither drive the terminal nor
flood it. `code_marks` is the one reading of where a string or comment ends in raw text."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator, Optional

MAX_LINE = 200
"""The longest line a diagnostic prints, however long the names it quotes."""
MAX_QUOTE = 40
"""The longest name or string a message quotes whole."""


def printable(text) -> str:
    """`text` with every invisible or control character (ESC, BEL, a line break, U+2028, a bidi
    override…) written as its escape (`\\x1b`, `\\n`, `\\u202e`), so what is there stays visible."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


_QUOTED = re.compile(r'`[^`]*`|"[^"]*"')


def shorten_quotes(text: str, limit: int = MAX_QUOTE) -> str:
    """Each quoted name or string in a message cut to `limit` characters with an ellipsis."""
    def cut(m: re.Match) -> str:
        q = m.group()
        return q if len(q) <= limit + 2 else q[:limit + 1] + "…" + q[-1]
    return _QUOTED.sub(cut, text) if len(text) > limit else text


def clip(text: str, limit: int = MAX_LINE) -> str:
    """One line cut to `limit` characters, ending in an ellipsis when cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def code_marks(text: str, marks: str, end: Optional[int] = None, comments: bool = True) -> Iterator[tuple[int, str]]:
    """Each character of `marks` in `text[:end]` that stands outside strings (and `#` comments unless
    `comments` is false), with its index: the one reading of a string, as in the grammar (from `"` to
    the next unescaped `"` or the line's end), for every tool that counts brackets or lines in raw text."""
    for m in _marks_pattern(marks, comments).finditer(text, 0, len(text) if end is None else end):
        if m.group(1) is not None:
            yield m.start(), m.group(1)


def marks_in(text: str, marks: str) -> list[str]:
    """code_marks' characters alone, in order, with an empty string for each string or comment read
    past: one call of the regular-expression engine where a count needs no places."""
    return _marks_pattern(marks, True).findall(text)


@lru_cache(maxsize=None)
def _marks_pattern(marks: str, comments: bool) -> re.Pattern:
    # `"(?:[^"\\\n]|\\[^\n])*"?` unrolled: the same match, without a regex stack frame per character
    skip = r'"[^"\\\n]*(?:\\[^\n][^"\\\n]*)*"?' + (r"|#[^\n]*" if comments else "")
    return re.compile(f"{skip}|([{re.escape(marks)}])")
