"""Built trees on disk, keyed by compiler, path and text: a server that starts on an unchanged pack
reads THB's trees instead of parsing them (parsing is most of the cost of a first check).

The cache sits beside the compile cache, which already holds code this user's runs load; a file that
cannot be read or unpickled is a miss, never an error.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from typing import Optional

from spellcard.compiler.pack.cache_key import _compiler_digest, cache_dir


FORMAT = b"chunks: modules"      # what a file holds; a change of it is a change of key


def _file(path: str, text: str):
    h = hashlib.sha256(_compiler_digest() + FORMAT)
    h.update(path.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass"))
    return cache_dir() / "trees" / f"{h.hexdigest()[:32]}.pickle"


def load(path: str, text: str) -> Optional[dict]:
    """The built chunks of `path` with this text: {(first line, chunk text): module}."""
    try:
        chunks = pickle.loads(_file(path, text).read_bytes())
    except Exception:           # a missing, partial or foreign file: parse instead
        return None
    return chunks if isinstance(chunks, dict) else None


def store(path: str, text: str, chunks: dict) -> None:
    target = _file(path, text)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(chunks, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except (OSError, pickle.PicklingError, RecursionError):
        pass                    # a read-only cache only costs speed
