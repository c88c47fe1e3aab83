"""The game log: every state change and decision, as JSON lines, enough to replay and to render."""
from __future__ import annotations

import json


class GameLog:
    __slots__ = ("enabled", "entries")

    def __init__(self, enabled: bool = False):
        self.enabled = enabled
        self.entries: list[tuple] = []

    def add(self, kind: str, *data) -> None:
        self.entries.append((kind, *data))

    def lines(self) -> list[str]:
        return [json.dumps(list(e), ensure_ascii=False, separators=(",", ":")) for e in self.entries]


def write_game(path, header: dict, answers: list, log: GameLog) -> None:
    """One game: a header line (pack, mode, seed, players), the answers line, then the events."""
    with open(path, "w", encoding="utf-8") as f:
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
