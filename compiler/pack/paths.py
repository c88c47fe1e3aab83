"""Where a pack's files are: names relative to a folder, the folder they share, the file a path
names. Read once per file of a pack, so each costs one system call or none: a pack may have
thousands of files (os.path.relpath read the working folder twice a call; Path.resolve stat'ed every
part of a path: together half of a check after an edit in a pack of 3,000 files); a folder's way
from the root is worked out once for all its files (relpath per file: 0.14 s of 1.3 profiled there)."""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Optional


def identity(path) -> Optional[tuple]:
    """The file a path names, through any symlink (one stat); None for a source not on disk."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def relative(path: str, root: str, cwd: str) -> str:
    """os.path.relpath from `root`, the working folder `cwd` read once by the caller; the path as it
    is where there is no relative one."""
    if root and path.startswith(root + os.sep) and os.path.normpath(path) == path:
        return path[len(root) + 1:]                 # a file of the folder: nothing to work out
    folder, name = os.path.split(path)
    there = _folder_from(folder, root, cwd)       # worked out once for the files of a folder
    if there is None:
        return path
    return name if there == os.curdir else os.path.join(there, name)


@lru_cache(maxsize=256)
def _folder_from(folder: str, root: str, cwd: str) -> Optional[str]:
    try:
        return os.path.relpath(os.path.join(cwd, folder), os.path.join(cwd, root))
    except ValueError:
        return None


def root_of(sources: list) -> str:
    """The folder the sources share (one source's own folder)."""
    if len(sources) > 1:
        try:
            return os.path.commonpath([s.path for s in sources])
        except ValueError:
            return ""
    return os.path.dirname(sources[0].path) if sources else ""
