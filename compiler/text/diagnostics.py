"""Diagnostics for people: `path:line:col: error: message`, the source line, a caret, and a help line."""
from __future__ import annotations

import unicodedata
from typing import Iterable, Optional

import attrs

from spellcard.compiler.ast.base import Span
from .safe import MAX_LINE, clip, printable, shorten_quotes


@attrs.frozen
class Diagnostic:
    severity: str                 # error | warning
    message: str
    span: Span
    help: Optional[str] = None
    code: Optional[str] = None    # a stable name (docs/language.md lists them); a warning's silences it

    @property
    def label(self) -> str:
        return f"{self.severity}[{self.code}]" if self.code else self.severity

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def plain(self) -> tuple:
        """As plain data, for the check's record (marshal); `from_plain` makes it again."""
        return (self.severity, self.message, self.span.plain(), self.help, self.code)

    @classmethod
    def from_plain(cls, x: tuple) -> "Diagnostic":
        return cls(x[0], x[1], Span(*x[2]), x[3], x[4])

    def render(self, lines: Optional[list[str]] = None, color: bool = False) -> str:
        # A message can quote the source (an unexpected token) and a path can hold anything: never let
        # either carry a line break or a terminal escape sequence into the output, nor run on for
        # thousands of characters (a 5,000-character name is quoted by its start).
        file = printable(self.span.file)
        if len(file) > MAX_LINE // 2:
            file = "…" + file[-(MAX_LINE // 2 - 1):]        # the end of a path says most
        where = f"{file}:{self.span.line}:{self.span.col}"
        message = clip(shorten_quotes(printable(self.message)), MAX_LINE - len(where) - len(self.label) - 4)
        head = f"{where}: {self.label}: {message}"
        if color:
            tint = "\x1b[1;31m" if self.is_error else "\x1b[1;33m"
            head = f"\x1b[1m{where}:\x1b[0m {tint}{self.label}:\x1b[0m \x1b[1m{message}\x1b[0m"
        out = [head]
        if lines is not None and 1 <= self.span.line <= len(lines):
            # Tabs as spaces; other invisible characters (a stray \r, U+2028, NUL) as U+FFFD, so
            # the echoed line can neither break the terminal's layout nor hide what is there.
            text = "".join(" " if ch == "\t" else ch if ch.isprintable() else "\ufffd"
                           for ch in lines[self.span.line - 1].rstrip("\r"))
            if self.span.line == 1 and text.startswith("\ufffd") and lines[0].startswith("\ufeff"):
                text = text[1:]                 # the parser skips a byte-order mark; so does the caret
            # A 1 MB line helps nobody: show a window around the column.
            start = max(0, self.span.col - 60)
            shown = text[start:start + 120]
            prefix = "…" if start else ""
            width = (self.span.end_col - self.span.col) if self.span.end_line == self.span.line else 1
            width = max(1, min(width, len(shown) - (self.span.col - 1 - start) or 1))
            gutter = f"{self.span.line:>5} | "
            out.append(gutter + prefix + shown)
            # Columns count characters, but a terminal draws CJK characters two cells wide.
            lead = shown[:self.span.col - 1 - start]
            under = shown[self.span.col - 1 - start:self.span.col - 1 - start + width]
            out.append(" " * (len(gutter) + len(prefix) + _cells(lead)) + "^" * max(1, _cells(under)))
        if self.help:
            out.append(clip(f"  help: {shorten_quotes(printable(self.help))}"))
        return "\n".join(out)


def _cells(text: str) -> int:
    """How many terminal cells `text` takes: wide (CJK) characters two, combining marks none."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


class Diagnostics:
    """Collects every problem in a run, so a designer sees them all at once."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def error(self, span: Span, message: str, help: Optional[str] = None, code: Optional[str] = None) -> None:
        self.items.append(Diagnostic("error", message, span, help, code))

    def warning(self, span: Span, message: str, help: Optional[str] = None, code: Optional[str] = None) -> None:
        self.items.append(Diagnostic("warning", message, span, help, code))

    def extend(self, items: Iterable[Diagnostic]) -> None:
        self.items.extend(items)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.span.file, d.span.line, d.span.col, d.message))


def did_you_mean(name: str, candidates: Iterable[str], synonyms: Optional[dict] = None,
                 first: Iterable[str] = ()) -> Optional[str]:
    """The closest known name, if one is close enough to be a plausible typo. A word the pack lists
    as a synonym of one of the candidates wins (`heal` → `recover`); then the names of the kind
    wanted (`first`) are tried before the rest."""
    pool = set(candidates)
    if synonyms:
        target = synonyms.get(name) or synonyms.get(name.lower())
        if target is not None and target in pool:
            return f"did you mean `{target}`?"
    first = sorted(set(first) & pool)
    if first:
        found = did_you_mean(name, first)
        if found:
            return found
    import difflib          # only a check that found an unknown name asks: not imported by every check

    pool = sorted(pool)
    match = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if not match:
        lowered = {c.lower(): c for c in pool}
        match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
        match = [lowered[m] for m in match]
    return f"did you mean `{match[0]}`?" if match else None
