"""The lint `raw-name`: a name of the pack that its generated rules text shows as written, because
only the pack can give it words in the language its texts are printed in (Chinese). English needs
none: the text says a name as words (`item_ok` is "item ok"). Told once, at the name's declaration,
with how many skills, cards and modes show it and what to add (a `says` phrasing on a function, query
or action; a label on an attribute, counter, zone, deck, enum member or parameter), so a designer
learns what to add where it is added. The rules text notes each name it writes as it is
(compiler/text/exprs.py, `ExprText.unlabelled`); this reads those notes, so it flags exactly what
`spellcard explain` shows."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.text.rules import RulesText

SHOWN = (A.SkillDecl, A.CardDecl, A.ModeDecl)
"""The declarations with rules text (`spellcard explain`, `spellcard doc`)."""
LANG = "zh"
"""The language only the pack can give words in; the compiler has its own for English."""
_NOUNS = {A.SkillDecl: "skill", A.CardDecl: "card", A.ModeDecl: "mode"}
_GROUP = {"action": "calls", "function": "calls", "query": "calls", "attribute": "data", "counter": "data",
          "zone": "data", "deck": "data", "enum member": "members", "parameter": "parameters"}


class RawNames:
    """The names each declaration's rules text shows as written, worked out once per declaration."""

    def __init__(self, syms, diags):
        self.s, self.d = syms, diags
        self._of: dict[int, tuple] = {}

    def of(self, d) -> tuple:
        """(kind, name, the action a parameter is of) of every name `d`'s rules text shows as
        written, sorted: what the incremental check compares (compiler/pack/exports.py)."""
        if not isinstance(d, SHOWN):
            return ()
        if id(d) not in self._of:
            text = RulesText(self.s, LANG)
            text.of(d)
            self._of[id(d)] = tuple(sorted(text.raw))
        return self._of[id(d)]

    def run(self, modules: list[A.Module]) -> None:
        shown: dict[tuple, list] = {}
        for m in modules:
            for d in m.decls:
                for key in self.of(d):
                    shown.setdefault(key, []).append(d)
        worded = self._worded()
        for (kind, name, of), decls in sorted(shown.items()):
            span = self._declared(kind, name, of)
            if span is None or _GROUP[kind] not in worded:
                continue
            where = f"`{of}`'s parameter `{name}`" if of else f"{kind} `{name}`"
            self.d.warning(span, f"{where} shows as a raw name in the rules text of {_count(decls)}",
                           _help(kind, name), code="raw-name")

    def _worded(self) -> set[str]:
        """The groups of names the pack gives Chinese words to at all (`says` on its calls, labels
        on its data, on its enums' members, on its actions' parameters): a pack that words none of a
        group (a test's small pack) has chosen not to, and is not told of each one."""
        s, out = self.s, set()
        if any(d.says[0] for t in (s.actions, s.funcs, s.queries) for d in t.values()):
            out.add("calls")
        if any(d.label for t in (s.attrs_, s.counters, s.zones, s.decks) for d in t.values()):
            out.add("data")
        if any(m.label for e in s.enums.values() for m in e.members):
            out.add("members")
        if any(p.label for a in s.actions.values() for p in a.params):
            out.add("parameters")
        return out

    def _declared(self, kind: str, name: str, of: str) -> Optional[A.Span]:
        """Where the name is declared: where its words go."""
        s = self.s
        if kind == "parameter":
            action = s.actions.get(of)
            p = next((p for p in action.params if p.name == name), None) if action is not None else None
            return p.span if p is not None else None
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
    """"28 skills and 3 cards (Baton, Slingshot …)": how many of each, and the first few by name."""
    by: dict[str, int] = {}
    for d in decls:
        by[_NOUNS[type(d)]] = by.get(_NOUNS[type(d)], 0) + 1
    parts = [f"{n} {noun}{'s' if n > 1 else ''}" for noun, n in by.items()]
    names = [d.name for d in decls]
    return " and ".join(parts) + f" ({', '.join(names[:3])}{' …' if len(names) > 3 else ''})"


def _help(kind: str, name: str) -> str:
    if kind in ("action", "function", "query"):
        return (f'give it `says "…" / "…"` after its parameters: how rules text phrases a call in Chinese and '
                f'English, `{{param}}` for each parameter (`says "{{p}}获得护盾" / "{{p}} gains a shield"`)')
    if kind == "enum member":
        return f'give the member a label: `{name} "…"` in its enum'
    if kind == "parameter":
        return f'give the parameter a label between its name and its type: `{name} "…": …`'
    if kind == "deck":
        return f'give the deck a label after its name: `deck {name} "…"`'
    written = {"attribute": f'attr … {name} "…": …', "counter": f'counter … {name} "…"', "zone": f'zone {name} "…": …'}
    return f"give the {kind} a label after its name: `{written[kind]}`"
