"""The files a designer saves at the table: the game's log (`spellcard replay`, `play --from LOG`) and
the moment as a `.spell` test. Both read the game while it waits for a person (or is over): the game
thread does not move then."""
from __future__ import annotations

import json
import sys

from spellcard.atomic import write_text
from spellcard.compiler.text.safe import printable

from .moment import NoMoment, checked, moment_text


class FileRefused(Exception):
    """The file cannot be made now; the message says why."""


def game_log(session) -> str:
    """The log `simulate --log` writes: its header (with the seats), the answers, every entry."""
    with session.cond:
        _paused(session)
        if session.setup.test is not None:
            raise FileRefused("a table set up by a test has no log to replay: save the moment instead")
        return log_text(session)


def log_text(session) -> str:
    game = session.game
    header = dict(session.setup.header)
    header["seats"] = ",".join(session.setup.seats)
    lines = [json.dumps({"header": header}, ensure_ascii=False, sort_keys=True),
             json.dumps({"answers": game.answers}, separators=(",", ":")), *game.log.lines()]
    return "\n".join(lines) + "\n"


def keep_log(session, path: str) -> None:
    """`play --log FILE`: the log written beside and renamed into place, so that a server stopped at
    any moment leaves the last whole one for `--from FILE`."""
    try:
        write_text(path, log_text(session))
    except OSError as err:
        if not session.warned:
            session.warned = True
            print(f"warning: cannot keep the log in {printable(path)}: {err.strerror}", file=sys.stderr)


def moment_test(session, seat: int) -> str:
    with session.cond:
        _paused(session)
        try:
            text = moment_text(session.game, session.setup, seat, f"moment at turn {session.game.turns}")
        except NoMoment as err:
            raise FileRefused(str(err)) from None
    try:
        return checked(text, session.setup)          # runs the test: the game may go on meanwhile
    except NoMoment as err:
        raise FileRefused(str(err)) from None


def _paused(session) -> None:
    if session.game is None or not session.paused():
        raise FileRefused("the bots are playing: save when the game waits for you")
