"""The fast parser's rule for a reaction (`reaction NAME "label" on ACTION.WINDOW { … }`), mixed into
compiler/parse/fast/parser.py's parser: grammar/spellcard.lark's `reaction_decl` and its clauses."""
from __future__ import annotations

from .lex import GiveUp

_MODES = frozenset({"first", "each"})
_EXPR_CLAUSES = {"against": "react_against", "ask": "react_ask", "prompt": "react_prompt"}


class ReactionRules:
    """The host class provides the primitives (node, tok, name, …), the code rules (expr, block) and
    the content rules it shares with skills (event_ref, option, text_clause)."""

    def reaction_decl(self):
        s = self.i
        self.i += 1
        c = [self.name(), self.string()]
        self.keyword("on")
        c.append(self.event_ref())
        self.expect("{")
        while self.kind() != "}":
            a = self.i
            w = self.word()
            if w in _EXPR_CLAUSES:
                self.i += 1
                c.append(self.node(_EXPR_CLAUSES[w], [self.expr()], a))
            elif w in _MODES:
                c.append(self.leaf(f"react_{w}"))
            elif w == "do":
                self.i += 1
                c.append(self.node("react_do", [self.block()], a))
            elif w == "text":
                c.append(self.text_clause())
            elif w in ("when", "priority"):
                c.append(self.option((w,)))
            else:
                raise GiveUp
        self.i += 1
        return self.node("reaction_decl", c, s)
