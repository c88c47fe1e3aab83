"""Where the caches live and what keys them: the cache folder, and the compiler's own digest, which
every cached module, compiled pack and editor tree is keyed by (a changed compiler recompiles)."""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from .manifest import COMPILER_VERSION


def cache_dir() -> Path:
    root = os.environ.get("SPELLCARD_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "spellcard")
    return Path(root)


@lru_cache(maxsize=1)
def _compiler_digest() -> bytes:
    """The compiler itself is part of every cache key: a changed checker or template recompiles. Read
    as whole folders (the compiler, its grammar, the runtime the emitted code runs against) and the
    `.spell` test syntax, so that a module moved or added needs no edit here."""
    import spellcard
    from spellcard import compiler, grammar, runtime

    tests = os.path.join(os.path.dirname(spellcard.__file__), "spelltest")
    h = hashlib.sha256(COMPILER_VERSION.encode())
    files = [p for package in (compiler, grammar, runtime) for p in _sources_under(os.path.dirname(package.__file__))]
    for p in files + [os.path.join(tests, "nodes.py"), os.path.join(tests, "builder.py")]:
        with open(p, "rb") as f:
            h.update(os.path.basename(p).encode() + f.read())
    return h.digest()


def _sources_under(folder: str) -> list[str]:
    """The .py, .j2 and .lark files under `folder`, in path order (part by part, as paths sort).
    Walked with os.walk, which skips the __pycache__ folders, and kept as strings: every `check`
    computes the digest, and listing the folders as Paths (each .pyc too) was half of it: 6.5–9 ms of
    CPU before, 3.5–5 ms now."""
    found = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        found += [os.path.join(root, n) for n in names if n.endswith((".py", ".j2", ".lark"))]
    return sorted(found, key=lambda p: p.split(os.sep))
