"""What keeps a request from costing more than it is worth, or failing loudly: the per-file size limit
checked before any parse, files read no further than that limit (and, not open in the editor, read
again only when they changed on disk: DiskTexts), and handlers whose unexpected failures reach the
editor as a one-line JSON-RPC error rather than a traceback.

The limit is the checker's (runtime/limits.py, `compiler.pack.size_problem`), so the editor refuses
exactly the files `spellcard check` refuses.
"""
from __future__ import annotations

import functools
import logging
import os
import time
from pathlib import Path
from typing import Optional

from pygls.exceptions import JsonRpcException, JsonRpcInternalError

from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.compiler.pack.loader import Source, size_problem
from spellcard.runtime.limits import MAX_SOURCE_BYTES

log = logging.getLogger(__name__)


def too_large(path: str, text: str, before: int = 0) -> tuple[Optional[Diagnostic], int]:
    """The checker's size diagnostic for one file's text, if it passes the per-file limit or takes the
    pack (`before` bytes so far) past the pack's, and the text's size in bytes."""
    data = text.encode("utf-8", "surrogatepass")
    return size_problem(Source(path, data), before + len(data)), len(data)

def read_capped(path: Path) -> Optional[str]:
    """A file's text, read no further than one byte past the limit (enough to refuse it), or None
    when it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SOURCE_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_SOURCE_BYTES:
        return data.decode("utf-8", "replace")          # refused by its size, whatever it holds
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


RECENT = 2_000_000_000      # ns: a file changed this recently is read again each time


class DiskTexts:
    """The texts of the files the editor has not opened. The pack of a document is checked with every
    file of its folder (and its bases'), and every edit asks for all their texts: reading and decoding
    the 22 files of a 2,000-character pack (1 MB) on each one was a tenth of an edit's diagnostics.
    A file's text is kept with its status (size, change times, inode), which any write changes, so a
    file edited outside the editor is read again at once. A file changed in the last two seconds is
    not kept (as git does: a second write within the clock's tick could leave the same status)."""

    def __init__(self) -> None:
        self._kept: dict[Path, tuple[tuple, Optional[str]]] = {}

    def text(self, path: Path) -> Optional[str]:
        """The file's text as `read_capped` reads it (None: it cannot be read)."""
        try:
            st = os.stat(path)
        except OSError:
            self._kept.pop(path, None)
            return None
        stamp = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        kept = self._kept.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        text = read_capped(path)
        if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RECENT:
            self._kept[path] = (stamp, text)
        else:
            self._kept.pop(path, None)
        return text


def answering(handler):
    """A feature handler whose unexpected failure is logged (stderr) and answered with a one-line
    internal error: the editor gets a reply, never a traceback in `data`."""
    @functools.wraps(handler)
    def run(ls, params):
        try:
            return handler(ls, params)
        except JsonRpcException:
            raise
        except Exception as err:
            log.exception("%s failed", handler.__name__)
            raise JsonRpcInternalError(f"{handler.__name__}: {type(err).__name__}: {err}"[:300]) from None
    return run
