"""The texts of the files the editor has not opened, read again only when the file changed on disk.

The pack of a document is checked with every file of its folder (and its bases'), and every edit asks
for all their texts: reading and decoding the 22 files of a 2,000-character pack (1 MB) on each one
was a tenth of an edit's diagnostics. A file's text is kept with its status (size, change times,
inode), which any write changes, so a file edited outside the editor is read again at once. A file
changed in the last two seconds is not kept (as git does: a second write within the clock's tick
could leave the same status), so it is read each time until it has been still for a while.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Optional

from .guard import read_capped

RECENT = 2_000_000_000      # ns: a file changed this recently is read again each time


class DiskTexts:
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
