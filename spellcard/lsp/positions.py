"""Spans (1-based, in characters) ↔ LSP positions (0-based, in UTF-16 code units, the protocol's default)."""
from __future__ import annotations

from pathlib import Path

from lsprotocol import types as L
from pygls.uris import from_fs_path, to_fs_path

from spellcard.compiler.ast import Span


def units(line: str, chars: int) -> int:
    """UTF-16 code units in the first `chars` characters of `line`."""
    head = line[:max(0, chars)]
    if not head.isascii():
        return len(head.encode("utf-16-le", "surrogatepass")) // 2 + max(0, chars - len(line))
    return len(head) + max(0, chars - len(line))


def chars(line: str, code_units: int) -> int:
    """The character index at `code_units` UTF-16 units into `line`."""
    n = 0
    for i, ch in enumerate(line):
        if n >= code_units:
            return i
        n += 2 if ord(ch) > 0xFFFF else 1
    return len(line)


def to_range(span: Span, lines: list[str]) -> L.Range:
    def pos(line: int, col: int) -> L.Position:
        text = lines[line - 1] if 1 <= line <= len(lines) else ""
        return L.Position(line=max(0, line - 1), character=units(text, col - 1))
    return L.Range(start=pos(span.line, span.col), end=pos(span.end_line, span.end_col))


def contains(span: Span, line: int, col: int) -> bool:
    """Whether the 1-based (line, col) lies in `span`; the end is inclusive, so a cursor just after a
    word still names it."""
    return (span.line, span.col) <= (line, col) <= (span.end_line, span.end_col)


def uri_of(path: str) -> str:
    return from_fs_path(str(Path(path).resolve()))


def path_of(uri: str) -> Path:
    return Path(to_fs_path(uri)).resolve()
