"""Game state objects: cards, zones, players and event frames.

Hot objects use __slots__ classes rather than attrs: they are created and read millions of times
in a simulation, and this keeps attribute access at its cheapest.
"""
from __future__ import annotations

from typing import Optional


class Card:
    """A card instance. A virtual card has no id of its own: it stands for its `sources`
    (将A当B: B's rules with A's attributes) or for nothing at all (视为使用)."""
    __slots__ = ("id", "kind", "a", "zone", "virtual", "sources", "via", "base", "stamp")

    def __init__(self, id: Optional[int], kind, a: dict, virtual: bool = False,
                 sources: tuple = (), via=None):
        self.id = id
        self.kind = kind
        self.a = a
        self.zone: Optional[Zone] = None
        self.virtual = virtual
        self.sources = sources
        self.via = via
        self.base = None        # a physical card standing as another kind: its own kind and attributes
        self.stamp = 0          # fresh at every move and shuffle: what a seat's knowledge of it is tied to (view.py)

    @property
    def physical(self) -> tuple:
        return self.sources if self.virtual else (self,)

    @property
    def owner(self):
        z = self.physical[0].zone if self.physical else None
        return z.owner if z is not None else None

    def ref(self):
        """How the log names this card."""
        if self.virtual:
            return {"as": self.kind.name, "of": [c.id for c in self.sources]}
        return self.id

    def __repr__(self) -> str:
        if self.virtual:
            return f"<{self.kind.name} as {[c.id for c in self.sources]}>"
        return f"<{self.kind.name}#{self.id}>"


class Zone:
    __slots__ = ("name", "owner", "visibility", "grants", "cards", "key")

    def __init__(self, name: str, owner, visibility: str, grants: bool = False):
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self.grants = grants
        self.cards: list[Card] = []
        self.key = name if owner is None else f"{name}@{owner.seat}"

    def __repr__(self) -> str:
        return f"<zone {self.key} ({len(self.cards)})>"


class Player:
    __slots__ = ("seat", "v", "z", "alive", "character", "skills", "actives", "converts", "agent")

    def __init__(self, seat: int):
        self.seat = seat
        self.v: dict = {}                 # counters and attributes, by name
        self.z: dict[str, Zone] = {}
        self.alive = True
        self.character = None
        self.skills: list = []            # SkillInst
        self.actives: list = []           # (ActiveDef, SkillInst)
        self.converts: list = []          # (ConvertDef, SkillInst)
        self.agent = None

    def __repr__(self) -> str:
        name = self.character.name if self.character else "?"
        return f"<P{self.seat} {name}>"


class Event:
    """One running action: its parameters (mutable by earlier windows) and whether it was cancelled.
    Windows.act (every action makes one) and Turns.run_phase and run_turn make theirs without
    calling __init__, which costs a call each: a slot added here is set there too."""
    __slots__ = ("action", "p", "cancelled", "trigger")

    def __init__(self, action, p: dict):
        self.action = action
        self.p = p
        self.cancelled = False
        self.trigger = None               # the trigger running inside this frame, for loop reports

    def __repr__(self) -> str:
        return f"<event {self.action.name} {self.p}>"


class SkillInst:
    """A skill held by a player, possibly lent by a card (equipment)."""
    __slots__ = ("skill", "owner", "card", "triggers", "mods", "children")

    def __init__(self, skill, owner: Player, card: Optional[Card]):
        self.skill = skill
        self.owner = owner
        self.card = card
        self.triggers: list = []
        self.mods: list = []
        self.children: list = []


class TriggerInst:
    """A trigger in the window index; owner None means the table holds it (a rule of the game).
    Its guard, when it has one, is resolved to the object `ev.p[param]` must be (`same`) or not be
    (Skills.grant), and `cond` is what is left of the condition. `limit` is the definition's, at hand."""
    __slots__ = ("tdef", "owner", "card", "inst", "param", "want", "same", "cond", "limit")

    def __init__(self, tdef, inst: SkillInst):
        self.tdef = tdef
        self.owner = inst.owner
        self.card = inst.card
        self.inst = inst
        self.param = None
        self.want = None
        self.same = True
        self.cond = tdef.cond
        self.limit = tdef.limit


class ModInst:
    __slots__ = ("mdef", "owner", "card")

    def __init__(self, mdef, inst: SkillInst):
        self.mdef = mdef
        self.owner = inst.owner
        self.card = inst.card


class Play:
    """An option of a play decision: a card (maybe made by a conversion) with targets, or an active
    skill. `skill` is the skill behind it, if any; `convert` the conversion still to carry out."""
    __slots__ = ("card", "targets", "skill", "active", "convert", "inst")

    def __init__(self, card=None, targets=(), skill=None, active=None, convert=None, inst=None):
        self.card = card
        self.targets = [*targets]       # a list of its own, without the call of list()
        self.skill = skill
        self.active = active
        self.convert = convert
        self.inst = inst


def restamp(g, cards: list) -> None:
    """Give the cards fresh stamps in the order they lie (Card.stamp): after a shuffle, no seat knows
    which card is where, and a handle it read before names none of them (runtime/view/seat.py)."""
    stamp = g.stamp
    for c in cards:
        c.stamp = stamp = stamp + 1
    g.stamp = stamp
