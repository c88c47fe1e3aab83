"""The checker's types: small immutable values, printed the way a designer writes them."""
from __future__ import annotations

from typing import Union

# A type is a name ("int", "player", …) or a tuple: ("list", T), ("opt", T), ("enum", E), ("event", A).
Type = Union[str, tuple]

ANY = "any"
NONE = "none"
VOID = "void"
INT, BOOL, TEXT = "int", "bool", "text"
PLAYER, CARD, ZONE, KIND, SKILL, CHARACTER, PHASE, PLAY = (
    "player", "card", "zone", "kind", "skill", "character", "phase", "play")

SIMPLE = {INT, BOOL, TEXT, PLAYER, CARD, ZONE, KIND, SKILL, CHARACTER, PHASE, PLAY, ANY}
PLURALS = {"players": PLAYER, "cards": CARD, "texts": TEXT, "ints": INT, "kinds": KIND,
           "characters": CHARACTER, "skills": SKILL, "phases": PHASE}
SINGULAR_TO_PLURAL = {v: k for k, v in PLURALS.items()}


def list_of(t: Type) -> Type:
    return ("list", t)


def opt(t: Type) -> Type:
    if isinstance(t, tuple) and t[0] == "opt" or t in (ANY, NONE):
        return t
    return ("opt", t)


def strip(t: Type) -> Type:
    return t[1] if isinstance(t, tuple) and t[0] == "opt" else t


def is_list(t: Type) -> bool:
    t = strip(t)
    return t == ZONE or (isinstance(t, tuple) and t[0] == "list")


def elem(t: Type) -> Type:
    t = strip(t)
    if t == ZONE:
        return CARD
    if isinstance(t, tuple) and t[0] == "list":
        return t[1]
    return ANY


def show(t: Type) -> str:
    if isinstance(t, tuple):
        if t[0] == "list":
            if is_opt(t[1]):
                return f"list of {show(t[1])}"
            inner = t[1]
            return SINGULAR_TO_PLURAL.get(inner, f"list of {show(inner)}") if isinstance(inner, str) \
                else f"list of {show(inner)}"
        if t[0] == "opt":
            return f"{show(t[1])}?"
        if t[0] == "enum":
            return t[1]
        if t[0] == "event":
            return f"event of `{t[1]}`"
    return {"none": "none", "void": "nothing", "any": "anything"}.get(t, t)


def is_opt(t: Type) -> bool:
    return isinstance(t, tuple) and t[0] == "opt"


def assignable(src: Type, dst: Type) -> bool:
    """Can a value of type `src` stand where `dst` is expected? A `T?` (or `none`) never stands
    where a `T` is needed: the checker narrows it after a guard (`if x != none`), and without one
    the rule would fault at run time on the game that finds nothing."""
    if src == ANY or dst == ANY:
        return True
    if src == NONE:
        return is_opt(dst)
    if is_opt(src) and not is_opt(dst):
        return False
    src, dst = strip(src), strip(dst)
    if src == dst:
        return True
    if src == ANY or dst == ANY:
        return True
    if dst == CARD and src == CARD:
        return True
    if is_list(dst) and is_list(src):
        return assignable(elem(src), elem(dst))
    return False


def unify(a: Type, b: Type) -> Type:
    """The type of `if c then a else b` and of list literals."""
    if a == NONE:
        return opt(b)
    if b == NONE:
        return opt(a)
    if assignable(a, b):
        return b if a != ANY else a
    if assignable(b, a):
        return a
    return ANY
