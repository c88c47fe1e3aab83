"""Reading a recorded game without trusting it: a log file may come from anyone, so its size, its
nesting and the type of every header field are checked before anything in it is used.

Each header field is checked for its type here, and which files a replay may read (`sources_to_read`:
only what the command line names, unless the user trusts the log); the mode and seats it names are
checked against the pack by the command that replays it.
"""
from __future__ import annotations

import json
import os
from typing import Optional, Sequence

import attrs

from spellcard.compiler.pack import registry
from spellcard.compiler.text.safe import clip, code_marks, printable

MAX_LOG_BYTES = 128 * 1024 * 1024
"""A 500-turn game of eight players logs a few MB; anything much larger is not a spellcard log."""
MAX_HEADER_BYTES = 64 * 1024
MAX_NESTING = {"header": 3, "answers": 3}
"""A header holds lists of names; answers are option numbers or lists of them."""
MAX_PLAYERS = 1000


class BadLog(Exception):
    """The file is not a game log spellcard can replay; the message says why."""


class NotNamed(Exception):
    """The log names a file the command line does not: it is not read, and the message says how to."""


@attrs.frozen
class Recorded:
    header: dict
    answers: list
    events: list


HEADER_FIELDS = {"pack": str, "mode": str, "seed": int, "players": int, "source_hash": str}
OPTIONAL_FIELDS = {"with": list, "characters": list, "agent": str, "pack_name": str, "pack_version": str}


def read_recorded(path: str) -> Recorded:
    """The header, the answers and the event lines of a log, each checked for shape; BadLog if not."""
    try:
        size = os.path.getsize(path)
        if size > MAX_LOG_BYTES:
            raise BadLog(f"the file is {size // (1024 * 1024)} MB; a game log is at most "
                         f"{MAX_LOG_BYTES // (1024 * 1024)} MB")
        with open(path, encoding="utf-8") as f:
            head = f.readline(MAX_HEADER_BYTES + 1)
            if len(head) > MAX_HEADER_BYTES:
                raise BadLog(f"its first line is longer than {MAX_HEADER_BYTES // 1024} KB; a log header is short")
            header = _field(head, "header", 1)
            answers = _field(f.readline(), "answers", 2)
            events = [line.rstrip("\n") for line in f]
    except UnicodeDecodeError as err:
        raise BadLog(f"it is not UTF-8 text (byte {err.start} of a line)") from None
    except OSError as err:
        raise BadLog(err.strerror or str(err)) from None
    _check_header(header)
    _check_answers(answers)
    return Recorded(header, answers, events)


def _field(line: str, key: str, number: int):
    depth = _nesting(line)
    if depth > MAX_NESTING[key] + 1:        # +1: the object that wraps the field
        raise BadLog(f"line {number} is nested {depth} deep; a log's {key} line is at most {MAX_NESTING[key] + 1}")
    try:
        data = json.loads(line)
    except ValueError as err:
        raise BadLog(f"line {number} is not JSON ({err})") from None
    if not isinstance(data, dict) or key not in data:
        raise BadLog(f"line {number} should be {{\"{key}\": …}}")
    return data[key]


def _nesting(text: str) -> int:
    """The deepest bracket nesting of a JSON text, brackets inside strings ignored; no recursion."""
    depth = deepest = 0
    for _, ch in code_marks(text, "[]{}", comments=False):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _check_header(header) -> None:
    if not isinstance(header, dict):
        raise BadLog("its header is not an object")
    missing = [k for k in HEADER_FIELDS if k not in header]
    if missing:
        raise BadLog(f"the log header lacks {', '.join(missing)}")
    for fields, required in ((HEADER_FIELDS, True), (OPTIONAL_FIELDS, False)):
        for key, kind in fields.items():
            value = header.get(key)
            if value is None and not required:
                continue
            problem = _type_problem(value, kind)
            if problem:
                raise BadLog(f"the header's {key} is {_short(value)}; it should be {problem}")
    if not 1 <= header["players"] <= MAX_PLAYERS:
        raise BadLog(f"the header's players is {header['players']}; a game has 1 to {MAX_PLAYERS} players")
    for key in ("with", "characters"):
        for v in header.get(key) or []:
            if type(v) is not str:
                raise BadLog(f"the header's {key} holds {_short(v)}; it should hold only names (text)")


def _type_problem(value, kind) -> Optional[str]:
    if kind is int:
        return None if type(value) is int else "a whole number"
    if kind is str:
        return None if type(value) is str else "text"
    return None if type(value) is list else "a list"


def _check_answers(answers) -> None:
    if type(answers) is not list:
        raise BadLog("its answers are not a list")
    for i, a in enumerate(answers, 1):
        if type(a) is int or type(a) is list and all(type(x) is int for x in a):
            continue
        raise BadLog(f"recorded answer {i} is {_short(a)}; an answer is an option number or a list of them")


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 60 else text[:59] + "…"


# ── which files a replay may read ───────────────────────────────────────────────
def sources_to_read(header: dict, pack_source: Optional[str], extra: Sequence[str],
                    trust_log: bool) -> tuple[str, list[str]]:
    """The pack and extra files to replay with: those on the command line, an installed pack the log
    names, or what the log names when the user said --trust-log; never a path only the log gives."""
    named, logged_with = header["pack"], header.get("with") or []
    trusted = []                    # paths only the log gives, read because the user said --trust-log
    if pack_source is not None:
        target = pack_source
    elif (found := registry.find(named)) is not None:
        target = str(found.compiled or found.sources)   # the installed pack, even if a folder here has its name
    elif trust_log:
        target = named
        trusted.append(named)
    else:
        raise NotNamed(f"the log was played with the pack at {logged_path(named)}; name it with --pack, "
                       "or add --trust-log to read the path the log names")
    if extra or not logged_with:
        files = list(extra)
    elif trust_log:
        files = list(logged_with)
        trusted.extend(files)
    else:
        raise NotNamed(f"the log was played with --with {', '.join(logged_path(w) for w in logged_with)}; "
                       "name those files again with --with, or add --trust-log to read the paths the log names")
    for path in trusted:
        if not (path.endswith(".spell") or os.path.isdir(path)):
            raise NotNamed(f"the log names {logged_path(path)}, which is not a .spell file or a folder; it is not read")
    return target, files


def logged_path(path: str) -> str:
    """A path a log names, as an error shows it: escaped, and only its start if it is very long."""
    return clip(printable(path), 120)
