"""`spellcard explore PACK`: property-test a pack's rules over many drawn games (spellcard.testing)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Optional

import click

from spellcard.compiler.pack.loader import PackErrors, PackNotFound, resolve


@click.command("explore")
@click.argument("pack")
@click.option("--with", "extra", multiple=True, metavar="FILE.spell", help="Add a designer's .spell file; repeatable.")
@click.option("--focus", metavar="NAME,…", default="", help="Characters, skills or cards to bring together.")
@click.option("--mode", metavar="M", help="Play only this mode (default: every mode of the pack).")
@click.option("--time", "seconds", type=float, metavar="S", help="Search for this many seconds (default 60).")
@click.option("--examples", type=int, metavar="N", help="Play this many games instead.")
@click.option("--shrink", "shrink", type=float, default=90.0, show_default=True, metavar="S",
              help="Shrink a break for at most this many seconds (within --time); 0 saves it as found.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same games.")
@click.option("--save", type=click.Path(file_okay=False), metavar="DIR", help="Write the shrunk failing test here.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the finding and the coverage.")
def explore_cmd(pack: str, extra, focus: str, mode: Optional[str], seconds: Optional[float],
                examples: Optional[int], shrink: float, seed: int, save: Optional[str], as_json: bool) -> None:
    """Play many games of PACK with every answer drawn by hypothesis, checking after every action
    the cards, the counters' bounds and the pack's invariants. The first broken property is shrunk
    and written (to --save) as a .spell test that `spellcard test PACK --with FILE` fails on.
    Exits 1 when a property broke, 0 when none did, 2 on usage."""
    from .main import UsageProblem
    from spellcard.testing import explore
    for target in (pack,) + extra:
        try:
            resolve(target)
        except PackNotFound as err:
            raise UsageProblem(str(err)) from None
    names = [n.strip() for n in focus.split(",") if n.strip()]
    try:
        from spellcard.compiler.pack.loader import load_pack
        compiled = load_pack(pack, tuple(extra))
    except PackErrors as err:
        click.echo(err.result.render(), err=True)
        sys.exit(1)
    known = set(compiled.characters) | set(compiled.skills) | set(compiled.kinds)
    for n in names:
        if n not in known:
            from spellcard.suggest import did_you_mean
            raise UsageProblem(f"--focus: {n!r} is no character, skill or card of {pack}"
                               + (f"; {did_you_mean(n, known)}" if did_you_mean(n, known) else ""))
    if mode is not None and mode not in compiled.modes:
        from spellcard.cli.main import hint
        raise UsageProblem(f"unknown mode {mode!r}; {hint(mode, compiled.modes)}the modes are: "
                           f"{', '.join(compiled.modes)}")
    if shrink < 0:
        raise UsageProblem(f"--shrink {shrink:g}: give the seconds to shrink a break for, 0 or more")
    if seconds is None and examples is None:
        seconds = 60.0
    from rich.console import Console     # rich is imported by the commands that print with it

    console = Console(stderr=True)
    with _bar(console, not as_json and console.is_terminal, examples, seconds) as tick:
        found = explore(pack, extra, names, mode, examples=examples, seconds=seconds, seed=seed, progress=tick,
                        shrink_seconds=shrink)
    saved = None
    if found.test is not None and save:
        from spellcard.atomic import write_text
        Path(save).mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^a-z0-9]+", "_", found.broken.prop.lower()).strip("_")
        saved = Path(save) / f"explore_{Path(pack).name}_{slug}_seed{seed}.spell"
        write_text(saved, found.test)       # beside, then renamed into place
    if as_json:
        click.echo(json.dumps({"pack": pack, "games": found.examples, "seconds": round(found.seconds, 1),
                               "broken": None if found.broken is None else {
                                   "property": found.broken.prop, "message": found.broken.message,
                                   "saved": str(saved) if saved else None, "replayed": found.replayed,
                                   "test": found.test},
                               "coverage": found.coverage.as_json()}, ensure_ascii=False, indent=1))
    else:
        _report(found, saved)
    sys.exit(1 if found.broken is not None else 0)


def _report(found, saved) -> None:
    cov = found.coverage
    click.echo(f"{found.examples} games, {cov.decisions} decisions explored in {found.seconds:.0f}s")
    click.echo(f"skills fired: {len(cov.fired)}; windows opened: {len(cov.windows)}; cards used: {len(cov.used)}")
    for (a, b), n in sorted(cov.met.items()):
        click.echo(f"met: {a} + {b} in {n} games")
    for what, items in cov.never().items():
        if items:
            click.echo(f"never exercised ({what}): {', '.join(items)}")
    if found.broken is None:
        click.echo("no property broken")
        return
    click.echo(f"BROKEN {found.broken.prop}: {found.broken.message}")
    click.echo("the saved test " + ("replays the break" if found.replayed else "does NOT replay the break"))
    if saved:
        click.echo(f"saved {saved} ({len(found.test.splitlines())} lines)")
    else:
        click.echo(found.test)


class _bar:
    """Games played against --examples, or, when the search is bounded by time, the seconds spent
    against --time: the bar says when it will end ("12 s of 60 s")."""

    def __init__(self, console, enabled: bool, total, seconds=None):
        self.console, self.enabled, self.total, self.seconds = console, enabled, total, seconds

    def __enter__(self):
        if not self.enabled:
            return lambda n, t: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        limit = f"of {self.seconds:.0f} s" if self.seconds is not None else ""
        if self.total is None and self.seconds is not None:
            columns = (TextColumn("exploring"), BarColumn(), TextColumn("{task.fields[games]} games"),
                       TextColumn("{task.completed:.0f} s " + limit))
            self.p = Progress(*columns, console=self.console, transient=True)
            self.p.__enter__()
            task = self.p.add_task("exploring", total=self.seconds, games=0)
            return lambda n, t: self.p.update(task, completed=min(t, self.seconds), games=n)
        columns = (TextColumn("exploring"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TextColumn(limit))
        self.p = Progress(*columns, console=self.console, transient=True)
        self.p.__enter__()
        task = self.p.add_task("exploring", total=self.total)
        return lambda n, t: self.p.update(task, completed=n)

    def __exit__(self, *exc):
        if self.enabled:
            self.p.__exit__(*exc)
        return False
