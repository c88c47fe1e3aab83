"""Edits coalesced: a burst of `didChange` is analysed once, on its latest text.

An editor sends a change per keystroke (or per character of a paste, or hundreds from a macro); each
used to be analysed in full, one after the other, while every request waited. Now a change only
marks its document; one task per document waits until the edits pause (QUIET) or have gone on for
LONGEST, then analyses the text as it is then. The analyses that older texts would have cost are
never started; a request in between analyses the current text itself (and the task then finds that
analysis already made). `publish` may be a coroutine function (the full check, on a worker thread).
"""
from __future__ import annotations

import asyncio
import inspect
import logging
from typing import Callable

import attrs

log = logging.getLogger(__name__)

QUIET = 0.01          # seconds without a change before analysing (a typist's keystrokes are further apart)
LONGEST = 0.25        # a stream of changes still shows its diagnostics this often


@attrs.define
class _Pending:
    first: float
    last: float


class Coalescer:
    def __init__(self, publish: Callable[[str], object], quiet: float = QUIET, longest: float = LONGEST) -> None:
        self._publish = publish
        self._quiet, self._longest = quiet, longest
        self._pending: dict[str, _Pending] = {}
        self._tasks: set = set()

    def changed(self, uri: str) -> None:
        now = asyncio.get_running_loop().time()
        pending = self._pending.get(uri)
        if pending is not None:
            pending.last = now
            return
        self._pending[uri] = _Pending(now, now)
        task = asyncio.ensure_future(self._later(uri))
        self._tasks.add(task)                   # held until done (the loop keeps only weak references)
        task.add_done_callback(self._tasks.discard)

    def forget(self, uri: str) -> None:
        """A document published now (opened, saved, closed): no later analysis is owed for it."""
        self._pending.pop(uri, None)

    async def _later(self, uri: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            pending = self._pending.get(uri)
            if pending is None:
                return
            wait = min(pending.last + self._quiet, pending.first + self._longest) - loop.time()
            if wait <= 0:
                break
            await asyncio.sleep(wait)
        del self._pending[uri]
        try:
            done = self._publish(uri)
            if inspect.isawaitable(done):
                await done
        except Exception:               # a failed analysis is logged; the next edit tries again
            log.exception("analysing %s failed", uri)
