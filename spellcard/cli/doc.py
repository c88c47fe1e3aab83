"""`spellcard explain`, `spellcard doc` and `spellcard new`: the designer's reference, and a start."""
from __future__ import annotations

from pathlib import Path

import click

from spellcard.compiler.pack.loader import PackNotFound
from spellcard.compiler.text.safe import printable

from .main import UsageProblem, with_files
from spellcard.suggest import did_you_mean


def _reference(pack: str, extra):
    from spellcard.doc.reference import PackError, load_reference
    try:
        return load_reference(pack, extra)
    except PackNotFound as err:
        raise UsageProblem(printable(err)) from None
    except PackError as err:
        click.echo(err.rendered, err=True)
        raise SystemExit(1)


@click.command("explain")
@click.argument("pack")
@click.argument("name")
@with_files
def explain_cmd(pack: str, name: str, extra: tuple[str, ...]) -> None:
    """What NAME is in PACK: a card, skill, character, mode, action, function, query, built-in, zone,
    counter, attribute or enum, by its name or its label (Borrow or 借走).

    Shows the printed text beside the rules text generated from the definition (Chinese and English),
    where it is defined, its windows, fields or signature, and the tests about it. Exits 2 if PACK
    has no such name.
    """
    from spellcard.doc.explain import explain
    ref = _reference(pack, extra)
    found = ref.find(name)
    if not found:
        known = [e.name for e in ref.entries] + [e.label for e in ref.entries if e.label]
        hint = did_you_mean(name, known)
        raise UsageProblem(f"{printable(pack)} has no card, skill, character, mode, action, function or "
                           f"other name `{printable(name)}`" + (f"; {hint}" if hint else ""))
    click.echo("\n\n".join(explain(ref, e) for e in found))


_DOCS = Path(__file__).resolve().parents[2] / "docs"
_CHAPTERS = {"tutorial.html": "tutorial.md", "language.html": "language.md", "testing.html": "testing.md"}


@click.command("doc")
@click.argument("pack")
@with_files
@click.option("-o", "--out", "out", required=True, type=click.Path(file_okay=False), metavar="DIR",
              help="The folder to write the site into (created if missing).")
@click.option("--simulate", "games", type=click.IntRange(min=1), metavar="N",
              help="Play N seeded games per mode and show each character's win rate (played, won, rate).")
@click.option("--mode", "modes", multiple=True, metavar="MODE",
              help="With --simulate: the mode to play (repeatable; default: every mode).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="With --simulate: game i (from 0) of each mode uses seed SEED+i, as in `simulate`.")
def doc_cmd(pack: str, extra: tuple[str, ...], out: str, games, modes: tuple[str, ...], seed: int) -> None:
    """Write PACK's reference as a static site into DIR: the card gallery, characters, skills, modes,
    the vocabulary (actions with their windows and fields, queries, functions, built-ins, zones,
    counters, attributes, enums), the language and testing chapters, and a search box.

    With --simulate N, each character's page and the character list show its win rate over N
    games of each mode (random agents, the mode's smallest table), and each character's page how
    often each of its skills ran and each part that never ran, with the condition that never held. Exits 1 if any of those games
    ended in an error (the site is written all the same).

    Open DIR/index.html in a browser; no server is needed.
    """
    from spellcard.atomic import replacing_folder
    from spellcard.doc.site import write_site
    if modes and games is None:
        raise UsageProblem("--mode chooses what --simulate plays: give --simulate N too")
    ref = _reference(pack, extra)
    rates = _win_rates(pack, extra, games, modes, seed) if games else None
    docs = {page: (_DOCS / md).read_text("utf-8") for page, md in _CHAPTERS.items() if (_DOCS / md).is_file()}
    try:
        with replacing_folder(out) as staged:   # the site appears whole, or the previous one stays
            files = write_site(ref, staged, docs, rates)
    except OSError as err:                      # a read-only folder, a full disk, a file named like DIR
        raise click.ClickException(f"cannot write {printable(out)}: {err.strerror or err}") from None
    click.echo(f"{printable(out)}: {len(files)} files; open {printable(str(Path(out) / 'index.html'))}")
    if rates is not None and rates.errors:
        click.echo(f"{rates.errors} simulated games ended in an error; the first: {printable(rates.first_error)}",
                   err=True)
        raise SystemExit(1)


def _win_rates(pack: str, extra, games: int, modes: tuple[str, ...], seed: int):
    from .main import load_target, pick_mode, progress
    from spellcard.doc.winrates import win_rates
    from spellcard.balance.unfired import sources_of
    compiled = load_target(pack, extra)
    pdef = compiled.pack
    names = [pick_mode(pdef, m).name for m in modes] or list(pdef.modes)
    with progress(games * len(names), enabled=True) as advance:
        return win_rates(pdef, names, games, seed, on_game=advance, sources=sources_of(compiled))
