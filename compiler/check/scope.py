"""Where names live while checking: nested scopes of bindings, and the context code sits in."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler import types as T


def _listing(names, most: int = 8) -> str:
    """Names for a help line: sorted, and cut short when there are many."""
    names = sorted(names)
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f", … ({len(names)} in all)"


def _shown(e) -> Optional[str]:
    """A short expression as the designer wrote it (names and fields only), for help lines."""
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Field):
        inner = _shown(e.obj)
        return f"{inner}.{e.name}" if inner else None
    return None


class Scope:
    def __init__(self, parent: Optional["Scope"] = None, lenient: bool = False):
        self.parent = parent
        self.names: dict[str, list] = {}      # name -> [type, span, used, warn_unused, ref]
        # After an error that hides which names exist (an unknown query in `modify`), unknown names
        # are read as `any` without a second, cascading error.
        self.lenient = lenient or (parent is not None and parent.lenient)
        self.facts: set[str] = set()          # what guards prove here (see narrow.py)

    def knows(self, key: str) -> bool:
        s = self
        while s is not None:
            if key in s.facts:
                return True
            s = s.parent
        return False

    def forget(self, key: str) -> None:
        """An assignment to `key` undoes what guards proved about it (and about its fields)."""
        s = self
        while s is not None:
            s.facts = {f for f in s.facts if f.lstrip("#") != key and not f.lstrip("#").startswith(key + ".")}
            s = s.parent

    def narrowed(self, facts: set[str]) -> "Scope":
        inner = Scope(self)
        inner.facts = set(facts)
        return inner

    def define(self, name: str, typ, span, ref, warn_unused: bool = False) -> None:
        self.names[name] = [typ, span, False, warn_unused, ref]

    def lookup(self, name: str):
        s = self
        while s is not None:
            if name in s.names:
                entry = s.names[name]
                entry[2] = True
                return entry
            s = s.parent
        return None

    def find(self, name: str):
        """Like lookup, but does not count as a use."""
        s = self
        while s is not None:
            if name in s.names:
                return s.names[name]
            s = s.parent
        return None

    def all_names(self) -> set[str]:
        out, s = set(), self
        while s is not None:
            out |= set(s.names)
            s = s.parent
        return out


class Context:
    """Where code sits: which implicit names it sees and what `cancel`/`return` mean there."""

    def __init__(self, what: str, event: Optional[str] = None, returns=T.VOID, action: Optional[str] = None):
        self.what = what          # trigger | do | func | hook | active | anytime | phase | setup | value
        self.event = event        # the action whose event `event`/`cancel` refer to
        self.returns = returns
        self.action = action      # inside an action body: bare parameter names read the event
        self.loops = 0
        self.trigger = None       # (skill, trigger clause) whose body this is: whom `may` asks

