"""A compiled pack's cache entry: three files named by the source hash, the module (.py), its code and
place table (.bin) and an index (.json) holding the diagnostics and the SHA-256 of the other two.

The index is written last, so an entry is whole or absent; on reading, both hashes must match
before the code is loaded, so a cache file that was changed or cut short is compiled again, never
run. A `check` writes the index alone; a run that loads the pack then checks it unlinted (the index
has the diagnostics), from module_cache.py's trees, emits the parts parts.py does not keep, and
writes the whole entry.
"""
from __future__ import annotations

import hashlib
import json
import marshal
from pathlib import Path
from typing import Optional

import attrs

from spellcard.atomic import write_bytes
from spellcard.compiler.ast.base import Span

from . import cache_trim
from .compiled import Compiled, Source
from .manifest import load_module


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write(cdir: Path, digest: str, result: Compiled, code_obj) -> None:
    """Write an entry: the index always; the module and its bytecode when this run made them."""
    try:
        cdir.mkdir(parents=True, exist_ok=True)
        index = {"key": digest, "diagnostics": [attrs.asdict(d) for d in result.diagnostics]}
        if code_obj is not None:
            text = result.code.encode("utf-8")
            write_bytes(cdir / f"{digest}.py", text)
            index["py"] = _sha(text)
            binary = marshal.dumps(code_obj)
            write_bytes(cdir / f"{digest}.bin", binary)
            index["bin"] = _sha(binary)
        data = json.dumps(index, ensure_ascii=False).encode("utf-8")
        write_bytes(cdir / f"{digest}.json", data)
        cache_trim.wrote(len(data) + (len(text) + len(binary) if code_obj is not None else 0))
    except OSError:
        pass                    # a read-only cache only costs speed


def read(cdir: Path, digest: str, sources: list[Source], load: bool) -> Optional[Compiled]:
    """The entry's diagnostics, and to `load`, its module loaded; None for no (or another's) index."""
    try:
        index = json.loads((cdir / f"{digest}.json").read_text("utf-8"))
        if index["key"] != digest:
            return None
        cache_trim.used(cdir / f"{digest}.json")
        diags = []
        if index["diagnostics"]:
            from spellcard.compiler.text.diagnostics import Diagnostic     # and so difflib: only for a pack that has some
            diags = [Diagnostic(d["severity"], d["message"], Span(**d["span"]), d["help"], d.get("code"))
                     for d in index["diagnostics"]]
        result = Compiled(sources, diags, cached=True)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not result.ok or not load:
        return result
    try:
        text = (cdir / f"{digest}.py").read_bytes()
        binary = (cdir / f"{digest}.bin").read_bytes()
        if _sha(text) != index["py"] or _sha(binary) != index["bin"]:
            return result               # the diagnostics, and no module: it is made again
        code, places, files = marshal.loads(binary)
        cache_trim.used(cdir / f"{digest}.py")
        cache_trim.used(cdir / f"{digest}.bin")
        return attrs.evolve(result, code=text.decode("utf-8"),
                            pack=load_module(code, text.decode("utf-8"), places, files))
    except (OSError, ValueError, KeyError, TypeError, EOFError, AttributeError):
        return result
