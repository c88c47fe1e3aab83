"""The pack's module built part by part, each file's part kept in the cache: after an edit, the first
run emits and compiles again only the parts the edit reached (compiler/emit/parts.py makes them).

A file's part is keyed by the compiler, the Python that compiled it, the module's name, where its
files are shown from, the file's path and bytes, the text and place of every declaration other than
a skill or a character (what a part's code may read: a function written in place, a signature, a
constant, an enum, an attribute's default, a counter …), and what the whole pack tells each part
(PackEmit.key: the pure functions, the kind-only parameters, the guarded queries, the cost of each
bounded function). An edit to skills and characters that leaves those as they were emits the edited
file's part alone; any other edit (or one that moves such a declaration's lines) emits every part.
The module's opening and tail are emitted each time (the opening names the pack's source hash; the
tail is small).

An entry is sealed (module_cache.write_sealed: SHA-256 of its name and payload, written beside and
renamed into place) and read only whole and of the right shape: anything else is a miss, emitted
again, never run. Its code was compiled at the line the part then began on; a part that now begins
elsewhere has its code's line numbers moved (`moved`), which gives the code compiling it there gives.
"""
from __future__ import annotations

import hashlib
import sys
import types
from pathlib import Path
from typing import Optional

import attrs

from spellcard.compiler.emit.parts import PackEmit, Piece, clashes, join_tables, place_table

from . import module_cache
from .module_code import compile_module

FORMAT = b"parts 1"


@attrs.define
class Built:
    """The module: its text, its code (pieces to run in order), its line → place table and files, and
    the files whose parts were emitted this time (the rest came from the cache)."""
    text: str
    code: tuple
    places: dict
    place_files: tuple
    emitted: list


def build(syms, checker, datas: dict, source_hash: str, root: str, names: dict, cdir: Optional[Path],
          compiler: bytes) -> Built:
    """The module of a checked pack; `datas`: each source's path → bytes, in the pack's order; `cdir`:
    the cache folder (None: nothing kept or read)."""
    pe = PackEmit(syms, checker, root, names)
    filename = f"<spellcard:{syms.pack.name}>"
    order = pe.part_order(list(datas))
    head = pe.head(source_hash)
    if order is not None:
        shared = _shared_key(pe, datas, filename, root, names, compiler)
        placed = pe.placed()
        parts, tail = [_part(pe, f, datas, shared + repr(placed.get(f)).encode(), cdir) for f in order], pe.tail()
    whole = order is None or clashes([p[0] for p in parts] + [tail])
    if whole:
        piece, tail = pe.whole(datas)
        parts = [(piece, None, 0, None)]
    codes = [compile_module(_text(head), filename)]
    at = len(head.lines)
    for piece, code, was, entry in parts:
        if code is None:
            code, was = moved(compile_module(_text(piece), filename), at), at
            if entry is not None:
                _write(entry, piece, code, at)
        codes.append(moved(code, at - was))
        at += len(piece.lines)
    codes.append(moved(compile_module(_text(tail), filename), at))
    pieces = [head] + [p[0] for p in parts] + [tail]
    places, files = join_tables(pieces)
    lines = [line for p in pieces for line in p.lines] + place_table(places, files) + [""]
    emitted = list(datas) if whole else [f for f, p in zip(order, parts) if p[1] is None]
    return Built("\n".join(lines), tuple(c for code in codes for c in code), places, files, emitted)


def _text(p: Piece) -> str:
    return "\n".join(p.lines)


def _shared_key(pe: PackEmit, datas: dict, filename: str, root: str, names: dict, compiler: bytes) -> bytes:
    h = hashlib.sha256(compiler + FORMAT + sys.implementation.cache_tag.encode())
    h.update(repr((filename, root, sorted(names.items()), pe.key())).encode("utf-8", "surrogatepass"))
    lines: dict = {}
    for span in pe.shared_spans():
        if span.file not in lines:
            lines[span.file] = datas.get(span.file, b"\0missing").split(b"\n")
        text = b"\n".join(lines[span.file][span.line - 1:span.end_line])
        h.update(repr(span.plain()).encode("utf-8", "surrogatepass")
                 + text + b"\0")
    return h.digest()


def _part(pe: PackEmit, path: str, datas: dict, shared: bytes, cdir: Optional[Path]) -> tuple:
    """(the file's part, its code or None when it is still to compile, the line its code was compiled
    at, its cache entry): from the cache, or emitted. `shared` holds what keys every part and the
    names this file's part holds."""
    entry = None
    if cdir is not None:
        h = hashlib.sha256(shared + path.encode("utf-8", "surrogatepass") + b"\0" + datas[path])
        entry = cdir / "parts" / f"{h.hexdigest()[:32]}.bin"
        kept = _read(entry)
        if kept is not None:
            return (*kept, entry)
    return pe.part({path}), None, 0, entry


def _write(entry: Path, piece: Piece, code: tuple, at: int) -> None:
    try:
        module_cache.write_sealed(entry, (piece.lines, piece.table, piece.files, tuple(sorted(piece.names)), code, at))
    except ValueError:
        pass                    # a part marshal cannot hold only costs speed


def _read(entry: Path) -> Optional[tuple]:
    """A kept part (piece, code, the line its code was compiled at), or None: missing, changed, or not
    of the shape this writes."""
    kept = module_cache.read_sealed(entry)
    try:
        lines, table, files, names, code, at = kept
    except (TypeError, ValueError):
        return None
    if not (isinstance(lines, tuple) and all(type(x) is str for x in lines) and type(table) is dict
            and isinstance(files, tuple) and isinstance(names, tuple) and type(at) is int
            and isinstance(code, tuple) and all(isinstance(c, types.CodeType) for c in code)):
        return None
    return Piece(lines, table, files, frozenset(names)), code, at


def moved(code: tuple, lines: int) -> tuple:
    """Code compiled at one line, as compiling it `lines` further down gives: every code object's first
    line moved (line numbers inside a code object count from its first line)."""
    if lines == 0:
        return code
    return tuple(_moved(c, lines) for c in code)


def _moved(c: types.CodeType, lines: int) -> types.CodeType:
    consts = tuple(_moved(x, lines) if isinstance(x, types.CodeType) else x for x in c.co_consts)
    return c.replace(co_firstlineno=c.co_firstlineno + lines, co_consts=consts)
