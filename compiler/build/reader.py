"""A source file to its module in one call: the fast parser hands each node to the builder as it reads
(the hot path of a cold check: no tree is made); where it gives up, Lark reads the file and words the
diagnostic, and the builder builds Lark's tree."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.parse.fast.direct import read_direct
from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.runtime.limits import MAX_NAME, MAX_STRING

from .builder import _Builder, build


class _DirectBuilder(_Builder):
    """The builder as the fast parser calls it while reading: a node's meta is (line, col, end_line,
    end_col), or None for a rule that matched nothing."""

    def span(self, meta) -> A.Span:
        return A.Span(self.path, *meta) if meta is not None else A.Span(self.path, 1, 1, 1, 2)

    def tspan(self, tok) -> A.Span:
        """The fast parser's token (compiler/parse/fast/lex.py): one line, its place in one tuple."""
        _, _, line, col = tok.at
        return A.Span(self.path, line, col, line, col + len(tok))


def read_module(path: str, text: str) -> tuple[Optional[A.Module], Optional[Diagnostic]]:
    """parse() then build(), the same module or diagnostic, in one pass where the fast parser reads
    the file (the hot path of a cold check: no tree is made)."""
    from spellcard.compiler.parse.prescan import long_string
    from spellcard.compiler.parse.read import MAX_DEPTH, MAX_DIGITS, _lark_parse, _nesting_problem, parse
    problem = long_string(path, text) or _nesting_problem(path, text)
    if problem:
        return None, problem
    module, resume = read_direct(text, _DirectBuilder(path), MAX_DEPTH, MAX_DIGITS, MAX_NAME, MAX_STRING)
    if module is not None:
        return module, None
    # Where the fast parser gave up, Lark reads (from the declaration it stopped in); where the tree
    # breaks a limit, parse() reads again to say which.
    tree, problem = parse(path, text) if resume is None else _lark_parse(path, text, resume)
    return (None, problem) if problem else (build(path, tree), None)
