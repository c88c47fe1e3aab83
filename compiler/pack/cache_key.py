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

    tests = Path(spellcard.__file__).parent / "spelltest"
    h = hashlib.sha256(COMPILER_VERSION.encode())
    files = [p for package in (compiler, grammar, runtime) for p in sorted(Path(package.__file__).parent.rglob("*"))
             if p.suffix in (".py", ".j2", ".lark") and "__pycache__" not in p.parts]
    for p in files + [tests / "nodes.py", tests / "builder.py"]:
        h.update(p.name.encode() + p.read_bytes())
    return h.digest()
