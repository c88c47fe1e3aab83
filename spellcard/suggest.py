"""Did-you-mean for names in tests and on the command line (packs, modes, characters): the same
name in other letter case first, then the compiler's suggestion, and for short names (`hq`) one
letter away (`hp`), which a ratio-based match misses."""
from __future__ import annotations

from typing import Iterable, Optional

from spellcard.compiler.text.diagnostics import did_you_mean as _close


def did_you_mean(name: str, known: Iterable[str]) -> Optional[str]:
    known = set(known)
    same = sorted(k for k in known if k.lower() == name.lower())
    if same:                        # `identity5mode` for `Identity5Mode`: offered, never taken silently
        return f"did you mean `{same[0]}`?"
    hint = _close(name, known)
    if hint is None and len(name) <= 4:
        near = sorted(k for k in known if len(k) == len(name) and sum(a != b for a, b in zip(k, name)) == 1)
        hint = f"did you mean `{near[0]}`?" if near else None
    return hint
