"""What one seat may see of a game: the View an agent is handed instead of the Game.

A seat sees the cards of public zones, of its own `owner` zones, and the cards revealed or shown to
it (`knows`); of every other card only where it is. Of the players' attributes it sees all but the
private ones (`attr player role: Role? owner until role_shown`) it may not see yet: those read
UNKNOWN. Every object handed out is a projection made for that seat (SeenCard, SeenPlayer, SeenZone,
SeenPlay, SeenEvent): none holds a live Card, Player or Zone, whose links lead to every zone of the table. A hidden card has no id either: ids follow the deck
list, so an id would tell the card; the seat names it by a handle, fresh for the seat and for each
time the card moved or was shuffled out of its sight (the rules of sight: docs/views.md).

Python has no private attributes: the View keeps the game in an underscored slot, and an agent
that digs there (or through the garbage collector) can still find it. Every public route is closed;
agents that need the truth (scripted tests, replays) say so with `sees_all = True` and get the Game.

Views are made lazily and cheaply: a decision's options are projected only when the agent reads
them, so an agent that only counts its options (the random one) pays almost nothing.
"""
from __future__ import annotations

import hashlib
from collections import namedtuple
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Optional

from spellcard.runtime.decisions import label
from spellcard.runtime.model import Card, Event, Play, Player, Zone


def visible(zone: Optional[Zone], seat: int) -> bool:
    """Whether `seat` sees the faces of the cards in `zone` by the zone's declared visibility: a
    public zone, its own `owner` zone, or another player's `others` zone (cards held facing away)."""
    if zone is None:
        return True
    vis = zone.visibility
    if vis == "public":
        return True
    if vis == "owner":
        return zone.owner is not None and zone.owner.seat == seat
    return vis == "others" and zone.owner is not None and zone.owner.seat != seat


def knows(game, seat: int, card: Card) -> bool:
    """Whether `seat` knows the physical card's identity now: its zone shows it to the seat, or the
    card was shown to the seat and has not moved since, nor been shuffled (Card.stamp: a fresh stamp
    at every move and shuffle, so any move out of the seat's sight forgets it)."""
    zone = card.zone
    if visible(zone, seat):
        return True
    known = game.known.get(seat)
    return known is not None and card.stamp in known


def learn(game, seat: int, cards) -> None:
    """Record that `seat` has been shown these physical cards, until they move or are shuffled."""
    known = game.known.get(seat)
    if known is None:
        known = game.known[seat] = set()
    for c in cards:
        known.add(c.stamp)


def carry(known: dict, old: int, new: int) -> None:
    """A card was moved inside its own zone (put back on the pile it was taken from, in an order
    chosen): the seats that knew it under its old stamp know it under the new one; to the others it
    is a new card, by a new handle, so they cannot follow the order it was put in."""
    for stamps in known.values():
        if old in stamps:
            stamps.add(new)


def handle_key(game) -> bytes:
    """The key a game's handles are drawn with: from its seed, so that the same game gives the same
    handles, and from nothing a seat is handed."""
    return hashlib.blake2b(f"spellcard handles {game.seed}".encode(), digest_size=16).digest()


def handle(key: bytes, seat: int, card: Card) -> str:
    """How `seat` names a card it does not know: fresh for the seat and for each time the card moved or
    was shuffled out of its sight (a keyed hash of the seat and the card's stamp), so it tells nothing
    of the card's id, kind or attributes, nor orders the cards by them."""
    return "?" + hashlib.blake2b(b"%d:%d" % (seat, card.stamp), key=key, digest_size=6).hexdigest()


def sees_value(seat: int, p: Player, a) -> bool:
    """Whether `seat` sees player `p`'s value of the attribute `a` (an AttrDef): a public one always,
    an `owner` one if it is `p`'s seat, and any once its `until` attribute is true."""
    return (a.seen == "public" or a.seen == "owner" and p.seat == seat
            or a.until is not None and p.v.get(a.until) is True)


class Unknown:
    """What a seat reads for a player's attribute it may not see (`attr player role: Role? owner until
    role_shown`): one value, `UNKNOWN`, unlike any the attribute can hold (none included)."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "unknown"


UNKNOWN = Unknown()


NO_MARKS = MappingProxyType({})


class SeenCard:
    """A card as one seat sees it. Unknown: `kind`, `a` and `id` are None; where it is shows, and
    `handle`, the seat's own name for it until it moves or is shuffled out of its sight (view.handle).
    `marks`: the numbers the rules set on the physical card (set_card_value), public, seen on a card
    face down too, travelling with it wherever it goes."""
    __slots__ = ("id", "kind", "a", "zone", "owner", "virtual", "sources", "handle", "marks")

    def __init__(self, id, kind, a, zone, owner, virtual=False, sources=(), handle=None, marks=NO_MARKS):
        self.id, self.kind, self.a, self.zone, self.owner = id, kind, a, zone, owner
        self.virtual, self.sources, self.handle, self.marks = virtual, sources, handle, marks

    @property
    def known(self) -> bool:
        return self.kind is not None

    @property
    def name(self) -> str:
        return self.kind.name if self.kind is not None else "a card"

    def __repr__(self) -> str:
        return f"<{self.name}#{self.id}>" if self.known else f"<a card {self.handle} in {self.zone}>"


class SeenPlay:
    """A play option: the card (as seen) and targets, or the skill it uses; `name` as the log labels it."""
    __slots__ = ("card", "targets", "skill", "name")

    def __init__(self, card, targets, skill, name):
        self.card, self.targets, self.skill, self.name = card, targets, skill, name

    def __repr__(self) -> str:
        return f"<play {self.name}>"


class SeenEvent:
    """An action under way (a player attribute may hold one: the use a skill waits on), as seen:
    its action's name, its parameters each projected, and whether it was cancelled."""
    __slots__ = ("action", "p", "cancelled")

    def __init__(self, action, p, cancelled):
        self.action, self.p, self.cancelled = action, p, cancelled

    def __repr__(self) -> str:
        return f"<event {self.action}>"


class SeenZone:
    __slots__ = ("name", "owner", "visibility", "cards")

    def __init__(self, name, owner, visibility, cards):
        self.name, self.owner, self.visibility, self.cards = name, owner, visibility, cards

    @property
    def size(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<zone {self.name}{'' if self.owner is None else f'@{self.owner}'} ({self.size})>"


class SeenPlayer:
    """A player's public state: seat, alive, character, counters and attributes, skills by name."""
    __slots__ = ("_view", "_p", "seat")

    def __init__(self, view: "View", p: Player):
        self._view, self._p, self.seat = view, p, p.seat

    @property
    def alive(self) -> bool:
        return self._p.alive

    @property
    def character(self):
        return self._p.character

    @property
    def name(self) -> str:
        c = self._p.character
        return c.name if c is not None else f"P{self.seat}"

    @property
    def v(self) -> Mapping:
        """Counters and attributes; one this seat may not see (a hidden role) reads `UNKNOWN`."""
        view = self._view
        see, p = view.see, self._p
        values = {k: see(x) for k, x in p.v.items()}
        for a in view._secrets:
            if a.name in values and not sees_value(view.seat, p, a):
                values[a.name] = UNKNOWN
        return MappingProxyType(values)

    @property
    def skills(self) -> tuple:
        return tuple(i.skill.name for i in self._p.skills)

    def zone(self, name: str) -> SeenZone:
        return self._view._seen_zone(self._p.z[name])

    @property
    def zones(self) -> tuple:
        return tuple(self._view._seen_zone(z) for z in self._p.z.values())

    def __repr__(self) -> str:
        return f"<P{self.seat} {self.name}>"


class SeenOptions(Sequence):
    """A decision's options, each projected for the seat when it is read."""
    __slots__ = ("_items", "_see")

    def __init__(self, items, see):
        self._items, self._see = items, see

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._see(x) for x in self._items[i]]
        return self._see(self._items[i])

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, (list, tuple, SeenOptions)) else NotImplemented

    __hash__ = None


class SeenDecision(namedtuple("SeenDecisionFields", "player kind what prompt options min max")):
    """A decision as its seat sees it: Decision's fields, read-only as there, the options projected."""
    __slots__ = ()

    def describe(self, i: int) -> str:
        o = self.options[i]
        return "pass" if o is None else getattr(o, "name", str(o))

    def __repr__(self) -> str:
        return f"<decision P{self.player.seat} {self.what} {self.prompt!r} {len(self.options)} options>"


_new = tuple.__new__


class View:
    """One seat's view of a game, live: it reads the game as it is now, projected for the seat."""
    __slots__ = ("_game", "seat", "me", "_players", "_secrets", "_key", "_marks", "_marks_era")

    def __init__(self, game, seat: int):
        self._game = game
        self.seat = seat
        self._key = handle_key(game)
        self._marks: dict = {}
        self._marks_era = -1
        self._secrets = game.pack.secrets()
        self._players = tuple(SeenPlayer(self, p) for p in game.players)
        self.me = self._players[seat]

    # ── the table ─────────────────────────────────────────────────────────────
    @property
    def players(self) -> tuple:
        return self._players

    @property
    def current(self) -> SeenPlayer:
        """Whose turn it is."""
        return self._players[self._game.current.seat]

    @property
    def phase(self) -> Optional[str]:
        return self._game.phase

    @property
    def turn(self) -> int:
        return self._game.turns

    @property
    def round(self) -> int:
        return self._game.rounds

    @property
    def v(self) -> Mapping:
        """The table's counters and attributes."""
        return MappingProxyType({k: self.see(x) for k, x in self._game.v.items()})

    def zone(self, name: str, owner: Optional[int] = None) -> SeenZone:
        """A table zone by name, or a player's (`owner` its seat)."""
        g = self._game
        return self._seen_zone(g.z[name] if owner is None else g.players[owner].z[name])

    @property
    def zones(self) -> tuple:
        """Every zone: the table's, then each player's in seat order."""
        return tuple(self._seen_zone(z) for z in self._game.all_zones())

    # ── knowledge ─────────────────────────────────────────────────────────────
    def knows(self, card) -> bool:
        """Does this seat know the card's identity now? A Card, a SeenCard or a card id."""
        if isinstance(card, SeenCard):
            return card.known
        if isinstance(card, int):
            card = _card_by_id(self._game, card)
            if card is None:
                return False
        return all(knows(self._game, self.seat, c) for c in card.physical) if card.physical else True

    def sees_value(self, player, name: str) -> bool:
        """Does this seat see `player`'s (a SeenPlayer or a seat) attribute `name` now?"""
        a = self._game.pack.attrs_.get(("player", name))
        p = self._game.players[player if isinstance(player, int) else player.seat]
        return a is None or sees_value(self.seat, p, a)

    def see(self, x):
        """Any value of the game as this seat sees it: cards, players, zones, plays and events
        projected, lists item by item; definitions (kinds, characters, skills) and plain values as they are."""
        if isinstance(x, Card):
            return self._seen_card(x)
        if isinstance(x, Player):
            return self._players[x.seat]
        if isinstance(x, Play):
            return self._seen_play(x)
        if isinstance(x, Zone):
            return self._seen_zone(x)
        if isinstance(x, (list, tuple)):
            return tuple(self.see(i) for i in x)
        if isinstance(x, Event):
            return SeenEvent(x.action.name, MappingProxyType({k: self.see(v) for k, v in x.p.items()}), x.cancelled)
        if hasattr(x, "tdef"):                  # a trigger waiting its turn (an order decision): its skill
            return x.tdef.skill
        return x

    def decision(self, d) -> SeenDecision:
        """The decision `d` (this seat's) as the seat sees it."""
        _, kind, what, prompt, options, lo, hi = d       # unpacked at once: this runs at every decision
        return _new(SeenDecision, (self.me, kind, what, prompt, SeenOptions(options, self.see), lo, hi))

    # ── projections ───────────────────────────────────────────────────────────
    def _seen_card(self, c: Card) -> SeenCard:
        if c.virtual:
            sources = tuple(self._seen_card(s) for s in c.sources)
            first = sources[0] if sources else None
            a = c.a
            if not all(s.known for s in sources):      # what it takes from a card the seat does not know
                own = c.kind.attrs
                a = {k: v if k in own else None for k, v in a.items()}
            return SeenCard(None, c.kind, MappingProxyType(a), first.zone if first else None,
                            first.owner if first else None, True, sources)
        zone = c.zone
        where = zone.key if zone is not None else None
        owner = zone.owner.seat if zone is not None and zone.owner is not None else None
        marks = self._marks_of(c) if self._game.card_values else NO_MARKS
        if knows(self._game, self.seat, c):
            return SeenCard(c.id, c.kind, MappingProxyType(c.a), where, owner, marks=marks)
        return SeenCard(None, None, None, where, owner, handle=handle(self._key, self.seat, c), marks=marks)

    def _marks_of(self, c: Card) -> Mapping:
        """The numbers set on card `c`, read from an index made again only when the game has changed."""
        g = self._game
        if self._marks_era != g.era:
            index: dict = {}
            for (cid, name), value in g.card_values.items():
                if value:
                    index.setdefault(cid, {})[name] = value
            self._marks = {cid: MappingProxyType(values) for cid, values in index.items()}
            self._marks_era = g.era
        return self._marks.get(c.id, NO_MARKS)

    def _seen_play(self, p: Play) -> SeenPlay:
        card = self._seen_card(p.card) if p.card is not None else None
        name = card.name if card is not None else label(p)      # a card it does not know: "a card"
        return SeenPlay(card, tuple(self._players[t.seat] for t in p.targets), p.skill, name)

    def _seen_zone(self, z: Zone) -> SeenZone:
        return SeenZone(z.name, z.owner.seat if z.owner is not None else None, z.visibility,
                        tuple(self._seen_card(c) for c in z.cards))

    def __repr__(self) -> str:
        return f"<view of P{self.seat}>"


def _card_by_id(game, cid: int) -> Optional[Card]:
    cards = game.cards
    if 0 <= cid < len(cards) and cards[cid].id == cid:
        return cards[cid]
    return next((c for c in cards if c.id == cid), None)


def view_of(game, seat: int) -> View:
    """The seat's view, made once per game and seat."""
    v = game.views.get(seat)
    if v is None:
        v = game.views[seat] = View(game, seat)
    return v
