"""The printed text a designer owes: a skill a character lists, and a card a deck holds, should carry
the rulebook's words in a `text` clause, so every tool can show them beside the generated rules text.

A card's own text may live on the skills it lists (the characters of a game whose characters are
cards); a skill a card or a mode lists is that card's or mode's rule, printed with it."""
from __future__ import annotations

from spellcard.compiler.ast import Span
from spellcard.compiler.text.diagnostics import Diagnostics
from spellcard.compiler.symbols import Symbols


def check_printed(syms: Symbols, diags: Diagnostics) -> None:
    listed = {n: c for c in syms.characters.values() for sc in c.skills for n, _ in sc.names}
    for name, character in listed.items():
        skill = syms.skills.get(name)
        if skill is not None and not skill.text:
            diags.warning(_head(skill.span, "skill", name), f"skill `{name}` has no printed text",
                          f'add the rulebook\'s words: `text "…"` (character `{character.name}` lists it)',
                          code="no-text")
    dealt = {e.kind for deck in syms.decks.values() for e in deck.entries}
    for name in sorted(dealt):
        card = syms.cards.get(name)
        if card is None or card.text:
            continue
        if any(syms.skills[n].text for sc in card.skills for n, _ in sc.names if n in syms.skills):
            continue
        diags.warning(_head(card.span, "card", name), f"card `{name}` has no printed text",
                      'add the rulebook\'s words: `text "…"` after its `{`', code="no-text")


def _head(span: Span, keyword: str, name: str) -> Span:
    """`skill Name`: where the warning points, not the whole declaration."""
    return Span(span.file, span.line, span.col, span.line, span.col + len(keyword) + 1 + len(name))
