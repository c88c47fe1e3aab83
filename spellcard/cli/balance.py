"""`spellcard balance`: is my character too strong? Win rates with intervals over a sweep of games,
played here or on a Dask cluster, as tables, JSON or an HTML report (docs/balance.md)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import attrs
import click

from spellcard.compiler.text.safe import printable

from .main import UsageProblem, load_target, make_table, progress, with_files
from .agents import agent_option, agent_options, search_options

if TYPE_CHECKING:               # a command imports what only it needs when it runs (see cli/main.py)
    from rich.console import Console
    from rich.table import Table as RichTable


@click.command("balance")
@click.argument("pack")
@click.option("--mode", help="The mode to play (may be left out when the pack has only one).")
@click.option("--games", type=click.IntRange(min=1), default=400, show_default=True,
              help="Number of games; the intervals narrow as 1/√games.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i (from 0) uses seed SEED+i; same seed, same figures, on any backend.")
@click.option("--players", type=int, help="Number of players (default: the mode's minimum).")
@agent_option
@search_options
@with_files
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play in this process, or on Dask workers (a LocalCluster, or --scheduler's cluster).")
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True,
              help="With --backend dask and no --scheduler: worker processes to start, one thread each.")
@click.option("--scheduler", metavar="ADDRESS",
              help="With --backend dask: a running scheduler to send the games to (tcp://host:8786) "
                   "instead of starting a local cluster.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the figures as one JSON object (timings go to stderr, so two runs compare byte for byte).")
@click.option("-o", "--output", "report", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write an HTML report (charts, no scripts) to this file.")
@click.option("--focus", metavar="CHARACTER",
              help="Seat this character (name or label) in every game, in each seat in turn, against the "
                   "same seeds without it: its win rate, the baseline's and the difference, with 95% intervals.")
def balance_cmd(pack: str, mode: Optional[str], games: int, seed: int, players: Optional[int], agent: str,
                search_rollouts: Optional[int], search_ms: Optional[float], search_policy: Optional[str],
                extra: tuple[str, ...], backend: str, workers: int, scheduler: Optional[str], as_json: bool,
                report: Optional[Path], focus: Optional[str]) -> None:
    """Win rates per character with 95% intervals, against a baseline fair to seat and role.

    Each character's win rate (overall, by seat, and by each player attribute the pack shows, such
    as role or team) comes with a 95% Wilson interval and a baseline: what an average character
    won in the same seats and roles. A row whose interval lies wholly above or below its baseline
    is flagged. Also: how often each skill fired and each card was played, how long games ran, and
    each part of a seated character's skill that never ran, with the condition that never held.

    With --focus CHARACTER, each of the GAMES seeds is played as dealt (the baseline) and once per
    seat with that seat given the character: its win rate against the baseline's on the same
    seeds and seats, and their difference with a 95% interval for paired outcomes.

    Exits 1 when any game ended in an error.
    """
    from rich.console import Console

    from spellcard.balance.stats import analyse
    from spellcard.balance.sweep import Seats, ShippedPack, SweepProblem, run_dask, run_local
    from spellcard.simulate import taken_options

    if scheduler is not None and backend != "dask":
        raise UsageProblem("--scheduler names a Dask scheduler; add --backend dask")
    compiled = load_target(pack, extra)
    pdef = compiled.pack
    character = focus_character(pdef, pack, focus, report) if focus is not None else None
    table = attrs.evolve(make_table(pdef, mode, players, None), agent=agent,
                         agent_options=agent_options(pdef, search_rollouts, search_ms, search_policy))
    seats = Seats.of(table)
    remote: dict = {}               # a sweep's batches by default; --focus plays its own (focus.py)
    if character is not None:
        from spellcard.balance.focus import local_batch, remote_focus_batch
        remote = {"remote": remote_focus_batch, "args": (character,)}
    with progress(games, enabled=True, label="playing" if character is None else "seeds") as advance:
        try:
            if backend == "local":
                counts, timing = run_local(pdef, seats, seed, games, advance,
                                           *([local_batch(character)] if character is not None else []))
            else:
                counts, timing = run_dask(ShippedPack.of(pdef, compiled.code), seats, seed, games, advance,
                                          workers=workers, scheduler=scheduler, **remote)
        except SweepProblem as err:
            raise UsageProblem(str(err)) from None
    header = {"pack": pdef.name, "mode": table.mode, "players": table.players, "agent": table.agent,
              "agent_options": taken_options(table.agent, table.agent_options), "seed": seed,
              "with": [Path(e).name for e in extra]}
    from spellcard.balance.unfired import sources_of
    rate = counts.games / timing.play_seconds if timing.play_seconds else 0.0
    click.echo(f"{counts.games} games in {timing.play_seconds:.1f} s ({rate:.1f} games/s) on {timing.backend}, "
               f"{timing.workers} worker{'s' if timing.workers != 1 else ''}"
               + (f"; {timing.start_seconds:.1f} s to {'reach' if scheduler else 'start'} the cluster"
                  if timing.backend == "dask" else ""),
               err=True)
    if character is not None:
        from spellcard.balance.paired import focus_figures
        data = focus_figures(counts, pdef, header, sources_of(compiled))
        if as_json:
            click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))
        else:
            print_focus(Console(), data)
        sys.exit(1 if data["errors"] else 0)
    data = analyse(counts, pdef, header, sources_of(compiled))
    if report is not None:
        from spellcard.atomic import write_text
        from spellcard.balance.report import render_report
        try:
            write_text(report, render_report(data))    # beside, then renamed into place
        except OSError as err:
            raise click.ClickException(f"cannot write {printable(str(report))}: {err.strerror}") from None
        click.echo(f"report: {printable(str(report))}", err=True)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))
    else:
        print_balance(Console(), data)
    sys.exit(1 if data["errors"] else 0)


def focus_character(pack, target: str, name: str, report: Optional[Path]) -> str:
    """The character --focus names (by name or label), or a usage error saying what to write."""
    from spellcard.suggest import did_you_mean
    if report is not None:
        raise UsageProblem("-o: the HTML report is of a whole sweep; with --focus, use the tables or --json")
    if not pack.characters:
        raise UsageProblem(f"--focus seats a character, and {printable(target)} has none")
    if name in pack.characters:
        return name
    by_label = [c.name for c in pack.characters.values() if c.label == name]
    if by_label:
        return by_label[0]
    hint = did_you_mean(name, list(pack.characters) + [c.label for c in pack.characters.values() if c.label])
    raise UsageProblem(f"--focus: {printable(name)!r} is no character of {printable(target)}"
                       + (f"; {hint}" if hint else ""))


def print_balance(console: Console, d: dict) -> None:
    from rich.table import Table as RichTable
    from rich.text import Text

    from spellcard.scores import score_tables

    console.print(f"{d['pack']} · {d['mode']} · {d['players']} players · {d['games']} games · seed {d['seed']} · "
                  f"agent {d['agent']}", style="bold", highlight=False)
    console.print(f"finished {d['finished']} · turn limit {d['turn_limit']} · errors {d['errors']} · "
                  f"turns: median {d['length'].get('median', '-')}, mean {d['length'].get('mean', '-')}",
                  highlight=False)
    if d["first_error"]:
        console.print(Text("first error: ", style="bold red") + Text(printable(d["first_error"])), highlight=False)
    console.print(f"baseline: {100 * d['baseline']['rate']:.1f}% of player-games won", highlight=False)
    console.print(interval_table("wins by seat", d["baseline"]["by_seat"]))
    for name, rows in d["baseline"]["by_attribute"].items():
        console.print(interval_table(f"wins by {name}", rows))
    if len(d["by_agent"]) > 1:
        console.print(interval_table("wins by agent", d["by_agent"]))
    for table in score_tables(d.get("scores")):
        console.print(table)
    if d["characters"]:
        console.print(interval_table("wins by character (against the baseline of its seats and roles)",
                                     d["characters"]))
    if d["outliers"]:
        t = RichTable(title="outliers: 95% interval wholly above or below the baseline", title_style="bold red")
        for col in ("character", "where", "", "rate", "95% interval", "baseline", "played"):
            t.add_column(col)
        for o in d["outliers"]:
            t.add_row(Text(printable(o["character"])), Text(printable(o["where"])), o["flag"], _pct(o["rate"]),
                      f"{_pct(o['low'])}–{_pct(o['high'])}", _pct(o["baseline"]), str(o["played"]))
        console.print(t)
    else:
        console.print("no outliers: every interval covers its baseline", highlight=False)
    print_never_ran(console, d["never_ran"])


def print_never_ran(console: Console, never: list, whose: str = "the seated characters' skills") -> None:
    from rich.text import Text

    from spellcard.balance.unfired import line
    if not never:
        console.print(f"every trigger, active and conversion of {whose} ran", highlight=False)
        return
    console.print(f"never ran ({len(never)} part{'s' if len(never) != 1 else ''} of {whose}):", style="bold", highlight=False)
    for f in never:
        console.print(Text("  " + printable(line(f))), highlight=False, soft_wrap=True)


def print_focus(console: Console, d: dict) -> None:
    """The --focus verdict: the character against the same seeds and seats without it."""
    from rich.table import Table as RichTable
    from rich.text import Text

    name = f"{d['label']} {d['focus']}" if d["label"] else d["focus"]
    console.print(Text(f"{d['pack']} · {d['mode']} · {d['players']} players · {d['seeds']} seeds × "
                       f"{d['players'] + 1} games · seed {d['seed']} · agent {d['agent']} · focus {printable(name)}",
                       style="bold"), soft_wrap=True)
    console.print(f"pairs: {d['all']['pairs']} (seed, seat) · dropped {d['dropped']} (the baseline already "
                  f"had the character there) · errors {d['errors']}", highlight=False, soft_wrap=True)
    if d["first_error"]:
        console.print(Text("first error: ", style="bold red") + Text(printable(d["first_error"])), highlight=False)
    t = RichTable(title=f"{printable(name)} against the same seats without it (95% intervals)", title_style="bold")
    for col in ("", "pairs", "with it", "baseline", "difference (points)", ""):
        t.add_column(col, justify="right")
    for where, r in [("all", d["all"])] + list(d["by_seat"].items()):
        b, diff = r["baseline"], r["difference"]
        t.add_row(where, str(r["pairs"]), f"{_pct(r['rate'])} ({100 * r['low']:.1f}–{100 * r['high']:.1f})",
                  f"{_pct(b['rate'])} ({100 * b['low']:.1f}–{100 * b['high']:.1f})",
                  f"{100 * diff['value']:+.1f} ({100 * diff['low']:+.1f} to {100 * diff['high']:+.1f})",
                  {"above": "▲ stronger", "below": "▼ weaker"}.get(r["flag"], ""))
    console.print(t)
    verdict = {"above": "stronger than the characters it replaced: the whole interval of the difference is above 0",
               "below": "weaker than the characters it replaced: the whole interval of the difference is below 0"}
    console.print(verdict.get(d["all"]["flag"], "no clear difference: the interval of the difference covers 0"),
                  highlight=False, soft_wrap=True)
    if d["parts"]:
        print_never_ran(console, d["never_ran"], "its skills")
    else:
        console.print("its skills have no trigger, active or conversion to count", highlight=False)


def interval_table(title: str, rows: dict) -> RichTable:
    from rich.table import Table as RichTable
    from rich.text import Text

    t = RichTable(title=title, title_style="bold")
    t.add_column("")
    with_baseline = any("baseline" in r for r in rows.values())
    for col in ("played", "won", "rate", "95% interval") + (("baseline", "") if with_baseline else ()):
        t.add_column(col, justify="right")
    for name, r in rows.items():
        cells = [Text(printable(name)), str(r["played"]), str(r["won"]), _pct(r["rate"]),
                 f"{_pct(r['low'])}–{_pct(r['high'])}"]
        if with_baseline:
            cells += [_pct(r["baseline"]), {"above": "▲ above", "below": "▼ below"}.get(r["flag"], "")]
        t.add_row(*cells)
    return t


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"
