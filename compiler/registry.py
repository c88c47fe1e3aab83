"""Packs found by name: every pack, built-in or installed, is an entry point of group `spellcard.packs`.

An entry point names a Python package whose folder holds the pack: its `.spell` files (directly, as
the built-in packs do, or in `sources/`, as a built wheel does) and, when compiled, a `manifest.json`
and the module it describes. Looking packs up imports neither the compiler nor the packs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import attrs

GROUP = "spellcard.packs"


@attrs.frozen
class Installed:
    name: str
    package: str                # the Python package holding the pack
    distribution: str           # who installed it: "spellcard 0.1.0", "spellcard-pack-thb-plus 1.0.0"

    @property
    def folder(self) -> Path:
        from importlib import resources     # imported only to find a pack by name, not for a path
        return Path(str(resources.files(self.package)))

    @property
    def sources(self) -> Path:
        """Where its `.spell` files are."""
        inner = self.folder / "sources"
        return inner if inner.is_dir() else self.folder

    @property
    def compiled(self) -> Optional[Path]:
        """Its compiled folder, if it ships one."""
        return self.folder if (self.folder / "manifest.json").is_file() else None


def installed() -> dict[str, Installed]:
    """Every pack by name, in name order; of two distributions naming one pack, the first by name wins."""
    from importlib import metadata     # costly to import (email, zipfile); a path needs no lookup

    found: dict[str, Installed] = {}
    points = sorted(metadata.entry_points(group=GROUP),
                    key=lambda ep: (ep.name, ep.dist.name if ep.dist else "", ep.value))
    for ep in points:
        dist = f"{ep.dist.name} {ep.dist.version}" if ep.dist else "?"
        found.setdefault(ep.name, Installed(ep.name, ep.value, dist))
    return found


def find(name: str) -> Optional[Installed]:
    return installed().get(name)
