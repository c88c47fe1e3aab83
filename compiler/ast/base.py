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


def _node_repr(self) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)))
    return f"{type(self).__qualname__}({fields})"


_frozen = attrs.frozen(eq=False, repr=False)


def node(cls: type) -> type:
    """Every node class: frozen, compared by identity (the checker keys side tables on nodes), with
    the repr attrs would write shared by all: generating one per class was a fifth of importing the tree."""
    cls = _frozen(cls)
    cls.__repr__ = _node_repr
    return cls
