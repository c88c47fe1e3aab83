"""Run a written `.spell` test as `spellcard test PACK --with FILE` runs it, with Python properties
checked as play() checks them: so a break the test language cannot state (a tester's property, the
sealed seats' check) is shown again by the test that spelled.py wrote, at the same decision."""
from __future__ import annotations

from typing import Optional, Sequence

from spellcard.compiler.build.builder import build
from spellcard.compiler.pack.loader import load_pack
from spellcard.compiler.parse.read import parse
from spellcard.spelltest.check import TestChecker
from spellcard.spelltest.rows import expand_all
from spellcard.spelltest.run import Runner, Stop

from .play import Always, Broken, Property, ended_badly, judge, watch

NAME = "rerun.spell"


def rerun(pack: str, test: str, extra: Sequence[str] = (), always: Sequence[tuple[str, Always]] = (),
          properties: Sequence[tuple[str, Property]] = ()) -> Optional[Broken]:
    """Run the one test in the text `test` on `pack` (with the `extra` files) through the test
    runner, the `always` properties checked after every action and before every decision, the
    others when it ends. The first break (a property's, a rule's, or the test's own failure, as
    prop "test"), or None when it passes. A test that does not parse or check is a ValueError."""
    extra = tuple(extra)
    tree, problem = parse(NAME, test)
    if problem is not None:
        raise ValueError(problem.render())
    tests, problems = expand_all(build(NAME, tree).tests)   # a table's rows are tests of their own, as `spellcard test` runs them
    if problems:
        raise ValueError(problems[0].render())
    if len(tests) != 1:
        raise ValueError(f"{NAME}: error: rerun takes one test (of a table, one row), this text holds {len(tests)}")
    compiled = load_pack(pack, extra)
    problems = TestChecker(compiled).check(tests[0])
    if problems:
        raise ValueError(problems[0].render())
    runner = _Watched(tests[0], pack, extra, always)
    try:
        runner.run()
    except Stop as stop:
        cause = stop.__context__             # what stopped the game, when something did
        broken = judge(cause, compiled) if isinstance(cause, Exception) and not isinstance(cause, Stop) \
            else Broken("test", stop.failure.message)
        broken.scenario = runner.s
        return broken
    return ended_badly(runner.s, properties)


class _Watched(Runner):
    def __init__(self, test, pack: str, extra: tuple, always):
        super().__init__(test, pack, extra)
        self.always = always

    def packs_own(self) -> bool:
        return False                         # a tester's test, as one given with --with: their invariants hold

    def seat_up(self, head) -> None:
        super().seat_up(head)
        self.s.decisions.clear()             # the setup's, as play() clears them: a property reads alike
        if self.always:
            watch(self.s, self.always)
