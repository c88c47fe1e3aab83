"""What compiling a pack yields: its sources, as read, and the result (diagnostics, module, pack)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import attrs

if TYPE_CHECKING:
    from spellcard.runtime.defs import PackDef


@attrs.define
class Source:
    path: str
    data: bytes
    pack: str = ""          # the base pack this file comes from; "" for the pack being compiled

    @property
    def lines(self) -> list[str]:
        return self.data.decode("utf-8", errors="replace").split("\n")


@attrs.define
class Compiled:
    sources: list
    diagnostics: list
    code: Optional[str] = None
    pack: Optional[PackDef] = None
    cached: bool = False
    emitted: list = attrs.Factory(list)     # the files whose part of the module this run emitted (parts.py)

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)

    def lines_of(self, path: str) -> Optional[list[str]]:
        for s in self.sources:
            if s.path == path:
                return s.lines
        return None

    def render(self, color: bool = False) -> str:
        return "\n".join(d.render(self.lines_of(d.span.file), color) for d in self.diagnostics)
