"""A string past its limit refused before parsing: one scan of the text, not after the parsers have
read it (a 250 KB string took them 0.3 s and 40 MB to refuse; unclosed, Lark's error path 2.6 s).

One regular-expression search finds whether any run between a `"` and the line's end is long enough
to matter (in nearly every file none is, and that search is all: 0.2 ms over THB's 160 KB); only
then are the strings read as the grammar reads them (to the next unescaped `"` or the line's end, `#`
comments skipped) to find the first too long, worded as parse._tree_problem words it. A name or a
number too long costs the parsers little, and is refused after them (parse._tree_problem).
"""
from __future__ import annotations

import re
from typing import Optional

from spellcard.runtime.limits import MAX_STRING

from spellcard.compiler.ast.base import Span
from spellcard.compiler.text.diagnostics import Diagnostic

_LONG = re.compile(r'"[^"\n]{%d}' % MAX_STRING)
"""A run that could be a string past its limit (or part of a comment: a filter only)."""

_STRING = re.compile(r'#[^\n]*|("[^"\\\n]*(?:\\[^\n][^"\\\n]*)*"?)')
"""A comment, or a string as the grammar reads it, `"(?:[^"\\\n]|\\[^\n])*"?`, unrolled: the same
match without a step of the regex engine's stack per character."""


def long_string(path: str, text: str) -> Optional[Diagnostic]:
    """The first string in `text` longer than MAX_STRING (or such a string left unclosed), or None."""
    if _LONG.search(text) is None:
        return None
    for m in _STRING.finditer(text):
        string = m.group(1)
        if string is None or len(string) - 2 <= MAX_STRING:
            continue
        line, col = text.count("\n", 0, m.start()) + 1, m.start() - text.rfind("\n", 0, m.start())
        if not _closed(string):
            return Diagnostic("error", "unclosed string", Span(path, line, col, line, col + 1),
                              'close it with `"` on the same line (write \\n for a line break)')
        return Diagnostic("error", f"this string is too long ({len(string) - 2} characters)",
                          Span(path, line, col, line, col + len(string)), f"strings have at most {MAX_STRING} characters")
    return None


def _closed(string: str) -> bool:
    """Ends in a `"` that no odd run of backslashes escapes."""
    body = string[1:-1]
    return string.endswith('"') and (len(body) - len(body.rstrip("\\"))) % 2 == 0
