"""Which files a document is checked with: its pack folder, or the pack a workspace setting names.

A `.spell` file in a folder where some file has a `pack` line belongs to that folder's pack. Any other
(loose) file joins the pack named by the nearest `spellcard.toml` (`pack = "thb"`) or `pyproject.toml`
(`[tool.spellcard] pack = "thb"`) above it; the value is a built-in pack or a folder, relative to the
settings file. With neither, the file is checked alone.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Callable, Optional

import attrs

from spellcard.compiler.pack import registry
from spellcard.compiler.pack.loader import PackNotFound

_PACK_LINE = re.compile(r"^[ \t]*pack[ \t]+[A-Za-z_]", re.M)


@attrs.frozen
class PackFiles:
    files: tuple[Path, ...]          # absolute, stable order: the pack's files, then the loose one
    setting: Optional[str] = None    # "spellcard.toml: pack = …", when a setting chose the pack
    problem: Optional[str] = None    # a setting that names no pack, said plainly


def pack_for(path: Path, text_of: Callable[[Path], Optional[str]]) -> PackFiles:
    """The files `path` is checked with; `text_of` gives a file's current (possibly unsaved) text."""
    path = path.resolve()
    folder = sorted(path.parent.glob("*.spell"))
    if path not in folder:
        folder = sorted(folder + [path])
    if any(_PACK_LINE.search(text_of(p) or "") for p in folder):
        return PackFiles(tuple(folder))
    found = _setting(path.parent)
    if found is None:
        return PackFiles((path,))
    where, value = found
    try:
        target = _pack_dir(where.parent, value)
    except PackNotFound as err:
        return PackFiles((path,), f"{where.name}: pack = {value!r}", str(err))
    files = [p for p in sorted(target.glob("*.spell")) if p != path]
    return PackFiles(tuple(files + [path]), f"{where.name}: pack = {value!r}")


def _pack_dir(base: Path, value: str) -> Path:
    p = (base / value).resolve()
    if p.is_dir() and any(p.glob("*.spell")):
        return p
    found = registry.find(value)
    if found is not None:
        return found.sources.resolve()
    raise PackNotFound(f"`{value}` is neither an installed pack ({', '.join(registry.installed())}) "
                       f"nor a folder of .spell files next to the settings file")


def _setting(start: Path) -> Optional[tuple[Path, str]]:
    """The nearest settings file above `start` that names a pack, and the name."""
    for d in (start, *start.parents):
        for name, get in (("spellcard.toml", lambda t: t.get("pack")),
                          ("pyproject.toml", lambda t: t.get("tool", {}).get("spellcard", {}).get("pack"))):
            f = d / name
            if not f.is_file():
                continue
            try:
                value = get(tomllib.loads(f.read_text("utf-8")))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
                continue
            if isinstance(value, str):
                return f, value
    return None
