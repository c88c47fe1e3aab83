"""Built trees on disk, keyed by compiler, path and text: a server that starts on an unchanged pack
reads THB's trees instead of parsing them (parsing is most of the cost of a first check).

The cache sits beside the compile cache, which already holds code this user's runs load. Each file
starts with a SHA-256 of its name and its payload, checked before anything is unpickled: a file that
is cut short, flipped or copied over another entry's name is a miss (parsed again), never believed.
"""
from __future__ import annotations

import hashlib
import pickle
from typing import Optional

from spellcard.atomic import write_bytes
from spellcard.compiler.pack import cache_trim
from spellcard.compiler.pack.cache_key import _compiler_digest, cache_dir


FORMAT = b"chunks: modules, checked"      # what a file holds; a change of it is a change of key


def _file(path: str, text: str):
    h = hashlib.sha256(_compiler_digest() + FORMAT)
    h.update(path.encode("utf-8", "surrogatepass") + b"\0" + text.encode("utf-8", "surrogatepass"))
    return cache_dir() / "trees" / f"{h.hexdigest()[:32]}.pickle"


def load(path: str, text: str) -> Optional[dict]:
    """The built chunks of `path` with this text: {(first line, chunk text): module}."""
    file = _file(path, text)
    try:
        raw = file.read_bytes()
        if hashlib.sha256(file.name.encode() + raw[32:]).digest() != raw[:32]:
            return None
        chunks = pickle.loads(raw[32:])
    except Exception:           # a missing, partial or foreign file: parse instead
        return None
    if not isinstance(chunks, dict):
        return None
    cache_trim.used(file)
    return chunks


def store(path: str, text: str, chunks: dict) -> None:
    target = _file(path, text)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        payload = pickle.dumps(chunks, protocol=pickle.HIGHEST_PROTOCOL)
        write_bytes(target, hashlib.sha256(target.name.encode() + payload).digest() + payload)
        cache_trim.wrote(32 + len(payload))
    except (OSError, pickle.PicklingError, RecursionError):
        pass                    # a read-only cache only costs speed
