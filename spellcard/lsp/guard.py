"""What keeps a request from costing more than it is worth, or failing loudly: the per-file size limit
checked before any parse, files read no further than that limit, and handlers whose unexpected
failures reach the editor as a one-line JSON-RPC error rather than a traceback.

The limit is the checker's (runtime/limits.py, `compiler.pack.size_problem`), so the editor refuses
exactly the files `spellcard check` refuses.
"""
from __future__ import annotations

import functools
import logging
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
