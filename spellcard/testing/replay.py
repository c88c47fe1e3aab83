"""Run a written `.spell` test as `spellcard test PACK --with FILE` does: to prove that it replays a
break, and (within a budget of unscripted decisions) to try one step of shrinking it."""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional, Sequence

import attrs

from spellcard.compiler.build.builder import build
from spellcard.compiler.pack.loader import load_pack
from spellcard.compiler.parse.read import parse
from spellcard.runtime.decisions import DeclineAgent
from spellcard.spelltest.check import TestChecker
from spellcard.spelltest.run import Runner, Stop
from spellcard.spelltest.suite import load_suite

from .strategies import Cut


def test_failure(pack: str, extra: Sequence[str], text: str) -> Optional[str]:
    """The failure message of the test in `text` (None when it passes; a problem when it does not check)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "explored.spell"
        path.write_text(text, encoding="utf-8")
        suite = load_suite(pack, tuple(extra) + (str(path),), files=[path])
        if suite.problems:
            return "; ".join(d.message for d in suite.problems)
        for test in suite.tests:
            outcome = suite.run(test)
            if not outcome.passed:
                return outcome.failure.message
    return None


@attrs.frozen
class Tried:
    failure: Optional[str]          # None: the test passed (or was cut past its budget)
    unused: tuple = ()              # per seat: how many of its scripted answers were never asked for


def try_test(pack: str, extra: Sequence[str], text: str, budget: int) -> Tried:
    """Run the one test in `text`, its game cut (as passing) past `budget` unscripted decisions."""
    tree, problem = parse("explored.spell", text)
    if problem is not None:
        return Tried(problem.message)
    [test] = build("explored.spell", tree).tests
    problems = TestChecker(load_pack(pack, tuple(extra))).check(test)
    if problems:
        return Tried(problems[0].message)
    runner = _Budgeted(test, pack, tuple(extra), budget)
    runner.given = ("explored.spell",)       # given with --with, as explore's tests are: a tester's invariants count
    try:
        runner.run()
        failure = None
    except Stop as stop:
        failure = stop.failure.message
    agents = runner.s.agents if runner.s is not None else []
    return Tried(failure, tuple(len(a.script) for a in agents))


class _Budgeted(Runner):
    def __init__(self, test, pack: str, extra: tuple, budget: int):
        super().__init__(test, pack, extra)
        self.budget = budget

    def seat_up(self, head) -> None:
        super().seat_up(head)
        self.s.game.log.enabled = False      # nothing reads it: the step asks only whether it broke
        counter = [0]
        for agent in self.s.agents:
            agent.fallback = _CutQuiet(counter, self.budget)


class _CutQuiet(DeclineAgent):
    """The quiet answer, as a test gives, until the table has made `budget` of them."""

    def __init__(self, counter: list, budget: int):
        self.counter, self.budget = counter, budget

    def answer(self, game, d):
        self.counter[0] += 1
        if self.counter[0] > self.budget:
            raise Cut()
        return super().answer(game, d)
