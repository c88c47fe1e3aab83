"""The game log: every state change and decision, as JSON lines, enough to replay and to render."""
from __future__ import annotations

import json

from .model import Card, Play


class GameLog:
    """`chosen` is beside the entries, not in them (a log file stays as it was): for a decision's
    entry, the physical card ids behind each chosen option that names a card (() for one that names
    none), so a seat's log can name only what that seat knew (spellcard/seen_log.py). A replay
    rebuilds it, as it rebuilds the game."""
    __slots__ = ("enabled", "entries", "chosen")

    def __init__(self, enabled: bool = False):
        self.enabled = enabled
        self.entries: list[tuple] = []
        self.chosen: dict[int, tuple] = {}

    def add(self, kind: str, *data) -> None:
        self.entries.append((kind, *data))

    def lines(self) -> list[str]:
        return [json.dumps(list(e), ensure_ascii=False, separators=(",", ":")) for e in self.entries]


def chosen_cards(d, picked) -> tuple:
    """The physical card ids behind each picked option of the decision `d` (() where an option names
    no card), or () if none names a card."""
    ids = []
    for i in picked:
        o = d.options[i]
        card = o.card if isinstance(o, Play) else o
        ids.append(tuple(c.id for c in card.physical) if isinstance(card, Card) else ())
    return tuple(ids) if any(ids) else ()


def write_game(path, header: dict, answers: list, log: GameLog) -> None:
    """One game: a header line (pack, mode, seed, players), the answers line, then the events.
    `path` may be a file open for writing text (the command line's, written beside and renamed)."""
    if not hasattr(path, "write"):
        with open(path, "w", encoding="utf-8") as f:
            return write_game(f, header, answers, log)
    f = path
    f.write(json.dumps({"header": header}, ensure_ascii=False, sort_keys=True) + "\n")
    f.write(json.dumps({"answers": answers}, separators=(",", ":")) + "\n")
    for line in log.lines():
        f.write(line + "\n")


def read_game(path) -> tuple[dict, list, list[str]]:
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())["header"]
        answers = json.loads(f.readline())["answers"]
        events = [line.rstrip("\n") for line in f]
    return header, answers, events
