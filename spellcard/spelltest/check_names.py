"""The checker's reading of names where the pack declares a type (spellcard/spelltest/resolve.py):
an attribute `set` writes, a parameter of `call`, `perform` or a query, a card named by attributes.
An unknown name is an error at its place, with a did-you-mean among the names of that sort."""
from __future__ import annotations

from ..suggest import did_you_mean
from . import nodes as T
from .resolve import element, members


class NameChecks:
    """Mixed into TestChecker (it provides pack, seated, error, who, card, val)."""

    def typed(self, v, word: str) -> None:
        """A value where the pack declares type `word`: each name in it must be one of that sort."""
        sort, many = element(word)
        if isinstance(v, T.ListV):
            if not many and word:
                self.error(v.span, f"a list where the pack expects one {sort}")
            for x in v.items:
                self.typed(x, sort)
            return
        if not isinstance(v, (T.Name, T.Spec)) or many:
            self.val(v)
            return
        n, p = (v.id if isinstance(v, T.Name) else v.spec), self.pack
        if n == "none" and word.endswith("?"):
            return
        if sort == "card":
            if n not in self.seated:
                self.card(n, v.span)
            return
        if sort == "player":
            self.who(T.Who(n, v.span))
            return
        table = {"kind": p.kinds, "skill": p.skills, "character": p.characters}.get(sort)
        if table is not None:
            if n not in table:
                self.error(v.span, f"`{n}` is no {sort} of this pack", did_you_mean(n, table))
            return
        enum = members(p, sort)
        if enum is not None:
            if n not in enum:
                self.error(v.span, f"`{n}` is no member of {sort}", did_you_mean(n, enum)
                           or f"{sort}: {', '.join(enum)}")
            return
        self.val(v)

    def args(self, params, args: list) -> None:
        """Positional arguments against a pack function's or query's (name, type) parameters."""
        if params is None:
            for a in args:
                self.val(a)
            return
        words = list(params.values())
        for i, a in enumerate(args):
            self.typed(a, words[i] if i < len(words) else "")

    def pattern(self, v: T.Pattern) -> str:
        """`card(colour: red, rank: 7)`: card attributes, each a value it can have."""
        p = self.pack
        if v.kind is not None and v.kind not in p.kinds:
            self.error(v.span, f"`{v.kind}(…)` names no card kind", did_you_mean(v.kind, list(p.kinds) + ["card"])
                       or "write `card(…)` for a card of any kind")
        card_attrs = [n for (o, n) in p.attrs_ if o == "card"]
        for name, x, span in v.attrs:
            if ("card", name) not in p.attrs_:
                self.error(span, f"a card has no attribute `{name}`", did_you_mean(name, card_attrs))
                continue
            adef = p.attrs_[("card", name)]
            if isinstance(x, T.Name) and x.id not in adef.value_names:
                enum = next((e for e in p.enums.values() if x.id in e), None)
                if enum is None:
                    known = list(adef.value_names) + [m for e in p.enums.values() for m in e]
                    self.error(x.span, f"`{x.id}` is no value of `{name}`", did_you_mean(x.id, known))
            elif not isinstance(x, T.Name):
                self.val(x)
        return "card"

    def card_value(self, owner, name: str, span) -> None:
        """`set P1.Anna.hp = 3` / `set Anna.hp = 3`: the card must be one the test can name."""
        if isinstance(owner, T.Who):
            if owner.name not in self.pack.kinds and owner.name not in self.printed():
                known = set(self.seated) | set(self.pack.kinds)
                self.error(owner.span, f"nobody seated is `{owner.name}`, and no card is",
                           did_you_mean(owner.name, known))
                return
        elif self.val(owner) != "card":
            return
        self.card_field(name, span)

    def card_field(self, name: str, span) -> str:
        """A card's attribute, or a number the rules keep on cards (`card_value(c, "hp")`)."""
        p = self.pack
        kept = p.signatures.get(("card values",))
        if ("card", name) in p.attrs_:
            return "any"
        if name == "skills":                    # what the card's kind grants
            return "list"
        if kept is None or name in kept:        # (a pack compiled before the names were kept: any)
            return "int"
        known = [n for (o, n) in p.attrs_ if o == "card"] + list(kept)
        self.error(span, f"a card has no attribute or value `{name}`", did_you_mean(name, known))
        return "any"
