"""A dict of a whole pack's checker results with some declarations' entries replaced, made without
copying it.

The checker's types and names (one entry per node: some 300,000 in a 2,000-character pack) are the
last check's for every declaration an edit did not touch. Copying them into a new dict per edit was
a third of the edit's full check; a `Layered` reads the last one's dict (never changed again) under
the entries of the declarations checked again, with those of the declarations they replaced hidden.
Layers do not pile up: a layer over a layer shares its base, and once the replaced entries reach a
sixteenth of the base they are folded into a new dict.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

_MISSING = object()


class Layered(Mapping):
    __slots__ = ("base", "top", "hidden")

    def __init__(self, base: Mapping, top: dict, hidden: set | frozenset = frozenset()) -> None:
        self.base, self.top, self.hidden = base, top, hidden     # top wins; hidden keys of base are gone
        # (none of the three is changed once made: analyses made before still read them)

    def __getitem__(self, key):
        found = self.top.get(key, _MISSING)
        if found is not _MISSING:
            return found
        if key in self.hidden:
            raise KeyError(key)
        return self.base[key]

    def get(self, key, default=None):
        found = self.top.get(key, _MISSING)
        if found is not _MISSING:
            return found
        return default if key in self.hidden else self.base.get(key, default)

    def __contains__(self, key) -> bool:
        return key in self.top or (key not in self.hidden and key in self.base)

    def __iter__(self):
        yield from self.top
        top, hidden = self.top, self.hidden
        yield from (k for k in self.base if k not in top and k not in hidden)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def replaced(last: Mapping, gone: Iterable, new: Mapping) -> Mapping:
    """`last` without the keys `gone`, with the entries of `new`; `last` is left as it was."""
    if isinstance(last, Layered):
        base, top, hidden = last.base, dict(last.top), set(last.hidden)
    else:
        base, top, hidden = last, {}, set()
    for key in gone:
        top.pop(key, None)
        hidden.add(key)
    top.update(new)
    if (len(top) + len(hidden)) * 16 > len(base):
        folded = {k: v for k, v in base.items() if k not in hidden}
        folded.update(top)
        return folded
    return Layered(base, top, hidden)
