"""What one game used: how often each skill fired or was used, and each kind of card was played.

Off unless asked for (`Game.usage` is None), so a plain game pays one test per trigger fired and
per play chosen. Counts are by name only, so they add up across games and machines.
"""
from __future__ import annotations


class Usage:
    __slots__ = ("skills", "cards")

    def __init__(self):
        self.skills: dict[str, int] = {}    # skill name -> times it fired (a trigger) or was used (an active, a conversion)
        self.cards: dict[str, int] = {}     # card kind name -> times a card of it was played or given in answer

    def skill(self, skill) -> None:
        self.skills[skill.name] = self.skills.get(skill.name, 0) + 1

    def card(self, card) -> None:
        """A card played or given: counted as the kind it counts as, and a virtual one also counts
        the conversion skill that made it."""
        self.cards[card.kind.name] = self.cards.get(card.kind.name, 0) + 1
        if card.virtual and card.via is not None:
            self.skill(card.via)
