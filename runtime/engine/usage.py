"""What one game used: how often each skill fired or was used, and each kind of card was played.

Off unless asked for (`Game.usage` is None), so a plain game pays one test per trigger fired, per
optional trigger declined and per play chosen. Counts are by name only, so they add up across games
and machines.

Besides the skill's total, each part of a skill (a trigger, an active, a conversion: "Skill#i", i its
clause's place in the skill) counts the times it ran and the times its owner was offered it and said
no, so that a part that never ran can say why: never offered (its condition never held) or always
declined.
"""
from __future__ import annotations


def part(d) -> str:
    """A trigger's, active's or conversion's name: its skill and its clause's index."""
    return f"{d.skill.name}#{d.index}"


class Usage:
    __slots__ = ("skills", "cards", "parts", "declined")

    def __init__(self):
        self.skills: dict[str, int] = {}    # skill name -> times it fired (a trigger) or was used (an active, a conversion)
        self.cards: dict[str, int] = {}     # card kind name -> times a card of it was played or given in answer
        self.parts: dict[str, int] = {}     # "Skill#i" -> times that trigger fired, active was used, conversion made a card
        self.declined: dict[str, int] = {}  # "Skill#i" -> times its owner was offered it and chose otherwise

    def skill(self, skill) -> None:
        self.skills[skill.name] = self.skills.get(skill.name, 0) + 1

    def fired(self, d) -> None:
        """A trigger that fired, an active used, a conversion that made a card: the skill and the part."""
        self.skill(d.skill)
        key = part(d)
        self.parts[key] = self.parts.get(key, 0) + 1

    def declined_part(self, d) -> None:
        key = part(d)
        self.declined[key] = self.declined.get(key, 0) + 1

    def chosen(self, options: list, choice) -> None:
        """A play or card decision: the active or conversion chosen ran; the others offered were declined."""
        for o in options:
            d = getattr(o, "active", None) or getattr(o, "convert", None)
            if d is not None and o is not choice:
                self.declined_part(d)
        if choice is not None and getattr(choice, "convert", None) is not None:
            key = part(choice.convert)
            self.parts[key] = self.parts.get(key, 0) + 1
        elif choice is not None and getattr(choice, "active", None) is not None:
            self.fired(choice.active)

    def card(self, card) -> None:
        """A card played or given: counted as the kind it counts as, and a virtual one also counts
        the conversion skill that made it."""
        self.cards[card.kind.name] = self.cards.get(card.kind.name, 0) + 1
        if card.virtual and card.via is not None:
            self.skill(card.via)
