"""pytest collects `.spell` tests: one item per `test` block, failing with the same report as
`spellcard test`. Registered as the `spellcard` pytest11 entry point; a `.spell` file whose folder
belongs to a pack (rules/<pack>/tests/, or the pack folder itself) runs against that pack."""
from __future__ import annotations

from pathlib import Path

import pytest

from .report import failure_text
from .suite import load_suite, test_id


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix == ".spell" and _pack_of(file_path) is not None and _has_tests(file_path):
        return SpellFile.from_parent(parent, path=file_path)
    return None


def _has_tests(path: Path) -> bool:
    return b"test" in _head(path)


def _head(path: Path) -> bytes:
    """A file's bytes up to one past the source limit (a larger file is refused when collected), or b""."""
    from spellcard.compiler.pack.loader import PackNotFound, read_bounded
    try:
        return read_bounded(path)
    except PackNotFound:
        return b""


def _pack_of(path: Path):
    """The pack folder a test file belongs to: its own folder if it holds a `pack` line, else the
    parent of a `tests/` folder."""
    for folder in (path.parent, path.parent.parent) if path.parent.name == "tests" else (path.parent,):
        for f in folder.glob("*.spell"):
            if b"\npack " in b"\n" + _head(f):
                return folder
    return None


class SpellFile(pytest.File):
    def collect(self):
        pack = str(_pack_of(self.path))
        suite = load_suite(pack, files=[self.path])
        if suite.problems:
            yield SpellProblem.from_parent(self, name="check", problems=suite.problems, lines=suite.found.lines)
            return
        for t in suite.tests:
            yield SpellItem.from_parent(self, name=test_id(t), suite=suite, test=t)


class SpellItem(pytest.Item):
    def __init__(self, *, suite, test, **kw):
        super().__init__(**kw)
        self.suite, self.test = suite, test

    def runtest(self):
        outcome = self.suite.run(self.test)
        if not outcome.passed:
            raise SpellFailure(failure_text(outcome, self.suite.found.lines))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, SpellFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.test.span.line - 1, f"{self.test.span.file}:{self.test.span.line}: {self.name}"


class SpellProblem(pytest.Item):
    """The checker's errors in a test file: one failing item, so a broken file is never skipped."""

    def __init__(self, *, problems, lines, **kw):
        super().__init__(**kw)
        self.problems, self.lines = problems, lines

    def runtest(self):
        raise SpellFailure("\n".join(d.render(self.lines.get(d.span.file)) for d in self.problems))

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, f"{self.path}: check"


class SpellFailure(Exception):
    pass
