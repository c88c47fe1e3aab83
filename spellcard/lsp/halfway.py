"""A file while it is being typed: the declarations that still parse, and the one under the cursor
read as far as the cursor.

Most of the time a file being edited does not parse: a declaration is half-written. Hover, definition
and the outline then answer from every other declaration, each parsed on its own at its current
place (so no position needs mapping); a declaration is cut at each line that starts one at column 0,
whatever the brackets say, since an unclosed brace is what typing leaves behind. Completion checks
only the declaration at the cursor, cut at the cursor and closed, against the pack's names from the
last analysis: a few milliseconds, where checking the whole pack again took hundreds under load.
"""
from __future__ import annotations

import re
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.build.reader import read_module
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.text.diagnostics import Diagnostics
from spellcard.compiler.parse.read import DECLARATION_WORDS
from spellcard.compiler.text.safe import code_marks

PLACEHOLDER = "__spellcard_complete__"
_STARTS = re.compile(r"(" + "|".join(sorted(DECLARATION_WORDS)) + r")\b")
_CLOSE = {"(": ")", "[": "]", "{": "}"}


def starts(lines: list[str]) -> list[int]:
    """0-based lines that start a declaration at column 0 (line 0 always starts a piece)."""
    return [0] + [i for i in range(1, len(lines)) if _STARTS.match(lines[i])]


def partial_module(path: str, text: str, parsed: dict) -> Optional[A.Module]:
    """The declarations of `text` that parse on their own, where they are; None if none does.
    `parsed` keeps each piece's result by (first line, piece text) between calls."""
    lines = text.split("\n")
    cuts = starts(lines) + [len(lines)]
    decls: list = []
    tests: list = []
    granted: set = set()
    kept: dict = {}
    for a, b in zip(cuts, cuts[1:]):
        piece = "\n".join(lines[a:b])
        key = (a, piece)
        module = parsed[key] if key in parsed else read_module(path, "\n" * a + piece)[0]
        kept[key] = module
        if module is not None:
            decls.extend(module.decls)
            tests.extend(module.tests)
            granted |= module.granted
    parsed.clear()
    parsed.update(kept)
    if not decls and not tests:
        return None
    return A.Module(path, tuple(decls), tuple(tests), frozenset(granted))


def declaration_at(path: str, text: str, line: int, col: int) -> Optional[tuple[str, A.Module]]:
    """The declaration at the 0-based (line, col) with PLACEHOLDER for the word being typed there, as a
    text with the lines above it blanked (so spans are the file's) and its module; None if no way of
    ending it parses. Tried in order: the declaration as written to its end; cut after the cursor's
    line; cut at the cursor; cut at the cursor with an empty block (a `when` condition being typed)."""
    lines = text.split("\n")
    if line >= len(lines):
        return None
    first = max(i for i in starts(lines) if i <= line)
    end = next((i for i in starts(lines) if i > line), len(lines))
    head = re.sub(r"\w*$", "", lines[line][:col]) + PLACEHOLDER
    rest = re.sub(r"^\w*", "", lines[line][col:])
    above = lines[first:line]
    tries = ["\n".join(above + [head + rest] + lines[line + 1:end])]
    for cut in ("\n".join(above + [head + rest]), "\n".join(above + [head])):
        tries += [cut + _closers(cut), cut + " { }" + _closers(cut)]
    for body in tries:
        padded = "\n" * first + body
        module, problem = read_module(path, padded)
        if problem is None and module.decls:
            return padded, module
    return None


def _closers(text: str) -> str:
    """What closes the brackets `text` leaves open, innermost first (on a line of its own)."""
    stack: list[str] = []
    for _, ch in code_marks(text, "([{)]}"):
        if ch in _CLOSE:
            stack.append(_CLOSE[ch])
        elif stack and stack[-1] == ch:
            stack.pop()
    return "\n" + " ".join(reversed(stack)) if stack else ""


def check_alone(a, module: A.Module) -> tuple[Checker, Diagnostics]:
    """The declarations of `module` checked against the names of analysis `a` (the pack as last
    analysed), the rest of the pack not checked again."""
    diags = Diagnostics()
    checker = Checker(a.syms, diags)
    checker.card_skills, checker.rule_skills = a.checker.card_skills, a.checker.rule_skills
    for decl in module.decls:
        method = getattr(checker, "decl_" + type(decl).__name__, None)
        if method is not None:
            method(decl)
    return checker, diags
