"""The pack's module in parts: its opening, one part per source file (the code and data of the
declarations written in it), and the pack's own tail. Each part is emitted by an emitter of its own
(Emitter.for_part), so its text depends only on its file's declarations and what the whole pack tells
them; compiler/pack/parts.py keeps each file's part in the cache and emits again only those an edit
reached.

A part's code names its places by its own line numbers and its own list of files (`Piece`); joined,
the parts' tables become the module's (`place_table`). The module reads as before: each line compiled
from a .spell place ends in a comment naming it, and the table at its end maps its line numbers to
the places, for errors (runtime/faults.py)."""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.symbols import Symbols

from . import calls
from .emitter import MARK, Emitter
from .module import emit_head, emit_part, emit_tail, pack_facts

PART_KINDS = ("attrs_", "counters", "zones", "funcs", "queries", "actions", "phases", "cards", "skills", "characters")
"""The declarations a file's part holds (emit_part); the rest are the pack's own (emit_tail)."""

PLACES_PER_LINE = 1000


@attrs.frozen
class Piece:
    """Emitted source with its place marks read out: its lines, its line → place table (line numbers
    from 1 at its first line, files by their place in `files`) and the names of the functions it defines."""
    lines: tuple
    table: dict
    files: tuple
    names: frozenset


class PackEmit:
    """The pack's emitter and what the whole pack tells each part (module.PackFacts), made once."""

    def __init__(self, syms: Symbols, checker: Checker, root: str = "", names: Optional[dict] = None):
        self.s = syms
        self.base = Emitter(syms, checker, root, names)
        self.facts = pack_facts(self.base)

    def key(self) -> str:
        """Every pack-wide fact a part's code is emitted from that its own file's text does not hold:
        a part kept under another key is emitted again (the text of the declarations other than
        skills and characters is keyed besides, by their files: compiler/pack/parts.py)."""
        f = self.facts
        return repr((sorted(map(repr, f.purity.pure)), sorted(map(repr, f.kind_only.params)),
                     f.kind_only.allowed_changes, sorted(f.guarded), sorted(self.base.bounded.items())))

    def shared_spans(self) -> list[Span]:
        """Where each declaration other than a skill or a character is written, in a fixed order: what
        every part's code may read (a function written in place, with its places; a signature; an
        attribute's default …)."""
        found: list = []
        _spans_in(vars(self.s), found, 0)         # the tables in the order Symbols makes them
        return found

    def placed(self) -> dict[str, list]:
        """Per file, the declarations of each kind a part emits that the pack's names place there, in
        order: what a file's part holds is this, not its bytes alone (an extension's `replace` takes
        a declaration out of its base's file, whose bytes stay as they were)."""
        out: dict = {}
        for kind in PART_KINDS:
            for name, d in getattr(self.s, kind).items():
                out.setdefault(d.span.file, []).append((kind, name))
        return out

    def part_order(self, paths: list[str]) -> Optional[list[str]]:
        """The files with declarations for parts, in `paths`' order; None when their parts joined in
        that order would not add each kind's declarations in the pack's order (an extension's
        `replace`): then the module is one part."""
        at = {p: i for i, p in enumerate(paths)}
        used = set()
        for kind in PART_KINDS:
            seq = [at.get(d.span.file, -1) for d in getattr(self.s, kind).values()]
            if -1 in seq or seq != sorted(seq):
                return None
            used.update(seq)
        return [paths[i] for i in sorted(used)]

    def part(self, files) -> Piece:
        em = self.base.for_part()
        return piece(em, emit_part(em, self.facts, frozenset(files)))

    def whole(self, files) -> tuple[Piece, Piece]:
        """The declarations of all `files` as one part, and the tail, by one emitter: no two of the
        module's functions then share a name."""
        em = self.base.for_part()
        text = emit_part(em, self.facts, frozenset(files))
        return piece(em, text), piece(em, emit_tail(em))

    def head(self, source_hash: str) -> Piece:
        em = self.base.for_part()
        return piece(em, emit_head(self.s, source_hash))

    def tail(self) -> Piece:
        em = self.base.for_part()
        return piece(em, emit_tail(em))


def _spans_in(x, found: list, depth: int) -> None:
    if isinstance(x, (A.SkillDecl, A.CharacterDecl, str)):
        return
    if isinstance(x, Span):
        found.append(x)
    elif isinstance(getattr(x, "span", None), Span):
        found.append(x.span)
    elif depth < 3 and isinstance(x, dict):
        for v in x.values():
            _spans_in(v, found, depth + 1)
    elif depth < 3 and isinstance(x, (list, tuple)):
        for v in x:
            _spans_in(v, found, depth + 1)


def piece(em: Emitter, text: str) -> Piece:
    """Turn each line's mark into a readable comment, and read the marks into the piece's table. A
    line holding pack functions written in place (compiler/emit/calls.py) has a fourth item: each
    one's (start, end, file, line, column, function), outermost first."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    files: dict[str, int] = {}
    table = {}
    outer = None                # a line with no place of its own belongs to its function's place

    def at(place):
        return files.setdefault(place[0], len(files)), place[1], place[2]
    for i, line in enumerate(lines):
        line, found = calls.line_spans(line, em.spans)
        called: tuple = ()
        if MARK in line:
            code, index = line.split(MARK)
            place, whole = em.places[int(index)]
            table[i + 1] = at(place)
            path, ln, col = place
            lines[i] = f"{code}  # {path}:{ln}:{col}"
            called = tuple((0, len(code.encode()), *at(p), name) for p, name in whole)
            if line.startswith("def "):
                outer = table[i + 1]
        elif line.startswith((" ", "#")) and outer is not None:
            table[i + 1] = outer
            lines[i] = line
        else:
            outer = None
            lines[i] = line
        called += tuple((start, end, *at(p), name) for start, end, p, name in found)
        if called and i + 1 in table:
            table[i + 1] = (*table[i + 1][:3], called)
    return Piece(tuple(lines), table, tuple(files), frozenset(em.def_names))


def join_tables(pieces: list[Piece]) -> tuple[dict, tuple]:
    """The module's line → place table and its files, from its pieces in order."""
    files: dict[str, int] = {}
    table: dict = {}
    offset = 0
    for p in pieces:
        to = [files.setdefault(f, len(files)) for f in p.files]
        for line, entry in p.table.items():
            moved = (to[entry[0]], entry[1], entry[2])
            if len(entry) > 3:
                moved += (tuple((a, b, to[f], ln, col, name) for a, b, f, ln, col, name in entry[3]),)
            table[line + offset] = moved
        offset += len(p.lines)
    return table, tuple(files)


def place_table(table: dict, files: tuple) -> list[str]:
    """The table as the module's last statements, PLACES_PER_LINE entries each: one literal of a big
    pack's 30,000 took over 100 MB to compile (module_code.py compiles the module in pieces)."""
    rows = list(table.items())
    parts = [f"PACK.places.update({dict(rows[i:i + PLACES_PER_LINE])!r})" for i in range(0, len(rows), PLACES_PER_LINE)]
    return [f"PACK.place_files = {files!r}", *parts]


def clashes(pieces: list[Piece]) -> bool:
    """Do two pieces define the same function? Names come from the source's names (`aw_{action}_{window}`),
    and a part makes its own unique, not the whole module's; a `some` of a pack function (`fx_`) is
    written in each part that asks it, the same code each time."""
    seen: set = set()
    for p in pieces:
        names = {n for n in p.names if not n.startswith("fx_")}
        if names & seen:
            return True
        seen |= names
    return False
