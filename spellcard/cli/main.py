"""The `spellcard` command: check, compile, simulate, replay, list and test rule packs.

Exit codes are part of the interface, so that scripts and CI can tell failures apart:
0 success; 1 the rules or a game are at fault (compile errors, games that ended in an error, a
replay that differs); 2 the command line is at fault (unknown pack, mode or character); 3 a bug in
spellcard itself, reported in one line instead of a traceback (SPELLCARD_DEBUG=1 shows it); 130
after Ctrl-C (what was finished is kept); `test` exits 5 when -k selects no test, as pytest does.
"""
from __future__ import annotations

import gc
import os
import sys
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional, Sequence

import click

from spellcard.compiler.pack import registry
from spellcard.compiler.pack.loader import Compiled, PackNotFound, compile_pack, resolve
from spellcard.compiler.text.safe import MAX_QUOTE, clip, printable

# Each command imports what only it needs (the runtime, rich, the test runner) when it runs: the
# wait for `spellcard check` is mostly imports.
if TYPE_CHECKING:
    from spellcard.runtime.defs import ModeDef, PackDef

    from spellcard.simulate import Table


INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + SIGINT, as a shell reports it."""


class UsageProblem(click.ClickException):
    """A mistake on the command line: exit 2, like click's own usage errors."""
    exit_code = 2


class Guarded(click.Group):
    """Turns any unexpected exception into one line and exit 3: a designer should never have to
    read a traceback to learn that the tool, not their rules, is at fault."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError):
            raise                   # click reports these itself (a closed pipe is `| head`, not a bug)
        except KeyboardInterrupt:   # Ctrl-C: one line and the shell's 130, not click's "Aborted!" and 1
            click.echo("interrupted", err=True)
            ctx.exit(INTERRUPTED)
        except Exception as err:
            if os.environ.get("SPELLCARD_DEBUG"):
                raise
            click.echo(f"internal error: {type(err).__name__}: {printable(err)} "
                       "(set SPELLCARD_DEBUG=1 for the traceback)", err=True)
            ctx.exit(3)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        if name not in self.commands and name in LAZY_COMMANDS:
            module, command = LAZY_COMMANDS[name]
            self.add_command(getattr(import_module(f"spellcard.{module}"), command), name)
        return self.commands.get(name)


@click.group(cls=Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spellcard", prog_name="spellcard", message="%(prog)s %(version)s")
def cli() -> None:
    """Check, compile, simulate, replay and test Spellcard rule packs.

    A PACK is a pack's name (built in, like thb, or installed: `spellcard packs` lists them), a
    folder of .spell files, one .spell file, or a folder `spellcard compile` wrote.
    """


def main() -> None:
    global WHOLE_PROCESS
    WHOLE_PROCESS = True
    gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
    try:
        cli(prog_name="spellcard")
    finally:
        # Python's shutdown looks for cycles among everything still alive (the modules, the pack, the
        # first game), a tenth of a one-game simulate; what is frozen it leaves to the counts that
        # free it anyway. Nothing is lost: output, files and atexit run as before.
        gc.freeze()


WHOLE_PROCESS = False
"""True when main() runs the command, so that the process ends with it; a caller of `cli` (the tests)
keeps its collector as it was: objects frozen are never looked at for cycles again."""


def settled() -> None:
    """What the command has made so far (the modules, the loaded pack) lives until the process ends:
    the cycle collector need not walk it again (a simulate's passes over the pack were 1.4% of its
    instructions per game)."""
    if WHOLE_PROCESS:
        gc.freeze()


# A command is one short process that makes a great many short-lived containers (a game's events,
# decisions and lists; a compile's trees), nearly all freed by their counts. The cycle collector's pass
# every 700 more of them than were freed (CPython's default) came 57 times in 20 eight-player games; at
# this threshold, 22 times: 0.5% fewer instructions, for about 1 MB more at the peak of a 200-game
# simulate. A finished game is freed by one of these passes (its players and cards refer to it).
COLLECT_EVERY = 20_000


with_files = click.option(
    "--with", "extra", multiple=True, metavar="FILE.spell",
    help="Add a designer's .spell file (or folder) to the pack; repeatable.")


# ── compiling ───────────────────────────────────────────────────────────────────
def compile_target(target: str, extra: Sequence[str] = (), use_cache: bool = True, load: bool = True) -> Compiled:
    try:
        return compile_pack(target, extra=extra, use_cache=use_cache, load=load)
    except PackNotFound as err:
        raise UsageProblem(printable(err)) from None


def load_target(target: str, extra: Sequence[str] = (), show_warnings: bool = False) -> Compiled:
    """A compiled, loaded pack; on errors, the diagnostics on stderr and exit 1."""
    result = compile_target(target, extra)
    if show_warnings or not result.ok:
        rendered = result.render(color=sys.stderr.isatty())
        if rendered:
            click.echo(rendered, err=True)
    if not result.ok:
        click.echo(summary_line(target, result), err=True)
        sys.exit(1)
    return result


def summary_line(target: str, result: Compiled) -> str:
    errors = sum(d.is_error for d in result.diagnostics)
    warnings = len(result.diagnostics) - errors
    lines = sum(len(s.data.splitlines()) for s in result.sources)
    return f"{printable(target)}: {_count(errors, 'error')}, {_count(warnings, 'warning')}, {lines} lines checked"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PACK...")
@click.option("--no-cache", is_flag=True, help="Compile from scratch, ignoring the compile cache.")
@with_files
def check(paths: tuple[str, ...], no_cache: bool, extra: tuple[str, ...]) -> None:
    """Report every problem in each pack (with the --with files added to each).

    Exits 1 if any pack has an error; warnings alone exit 0. A warning's code (warning[trigger-loop])
    is silenced on its line by a comment naming it and why: `# allow trigger-loop: it ends when …`.
    Every code is listed in docs/language.md, "What the checker tells you".
    """
    for target in paths + extra:    # all paths are checked for existence before any work starts
        try:
            resolve(target)
        except PackNotFound as err:
            raise UsageProblem(printable(err)) from None
    if WHOLE_PROCESS:
        # What a check makes (the trees, the symbols, the record) lives until it ends, and the process
        # with it: the cycle collector would only walk it (its first pass after the front end walks it
        # all, a seventh of a check after one edit).
        gc.disable()
    color = sys.stdout.isatty()
    failed = False
    for target in paths:
        if Path(target).is_file() and _only_tests(target):
            click.echo(f"{target}: holds only tests; check and run them with "
                       f"`spellcard test PACK --with {target}`")
            continue
        result = compile_target(target, extra, use_cache=not no_cache, load=False)
        if result.diagnostics:
            click.echo(result.render(color=color))
        click.echo(summary_line(target, result))
        failed = failed or not result.ok
    sys.exit(1 if failed else 0)


def _only_tests(path: str) -> bool:
    from spellcard.spelltest.suite import only_tests     # the test runner: only a file given alone can be tests

    return only_tests(path)


@cli.command("compile")
@click.argument("pack")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write <pack name>.py and manifest.json into (created if missing).")
@with_files
def compile_cmd(pack: str, out_dir: Path, extra: tuple[str, ...]) -> None:
    """Write the pack's generated Python module and its manifest, and print the module's path.

    The folder is itself a PACK: simulate, replay and list run it with the runtime alone. The same
    sources always give the same bytes.
    """
    from spellcard.compiler.pack.manifest import write_compiled

    result = load_target(pack, extra, show_warnings=True)
    path = out_dir / f"{result.pack.name}.py"
    try:
        write_compiled(out_dir, result.pack, result.code)
    except OSError as err:
        raise click.ClickException(f"cannot write {printable(path)}: {err.strerror}") from None
    click.echo(printable(path))


# ── simulating ──────────────────────────────────────────────────────────────────
def check_seat(seat: Optional[int], players: int) -> None:
    if seat is not None and seat >= players:
        raise UsageProblem(f"--seat {seat}: the game has seats 0 to {players - 1}")


def lasting_ref(target: str) -> str:
    """How a log names a pack source so that `replay` finds it from any folder: built-in pack
    names stay names (resolve prefers an existing path of that name), paths become absolute."""
    if not Path(target).exists() and registry.find(target) is not None:
        return target
    return os.path.abspath(target)


def make_table(pack: PackDef, mode: Optional[str], players: Optional[int], characters) -> Table:
    """Check the command line's (or a log's) choices against the pack and fill in the defaults.
    `characters` is the option's text ("A,,B") or a log's list of names."""
    from spellcard.simulate import Table, unknown_characters

    mode_def = pick_mode(pack, mode)
    n = mode_def.min_players if players is None else players
    if not mode_def.min_players <= n <= mode_def.max_players:
        raise UsageProblem(f"mode {mode_def.name} takes {span(mode_def.min_players, mode_def.max_players)} "
                           f"players, not {n}")
    if isinstance(characters, str):
        characters = characters.split(",")
    names = tuple(c.strip() for c in characters or ())
    if len(names) > n:
        raise UsageProblem(f"{len(names)} characters given for {n} players")
    unknown = unknown_characters(pack, names)
    if unknown:
        raise UsageProblem(f"unknown character {clip(unknown[0], MAX_QUOTE)!r}; {hint(unknown[0], pack.characters)}"
                           f"the pack has: {', '.join(pack.characters)}")
    return Table(pack, mode_def.name, n, names)


def span(lo: int, hi: int) -> str:
    """A range of counts as people write it: `2` or `2–8`."""
    return str(lo) if lo == hi else f"{lo}–{hi}"


def pick_mode(pack: PackDef, mode: Optional[str]) -> ModeDef:
    if mode is None:
        if len(pack.modes) == 1:
            return next(iter(pack.modes.values()))
        raise UsageProblem(f"--mode is needed; the pack has: {', '.join(pack.modes) or 'no modes'}")
    if mode not in pack.modes:
        raise UsageProblem(f"unknown mode {clip(mode, MAX_QUOTE)!r}; {hint(mode, pack.modes)}"
                           f"the pack has: {', '.join(pack.modes) or 'no modes'}")
    return pack.modes[mode]


def hint(name: str, known) -> str:
    """"did you mean `Identity5Mode`? " for a name close to a known one (in any letter case), else ""."""
    from spellcard.suggest import did_you_mean

    found = did_you_mean(name, known)
    return f"{found} " if found else ""


@contextmanager
def progress(total: int, enabled: bool, label: str = "simulating") -> Iterator:
    """A progress bar on stderr, only for a person watching a terminal; yields `advance(n=1)`.
    rich is imported only when it may be shown: its progress bar was a sixth of a short simulate."""
    console = None
    if enabled:
        from rich.console import Console

        console = Console(stderr=True)
    if console is None or not console.is_terminal:
        yield lambda n=1: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n=1: bar.advance(task, n)


# The other commands live in modules of their own, imported when named (or listed, for --help): a
# simulate need not import the test runner, the doc site or the explorer. They read this module.
LAZY_COMMANDS = {"simulate": ("cli.simulate", "simulate_cmd"), "replay": ("cli.replay", "replay_cmd"), "list": ("cli.listing", "list_cmd"),
                 "build": ("cli.shipping", "build_cmd"), "packs": ("cli.shipping", "packs_cmd"),
                 "test": ("cli.spelltests", "test_cmd"), "explain": ("cli.doc", "explain_cmd"),
                 "doc": ("cli.doc", "doc_cmd"), "new": ("cli.new", "new_cmd"),
                 "explore": ("cli.explore", "explore_cmd"), "balance": ("cli.balance", "balance_cmd"),
                 "play": ("cli.play", "play_cmd"), "cache": ("cli.cache", "cache_cmd")}


# ── editor support ─────────────────────────────────────────────────────────────
@cli.command("lsp")
def lsp_cmd() -> None:
    """Run the language server on stdin/stdout, for an editor's LSP client (see docs/editors.md).

    A file in a folder with a `pack` line is checked with that folder's pack; a loose file joins
    the pack named by `pack = "…"` in the nearest spellcard.toml, or `[tool.spellcard]` in pyproject.toml.
    """
    from spellcard.lsp.server import run
    run()
