"""`spellcard play`: seat people and bots at a pack's game and serve the table in the browser."""
from __future__ import annotations

import random
import socket
import sys
from typing import Optional

import click

from spellcard.compiler.text.safe import MAX_QUOTE, clip, printable

from spellcard.cli.main import UsageProblem, lasting_ref, load_target, make_table, pick_mode, with_files

HUMAN = "human"
DEFAULT_BOT = "search"


@click.command("play")
@click.argument("pack")
@click.option("--mode", help="The mode to play (may be left out when the pack has only one).")
@click.option("--seats", metavar="A,B,…",
              help="Who sits where, by seat: `human`, or an agent (search, random, greedy). Default: one "
                   "person at seat 0 and the search agent at the others. Several `human` seats in one "
                   "browser is hot seat: the `hot seat` URL switches between them.")
@click.option("--players", type=int, help="Number of players (default: as many as --seats names, else the mode's minimum).")
@click.option("--characters", metavar="A,B,…", help="Character names by seat, as `simulate` takes them.")
@with_files
@click.option("--seed", type=int, help="The game's seed (default: a random one, printed).")
@click.option("--from", "from_file", type=click.Path(exists=True, dir_okay=False), metavar="LOG|TEST",
              help="Resume a game from its log (saved at the table or by `simulate --log`), or play on from a "
                   ".spell test's setup (its statements but its expectations, then people and bots).")
@click.option("--log", "keep", type=click.Path(dir_okay=False, writable=True), metavar="FILE",
              help="Keep the game's log in FILE, written each time the game waits for a person and at its "
                   "end: after a restart, `--from FILE` resumes the game where it was.")
@click.option("--test", "test_name", metavar="TITLE", help="With --from FILE.spell: the test to play (default: the first).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to serve on; 0.0.0.0 lets others on your network join (with a seat's URL).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True, help="0 picks a free port.")
@click.option("--bot-ms", type=click.FloatRange(min=1), default=1000, show_default=True,
              help="A search bot's time budget per decision, in milliseconds.")
@click.option("--tools/--no-tools", default=None,
              help="The designer's tools (take back, save the log, save the moment as a test), which show "
                   "the whole game: on by default only when one person sits at the table.")
@click.option("--no-open", is_flag=True, help="Do not open the first seat in the browser.")
@click.option("--terminal", is_flag=True,
              help="Play the one person's seat here in the terminal instead of serving a page (over SSH).")
def play_cmd(pack: str, mode: Optional[str], seats: Optional[str], players: Optional[int],
             characters: Optional[str], extra: tuple, seed: Optional[int], from_file: Optional[str],
             keep: Optional[str], test_name: Optional[str], host: str, port: int, bot_ms: float,
             tools: Optional[bool], no_open: bool, terminal: bool) -> None:
    """Play a pack's game in the browser: people at some seats, bots at the others.

    Prints one URL per person's seat (`seat N: URL`, each with a secret token: whoever has it plays
    that seat) and one for watchers (`watch: URL`, the public table only), then serves until Ctrl-C.
    docs/play.md describes the table and its seat protocol (JSON over a WebSocket), which any program can speak.
    """
    from spellcard.runtime.agents.registry import AGENTS

    from spellcard.cli.agents import agent_options
    from spellcard.table.session import Setup

    pdef = load_target(pack, extra).pack
    if keep is not None and from_file is not None and from_file.endswith(".spell"):
        raise UsageProblem("--log keeps a game's log; a table set up by a test (--from TEST) has none")
    answers, test, header_seats, log_header = (), None, None, None
    if from_file is not None and from_file.endswith(".spell"):
        test, mode, players = _from_test(pdef, from_file, test_name)
    elif from_file is not None:
        header, answers = _from_log(pdef, from_file)
        mode, players, characters, seed = header["mode"], header["players"], header.get("characters"), header["seed"]
        header_seats = header.get("seats") if isinstance(header.get("seats"), str) else None
    if seats is None:
        seats = header_seats
    kinds = [k.strip() for k in seats.split(",")] if seats else []
    if players is None and kinds:
        players = len(kinds)
    table = make_table(pdef, mode, players, characters) if test is None else None
    n = table.players if table is not None else players
    if not kinds:
        kinds = [HUMAN] + [DEFAULT_BOT] * (n - 1)
    if len(kinds) != n:
        raise UsageProblem(f"--seats names {len(kinds)} seats; the game has {n}")
    for k in kinds:
        if k != HUMAN and k not in AGENTS:
            raise UsageProblem(f"unknown seat {clip(k, MAX_QUOTE)!r}; a seat is human or one of: "
                               f"{', '.join(sorted(AGENTS))}")
    if HUMAN not in kinds:
        raise UsageProblem("no seat is human: `spellcard simulate` plays bots against bots")
    seed = random.randrange(1_000_000) if seed is None else seed
    if table is not None:
        from ..simulate import log_header as make_header

        log_header = make_header(table, seed, lasting_ref(pack), [lasting_ref(e) for e in extra])
        log_header.pop("agent", None)
    setup = Setup(pack=pdef, pack_target=pack, extra=tuple(extra), mode=table.mode if table else mode,
                  players=n, characters=table.characters if table else (), seed=seed, seats=tuple(kinds),
                  agent_options=agent_options(pdef, None, bot_ms, None), answers=tuple(answers), test=test,
                  tools=kinds.count(HUMAN) == 1 if tools is None else tools, header=log_header or {}, keep=keep)
    if terminal:
        if kinds.count(HUMAN) != 1 or from_file is not None:
            raise UsageProblem("--terminal plays one person's seat of a new game: one `human` in --seats, no --from")
        from spellcard.table.terminal import play_in_terminal

        play_in_terminal(setup)
        return
    serve(setup, host, port, no_open)


def _from_test(pdef, path: str, name: Optional[str]):
    from spellcard.spelltest import nodes as T

    from spellcard.table.moment import NoMoment, read_test

    try:
        test = read_test(path, name)
    except NoMoment as err:
        raise UsageProblem(printable(err)) from None
    seats = next((st for st in test.stmts if isinstance(st, T.Seats)), None)
    if seats is None:
        raise UsageProblem(f"{printable(path)}: the test seats nobody")
    n = len(seats.seats)
    named = next((st.name for st in test.stmts if isinstance(st, T.Mode)), None)
    if named is not None:
        return test, pick_mode(pdef, named).name, n
    fits = [m.name for m in pdef.modes.values() if m.min_players <= n <= m.max_players]
    return test, (fits or list(pdef.modes))[0], n


def _from_log(pdef, path: str):
    from spellcard.cli.replay import pack_differences
    from ..recorded import BadLog, read_recorded

    try:
        game = read_recorded(path)
    except BadLog as err:
        raise UsageProblem(f"{printable(path)}: not a spellcard game log: {err}") from None
    changed = pack_differences(game.header, pdef)
    if changed:
        raise UsageProblem(f"{printable(path)}: the pack is not the one this game was logged with ({'; '.join(changed)})")
    return game.header, game.answers


def serve(setup, host: str, port: int, no_open: bool) -> None:
    """Bind first (a busy port is a one-line error, and port 0 is known), print the URLs, then serve."""
    import uvicorn

    from spellcard.table.server import WS_MAX_SIZE, make_app
    from spellcard.table.session import Session

    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Accepted connections inherit it: an answer's "accepted" and the frame that follows it are two
        # small writes, and without it the second waited for the page's delayed ACK (some 40 ms).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(128)            # connections wait in the backlog until uvicorn serves: the URLs work once printed
    except OSError as err:
        raise click.ClickException(f"cannot serve on {printable(host)}:{port}: {err.strerror}") from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: serving on {host}: anyone who can reach this machine and has a seat's URL "
                   "can take that seat", err=True)
    session = Session(setup)
    base = f"http://{_shown_host(host)}:{sock.getsockname()[1]}"
    for seat, token in session.tokens.items():
        click.echo(f"seat {seat}: {base}/seat/{token}")
    if len(session.tokens) > 1:
        click.echo(f"hot seat: {base}/seat/{session.hot_token}")
    click.echo(f"watch: {base}/seat/{session.watch_token}")
    click.echo(f"seed: {setup.seed}")
    sys.stdout.flush()
    session.start()
    if not no_open:
        import webbrowser

        webbrowser.open(f"{base}/seat/{session.tokens[setup.humans[0]]}")
    config = uvicorn.Config(make_app(session), log_level="warning", ws_max_size=WS_MAX_SIZE, lifespan="off")
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:           # Ctrl-C is how a table is closed: uvicorn raises it again once done
        pass
    finally:
        session.close()
    click.echo("table closed" + (f"; its log is in {printable(setup.keep)}" if setup.keep else ""))


def _shown_host(host: str) -> str:
    if host in ("0.0.0.0", "::"):
        return socket.gethostname()
    return f"[{host}]" if ":" in host else host
