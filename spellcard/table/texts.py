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
    out: dict = {"card": {}, "skill": {}, "character": {}, "action": {}}
    for e in ref.entries:
        if e.kind == "action":
            if e.generated:
                out["action"][e.name] = {"says": e.generated}
        elif e.kind in out:
            out[e.kind][e.name] = {"label": e.label, "printed": e.printed, "rules": e.generated,
                                   "skills": list(e.skills)}
    return out


def phrases(pack_target: str, extra: tuple, lang: str = "en") -> dict:
    """Each action's `says` phrase in `lang` (else its first): how the seat's log words an action. Read
    from the pack's declarations alone (a fifth of what the hover's texts cost to make)."""
    from spellcard.compiler.pack.loader import PackNotFound, front_end, read_sources, resolve, with_bases
    from spellcard.compiler.text.rules import LANGS
    from spellcard.spelltest.suite import only_tests

    try:
        files = resolve(pack_target)
        for e in extra:
            if not only_tests(e):
                files.extend(resolve(e))
        syms, _, diags = front_end(with_bases(read_sources(files)))
    except (PackNotFound, OSError):
        return {}
    out = {}
    for name, action in syms.actions.items():
        says = dict(zip(LANGS, action.says or ()))
        phrase = says.get(lang) or next((p for p in says.values() if p), None)
        if phrase:
            out[name] = phrase
    return out
