"""Packs found by name: every pack, built-in or installed, is an entry point of group `spellcard.packs`.

An entry point names a Python package whose folder holds the pack: its `.spell` files (directly, as
the built-in packs do, or in `sources/`, as a built wheel does) and, when compiled, a `manifest.json`
and the module it describes. Looking packs up imports neither the compiler nor the packs; nor does
reading which base pack a file extends (base_named_in), which names the base before any parsing.
"""
from __future__ import annotations

import os
import re
import sys
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
        """The package's folder, found without importing it (nor importlib.resources, which brings
        tempfile, shutil and zipfile)."""
        from importlib.util import find_spec

        spec = find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            raise ModuleNotFoundError(f"pack {self.name}: no package {self.package} is installed")
        return Path(spec.submodule_search_locations[0])

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
    """Every pack by name, in name order; of two distributions naming one pack, the first by name wins.
    Read again only when sys.path or one of its folders changed (a pack installed, as a long-running
    language server may see): a command asks several times (the compiled folder, the sources)."""
    key = _path_key()
    if _SCANNED[0] != key:
        found: dict[str, Installed] = {}
        for name, package, dist in sorted(_entry_points(), key=lambda ep: (ep[0], ep[2][0], ep[1])):
            found.setdefault(name, Installed(name, package, f"{dist[0]} {dist[1]}"))
        _SCANNED[:] = key, found
    return dict(_SCANNED[1])


_SCANNED: list = [None, {}]     # the _path_key of the last scan, and what it found


def _path_key() -> tuple:
    """sys.path with each folder's modification time: installing or removing a distribution adds or
    removes a folder in one of them."""
    key = []
    for entry in sys.path:
        try:
            key.append((entry, os.stat(entry or ".").st_mtime_ns))
        except OSError:
            key.append((entry, None))
    return tuple(key)


def find(name: str) -> Optional[Installed]:
    return installed().get(name)


_EXTENDS = re.compile(r'^[ \t]*pack\s+\w+\s+"(?:[^"\\\n]|\\.)*"\s+extends\s+(\w+)', re.M)
"""Found before parsing (pack.with_bases): the base's files are part of the sources and of their hash."""


def base_named_in(text: str) -> Optional[tuple[str, int]]:
    """The base a file's `pack … extends NAME` line names, and that line's number."""
    m = _EXTENDS.search(text)
    if m is None:
        return None
    return m.group(1), text.count("\n", 0, m.start(1)) + 1


def _entry_points() -> list[tuple[str, str, tuple[str, str]]]:
    """(pack, package, (distribution, version)) for every entry point of GROUP, found as
    importlib.metadata finds them: the `.dist-info` and `.egg-info` folders on sys.path, the first
    of each distribution name counting. Read here rather than with importlib.metadata, whose import
    (email, zipfile, csv) took a tenth of a one-game `simulate thb`; a distribution installed as a
    zip file on sys.path is not looked in."""
    out = []
    seen = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for child in names:
            stem, ext = os.path.splitext(child)
            if ext.lower() not in (".dist-info", ".egg-info"):
                continue
            key = re.sub(r"[-_.]+", "_", stem.partition("-")[0]).lower()
            if key in seen:
                continue
            seen.add(key)
            folder = os.path.join(entry or ".", child)
            points = _group(_read(folder, "entry_points.txt"))
            if points:
                dist = _name_and_version(_read(folder, "METADATA") or _read(folder, "PKG-INFO"))
                out.extend((name, package, dist) for name, package in points)
    return out


_MAX_METADATA = 1024 * 1024
"""Characters read of a distribution's METADATA or entry_points.txt: a huge one costs no more."""


def _read(folder: str, name: str) -> str:
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            return f.read(_MAX_METADATA)        # the headers and entry points come first
    except (OSError, UnicodeDecodeError):
        return ""


def _group(text: str) -> list[tuple[str, str]]:
    """The `name = value` lines of GROUP's section of an entry_points.txt (an ini file)."""
    points, inside = [], False
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == GROUP
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            points.append((name.strip(), value.strip()))
    return points


def _name_and_version(metadata: str) -> tuple[str, str]:
    """The Name and Version headers of a distribution's METADATA (the lines before the first blank one)."""
    fields = {}
    for line in metadata.split("\n"):
        if not line.strip():
            break
        key, sep, value = line.partition(":")
        if sep and key in ("Name", "Version"):
            fields.setdefault(key, value.strip())
    return fields.get("Name", "?"), fields.get("Version", "?")
