"""A game log as one seat saw it: the cards that seat did not know are written as none ("a card").

The log names every card by id and every zone by key (`hand@2`); the pack says who sees each zone
(public, its owner, nobody), and `show` entries name the seats a private reveal was for. So who may
see a card in an entry follows from the log itself, by the rule the runtime's View uses
(runtime/view/seat.py): a seat knows a card in a zone it sees, or one shown or revealed to it that has not
moved since nor been shuffled: any move out of its sight forgets it. A moved card is seen if it was known
where it left or is seen where it arrives. A number set on a card (`set_card_value`) is a public mark: its
value is seen on a card face down too, the card read as "a card in" its zone. Only the generic log vocabulary
is read, so it serves any pack.
"""
from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Optional

from spellcard.runtime.defs import PackDef

HIDDEN = "a card"
"""An action's card parameter the seat did not see (a move's hidden card is none: "a card" too)."""

CARD_DECISIONS = ("cards", "card", "play")
"""Decisions whose chosen labels name cards: another seat's are hidden (it chose among its own)."""


UNKNOWN = "unknown"
"""A private player attribute's value the seat may not see yet (runtime/view/seat.py's UNKNOWN)."""


class SeatLog:
    """Rewrites entries in order for `seat`, remembering where each card is and what was shown.

    A private player attribute (`owner until role_shown`) set where the seat may not see it reads
    UNKNOWN; the entry that makes it public (`role_shown` true) carries, for that seat, the values it
    shows as a fifth item ({name: value}). The `until` attributes start false: a default of true
    that no entry sets keeps the value hidden here, never shown too early. `chosen` (GameLog.chosen)
    gives, for a decision's entry, the card ids each chosen label names: a label the seat could not
    know then (a blind pick from another's hand, even its own) reads "a card"."""

    def __init__(self, pack: PackDef, start: Mapping[int, Optional[str]], seat: int,
                 chosen: Optional[Mapping[int, tuple]] = None):
        self.pack = pack
        self.seat = seat
        self.where: dict[int, Optional[str]] = dict(start)     # card id -> zone key
        self.shown: set[int] = set()                            # cards shown to it, not moved since
        self.secrets = {a.name: a for a in pack.secrets()}
        self.untils: dict[str, list] = {}                       # until attribute -> the attributes it shows
        for a in self.secrets.values():
            if a.until is not None:
                self.untils.setdefault(a.until, []).append(a.name)
        self.flags: dict[tuple, object] = {}                    # (player, until attribute) -> value
        self.unseen: dict[tuple, object] = {}                   # (player, attribute) -> value not seen
        self.chosen = chosen or {}
        self.at = 0                                             # the index of the entry being read

    def sees_value(self, player: str, name: str) -> bool:
        a = self.secrets[name]
        return (a.seen == "owner" and player == f"P{self.seat}"
                or a.until is not None and self.flags.get((player, a.until)) is True)

    def sees_zone(self, key: Optional[str]) -> bool:
        if key is None:
            return True
        name, _, owner = key.partition("@")
        zd = self.pack.zones.get(name)
        vis = zd.visibility if zd is not None else "public"
        return vis == "public" or vis == "owner" and owner == str(self.seat) \
            or vis == "others" and owner != "" and owner != str(self.seat)

    def knows(self, cid) -> bool:
        return cid in self.shown or self.sees_zone(self.where.get(cid))

    def card(self, ref, hidden=None):
        """A card reference as the seat sees it: a hidden card is `hidden`; a virtual card keeps its kind."""
        if isinstance(ref, dict):
            return {"as": ref["as"], "of": [self.card(c, hidden) for c in ref["of"]]}
        if isinstance(ref, int) and not isinstance(ref, bool):
            return ref if self.knows(ref) else hidden
        if isinstance(ref, list):
            return [self.card(c, hidden) for c in ref]
        return ref

    def render(self, entries: Iterable[tuple]) -> Iterator[tuple]:
        """The entries, read in order from the log's first (the index counts on across calls)."""
        for entry in entries:
            kind, *data = entry
            method = getattr(self, f"_{kind}", None)
            seen = (kind, *method(*data)) if method is not None else tuple(entry)
            self.at += 1            # before the yield: a reader that takes one entry at a time counts on
            yield seen

    # ── the entries that carry cards ──────────────────────────────────────────
    def _move(self, ids, froms, to, where):
        seen = [cid if self.knows(cid) or self.sees_zone(to) else None for cid in ids]
        for cid, src in zip(ids, froms):
            self.where[cid] = to
            if src != to:                           # put back inside its own zone, a card shown stays known
                self.shown.discard(cid)
        return seen, froms, to, where

    def _act(self, name, params):
        adef = self.pack.actions.get(name)
        cards = adef.cards if adef is not None else ()
        return name, {k: self.card(v, HIDDEN) if k in cards else v for k, v in params.items()}

    def _reveal(self, cards):
        self.shown.update(_ids(cards))
        return (cards,)

    def _show(self, cards, seats):
        if f"P{self.seat}" in seats:
            self.shown.update(_ids(cards))
            return cards, seats
        return [None] * len(cards), seats

    def _shuffle(self, zone):
        self.shown = {cid for cid in self.shown if self.where.get(cid) != zone}
        return (zone,)

    def _grant(self, player, skill, card):
        return player, skill, self.card(card) if card is not None else None

    def _ask(self, player, what, prompt, answer, chosen):
        if what in CARD_DECISIONS and player != f"P{self.seat}":
            chosen = "…"
        elif self.at in self.chosen:                # a choice of cards, maybe blind (from another's hand)
            named = [c if all(self.knows(cid) for cid in ids) else HIDDEN for c, ids in
                     zip(chosen if isinstance(chosen, list) else [chosen], self.chosen[self.at])]
            chosen = named if isinstance(chosen, list) else named[0]
        return player, what, prompt, answer, chosen

    def _result(self, action, value):
        adef = self.pack.actions.get(action)
        return action, self.card(value, HIDDEN) if adef is not None and "result" in adef.cards else value

    def _change(self, action, name, value):
        adef = self.pack.actions.get(action)
        return action, name, self.card(value, HIDDEN) if adef is not None and name in adef.cards else value

    def _set(self, owner, name, value):
        if owner == "table":
            a = self.pack.attrs_.get(("table", name))
            return owner, name, self.card(value, HIDDEN) if a is not None and a.cards else value
        card = _card_id(owner)
        if card is not None:                        # a number on a card: public, on a card maybe face down
            return (owner, name, value) if self.knows(card) else (f"{HIDDEN} in {self.where.get(card)}", name, value)
        a = self.pack.attrs_.get(("player", name))
        if a is not None and a.cards:               # an attribute holding cards: those it knows by id
            value = self.card(value, HIDDEN)
        if name in self.secrets:
            if self.sees_value(owner, name):
                return owner, name, value
            self.unseen[(owner, name)] = value
            return owner, name, UNKNOWN
        if name in self.untils:
            self.flags[(owner, name)] = value
            shows = {a: self.unseen.pop((owner, a)) for a in self.untils[name]
                     if (owner, a) in self.unseen and self.sees_value(owner, a)}
            if shows:
                return owner, name, value, shows
        return owner, name, value


def _card_id(owner: str) -> Optional[int]:
    """The card a `set` entry's owner names (`Kind#12`, builtins_card_state), or None for a player."""
    _, mark, cid = owner.rpartition("#")
    return int(cid) if mark and cid.isdigit() else None


def _ids(refs) -> list:
    out = []
    for r in refs:
        out.extend(r["of"] if isinstance(r, dict) else [r])
    return out


def start_zones(game) -> dict[int, Optional[str]]:
    """Where each card of a played game was before its log began: the zone its first move left,
    or, for a card that never moved, the zone it ends in."""
    start: dict = {}
    for e in game.log.entries:
        if e[0] == "move":
            for cid, src in zip(e[1], e[2]):
                start.setdefault(cid, src)
    for c in game.cards:
        if c.id not in start:
            start[c.id] = c.zone.key if c.zone is not None else None
    return start


def seen_entries(game, seat: Optional[int]) -> list[tuple]:
    """The game's log entries, as `seat` saw them (all of them, as they are, for None)."""
    if seat is None:
        return list(game.log.entries)
    return list(SeatLog(game.pack, start_zones(game), seat, game.log.chosen).render(game.log.entries))
