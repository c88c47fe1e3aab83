"""Find a pack's tests: `test` blocks in its rule files, in its `tests/` folder, and in `--with` files."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import attrs

from spellcard.compiler.build.builder import build
from spellcard.compiler.pack import registry
from spellcard.compiler.pack.loader import read_sources
from spellcard.compiler.parse.read import decode, parse

from .rows import expand_all


@attrs.define
class Found:
    tests: list                     # SpellTestDecl, in file order
    diagnostics: list               # parse errors of test files
    lines: dict                     # path -> its lines, for reports


def pack_dir(target: str) -> Path:
    p = Path(target)
    found = registry.find(target) if not p.exists() else None
    if found is not None:
        p = found.sources
    return p if p.is_dir() else p.parent


def test_files(target: str, extra: Iterable[str] = ()) -> list[Path]:
    """The pack's rule files (a test may sit beside its rule), its tests/ folder, then `extra`."""
    root = pack_dir(target)
    files = sorted(root.glob("*.spell")) + sorted((root / "tests").rglob("*.spell"))
    for e in extra:
        p = Path(e)
        files.extend(sorted(p.rglob("*.spell")) if p.is_dir() else [p])
    seen: set = set()
    return [f for f in files if not (f.resolve() in seen or seen.add(f.resolve()))]   # each file once


def collect(paths: Iterable[Path]) -> Found:
    found = Found([], [], {})
    for src in read_sources(paths):
        text, problem = decode(src.path, src.data)
        if problem is None:
            if "test" not in text:          # most rule files hold no test: skip parsing them
                continue
            tree, problem = parse(src.path, text)
        if problem is not None:
            found.diagnostics.append(problem)
            found.lines[src.path] = src.lines
            continue
        module = build(src.path, tree)
        if module.tests:
            rows, problems = expand_all(module.tests)   # a table-driven test: one test per row
            found.tests.extend(rows)
            found.diagnostics.extend(problems)
            found.lines[src.path] = src.lines
    return found
