"""`spellcard test PACK`: run a pack's `.spell` tests with a progress bar and readable failures."""
from __future__ import annotations

import json
import sys
from typing import Optional

import click

from spellcard.compiler.pack.loader import PackErrors, PackNotFound, resolve

# The test runner imports the compiler, so it is imported when a test runs, never by `import
# spellcard.cli.main`: a compiled pack runs with the runtime alone.


NO_TESTS = 5
"""The exit status when -k selects nothing: pytest's, so that CI treats both alike."""


@click.command("test")
@click.argument("pack")
@click.option("--with", "extra", multiple=True, metavar="FILE.spell",
              help="Add a .spell file or folder: its rules join the pack, its tests join the run; repeatable.")
@click.option("-k", "pattern", metavar="PATTERN",
              help="Run only tests whose name (skill: title) contains PATTERN (or matches it, with * ? [).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: every test and its outcome.")
@click.option("-v", "--verbose", is_flag=True, help="Print every test: its name, outcome and the mode it ran in.")
def test_cmd(pack: str, extra: tuple[str, ...], pattern: Optional[str], as_json: bool, verbose: bool) -> None:
    """Run the tests of PACK: the `test` blocks in its rule files, in its tests/ folder and in the
    --with files. Exits 0 when all pass, 1 when any fails (or does not check), 2 on usage, 5 when
    -k selects no test (as pytest does)."""
    from spellcard.spelltest.report import failure_text
    from spellcard.spelltest.suite import load_suite

    from .main import UsageProblem
    for target in (pack,) + extra:
        try:
            resolve(target)
        except PackNotFound as err:
            raise UsageProblem(str(err)) from None
    try:
        suite = load_suite(pack, extra, pattern=pattern)
    except PackErrors as err:
        click.echo(err.result.render(), err=True)
        sys.exit(1)
    lines = suite.found.lines
    if suite.problems and as_json:
        click.echo(json.dumps({"pack": pack, "passed": 0, "failed": 0, "problems": [
            {"file": d.span.file, "line": d.span.line, "col": d.span.col, "message": d.message, "help": d.help}
            for d in suite.problems]}, ensure_ascii=False))
        sys.exit(1)
    if suite.problems:
        for d in suite.problems:
            click.echo(d.render(lines.get(d.span.file)))
        n = len(suite.problems)
        click.echo(f"{n} {'error' if n == 1 else 'errors'} in the tests; nothing was run")
        sys.exit(1)
    if pattern and not suite.tests:         # as pytest does: a selection that selects nothing is no pass
        if as_json:
            click.echo(json.dumps({"pack": pack, "passed": 0, "failed": 0, "tests": []}, ensure_ascii=False))
        click.echo(f"no test matches -k {pattern!r}", err=True)
        sys.exit(NO_TESTS)
    outcomes = []
    with _bar(len(suite.tests), not as_json) as advance:
        for t in suite.tests:
            outcomes.append(suite.run(t))
            advance()
    failed = [o for o in outcomes if not o.passed]
    if as_json:
        click.echo(json.dumps({"pack": pack, "passed": len(outcomes) - len(failed), "failed": len(failed),
                               "tests": [_json(o, lines) for o in outcomes]}, ensure_ascii=False))
    else:
        if verbose:
            from spellcard.spelltest.suite import test_id
            for o in outcomes:
                click.echo(f"{'PASS' if o.passed else 'FAIL'} {test_id(o.test)}  [mode {o.mode}]")
            click.echo("")
        for o in failed:
            click.echo(failure_text(o, lines) + "\n")
        click.echo(f"{len(outcomes) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed else 0)


def _json(o, lines) -> dict:
    from spellcard.spelltest.report import failure_text
    from spellcard.spelltest.suite import test_id
    out = {"name": test_id(o.test), "file": o.test.span.file, "line": o.test.span.line, "passed": o.passed,
           "mode": o.mode}
    if o.ended:
        out["ended"] = o.ended
    if not o.passed:
        out.update(failure={"line": o.failure.span.line, "message": o.failure.message,
                            "expected": o.failure.expected, "actual": o.failure.actual},
                   report=failure_text(o, lines))
    return out


class _bar:
    """A progress bar on stderr for a person at a terminal; nothing otherwise."""

    def __init__(self, total: int, enabled: bool):
        from rich.console import Console     # rich is imported by the commands that print with it

        self.console = Console(stderr=True)
        self.total, self.enabled = total, enabled and self.console.is_terminal
        self.progress = None

    def __enter__(self):
        if not self.enabled:
            return lambda: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.progress = Progress(TextColumn("testing"), BarColumn(), MofNCompleteColumn(),
                                 console=self.console, transient=True)
        self.progress.__enter__()
        task = self.progress.add_task("testing", total=self.total)
        return lambda: self.progress.advance(task)

    def __exit__(self, *exc):
        if self.progress is not None:
            self.progress.__exit__(*exc)
        return False
