"""`spellcard explain`, `spellcard doc` and `spellcard new`: the designer's reference, and a start."""
from __future__ import annotations

from pathlib import Path

import click

from spellcard.compiler.pack import PackNotFound
from spellcard.compiler.text import printable

from .cli import UsageProblem, with_files
from .suggest import did_you_mean


def _reference(pack: str, extra):
    from .doc.reference import PackError, load_reference
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
    from .doc.explain import explain
    ref = _reference(pack, extra)
    found = ref.find(name)
    if not found:
        known = [e.name for e in ref.entries] + [e.label for e in ref.entries if e.label]
        hint = did_you_mean(name, known)
        raise UsageProblem(f"{printable(pack)} has no card, skill, character, mode, action, function or "
                           f"other name `{printable(name)}`" + (f"; {hint}" if hint else ""))
    click.echo("\n\n".join(explain(ref, e) for e in found))


_DOCS = Path(__file__).resolve().parent.parent / "docs"
_CHAPTERS = {"language.html": "language.md", "testing.html": "testing.md"}


@click.command("doc")
@click.argument("pack")
@with_files
@click.option("-o", "--out", "out", required=True, type=click.Path(file_okay=False), metavar="DIR",
              help="The folder to write the site into (created if missing).")
def doc_cmd(pack: str, extra: tuple[str, ...], out: str) -> None:
    """Write PACK's reference as a static site into DIR: the card gallery, characters, skills, modes,
    the vocabulary (actions with their windows and fields, queries, functions, built-ins, zones,
    counters, attributes, enums), the language and testing chapters, and a search box.

    Open DIR/index.html in a browser; no server is needed.
    """
    from .doc.site import write_site
    ref = _reference(pack, extra)
    docs = {page: (_DOCS / md).read_text("utf-8") for page, md in _CHAPTERS.items() if (_DOCS / md).is_file()}
    files = write_site(ref, Path(out), docs)
    click.echo(f"{printable(out)}: {len(files)} files; open {printable(str(Path(out) / 'index.html'))}")
