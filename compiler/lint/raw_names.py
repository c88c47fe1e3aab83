"""The lint `raw-name`: a name of the pack that its generated rules text shows as written, because
only the pack can give it words in the language its texts are printed in (Chinese). English needs
none: the text says a name as words (`item_ok` is "item ok"). Told once, at the name's declaration,
with how many skills, cards and modes show it and what to add (a `says` phrasing on a function, query
or action; a label on an attribute, counter, zone, deck or enum member), so a designer learns what
to add where it is added. The rules text notes each name it writes as it is
(compiler/text/exprs.py, `ExprText.unlabelled`); this reads those notes, so it flags exactly what
`spellcard explain` shows."""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.text.exprs import raw_kind
from spellcard.compiler.check.loops import Walked

SHOWN = (A.SkillDecl, A.CardDecl, A.ModeDecl)
"""The declarations with rules text (`spellcard explain`, `spellcard doc`)."""
LANG = "zh"
"""The language only the pack can give words in; the compiler has its own for English."""
_NOUNS = {"SkillDecl": "skill", "CardDecl": "card", "ModeDecl": "mode"}


class _Fields(dict):
    """Per class: its fields' names, worked out once (attrs.fields per node was most of this lint's time)."""
    def __missing__(self, cls) -> tuple:
        names = self[cls] = tuple(f.name for f in attrs.fields(cls))
        return names


_FIELDS = _Fields()
_FIELDS[A.Span] = ()            # a place: its file's path is no name
_GROUP = {"action": "calls", "function": "calls", "query": "calls", "attribute": "data", "counter": "data",
          "zone": "data", "deck": "data", "enum member": "members"}


class RawNames:
    """The names each declaration's rules text shows as written, worked out once per declaration."""

    def __init__(self, syms, diags, walked: Walked):
        self.s, self.d, self.walked = syms, diags, walked
        self._of: dict[int, tuple] = {}
        self._bare: Optional[set] = None

    def _unworded(self) -> set[str]:
        """The pack's names with no Chinese words of their own, found once: a declaration naming
        none of them has none to show, and its text need not be made (a third of a cold check)."""
        if self._bare is None:
            s = self.s
            worded = {n for t in (s.actions, s.funcs, s.queries) for n, d in t.items() if d.says[0]}
            worded |= {n for t in (s.zones, s.decks) for n, d in t.items() if d.label}
            worded |= {m.name for e in s.enums.values() for m in e.members if m.label}
            data = [*s.attrs_.items(), *s.counters.items()]
            worded |= {n for (_, n), d in data if d.label} - {n for (_, n), d in data if not d.label}
            names = [*s.actions, *s.funcs, *s.queries, *s.zones, *s.decks, *s.members,
                     *(n for _, n in s.attrs_), *(n for _, n in s.counters)]
            self._bare = {n for n in names if n not in worded and raw_kind(s, n)}
        return self._bare

    def _names(self, d) -> set[str]:
        """Every name `d` (and a `must` naming it, whose condition its text says) writes: a superset
        of what its rules text can show."""
        out: set[str] = set()
        for x in [d, *(m for m in self.s.musts if any(n == d.name for n, _ in m.moves))]:
            for n in self.walked[x]:
                for name in _FIELDS[type(n)]:
                    v = getattr(n, name)
                    if type(v) is str:
                        out.add(v)
        return out

    def of(self, d) -> tuple:
        """(what it is, name) of every name `d`'s rules text shows as written, sorted: what the incremental check compares (compiler/pack/exports.py)."""
        if not isinstance(d, SHOWN):
            return ()
        if id(d) not in self._of and not self._names(d) & self._unworded():
            self._of[id(d)] = ()
        if id(d) not in self._of:
            from spellcard.compiler.text.rules import RulesText     # jinja2: only when a name may show raw
            text = RulesText(self.s, LANG)
            text.of(d)
            self._of[id(d)] = tuple(sorted(text.raw))
        return self._of[id(d)]

    def run(self, parts: list[tuple]) -> None:
        """The warnings, from each declaration's (kind, name, `of` it), in the pack's order."""
        shown: dict[tuple, list] = {}
        for kind, name, keys in parts:
            for key in keys:
                shown.setdefault(key, []).append((kind, name))
        worded = self._worded()
        for (kind, name), decls in sorted(shown.items()):
            span = self._declared(kind, name)
            if span is None or _GROUP[kind] not in worded:
                continue
            self.d.warning(span, f"{kind} `{name}` shows as a raw name in the rules text of {_count(decls)}",
                           _help(kind, name, self._params(kind, name)), code="raw-name")

    def _params(self, kind: str, name: str) -> list[str]:
        table = {"action": self.s.actions, "function": self.s.funcs, "query": self.s.queries}.get(kind, {})
        return [p.name for p in table[name].params] if name in table else []

    def _worded(self) -> set[str]:
        """The groups of names the pack gives Chinese words to at all (`says` on its calls, labels on
        its data, on its enums' members): a pack that words none of a group (a test's small pack)
        has chosen not to, and is not told of each one. A parameter is never shown as written:
        without a label it is called by its role (compiler/text/roles.py)."""
        s, out = self.s, set()
        if any(d.says[0] for t in (s.actions, s.funcs, s.queries) for d in t.values()):
            out.add("calls")
        if any(d.label for t in (s.attrs_, s.counters, s.zones, s.decks) for d in t.values()):
            out.add("data")
        if any(m.label for e in s.enums.values() for m in e.members):
            out.add("members")
        return out

    def _declared(self, kind: str, name: str) -> Optional[A.Span]:
        """Where the name is declared: where its words go."""
        s = self.s
        if kind == "enum member":
            return next((m.span for e in s.members.get(name, ()) for m in s.enums[e].members if m.name == name), None)
        if kind in ("counter", "attribute"):
            table = s.counters if kind == "counter" else s.attrs_
            d = next((table[(o, name)] for o in ("player", "table", "card", "character") if (o, name) in table), None)
        else:
            d = {"action": s.actions, "function": s.funcs, "query": s.queries, "deck": s.decks,
                 "zone": s.zones}[kind].get(name)
        return d.span if d is not None else None


def _count(decls: list) -> str:
    """"28 skills and 3 cards (Baton, Slingshot …)": how many of each, and the first few by name
    (`decls`: each one's kind and name)."""
    by: dict[str, int] = {}
    for kind, _ in decls:
        by[_NOUNS[kind]] = by.get(_NOUNS[kind], 0) + 1
    parts = [f"{n} {noun}{'s' if n > 1 else ''}" for noun, n in by.items()]
    names = [name for _, name in decls]
    return " and ".join(parts) + f" ({', '.join(names[:3])}{' …' if len(names) > 3 else ''})"


def _help(kind: str, name: str, params: list[str]) -> str:
    if kind in ("action", "function", "query"):
        slots = "".join("{" + p + "}…" for p in params)
        return (f'give it `says "…{slots}" / "…{slots}"` after its parameters (and result): how rules text '
                f'phrases a call, in Chinese and in English, each `{{parameter}}` where its argument goes')
    if kind == "enum member":
        return f'give the member a label: `{name} "…"` in its enum'
    if kind == "deck":
        return f'give the deck a label after its name: `deck {name} "…"`'
    written = {"attribute": f'attr … {name} "…": …', "counter": f'counter … {name} "…"', "zone": f'zone {name} "…": …'}
    return f"give the {kind} a label after its name: `{written[kind]}`"
