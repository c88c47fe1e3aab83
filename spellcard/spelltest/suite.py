"""A pack's tests, checked then run: what `spellcard test` and the pytest plugin share."""
from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Iterable, Optional

import attrs

from spellcard.compiler.build.builder import build
from spellcard.compiler.pack.loader import PackNotFound, load_pack, read_bounded
from spellcard.compiler.parse.read import decode, parse

from .check import TestChecker
from .collect import Found, collect, test_files
from .run import Outcome, run_test


@attrs.define
class Suite:
    pack: str
    extra: tuple
    found: Found
    problems: list                  # diagnostics: parse errors and checker errors
    given: tuple = ()               # every --with file, the test-only ones too (whose tests check a tester's invariants)

    @property
    def tests(self) -> list:
        return self.found.tests

    def run(self, test) -> Outcome:
        return run_test(test, self.pack, self.extra, self.given)


def test_id(test) -> str:
    """`Borrow: 借走 takes a card…` — the name -k matches and pytest shows."""
    return f"{test.subject}: {test.title}" if test.subject else test.title


def load_suite(pack: str, extra: Iterable[str] = (), files: Optional[Iterable] = None,
               pattern: Optional[str] = None) -> Suite:
    """Find, parse and check the tests (the pack's rule files never include `--with` test files
    among its rules: tests compile only here)."""
    extra = tuple(extra)
    rule_extra = tuple(e for e in extra if not only_tests(e))
    found = collect(files if files is not None else test_files(pack, extra))
    problems = list(found.diagnostics)
    if found.tests:
        checker = TestChecker(load_pack(pack, rule_extra))
        seen: set = set()                    # the rows of one table share their body: each error once
        for t in found.tests:
            for d in checker.check(t):
                if (str(d.span), d.message) not in seen:
                    seen.add((str(d.span), d.message))
                    problems.append(d)
    if pattern:
        found.tests = [t for t in found.tests if _matches(pattern, test_id(t))]
    return Suite(pack, rule_extra, found, problems, extra)


def _matches(pattern: str, name: str) -> bool:
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatch(name, pattern)
    return pattern.lower() in name.lower()


def only_tests(path: str) -> bool:
    """A file (or folder) that holds tests and nothing else adds no rules to a pack. A file that
    cannot be read or parsed is not one: the compiler reports it as it does any rule file."""
    p = Path(path)
    if p.is_dir():
        files = sorted(p.rglob("*.spell"))
        return bool(files) and all(only_tests(str(f)) for f in files)
    try:
        text, problem = decode(str(p), read_bounded(p))     # a file too large is refused, not parsed
    except PackNotFound:
        return False
    if problem is not None:
        return False
    tree, problem = parse(str(p), text)
    if problem is not None:
        return False
    module = build(str(p), tree)
    return bool(module.tests) and not module.decls
