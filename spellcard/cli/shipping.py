"""The commands for shipping packs: `spellcard build` (a wheel) and `spellcard packs` (what is installed)."""
from __future__ import annotations

import json
from pathlib import Path

import click

from spellcard.compiler.pack import registry
from spellcard.compiler.pack.loader import PackNotFound, compile_pack


@click.command("build")
@click.argument("pack")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write the wheel into (created if missing).")
def build_cmd(pack: str, out_dir: Path) -> None:
    """Build PACK (a folder of .spell files) into a wheel, and print its path.

    The wheel holds the pack's sources, its compiled module and manifest, and registers the pack under
    entry point group `spellcard.packs`: after `pip install` the pack runs by name.
    """
    from spellcard.cli.main import load_target           # the command line's one way to report diagnostics
    from spellcard.wheel import BuildProblem, build_wheel

    if not Path(pack).is_dir():
        raise click.UsageError(f"{pack}: give the folder of the pack's .spell files")
    result = load_target(pack, (), show_warnings=True)
    readme = Path(pack) / "README.md"
    try:
        wheel = build_wheel(result, readme if readme.is_file() else None, out_dir)
    except BuildProblem as err:
        raise click.ClickException(str(err)) from None
    except OSError as err:
        raise click.ClickException(f"cannot write into {out_dir}: {err.strerror}") from None
    click.echo(str(wheel))


@click.command("packs")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def packs_cmd(as_json: bool) -> None:
    """List the packs found by name, built in and installed, with their versions and bases.

    When two distributions name one pack, the built-in one keeps the name (else the first by name);
    the other is listed as DISTRIBUTION:NAME, which is how a command names it."""
    rows = []
    # A pack two distributions name is listed once more for each that does not win: by the name that reaches it.
    shadowed = {f"{i.dist_name}:{name}": i for name, every in registry.clashes().items() for i in every[1:]}
    for name, found in [*registry.installed().items(), *shadowed.items()]:
        row = {"name": name, "installed_by": found.distribution, "compiled": found.compiled is not None}
        try:
            result = compile_pack(name)
        except PackNotFound as err:
            result, problem = None, str(err)
        else:
            problem = None if result.ok else f"has errors: spellcard check {name}"
        if problem is not None:
            row.update(version=None, base=None, title=None, problem=problem)
        else:
            pack = result.pack
            row.update(version=pack.version, title=pack.title, problem=None,
                       base=f"{pack.base} {pack.base_version}" if pack.base else None)
        rows.append(row)
    if as_json:
        click.echo(json.dumps({"packs": rows}, ensure_ascii=False, sort_keys=True))
        return
    from rich.console import Console     # rich is imported by the commands that print with it
    from rich.table import Table as RichTable

    t = RichTable(title="packs", title_style="bold")
    for header in ("name", "version", "base", "title", "installed by", "form"):
        t.add_column(header)
    for r in rows:
        form = r["problem"] or ("compiled" if r["compiled"] else "sources")
        t.add_row(r["name"], r["version"] or "", r["base"] or "", r["title"] or "", r["installed_by"], form)
    Console().print(t)
