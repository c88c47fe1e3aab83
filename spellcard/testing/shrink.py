"""Shrinking a broken game's answers by delta debugging on the written test itself.

Each step drops a run of answers from the script and runs the test (replay.try_test); the step is
kept when the test still breaks the same property. So every script kept is a test proved to
replay the break, whatever the answers' shifting did to the game. Answers the game never asked for
before the break are dropped too. A step's game is cut past a budget of unscripted decisions
(a quieter game that went elsewhere would otherwise play on to its turn limit), and the whole
shrink stops at its deadline, keeping the smallest script proved so far.
"""
from __future__ import annotations

import re
import time
from typing import Callable, Optional, Sequence

from .replay import try_test
from .strategies import TableSpec
from .writeout import Answer, test_text

Holds = Callable[[list[Answer]], Optional[list[Answer]]]


def signature(message: str) -> str:
    """A break as it is compared between games: one line, its numbers masked but for a place's
    `file:line:col` (the same invariant broken at another seat or by another amount is the same)."""
    one = " ".join(message.split())
    return re.sub(r"(?<![\d:])\d+(?![\d:])", "#", one)


def shrink_answers(pack: str, extra: Sequence[str], spec: TableSpec, script: list[Answer], message: str,
                   deadline: float, budget: int) -> Optional[list[Answer]]:
    """The smallest script found by `deadline` whose test still breaks with `message`; None when the
    whole script does not (the game cannot be replayed from its answers)."""
    wanted = signature(message)

    def holds(candidate: list[Answer]) -> Optional[list[Answer]]:
        tried = try_test(pack, extra, test_text(spec, candidate, "shrinking", ""), budget)
        if tried.failure is None or wanted not in signature(tried.failure):
            return None
        return _used(candidate, tried.unused)

    first = holds(script)
    if first is None:
        return None
    return ddmin(first, holds, lambda: time.monotonic() < deadline)


def ddmin(items: list, holds: Holds, time_left: Callable[[], bool]) -> list:
    """Delta debugging: drop runs of items, from the end back, halving the run when none can go;
    done when no single item can go (or time is up)."""
    size = max(len(items) // 2, 1)
    while items and time_left():
        progressed = False
        end = len(items)
        while end > 0 and time_left():
            start = max(end - size, 0)
            kept = holds(items[:start] + items[end:])
            if kept is not None:
                items, progressed = kept, True
                end = min(start, len(items))
            else:
                end = start
        if not progressed:
            if size == 1:
                break
            size = max(size // 2, 1)
    return items


def _used(script: list[Answer], unused: tuple) -> list[Answer]:
    """Without each seat's last `unused[seat]` answers (never asked for before the break)."""
    left = list(unused) + [0] * (max((a.seat for a in script), default=-1) + 1 - len(unused))
    out = []
    for a in reversed(script):
        if left[a.seat] > 0:
            left[a.seat] -= 1
        else:
            out.append(a)
    return out[::-1]
