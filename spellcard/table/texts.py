"""The pack's words for the table's hover: each card's, skill's and character's printed text (its `text`
clause) beside the rules text generated from its rules, as the doc site shows them. Public: the
rulebook, not the game; read once per table, when a page first asks."""
from __future__ import annotations

import threading

_lock = threading.Lock()
_cache: dict = {}


def pack_texts(pack_target: str, extra: tuple) -> dict:
    """{"card" | "skill" | "character": {name: {"label", "printed", "rules": {lang: text}, "skills"}}}."""
    key = (pack_target, extra)
    with _lock:
        if key not in _cache:
            _cache[key] = _read(pack_target, extra)
        return _cache[key]


def _read(pack_target: str, extra: tuple) -> dict:
    from spellcard.doc.reference import PackError, load_reference

    try:
        ref = load_reference(pack_target, extra)
    except PackError:
        return {}
    out: dict = {"card": {}, "skill": {}, "character": {}}
    for e in ref.entries:
        if e.kind in out:
            out[e.kind][e.name] = {"label": e.label, "printed": e.printed, "rules": e.generated,
                                   "skills": list(e.skills)}
    return out
