"""A file as its top-level declarations, parsed one by one: typing inside one skill re-parses that
skill, not the 700 lines around it.

A chunk starts at a line that opens a declaration at column 0 outside any bracket; it is parsed with
blank lines in front, so every span is where it is in the file. A chunk that does not parse makes
the caller parse the whole file, so error messages stay exactly those of `spellcard check`.
"""
from __future__ import annotations

import functools
import re
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.build.reader import read_module
from spellcard.compiler.parse.read import DECLARATION_WORDS

from . import trees

_STARTS = re.compile(r"(" + "|".join(sorted(DECLARATION_WORDS)) + r")\b")


def split(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each chunk, in order; together they are the whole text."""
    lines = text.split("\n")
    starts, depth = [0], 0
    for i, line in enumerate(lines):
        if i and depth == 0 and _STARTS.match(line):
            starts.append(i)
        depth = max(0, depth + _balance(line))
    starts.append(len(lines))
    return [(a + 1, "\n".join(lines[a:b])) for a, b in zip(starts, starts[1:]) if b > a]


@functools.lru_cache(maxsize=1 << 16)
def _balance(line: str) -> int:
    """Brackets opened minus closed on one line, outside strings and comments (a string left open
    runs to the line's end; a backslash in one escapes the next character). Kept per line: a file is
    split on every keystroke, and all its lines but one or two were seen the time before."""
    if '"' in line:
        line = _STRINGS.sub("", line)
    line = line.partition("#")[0]
    return line.count("(") + line.count("[") + line.count("{") - line.count(")") - line.count("]") - line.count("}")


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?')


class ChunkedParser:
    """Per path, the built module of each chunk of the last text, by (first line, chunk text)."""

    def __init__(self) -> None:
        self._built: dict[str, dict[tuple[int, str], tuple]] = {}
        self._last: dict[str, tuple[str, A.Module]] = {}    # path -> its last text and module: a keystroke's
        self.problems: dict = {}        # path -> the syntax error of the chunk that did not parse, last time

    def module(self, path: str, text: str) -> Optional[A.Module]:
        last = self._last.get(path)     # diagnostics and then the full check ask for the same text
        if last is not None and last[0] == text:
            return last[1]
        before = self._built.get(path)
        first_sight = before is None
        if first_sight:                 # a file this server has not parsed yet: perhaps another has
            before = trees.load(path, text) or {}
        now: dict[tuple[int, str], A.Module] = {}
        fresh = False
        decls: list = []
        tests: list = []
        granted: set = set()
        for first, chunk in split(text):
            got = before.get((first, chunk))
            if got is None:
                got, problem = read_module(path, "\n" * (first - 1) + chunk)
                if problem is not None:
                    self.problems[path] = problem
                    return None
                fresh = True
            now[(first, chunk)] = got
            decls.extend(got.decls)
            tests.extend(got.tests)
            granted |= got.granted
        self._built[path] = now
        if first_sight and fresh:       # saved for the next server; not on every keystroke
            trees.store(path, text, now)
        module = A.Module(path, tuple(decls), tuple(tests), frozenset(granted))
        self._last[path] = (text, module)
        return module
