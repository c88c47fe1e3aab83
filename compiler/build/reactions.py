"""The builder's rules for a reaction (grammar/spellcard.lark's `reaction_decl`), mixed into
compiler/build/builder.py's _Builder: the clauses gathered into one ReactionDecl, each said once
(a clause said twice is kept in `repeated`, for the checker to report at its place)."""
from __future__ import annotations

from spellcard.compiler import ast as A

from .code import unquote


class ReactionRules:
    """The host class provides span() and the shared clause rules (event_ref, trig_when, text_clause…)."""

    def reaction_decl(self, meta, c):
        name, label, (action, window, ev_span), *clauses = c
        said: dict = {}
        repeated = []
        for clause in clauses:
            word, value, span = clause if len(clause) == 3 else (*clause, None)
            if word in said:        # `when` is placed by its condition; `text`, `priority` by the reaction's name
                repeated.append((word, span or getattr(value, "span", None) or self.tspan(name)))
            else:
                said[word] = value
        return A.ReactionDecl(str(name), unquote(label), action, window, ev_span, said.get("against"),
                              said.get("ask"), said.get("mode", ""), said.get("prompt"), said.get("when"),
                              said.get("priority", 0), said.get("do"), self.span(meta), self.tspan(name),
                              said.get("text", ""), tuple(repeated))

    def react_against(self, meta, c):
        return ("against", c[0], self.span(meta))

    def react_ask(self, meta, c):
        return ("ask", c[0], self.span(meta))

    def react_first(self, meta, c):
        return ("mode", "first", self.span(meta))

    def react_each(self, meta, c):
        return ("mode", "each", self.span(meta))

    def react_prompt(self, meta, c):
        return ("prompt", c[0], self.span(meta))

    def react_do(self, meta, c):
        return ("do", c[0], self.span(meta))
