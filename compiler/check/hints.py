"""Suggestions: the pack's synonyms, names ranked by the kind wanted, the zone meant for a player."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from .scope import _shown
from spellcard.compiler.symbols import BUILTINS


class HintChecks:
    """Mixed into Checker: did-you-mean lines that find what a designer meant."""

    def _zone_help(self, a, at, b, bt, compared: bool = True):
        """A zone compared with a player (`c.zone == owner`), or a player where the cards are looked for
        (`c in owner`): they meant one of the player's zones, the hand likeliest."""
        for zone_side, zt, player, pt in ((a, at, b, bt), (b, bt, a, at)):
            if (T.strip(zt) == T.ZONE or not compared) and T.strip(pt) == T.PLAYER:
                who = _shown(player) or "owner"
                mine = sorted((z for z, d in self.s.zones.items() if d.owner == "player"),
                              key=lambda z: "hand" not in z)
                if mine:
                    others = ", ".join(f"`{who}.{z}`" for z in mine[1:4])
                    lead = "a zone is not a player" if compared else "a player is not a list of cards"
                    return f"{lead}: did you mean `{who}.{mine[0]}`?" + (f" (or {others})" if others else "")
        return None

    def _compare_help(self, a, at, b, bt) -> Optional[str]:
        """A kind compared with its printed name (`c.kind == "彈幕"`), or a card with a kind
        (`c == Graze`): name the kind the designer meant, or the card's `.kind`."""
        for x, xt, y, yt in ((a, at, b, bt), (b, bt, a, at)):
            if T.strip(xt) == T.KIND and T.strip(yt) == T.TEXT and isinstance(y, A.StrLit):
                named = [c.name for c in self.s.cards.values() if y.value in (c.name, c.label)]
                if named:
                    return (f"a kind is written by its card's name, without quotes: `{named[0]}` "
                            f"(\"{y.value}\" is the name the card prints)")
                known = list(self.s.cards)
                return "a kind is written by its card's name, without quotes" + (
                    f", e.g. `{known[0]}`" if known else "")
            if T.strip(xt) == T.CARD and T.strip(yt) == T.KIND:
                return f"a card is not a kind: compare its kind, `{_shown(x) or 'c'}.kind == {_shown(y) or '…'}`"
        return None

    def hint(self, name: str, candidates, first=()) -> Optional[str]:
        return did_you_mean(name, candidates, self.s.synonyms, first)

    def decl_SynonymsDecl(self, d: A.SynonymsDecl):
        known = set(self.s.top) | set(BUILTINS) | {"current"}
        if d.name not in known:
            self.err(d.span, f"`{d.name}` is not a name the pack defines, so nothing can be suggested for it",
                     self.hint(d.name, known) or "the first name is the pack's own word, then the words "
                                                 "designers may write for it: `synonyms heal: recover, restore`",
                     code="synonym")
        for word, span in d.words:
            if word in known or word in self.s.members:
                self.err(span, f"`{word}` already names something; a synonym is a word the pack does not use",
                         "remove it from the list", code="synonym")

    def _conversion_help(self, got, want, e=None) -> Optional[str]:
        got, want = T.strip(got), T.strip(want)
        what = _shown(e) if e is not None else None
        if got == T.CARD and want == T.PLAYER:
            return f"a card is not a player; did you mean its owner (`{what or 'c'}.owner`)?"
        if got == T.PLAYER and (want == T.CARD or want == T.list_of(T.CARD)):
            return "a player is not a card; choose one of their cards with `choose_card`"
        if T.is_list(want) and not T.is_list(got) and got not in (T.ANY, T.NONE) \
                and T.assignable(got, T.elem(want)):
            return f"this is one {T.show(got)}, not a list; a list of one is written `[{what or '…'}]`"
        if T.is_list(got) and not T.is_list(want):
            return "this is a list; pick one item with `first(...)` or a `choose_…` call"
        if want == T.BOOL and got == T.INT:
            return "compare the number, e.g. `… > 0`"
        if isinstance(want, tuple) and want[0] == "enum" and got == T.TEXT:
            enum = self.s.enums.get(want[1])
            if isinstance(e, A.StrLit) and enum is not None:
                for m in enum.members:
                    if e.value in (m.name, m.label):
                        return f"enum members are written without quotes: `{m.name}`"
            return f"write a member of `{want[1]}` without quotes" + (
                f", e.g. `{enum.members[0].name}`" if enum is not None and enum.members else "")
        if want == T.TEXT:
            return 'texts are written in quotes, e.g. "彈幕"'
        return None
