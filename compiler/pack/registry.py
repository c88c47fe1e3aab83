"""Packs found by name: every pack, built-in or installed, is an entry point of group `spellcard.packs`.

An entry point names a Python package whose folder holds the pack: its `.spell` files (directly, as
the built-in packs do, or in `sources/`, as a built wheel does) and, when compiled, a `manifest.json`
and the module it describes. Looking packs up imports neither the compiler nor the packs; nor does
reading which base pack a file extends (base_named_in), which names the base before any parsing.

Two distributions may name one pack (a wheel whose entry point is `thb`): the built-in pack (the
distribution `spellcard`) always keeps its name, otherwise the first distribution by name; the
other stays reachable as `DISTRIBUTION:NAME` (`spellcard-pack-thb-plus:thb`) or by its folder, and
every command that looks the name up says so on stderr, naming both (clash_warning).
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Optional

import attrs

GROUP = "spellcard.packs"
BUILT_IN = "spellcard"
"""The distribution of the built-in packs: of two packs of one name, its own wins."""


@attrs.frozen
class Installed:
    name: str
    package: str                # the Python package holding the pack
    distribution: str           # who installed it: "spellcard 0.1.0", "spellcard-pack-thb-plus 1.0.0"

    @property
    def dist_name(self) -> str:
        """The distribution's name as `pip` normalises it (`Aaa.Pack` → `aaa-pack`)."""
        return _normal(self.distribution.rpartition(" ")[0] or self.distribution)

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
    """Every pack by name, in name order; of two distributions naming one pack, the built-in one
    wins, else the first by name (clashes() lists the others).
    Read again only when sys.path or one of its folders changed (a pack installed, as a long-running
    language server may see): a command asks several times (the compiled folder, the sources)."""
    return dict(_scan()[0])


def clashes() -> dict[str, list[Installed]]:
    """Each name more than one distribution gives a pack, with every such pack, the one used first."""
    return {name: list(found) for name, found in _scan()[1].items()}


def _scan() -> tuple[dict, dict]:
    key = _path_key()
    if _SCANNED[0] != key:
        every: dict[str, list[Installed]] = {}
        for name, package, dist in sorted(_entry_points(), key=lambda ep: (ep[0], _normal(ep[2][0]) != BUILT_IN,
                                                                            ep[2][0], ep[1])):
            every.setdefault(name, []).append(Installed(name, package, f"{dist[0]} {dist[1]}"))
        _SCANNED[:] = key, ({name: found[0] for name, found in every.items()},
                            {name: found for name, found in every.items() if len(found) > 1})
    return _SCANNED[1]


_SCANNED: list = [None, ({}, {})]   # the _path_key of the last scan, and what it found


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
    """The pack of that name (`thb`), or of that distribution and name (`spellcard-pack-thb-plus:thb`).
    A name two distributions give is answered with the winner, and a warning on stderr (once)."""
    dist, sep, pack = name.rpartition(":")
    if sep:
        return next((i for i in clashes().get(pack, [installed().get(pack)])
                     if i is not None and i.dist_name == _normal(dist)), None)
    found = installed().get(name)
    if found is not None and name in clashes() and name not in _WARNED:
        _WARNED.add(name)
        sys.stderr.write(clash_warning(name) + "\n")
    return found


_WARNED: set = set()


def close_to(name: str) -> Optional[str]:
    """"did you mean `thb`?" for a name close to an installed pack's (`THB`, `tbh`), else None."""
    from spellcard.compiler.text.diagnostics import did_you_mean      # difflib: only for a name that is not found

    names = list(installed())
    same = [n for n in names if n.lower() == name.lower()]
    return f"did you mean `{same[0]}`?" if same else did_you_mean(name, names)


def clash_warning(name: str) -> str:
    """One line: the distributions that name the pack, the one used, and how to choose another."""
    first, *others = clashes()[name]
    return (f"warning: {len(others) + 1} installed distributions name the pack `{name}`: "
            + ", ".join(f"{i.distribution}" + (" (built in)" if i.dist_name == BUILT_IN else "")
                        for i in (first, *others))
            + f"; using {first.distribution}'s; for another, name it "
            + " or ".join(f"`{i.dist_name}:{name}`" for i in others) + " (or give its folder)")


def _normal(dist: str) -> str:
    return re.sub(r"[-_.]+", "-", dist).lower()


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
