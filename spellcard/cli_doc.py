"""`spellcard explain`, `spellcard doc` and `spellcard new`: the designer's reference, and a start."""
from __future__ import annotations

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
