"""What the test language needs of a pack beyond what its games need: the declared type of every
function, action and query parameter, of every attribute and the names of card values (so a name written in a test where a
card, kind or skill is expected is read as one, spellcard/spelltest/resolve.py), and how many times
each mode's setup builds its deck (one collection per player: a test deals from as many)."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import nodes_in

CARD_VALUES = ("card_value", "set_card_value")


def type_word(ref) -> str:
    """A declared type as written: `card`, `cards`, `skill?`, `[Role]`."""
    if ref is None:
        return ""
    word = f"[{ref.name}]" if ref.is_list else ref.name
    return word + ("?" if ref.optional else "")


def signatures(s, refs: dict) -> dict:
    out: dict = {("card values",): card_values(refs)}
    for sort, table in (("func", s.funcs), ("action", s.actions), ("query", s.queries)):
        for name, d in table.items():
            out[(sort, name)] = tuple((p.name, type_word(p.type)) for p in d.params)
    for (owner, name), d in s.attrs_.items():
        out[("attr", owner, name)] = type_word(d.type)
    return out


def card_values(refs: dict) -> tuple:
    """The names the rules keep numbers under on cards (`card_value(c, "hp")`): what a test may read."""
    names = {args[1].value for ref in refs.values() if ref[0] == "builtin" and ref[1] in CARD_VALUES
             for args in (ref[2],) if len(args) > 1 and isinstance(args[1], A.StrLit)}
    return tuple(sorted(names))


def deck_builds(setup, zone) -> int:
    """How many `build_deck(zone)` calls a mode's setup block writes (at least 1)."""
    if setup is None or zone is None:
        return 1
    count = sum(1 for n in nodes_in(setup)
                if A.callee(n) == "build_deck"
                and n.args and isinstance(n.args[0].value, A.Name) and n.args[0].value.id == zone)
    return max(count, 1)
