"""`spellcard new PACK DIR`: a minimal pack that checks, simulates and passes its tests, to start a
new game from (the files are in spellcard/starter/, with the pack's name filled in)."""
from __future__ import annotations

import re
from pathlib import Path

import click

from spellcard.compiler.text.safe import printable

from .main import UsageProblem

FILES = ("pack.spell", "tests/first.spell", "README.md")
_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def write_starter(name: str, out: Path, title: str, into: Path | None = None) -> list[Path]:
    """The starter's files for a pack in `out`, written into `into` (a staged folder) or `out`."""
    from importlib import resources     # not at import: every command imports this module
    written = []
    for rel in FILES:
        text = resources.files("spellcard.starter").joinpath(rel).read_text("utf-8")
        text = text.replace("{{NAME}}", name).replace("{{TITLE}}", title).replace("{{DIR}}", out.as_posix())
        path = (into or out) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        written.append(out / rel)
    return written


@click.command("new")
@click.argument("pack")
@click.argument("directory", metavar="DIR", type=click.Path(file_okay=False))
@click.option("--title", default=None, help="The pack's display name (default: PACK).")
def new_cmd(pack: str, directory: str, title) -> None:
    """Write a minimal working pack named PACK into DIR: a deck, a hand, a draw, one phase, one
    turn, one mode, one card, two characters and two tests. It checks, simulates and tests clean.

    DIR must not exist yet, or be empty. Exits 2 on a bad name or a folder in use.
    """
    if not _NAME.match(pack):
        raise UsageProblem(f"`{printable(pack)}` is not a pack name: use lower-case letters, digits and `_`, "
                           "starting with a letter (e.g. `my_game`)")
    out = Path(directory)
    if out.exists() and any(out.iterdir()):
        raise UsageProblem(f"{printable(directory)}: the folder is not empty; give a new folder")
    from spellcard.atomic import replacing_folder
    try:
        with replacing_folder(out) as staged:   # the pack appears whole, or not at all
            files = write_starter(pack, out, title or pack, into=staged)
    except OSError as err:
        raise click.ClickException(f"cannot write {printable(directory)}: {err.strerror or err}") from None
    for f in files:
        click.echo(f"wrote {printable(f.as_posix())}")
    click.echo(f"next: spellcard check {printable(directory)} && spellcard test {printable(directory)}")
