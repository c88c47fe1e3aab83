"""The values an expectation reads, and how they compare: a card equals its spec (`Danmaku♠7`) or
its kind (`Danmaku`); a player equals a character it plays, or its seat (`P1`)."""
from __future__ import annotations

from spellcard.runtime.defs import CardKind as KindDef, CharacterDef, SkillDef
from spellcard.runtime.model import Card, Player

from ..answers import spec_fits, spec_of
from ..faces import CardPattern


class Symbol(str):
    """A bare name in a test that is no seat or zone: a card kind, skill, character, option…"""


def same(pack, a, b) -> bool:
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b)
                and all(same(pack, x, y) for x, y in zip(a, b)))
    if isinstance(b, CardPattern) and not isinstance(a, CardPattern):
        a, b = b, a
    if isinstance(a, CardPattern):
        return isinstance(b, Card) and a.fits(b)
    a, b = named(a), named(b)
    if isinstance(b, Card) and not isinstance(a, Card):
        a, b = b, a
    if isinstance(a, Card):
        if isinstance(b, Card):
            return a is b
        return isinstance(b, str) and spec_fits(pack, a, b)
    if isinstance(b, Player) and not isinstance(a, Player):
        a, b = b, a
    if isinstance(a, Player):
        if isinstance(b, Player):
            return a is b
        return isinstance(b, str) and (b == f"P{a.seat}" or (a.character is not None and a.character.name == b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (a in (0, 1) and b in (0, 1) and bool(a) == bool(b) and type(a) is type(b))
    return a == b


def named(x):
    """A kind, skill or character of the pack (read where the pack declares one) compares by its name."""
    if isinstance(x, (KindDef, SkillDef, CharacterDef)):
        return Symbol(x.name)
    return x


def contains(pack, whole, part) -> bool:
    if isinstance(whole, str) and isinstance(part, str) and not isinstance(whole, Symbol):
        return part in whole                  # a prompt contains a text
    if not isinstance(whole, (list, tuple)):
        return False
    if isinstance(part, (list, tuple)):      # every one of them (as many times as listed)
        pool = list(whole)
        for p in part:
            hit = next((i for i, w in enumerate(pool) if same(pack, w, p)), None)
            if hit is None:
                return False
            pool.pop(hit)
        return True
    return any(same(pack, w, part) for w in whole)


def show(pack, v) -> str:
    """A value as a test would write it."""
    if isinstance(v, Card):
        return spec_of(pack, v)
    if isinstance(v, Player):
        return f"{v.character.name} (P{v.seat})" if v.character else f"P{v.seat}"
    if isinstance(v, (KindDef, SkillDef, CharacterDef, CardPattern)):
        return str(named(v))
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(show(pack, x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {show(pack, x)}" for k, x in v.items()) + "}"
    if isinstance(v, Symbol):
        return str(v)
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)
