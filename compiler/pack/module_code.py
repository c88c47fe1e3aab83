"""An emitted pack module compiled in pieces, and run piece by piece.

CPython compiles a module's whole syntax tree at once: for a 2,000-character pack (a 3.6 MB module)
that held some 280 MB at its peak, most of a first run's memory. The module is a run of top-level
statements that only add to `PACK`, so it is cut before a top-level statement every PIECE_LINES lines and
each piece compiled alone (padded with blank lines, so every line keeps its number: the place table
and tracebacks name the same lines), then run in order in one namespace: the same statements, in the
same order, as running the whole module.
"""
from __future__ import annotations

PIECE_LINES = 2000
"""Lines per piece (at least): THB's module is a few pieces, a 2,000-character pack's some twenty."""


def compile_module(text: str, filename: str) -> tuple:
    """The module's code, as a tuple of code objects to run in order (marshal keeps a tuple as is)."""
    return tuple(compile("\n" * first + piece, filename, "exec") for first, piece in pieces(text))


def pieces(text: str) -> list[tuple[int, str]]:
    """(lines before it, its text) per piece. A cut falls only before a line that starts with a name
    (`def f_…`, `PACK.skills[…] = …`, `S_… = SkillDef(…)`): the template writes each data statement on
    one line and indents every line that continues one, function bodies are indented, and strings are
    Python literals with no line break inside, so such a line always starts a top-level statement."""
    lines = text.split("\n")
    out, first = [], 0
    for at in range(PIECE_LINES, len(lines), PIECE_LINES):
        cut = next((i for i in range(max(at, first + 1), len(lines)) if lines[i][:1].isidentifier()), None)
        if cut is None:
            break
        out.append((first, "\n".join(lines[first:cut])))
        first = cut
    out.append((first, "\n".join(lines[first:])))
    return out


def run_module(code: tuple, namespace: dict) -> None:
    for piece in code:
        exec(piece, namespace)      # the module can reach only the runtime names in `namespace`
