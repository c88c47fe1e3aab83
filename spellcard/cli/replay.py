"""`spellcard replay`: re-run a logged game, print it as a seat saw it, or write a viewer."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

import attrs
import click

from spellcard.compiler.text.safe import MAX_QUOTE, clip, printable

from .main import UsageProblem, check_seat, load_target, make_table, with_files

if TYPE_CHECKING:
    from spellcard.runtime.defs import PackDef

@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--pack", "pack_source", metavar="PACK",
              help="The pack folder or file to replay with, when the log names a path rather than a "
                   "built-in pack.")
@with_files
@click.option("--trust-log", is_flag=True,
              help="Read the pack folder and the --with files the log names instead (a log can name "
                   "any path, so this is never done unasked).")
@click.option("--show-log", is_flag=True, help="Print the replayed game's log, readably.")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="The language the printed log says the pack's actions and phases in: its `says` "
                   "phrases and phase labels (the tool's own words stay English).")
@click.option("--seat", type=click.IntRange(min=0), metavar="N",
              help="Show the game as seat N saw it: print its log so (the cards it did not know read "
                   "\"a card\"), or write the --html viewer for that seat alone.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, writable=True), metavar="OUT",
              help="Write a replay viewer to OUT: one self-contained HTML page that steps through the "
                   "game (buttons, arrow keys) and shows the table as the chosen seat saw it.")
@click.option("--table", "as_table", is_flag=True,
              help="With --html: the viewer is the play table (`spellcard play`), read-only; it steps by turn "
                   "and by the seat's decisions.")
def replay_cmd(log_file: str, pack_source: Optional[str], extra: tuple[str, ...], trust_log: bool,
               show_log: bool, lang: str, seat: Optional[int], html_out: Optional[str], as_table: bool = False) -> None:
    """Re-run a game logged by `simulate --log`; print it (--show-log, --seat) or write a viewer (--html).

    Only files named on this command line are read (besides a built-in pack the log names): a pack
    folder with --pack and extra .spell files with --with, or, with --trust-log, the paths the log
    names (.spell files and folders only).
    The log printed, or the viewer written, is the whole game by default; with --seat N, only what
    seat N saw: its own hidden zones, public ones, the cards shown to it, and of the rest how many.
    Exits 0 if the replay reproduces the log event for event; 1 at the first difference, if the
    pack (name, version, sources) is not the one the game was logged with, or if the game ended in a
    rule fault; 2 if the log is malformed or does not fit the pack.
    """

    from rich.console import Console

    from spellcard.recorded import BadLog, NotNamed, logged_path, read_recorded, sources_to_read
    from spellcard.render import render_game
    from spellcard.simulate import replay, unknown_agents

    if as_table and not html_out:
        raise UsageProblem("--table says how --html draws its viewer; add --html OUT")

    try:
        game = read_recorded(log_file)
    except BadLog as err:
        raise UsageProblem(f"{printable(log_file)}: not a spellcard game log: {err}") from None
    header = game.header
    try:
        target, files = sources_to_read(header, pack_source, extra, trust_log)
    except NotNamed as err:
        raise UsageProblem(f"{printable(log_file)}: {err}") from None
    pack = load_target(target, files).pack
    changed = pack_differences(header, pack)
    if changed:
        click.echo(f"the pack {logged_path(header['pack'])} is not the one this game was logged with "
                   f"({'; '.join(changed)}); it cannot be replayed", err=True)
        sys.exit(1)
    try:
        table = make_table(pack, header["mode"], header["players"], header.get("characters") or ())
    except UsageProblem as err:
        raise UsageProblem(f"{printable(log_file)}: the log does not fit the pack: {err.message}") from None
    agent = header.get("agent") or "random"
    if not isinstance(agent, str) or unknown_agents(agent):
        raise UsageProblem(f"{printable(log_file)}: unknown agent {clip(str(agent), MAX_QUOTE)!r} in the log")
    check_seat(seat, table.players)
    outcome = replay(attrs.evolve(table, agent=agent), header["seed"], game.answers, game.events)
    if outcome.difference is None and (show_log or seat is not None and not html_out):
        console = Console()
        for line in render_game(outcome.game, seat, lang):
            console.print(line, soft_wrap=True)
    if outcome.difference is None and html_out:
        from spellcard.doc.replay import write_viewer
        try:
            if as_table:
                from spellcard.table.replay_page import write_table_replay

                write_table_replay(html_out, attrs.evolve(table, agent=agent), header["seed"], game.answers, seat,
                                   target, files)
            else:
                write_viewer(html_out, outcome.game, header, seat)
        except OSError as err:
            raise click.ClickException(f"cannot write {printable(html_out)}: {err.strerror}") from None
    if outcome.difference is not None:
        click.echo("replay differs: " + "\n".join(map(printable, outcome.difference.split("\n"))))
        sys.exit(1)
    click.echo(f"replay matches ({outcome.events} events)")
    if html_out:
        click.echo(f"viewer: {printable(html_out)}")
    if outcome.error is not None:           # a faithful replay of a game that ended in a rule fault
        click.echo(f"the game ended with {type(outcome.error).__name__}: {outcome.error}")
        sys.exit(1)


def pack_differences(header: dict, pack: PackDef) -> list[str]:
    """What differs between the pack a log names (name, version, source hash) and the one found."""
    logged = {"name": header.get("pack_name", pack.name), "version": header.get("pack_version", pack.version),
              "source hash": header["source_hash"]}
    found = {"name": pack.name, "version": pack.version, "source hash": pack.source_hash}
    return [f"{k} {clip(printable(str(logged[k])), MAX_QUOTE)} in the log, {found[k]} now"
            for k in logged if logged[k] != found[k]]
