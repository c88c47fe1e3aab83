"""`spellcard explore PACK`: property-test a pack's rules over many drawn games (spellcard.testing)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Optional

import click

from spellcard.compiler.pack.loader import PackErrors, PackNotFound, loaded, resolve
from spellcard.compiler.text.safe import printable


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
@click.option("--against", default=None, metavar="all|NAME,…",
              help="Partners to pair the focus character with: every other character, then every card kind "
                   "(all, the default with one focus item), or these.")
@click.option("--per-pair", type=int, metavar="N", help="At most N games per pair (the search ends once all had them).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the finding and the coverage.")
def explore_cmd(pack: str, extra, focus: str, mode: Optional[str], seconds: Optional[float],
                examples: Optional[int], shrink: float, seed: int, save: Optional[str], against: Optional[str],
                per_pair: Optional[int], as_json: bool) -> None:
    """Play many games of PACK with every answer drawn by hypothesis, checking after every action
    the cards, the counters' bounds and the pack's invariants. The first broken property is shrunk
    and written (to --save) as a .spell test that `spellcard test PACK --with FILE` fails on.
    With one focus character (or --against) the search goes by pairs: the focus beside each
    partner in turn, most time where the two interacted. Exits 1 when a property broke, 0 when
    none did, 2 on usage."""
    from .main import UsageProblem
    from spellcard.testing import explore
    for target in (pack,) + extra:
        try:
            resolve(target)
        except PackNotFound as err:
            raise UsageProblem(str(err)) from None
    names = [n.strip() for n in focus.split(",") if n.strip()]
    try:
        result = loaded(pack, tuple(extra))     # compiled once: explore() loads this same pack
    except PackErrors as err:
        click.echo(err.result.render(), err=True)
        sys.exit(1)
    compiled = result.pack
    known = set(compiled.characters) | set(compiled.skills) | set(compiled.kinds)
    for n in names:
        if n not in known:
            from spellcard.suggest import did_you_mean
            raise UsageProblem(f"--focus: {n!r} is no character, skill or card of {pack}"
                               + (f"; {did_you_mean(n, known)}" if did_you_mean(n, known) else ""))
    partners = None
    if against is not None:
        partners = [n.strip() for n in against.split(",") if n.strip()]
        if not partners:
            raise UsageProblem("--against: give all, or the characters and cards to pair the focus with")
        if partners != ["all"]:
            from spellcard.testing.strategies import focus_characters
            if not focus_characters(compiled, names):
                raise UsageProblem("--against needs a --focus character (or skill of one) to pair with")
            for n in partners:
                if n not in compiled.characters and n not in compiled.kinds:
                    from spellcard.suggest import did_you_mean
                    near = did_you_mean(n, set(compiled.characters) | set(compiled.kinds))
                    raise UsageProblem(f"--against: {n!r} is no character or card of {pack}"
                                       + (f"; {near}" if near else ""))
    if per_pair is not None and per_pair < 1:
        raise UsageProblem(f"--per-pair {per_pair}: give the games per pair, 1 or more")
    if mode is not None and mode not in compiled.modes:
        from spellcard.cli.main import hint
        raise UsageProblem(f"unknown mode {mode!r}; {hint(mode, compiled.modes)}the modes are: "
                           f"{', '.join(compiled.modes)}")
    if shrink < 0:
        raise UsageProblem(f"--shrink {shrink:g}: give the seconds to shrink a break for, 0 or more")
    if seconds is None and examples is None:
        seconds = 60.0
    from rich.console import Console     # rich is imported by the commands that print with it

    from spellcard.balance.unfired import sources_of

    console = Console(stderr=True)
    with _bar(console, not as_json and console.is_terminal, examples, seconds) as tick:
        found = explore(pack, extra, names, mode, examples=examples, seconds=seconds, seed=seed, progress=tick,
                        shrink_seconds=shrink, against=partners, per_pair=per_pair)
    saved = None
    if found.test is not None and save:
        from spellcard.atomic import write_text
        Path(save).mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^a-z0-9]+", "_", found.broken.prop.lower()).strip("_")
        saved = Path(save) / f"explore_{Path(pack).name}_{slug}_seed{seed}.spell"
        write_text(saved, found.test)       # beside, then renamed into place
    if as_json:
        click.echo(json.dumps({"pack": pack, "games": found.examples, "seconds": round(found.seconds, 1),
                               "found_after": None if found.found_after is None else round(found.found_after, 1),
                               "broken": None if found.broken is None else {
                                   "property": found.broken.prop, "message": found.broken.message,
                                   "saved": str(saved) if saved else None, "replayed": found.replayed,
                                   "test": found.test},
                               "coverage": found.coverage.as_json(compiled, sources_of(result))},
                              ensure_ascii=False, indent=1))
    else:
        _report(found, saved, compiled, sources_of(result))
    sys.exit(1 if found.broken is not None else 0)


def _report(found, saved, pack, sources: dict) -> None:
    cov = found.coverage
    click.echo(f"{found.examples} games, {cov.decisions} decisions explored in {found.seconds:.0f}s")
    click.echo(f"skills used: {len(cov.fired)}; windows opened: {len(cov.windows)}; cards used: {len(cov.used)}")
    for (a, b), n in sorted(cov.met.items()):
        click.echo(f"met: {a} + {b} in {n} games")
    if cov.pairs is not None:
        stats = cov.pairs.stats
        click.echo(f"pairs with {cov.focus_character}: {cov.pairs.covered()} of {len(stats)} interacted, "
                   f"{sum(1 for s in stats.values() if s.met)} met")
        for p, s in stats.items():
            if s.interacted or s.broke:
                click.echo(f"  {cov.focus_character} + {p}: met {s.met}, interacted {s.interacted}, "
                           f"both acted {s.both_acted}, broke {s.broke}")
    for what, items in cov.never(pack).items():
        if items:
            click.echo(f"never exercised ({what}): {', '.join(items)}")
    never = cov.never_ran(pack, sources)
    if never:
        from spellcard.balance.unfired import line
        click.echo(f"never ran ({len(never)} part{'s' if len(never) != 1 else ''} of the seated characters' skills):")
        for f in never:
            click.echo(f"  {printable(line(f))}")
    if found.broken is None:
        click.echo("no property broken")
        return
    click.echo(f"BROKEN {found.broken.prop}: {found.broken.message}")
    click.echo(f"found after {found.found_after:.1f}s of search")
    click.echo("the saved test " + ("replays the break" if found.replayed else "does NOT replay the break"))
    if saved:
        click.echo(f"saved {saved} ({len(found.test.splitlines())} lines)")
    else:
        click.echo(found.test)


class _bar:
    """Games played against --examples, or, when the search is bounded by time, the seconds spent
    against --time: the bar says when it will end ("12 s of 60 s (48 s left)"); with a partner
    search, the pairs that interacted of all ("37/88 pairs")."""

    def __init__(self, console, enabled: bool, total, seconds=None):
        self.console, self.enabled, self.total, self.seconds = console, enabled, total, seconds

    def __enter__(self):
        if not self.enabled:
            return lambda n, t, pairs: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        limit = f"of {self.seconds:.0f} s" if self.seconds is not None else ""
        if self.total is None and self.seconds is not None:
            columns = (TextColumn("exploring"), BarColumn(), TextColumn("{task.fields[games]} games"),
                       TextColumn("{task.fields[pairs]}"), TextColumn("{task.completed:.0f} s " + limit),
                       TextColumn("({task.fields[left]:.0f} s left)"))
            self.p = Progress(*columns, console=self.console, transient=True)
            self.p.__enter__()
            task = self.p.add_task("exploring", total=self.seconds, games=0, pairs="", left=self.seconds)
            return lambda n, t, pairs: self.p.update(task, completed=min(t, self.seconds), games=n,
                                                     pairs=_pairs_text(pairs), left=max(self.seconds - t, 0))
        columns = (TextColumn("exploring"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[pairs]}"),
                   TimeElapsedColumn(), TextColumn(limit))
        self.p = Progress(*columns, console=self.console, transient=True)
        self.p.__enter__()
        task = self.p.add_task("exploring", total=self.total, pairs="")
        return lambda n, t, pairs: self.p.update(task, completed=n, pairs=_pairs_text(pairs))

    def __exit__(self, *exc):
        if self.enabled:
            self.p.__exit__(*exc)
        return False


def _pairs_text(pairs) -> str:
    """"12/83 pairs": pairs that interacted, of all the partner search covers."""
    return "" if pairs is None else f"{pairs.covered()}/{len(pairs.partners)} pairs"
