"""`spellcard simulate`: seeded games between agents, summarised as tables or JSON, the first game's
log kept or printed as a seat saw it."""
from __future__ import annotations

import json
import sys
from typing import Optional

import attrs
import click

from spellcard.compiler.text.safe import printable

from .agents import agent_option, agent_options, search_options
from .main import (INTERRUPTED, UsageProblem, check_seat, lasting_ref, load_target, make_table, progress, settled,
                   with_files)


@click.command("simulate")
@click.argument("pack")
@click.option("--mode", help="The mode to play (may be left out when the pack has only one).")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True, help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Game i (from 0) uses seed SEED+i; same seed, same games.")
@click.option("--players", type=int, help="Number of players (default: the mode's minimum).")
@click.option("--characters", metavar="A,B,…",
              help="Character names by seat, given after the mode's setup; leave a name empty to keep "
                   "the mode's choice for that seat.")
@with_files
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, writable=True),
              help="Record the FIRST game (only) to this file, for `spellcard replay`.")
@click.option("--show-log", is_flag=True, help="Print the first game's log, readably.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The language the printed log says the pack's actions and phases in: its `says` "
                   "phrases and phase labels (the tool's own words stay English).")
@click.option("--seat", type=click.IntRange(min=0), metavar="N",
              help="With --show-log: print the game as seat N saw it (the cards it did not know read "
                   "\"a card\").")
@agent_option
@search_options
def simulate_cmd(pack: str, mode: Optional[str], games: int, seed: int, players: Optional[int],
                 characters: Optional[str], extra: tuple[str, ...], as_json: bool, log_path: Optional[str],
                 show_log: bool, lang: str, seat: Optional[int], agent: str, search_rollouts: Optional[int],
                 search_ms: Optional[float], search_policy: Optional[str]) -> None:
    """Play seeded games between agents and summarise them.

    Wins are reported by seat, by agent (when seats play different agents), by character and by
    each player attribute the pack's `show player` line names (without one: its enum attributes).

    Exits 1 when any game ended in an error (a rule loop, a rule fault, an illegal state).
    """
    from spellcard.simulate import Interrupted, log_header, simulate

    if as_json and show_log:
        raise UsageProblem("--show-log prints the game for people; it cannot be combined with --json")
    if seat is not None and not show_log:
        raise UsageProblem("--seat chooses whose view --show-log prints; add --show-log")
    pdef = load_target(pack, extra).pack
    settled()
    table = attrs.evolve(make_table(pdef, mode, players, characters), agent=agent,
                         agent_options=agent_options(pdef, search_rollouts, search_ms, search_policy))
    check_seat(seat, table.players)

    def header() -> dict:
        return log_header(table, seed, lasting_ref(pack), [lasting_ref(e) for e in extra])

    try:
        with progress(games, enabled=not as_json) as advance:
            batch = simulate(table, games, seed, log_first=bool(log_path or show_log), on_game=advance)
    except Interrupted as stop:         # Ctrl-C: keep what is finished, the logged game among it
        kept = f"; the first game's log is in {printable(log_path)}" if stop.batch and log_path else ""
        if kept:
            write_log(log_path, header(), stop.batch)
        done = stop.batch.tally.games if stop.batch else 0
        click.echo(f"interrupted after {done} of {games} games{kept}", err=True)
        sys.exit(INTERRUPTED)
    if log_path:
        write_log(log_path, header(), batch)
    summary = batch.tally.summary(batch.seconds)
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    else:
        from rich.console import Console        # tables for people; --json needs no rich

        from spellcard.summary import print_summary

        # No text printed here is an :emoji: code, and without them rich never loads its table of
        # emoji (a twentieth of a short simulate's start-up).
        console = Console(emoji=False)
        if show_log:
            from spellcard.render import outcome_line, render_game

            for line in render_game(batch.first, seat, lang):
                console.print(line, soft_wrap=True)     # one entry, one line, however long
            console.print(outcome_line(batch.first, batch.first_result), soft_wrap=True)
        print_summary(console, summary)
    sys.exit(1 if summary["errors"] else 0)


def write_log(log_path: str, header: dict, batch) -> None:
    """The first game's log, written beside and renamed: a full disk leaves the previous log, not a cut one."""
    from spellcard.atomic import replacing
    from spellcard.runtime.log import write_game

    try:
        with replacing(log_path) as f:
            write_game(f, header, batch.first.answers, batch.first.log)
    except OSError as err:
        raise click.ClickException(f"cannot write {printable(log_path)}: {err.strerror}") from None
