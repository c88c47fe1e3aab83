"""Which files a document is checked with: its pack folder, or the pack a workspace setting names.

A `.spell` file in a folder where some file has a `pack` line belongs to that folder's pack. Any other
(loose) file joins the pack named by the nearest `spellcard.toml` (`pack = "thb"`) or `pyproject.toml`
(`[tool.spellcard] pack = "thb"`) above it; the value is a built-in pack or a folder, relative to the
settings file, and a `[files]` table there may name another pack for some files (`"bots_*.spell" =
"bots"`). A file in a pack's `tests/` folder joins that pack, as `spellcard test` reads it. With none
of these, the file is checked alone. A pack that `extends` another is checked over its base's files.
"""
from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path
from typing import Callable, Optional

import attrs

from spellcard.compiler.pack import registry
from spellcard.compiler.pack.loader import PackNotFound, read_sources, with_bases

_PACK_LINE = re.compile(r"^[ \t]*pack[ \t]+[A-Za-z_]", re.M)


@attrs.frozen
class PackFiles:
    files: tuple[Path, ...]          # absolute, stable order: base files, the pack's files, the loose one
    setting: Optional[str] = None    # "spellcard.toml: pack = …", when a setting chose the pack
    problem: Optional[str] = None    # a setting that names no pack, said plainly
    bases: tuple = ()                # (path, base pack name) of each file a base pack lends


def pack_for(path: Path, text_of: Callable[[Path], Optional[str]]) -> PackFiles:
    """The files `path` is checked with; `text_of` gives a file's current (possibly unsaved) text."""
    path = path.resolve()
    folder = sorted(path.parent.glob("*.spell"))
    if path not in folder:
        folder = sorted(folder + [path])
    if any(_PACK_LINE.search(text_of(p) or "") for p in folder):
        return _with_bases(folder, text_of)
    if path.parent.name == "tests":             # a pack's tests, as `spellcard test` collects them
        above = sorted(path.parent.parent.glob("*.spell"))
        if any(_PACK_LINE.search(text_of(p) or "") for p in above):
            return _with_bases(above + [path], text_of)
    found = _setting(path)
    if found is None:
        return PackFiles((path,))
    where, value = found
    try:
        target = _pack_dir(where.parent, value)
    except PackNotFound as err:
        return PackFiles((path,), f"{where.name}: pack = {value!r}", str(err))
    files = [p for p in sorted(target.glob("*.spell")) if p != path]
    return attrs.evolve(_with_bases(files, text_of, extra=[path]), setting=f"{where.name}: pack = {value!r}")


def _with_bases(files: list[Path], text_of, extra: list[Path] = ()) -> PackFiles:
    """The pack of `files` (and `extra` files checked with it), over the files of the base packs
    its pack line `extends`, found as `spellcard check` finds them."""
    if not any("extends" in (text_of(p) or "") for p in files):
        return PackFiles(tuple(files) + tuple(extra))
    try:
        sources = with_bases(read_sources(files))
    except PackNotFound as err:
        return PackFiles(tuple(files) + tuple(extra), problem=str(err))
    bases = tuple((Path(s.path).resolve(), s.pack) for s in sources if s.pack)
    return PackFiles(tuple(p for p, _ in bases) + tuple(files) + tuple(extra), bases=bases)

def _pack_dir(base: Path, value: str) -> Path:
    p = (base / value).resolve()
    if p.is_dir() and any(p.glob("*.spell")):
        return p
    found = registry.find(value)
    if found is not None:
        return found.sources.resolve()
    raise PackNotFound(f"`{value}` is neither an installed pack ({', '.join(registry.installed())}) "
                       f"nor a folder of .spell files next to the settings file")


def _setting(path: Path) -> Optional[tuple[Path, str]]:
    """The nearest settings file above `path` that names a pack for it, and the name."""
    for d in path.parents:
        for name, get in (("spellcard.toml", lambda t: t),
                          ("pyproject.toml", lambda t: t.get("tool", {}).get("spellcard", {}))):
            f = d / name
            if not f.is_file():
                continue
            try:
                table = get(tomllib.loads(f.read_text("utf-8")))
                value = _named_for(table, path.relative_to(d).as_posix())
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
                continue
            if isinstance(value, str):
                return f, value
    return None


def _named_for(table: dict, rel: str) -> Optional[str]:
    """The pack a settings table names for the file at `rel`: the first `[files]` pattern it
    matches, else `pack`."""
    files = table.get("files")
    for pattern, value in (files.items() if isinstance(files, dict) else ()):
        if fnmatch.fnmatchcase(rel, pattern) or fnmatch.fnmatchcase(rel.rsplit("/", 1)[-1], pattern):
            return value
    return table.get("pack")


def _decides(text: Optional[str]) -> tuple:
    """What of a file's text `pack_for` reads: whether it has a `pack` line, and all of a file that
    says `extends` (its base is read from it). A keystroke in a skill changes none of it."""
    text = text or ""
    pack_line = "pack" in text and _PACK_LINE.search(text) is not None     # (the search is slow: `^` per line)
    return pack_line, text if "extends" in text else None


class KnownPacks:
    """`pack_for`, kept while the document's folder (its files and what of their texts decides the
    pack: `_decides`) and its base packs' folders list what they did: finding a pack reads every file
    of its folder and of its bases (40 ms for a 2,000-character pack), and every request and edit asks.
    Only a pack found by its folder's `pack` line is kept; one that a settings file chose is found
    again each time."""

    def __init__(self) -> None:
        self._kept: dict[Path, tuple] = {}

    def of(self, path: Path, text_of: Callable[[Path], Optional[str]]) -> PackFiles:
        path = path.resolve()
        folder = sorted(path.parent.glob("*.spell"))
        seen = (folder, tuple(_decides(text_of(p)) for p in folder))
        kept = self._kept.get(path)
        if kept is not None and kept[0] == seen and all(sorted(d.glob("*.spell")) == ls for d, ls in kept[1]):
            return kept[2]
        found = pack_for(path, text_of)
        if found.setting is None and found.problem is None and len(found.files) > 1 and path.parent.name != "tests":
            dirs = sorted({p.parent for p, _ in found.bases})
            self._kept[path] = (seen, tuple((d, sorted(d.glob("*.spell"))) for d in dirs), found)
        return found
