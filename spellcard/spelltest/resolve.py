"""Names where the pack declares a type: a name written in a test where a card, kind, skill,
character, player or enum member is expected is read as one (never kept as text for the rules to
trip over later), by the type the pack declares there — an attribute for `set`, a parameter for
`call`, `perform` and a query. Where no type is known, a name is read by what it names."""
from __future__ import annotations

from typing import Optional

SORTS = ("card", "kind", "skill", "character", "player")


def element(word: str) -> tuple[str, bool]:
    """`cards` -> ("card", True); `skill?` -> ("skill", False); `[Role]` -> ("Role", True)."""
    word = (word or "").rstrip("?")
    if word.startswith("[") and word.endswith("]"):
        return word[1:-1], True
    if word.endswith("s") and word[:-1] in SORTS + ("text", "int", "phase"):
        return word[:-1], True
    return word, False


def attr_type(pack, owner: str, name: str) -> str:
    return pack.signatures.get(("attr", owner, name), "")


def param_types(pack, sort: str, name: str) -> Optional[dict]:
    """{parameter: type word} of a pack function, action or query; None when the pack says nothing
    (a pack compiled before types were kept: names are then read by what they name)."""
    sig = pack.signatures.get((sort, name))
    return None if sig is None else dict(sig)


def members(pack, sort: str) -> Optional[dict]:
    """An enum type's members ({name: label}), or None when `sort` is no enum."""
    return pack.enums.get(sort)
