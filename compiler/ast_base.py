"""The tree's common ground: a source span, and the decorator every node class is made with."""
from __future__ import annotations

import attrs


@attrs.frozen
class Span:
    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


node = attrs.frozen(eq=False)   # nodes compare by identity: the checker keys side tables on them
