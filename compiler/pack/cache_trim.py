"""The compile cache kept under a size: the entries used longest ago go first.

Every edit leaves new entries (the edited file's tree, the check's record, the module and its
parts once run): for a pack of 5,000 characters in one file, some 60 MB an edit and a run. Unbounded,
an afternoon of edits fills a disk. A command that wrote to the cache trims it afterwards to its
budget (`$SPELLCARD_CACHE_MB`, default 1,024 MB), oldest first, to three quarters of it, so that
the next writes do not trim again at once. A read that found an entry marks it used (its time of
change is set to now: `used`), so a pack read every day outlives the versions of one edited an hour ago.

Listing the cache is not free (0.12 s for 20,000 files), so it is not listed after every write: the
cache keeps its size in a ledger (`size`), to which each command adds what it wrote (`wrote`, then
`settle`); only a ledger past the budget, or none, lists the cache, trims it and writes the size
found. Two commands settling at once may each miss the other's bytes: the next listing counts them.

An entry removed under a reader is a miss, as a missing one always was (every reader checks the
entry's seal and takes a missing or cut one as absent). Only the cache's own files are removed:
named as its writers name them, in the cache folder and its four sub-folders; a part file a writer is
still writing (`atomic.part_of`) only once it is an hour old (a writer killed before renaming it).
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Iterator, NamedTuple

from spellcard.atomic import write_text

BUDGET_MB = 1024
FOLDERS = ("", "modules", "units", "parts", "trees")
LEDGER = "size"
_OURS = re.compile(r"[0-9a-f]{24,64}(\.[\w-]+)*\.(json|py|bin|pickle)")
_PART = re.compile(r"\..+\.\d+\.part")
_STALE_PART = 3600.0              # seconds: a part file this old has no writer left


_written = [0]                    # bytes this process wrote to the cache since it last settled


class Entry(NamedTuple):
    path: str
    size: int
    used: float                     # its time of change: written, or last read (`used`)


def budget() -> int:
    """The cache's budget in bytes: `$SPELLCARD_CACHE_MB` megabytes, else BUDGET_MB."""
    raw = os.environ.get("SPELLCARD_CACHE_MB", "")
    try:
        mb = int(raw) if raw.strip() else BUDGET_MB
    except ValueError:
        mb = BUDGET_MB              # a malformed setting keeps the default rather than stopping a check
    return max(mb, 0) * 1024 * 1024


def entries(cdir: Path, now: float) -> Iterator[Entry]:
    """The cache's own files (stale part files among them), unsorted; a sub-folder that is a link to
    elsewhere is not the cache's to list."""
    for sub in FOLDERS:
        if sub and os.path.islink(cdir / sub):
            continue
        try:
            listing = os.scandir(cdir / sub if sub else cdir)
        except OSError:
            continue
        with listing:
            for e in listing:
                try:
                    if not e.is_file(follow_symlinks=False):
                        continue
                    st = e.stat(follow_symlinks=False)
                except OSError:
                    continue            # removed meanwhile
                if _OURS.fullmatch(e.name) or (_PART.fullmatch(e.name) and now - st.st_mtime > _STALE_PART):
                    yield Entry(e.path, st.st_size, st.st_mtime)


def wrote(size: int) -> None:
    """Note bytes written to the cache, for the next `settle`."""
    _written[0] += size


def settle(cdir: Path) -> None:
    """Add what this process wrote to the ledger; past the budget (or with no ledger), trim."""
    if not _written[0]:
        return
    added, _written[0] = _written[0], 0
    try:
        known = int((cdir / LEDGER).read_text("ascii"))
    except (OSError, ValueError):
        known = None
    limit = budget()
    if known is None or known + added > limit:
        trim(cdir, limit)           # which writes the size it found
    else:
        _keep_ledger(cdir, known + added)


def _keep_ledger(cdir: Path, size: int) -> None:
    try:
        write_text(cdir / LEDGER, str(size))
    except OSError:
        pass                        # a read-only cache (or none yet) only costs speed


def trim(cdir: Path, limit: int | None = None) -> tuple[int, int, int]:
    """Remove the entries used longest ago until the cache holds at most three quarters of `limit`
    (the budget), if it holds more than `limit`: (files removed, bytes removed, bytes left)."""
    limit = budget() if limit is None else limit
    found = list(entries(cdir, time.time()))
    total = sum(e.size for e in found)
    removed, freed = _remove(found, total - limit * 3 // 4) if total > limit else (0, 0)
    _keep_ledger(cdir, total - freed)
    return removed, freed, total - freed


def clear(cdir: Path) -> tuple[int, int]:
    """Every entry removed: (files, bytes)."""
    return trim(cdir, 0)[:2]


def _remove(found: list, excess: int) -> tuple[int, int]:
    """The entries used longest ago removed until `excess` bytes are: (files, bytes)."""
    removed, freed = 0, 0
    for e in sorted(found, key=lambda e: (e.used, e.path)):
        if freed >= excess:
            break
        try:
            os.unlink(e.path)
        except OSError:
            continue                # gone already, or not ours to remove
        removed, freed = removed + 1, freed + e.size
    return removed, freed


def used(path: Path) -> None:
    """Mark an entry read now, so a trim keeps it over those not read since."""
    try:
        os.utime(path)
    except OSError:
        pass                        # a read-only cache is not trimmed by us either
