"""A seat's frame: what its page, or a remote agent, is sent. Built from the seat's View (runtime/view.py)
and its seat log (spellcard/seen_log.py) only, never from the Game, so a frame can hold nothing the
seat may not see: a face-down card is `{"back": true}` (no id, no kind), a value the seat may not see
is "unknown", another seat's choice of cards is "…".

Cards are written as the deck prints them (the kind and its face, "Danmaku♠7", with the pack's label,
彈幕), as the seat log and the `.spell` tests write them: never by id.
"""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.view import UNKNOWN, SeenCard, SeenEvent, SeenPlay, SeenPlayer, View

from ..answers import deck_attrs
from ..faces import card_face
from ..render import FacedLog, resets_of
from ..seen_log import SeatLog, start_zones

NO_SEAT = -1
"""The seat a watcher's view is made for: no player's, so it sees public zones and values only."""


class Faces:
    """How a pack prints a card: its kind's name and its face (the attributes its deck lists)."""

    def __init__(self, pack):
        self.pack = pack
        self.deck = deck_attrs(pack)
        self.shown = tuple(pack.shown.get("card", ()))

    def spec(self, kind, a) -> str:
        if a is None:
            return kind.name
        return kind.name + card_face(self.pack, {k: a[k] for k in self.deck if k in a})

    def card(self, c: SeenCard) -> dict:
        if not c.known:
            return {"back": True}
        out = {"id": c.id, "face": self.spec(c.kind, c.a), "label": c.kind.label}
        if c.virtual:
            out["face"] = c.kind.name
            out["of"] = [self.card(s) for s in c.sources]
        shown = {k: plain(self, c.a[k]) for k in self.shown if c.a is not None and k in c.a}
        if shown:
            out["shown"] = shown
        return out


def plain(faces: Faces, x):
    """A value as the seat sees it, as JSON: cards by face, players by seat and name."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if x is UNKNOWN:
        return "unknown"
    if isinstance(x, SeenCard):
        return faces.spec(x.kind, x.a) if x.known else "a card"
    if isinstance(x, SeenPlayer):
        return f"P{x.seat}"
    if isinstance(x, SeenEvent):
        return x.action
    if isinstance(x, SeenPlay):
        return x.name
    if isinstance(x, (tuple, list)):
        return [plain(faces, i) for i in x]
    name = getattr(x, "name", None)
    return name if isinstance(name, str) else str(x)


def zone(faces: Faces, z) -> dict:
    cards = [faces.card(c) for c in z.cards]
    return {"name": z.name, "owner": z.owner, "visibility": z.visibility, "size": len(cards),
            "hidden": sum(1 for c in cards if "back" in c), "cards": cards}


def player(faces: Faces, p: SeenPlayer) -> dict:
    c = p.character
    return {"seat": p.seat, "name": p.name, "label": c.label if c is not None else f"P{p.seat}",
            "alive": p.alive, "v": {k: plain(faces, v) for k, v in p.v.items()},
            "skills": list(p.skills), "zones": [zone(faces, z) for z in p.zones]}


def option(faces: Faces, d, i: int) -> dict:
    o = d.options[i]
    if o is None:
        return {"label": "pass", "pass": True}
    if isinstance(o, bool):
        return {"label": "yes" if o else "no"}
    if isinstance(o, SeenCard):
        return {"label": faces.spec(o.kind, o.a) if o.known else "a card", "card": faces.card(o)}
    if isinstance(o, SeenPlayer):
        return {"label": f"P{o.seat} {o.name}", "player": o.seat}
    if isinstance(o, SeenPlay):
        out = {"label": o.name}
        if o.card is not None:
            out["card"] = faces.card(o.card)
            if o.card.known and not o.card.virtual:
                out["label"] = faces.spec(o.card.kind, o.card.a)
        if o.skill is not None:
            out["skill"] = o.skill.name
        if o.targets:
            out["targets"] = [t.seat for t in o.targets]
        return out
    return {"label": str(plain(faces, o))}


def decision(faces: Faces, d, did: int) -> dict:
    """The seat's pending decision: its id (an answer must name it), its shape and its options."""
    return {"id": did, "kind": d.kind, "what": d.what, "prompt": d.prompt, "min": d.min, "max": d.max,
            "options": [option(faces, d, i) for i in range(len(d.options))]}


def table_state(faces: Faces, view: View, seat: Optional[int]) -> dict:
    """The table as `view` shows it: its zones and values, every player, whose turn and which phase."""
    g_players = view.players
    try:
        current = view.current.seat
    except AttributeError:              # before the first turn: nobody's yet
        current = None
    shown = faces.pack.shown
    return {"seat": seat, "shown": [*shown.get("player", ()), *shown.get("character", ())], "turn": view.turn, "round": view.round, "phase": view.phase, "current": current,
            "v": {k: plain(faces, v) for k, v in view.v.items()},
            "zones": [zone(faces, z) for z in view.zones if z.owner is None],
            "players": [player(faces, p) for p in g_players]}


class SeatLines:
    """A seat's log lines, rendered as the game goes: the entries pass through the seat's SeatLog
    (the cards it did not know become "a card") before they are put in words."""

    def __init__(self, game, seat: Optional[int], faces: Faces, phrases: Optional[dict] = None):
        self.game = game
        who = NO_SEAT if seat is None else seat
        self.seer = SeatLog(game.pack, start_zones(game), who)
        self.seer.chosen = game.log.chosen          # the live table: it grows as decisions are logged
        names = {c.id: faces.spec(c.kind, c.a) for c in game.cards if c.id is not None}
        self.renderer = FacedLog(names, resets_of(game.pack), game.pack, phrases or {})
        self.renderer.chosen = game.log.chosen     # a chosen card by its face (it grows, as the seer's)
        self.lines: list[str] = []
        self.read = 0

    def update(self) -> list[str]:
        entries = self.game.log.entries
        new = entries[self.read:]
        self.read = len(entries)
        for line in self.renderer.render(self.seer.render(new)):
            self.lines.append(line.plain)
        return self.lines
