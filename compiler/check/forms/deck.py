"""Deck lists as data: `Danmaku "♣2♠3♣3"` — each copy is a value of each attribute the deck names, in
order, read by attribute type (enum members by label or name, numbers by digits or by the names the
attribute declares, such as A = 1 and K = 13). A deck that names no attribute lists numbers of
copies (`Guard 5`): cards whose every attribute is their kind's."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.text.diagnostics import Diagnostics
from spellcard.runtime.limits import MAX_DECK


def _reader(syms, attr_name: str):
    decl = syms.attr("card", attr_name)
    tname = decl.type.name
    if tname in syms.enums:
        words = []
        for m in syms.enums[tname].members:
            words.append((m.name, m.name))
            if m.label:
                words.append((m.label, m.name))
        words.sort(key=lambda w: -len(w[0]))

        def read_enum(text: str, i: int):
            for word, member in words:
                if text.startswith(word, i):
                    return member, i + len(word)
            return None, i
        return read_enum, f"a {tname} ({', '.join(m.label or m.name for m in syms.enums[tname].members)})"
    names = dict(decl.value_names)

    def read_int(text: str, i: int):
        j = i
        while j < len(text) and text[j].isdigit():
            j += 1
        if j > i:
            return int(text[i:j]), j
        for name in sorted(names, key=len, reverse=True):
            if text.startswith(name, i):
                return names[name], i + len(name)
        return None, i
    return read_int, "a number" + (f" or {', '.join(names)}" if names else "")


def _example(syms, deck: A.DeckDecl) -> str:
    return " then ".join(deck.attrs) + (', e.g. "♠A♡10"' if len(deck.attrs) == 2 else "")


def parse_copies(syms, deck: A.DeckDecl, entry: A.DeckEntry, diags: Optional[Diagnostics],
                 starts: Optional[list] = None) -> list[dict]:
    """Each copy's attribute values; `starts`, if given, gets where each copy begins in the text."""
    if (entry.count is None) != bool(deck.attrs):
        if diags is not None:
            if deck.attrs:
                diags.error(entry.copies_span, f"the deck `{deck.name}` gives each copy a value of "
                            f"{', '.join(deck.attrs)}: list the copies as text",
                            f"copies are written {_example(syms, deck)}")
            else:
                diags.error(entry.copies_span, f"the deck `{deck.name}` names no attribute per copy: give "
                            "the number of copies", f"write `{entry.kind} 2`, or name the attributes "
                            f"the copies differ in: `deck {deck.name} (suit, rank)`")
        return []
    if entry.count is not None:
        if entry.count > MAX_DECK:
            if diags is not None:
                diags.error(entry.copies_span, f"{entry.count} copies pass the {MAX_DECK} cards a deck "
                            "may hold", "a deck is a physical pack: give the copies it really has")
            return []
        return [{} for _ in range(entry.count)]
    readers = [_reader(syms, a) for a in deck.attrs]
    text, i, out = entry.copies, 0, []
    while i < len(text):
        if text[i].isspace() or text[i] == ",":
            i += 1
            continue
        copy, start = {}, i
        for attr_name, (read, what) in zip(deck.attrs, readers):
            value, j = read(text, i)
            if value is None:
                if diags is not None:
                    col = entry.copies_span.col + 1 + i
                    diags.error(A.Span(entry.span.file, entry.copies_span.line, col, entry.copies_span.line, col + 1),
                                f"cannot read `{text[i:i + 3]}` as {what}",
                                f"copies are written {_example(syms, deck)}")
                return out
            copy[attr_name] = value
            i = j
        out.append(copy)
        if starts is not None:
            starts.append(start)
    return out


def outside_range(syms, deck: A.DeckDecl, diags: Diagnostics) -> None:
    """Copies an `extend deck` adds (entries from another file than the deck's) with a value the deck
    itself never has: a rank past its highest, a suit it does not use (`♠14`, `★3`)."""
    own = [e for e in deck.entries if e.span.file == deck.span.file]
    added = [e for e in deck.entries if e.span.file != deck.span.file]
    if not own or not added or not deck.attrs:
        return
    seen: dict = {a: set() for a in deck.attrs}
    for e in own:
        for copy in parse_copies(syms, deck, e, None):
            for a, v in copy.items():
                seen[a].add(v)
    for e in added:
        starts: list = []
        for copy, start in zip(parse_copies(syms, deck, e, None, starts), starts):
            for a, v in copy.items():
                have = seen[a]
                ints = [x for x in have if isinstance(x, int)]
                if v in have or (isinstance(v, int) and ints and min(ints) <= v <= max(ints)):
                    continue
                span = e.copies_span
                col = span.col + 1 + start
                shown = f"{min(ints)} to {max(ints)}" if ints else ", ".join(sorted(map(str, have)))
                diags.warning(A.Span(span.file, span.line, col, span.line, col + 1),
                              f"this copy's {a}, `{v}`, is none the deck `{deck.name}` has",
                              f"the deck's own cards' {a}s are {shown}: give the copy one of those",
                              code="deck-range")
