"""The non-interference check of issue 26, point 5: at a decision, re-deal everything a seat may not
know into a second world; what the seat is handed (its view and the decision as it sees it) and its
log so far must be the same in both.

What a seat may know is judged here by a reference of the rules of sight written apart from the
runtime's (`Reference`): a card in a zone the pack lets it see, or one revealed or shown to it that has
not moved since (but inside its own zone), nor been shuffled. The second world is made in place and undone after: the faces
(kind and attributes) of the cards it may not know are dealt afresh among them, and so are the private
player attributes it may not see. The log so far is history, and a second world's history differs
from the first's only where the seat was not looking: from the entry after it last lost sight of a
card, the card is another one there (`Renumbered`: another id, another name, another label). Any
difference is a leak, reported with the first line that differs.

`Sealed` is the check as a property a game keeps at every decision (spellcard.testing's `always`),
so that Hypothesis can draw a game's every answer, shrink a leaking game and write it as a `.spell`
test that `rerun` plays again to the decision where the leak shows.
"""
from __future__ import annotations

import random
from collections.abc import Mapping

from spellcard.render import LogRenderer, card_names, resets_of
from spellcard.runtime.view import UNKNOWN, SeenCard, SeenEvent, SeenPlay, SeenPlayer, view_of
from spellcard.runtime.agents.worlds import redeal_values
from spellcard.seen_log import SeatLog, start_zones

POISON = "☠"


def sees(zone, seat: int) -> bool:
    """The pack's declaration: a public zone, an owner zone of the seat's own, another's others zone."""
    return zone is None or zone.visibility == "public" or zone.owner is not None and (
        zone.visibility == "owner" and zone.owner.seat == seat or zone.visibility == "others" and zone.owner.seat != seat)


class Reference:
    """The rules of sight, read from the log as the game goes: per seat, the cards shown to it and
    not moved since (nor shuffled); per seat and card, the entry after which it last lost sight of it
    and the zone it was in then (absent: it never saw it)."""

    def __init__(self, game):
        self.game = game
        self.n = len(game.players)
        self.shown = [set() for _ in range(self.n)]
        self.lost = [dict() for _ in range(self.n)]     # card id -> the first entry it was unseen since
        self.read = 0

    def catch_up(self) -> None:
        entries, cards = self.game.log.entries, self.game.cards
        zones = {z.key: z for z in self.game.all_zones()}
        for e in range(self.read, len(entries)):
            kind, *data = entries[e]
            if kind == "move":
                to = zones.get(data[2])
                for cid, src in zip(data[0], data[1]):
                    for s in range(self.n):
                        knew = cid in self.shown[s] or sees(zones.get(src), s)
                        if src == data[2] and cid in self.shown[s]:
                            continue                        # put back inside its zone: still known
                        self.shown[s].discard(cid)
                        if knew and not sees(to, s):        # it saw the card go out of its sight
                            self.lost[s][cid] = (e + 1, data[2])
            elif kind in ("reveal", "show"):
                seats = range(self.n) if kind == "reveal" else [int(p[1:]) for p in data[1]]
                for s in seats:
                    self.shown[s].update(_ids(data[0]))
            elif kind == "shuffle":
                for c in cards:
                    if c.zone is not None and c.zone.key == data[0]:
                        for s in range(self.n):
                            if c.id in self.shown[s] and not sees(c.zone, s):
                                self.lost[s][c.id] = (e + 1, data[0])
                            self.shown[s].discard(c.id)
        self.read = len(entries)

    def knows(self, seat: int, card) -> bool:
        return sees(card.zone, seat) or card.id in self.shown[seat]


def _ids(refs) -> list:
    out = []
    for r in refs:
        out.extend(r["of"] if isinstance(r, dict) else [r])
    return out


# ── what a seat is handed, as plain data ─────────────────────────────────────
def plain(x):
    if isinstance(x, SeenCard):
        return ("card", x.id, x.kind.name if x.kind is not None else None, plain(dict(x.a)) if x.a is not None else None,
                x.zone, x.owner, x.virtual, plain(x.sources), x.handle, plain(dict(x.marks)))
    if isinstance(x, SeenPlayer):
        return ("player", x.seat)
    if isinstance(x, SeenPlay):
        return ("play", plain(x.card), plain(x.targets), getattr(x.skill, "name", x.skill), x.name)
    if isinstance(x, SeenEvent):
        return ("event", x.action, plain(dict(x.p)), x.cancelled)
    if x is UNKNOWN:
        return "UNKNOWN"
    if isinstance(x, Mapping):
        return tuple(sorted((str(k), plain(v)) for k, v in x.items()))
    if isinstance(x, (list, tuple)):
        return tuple(plain(i) for i in x)
    if isinstance(x, (str, int, float, bool, type(None))):
        return x
    return ("def", getattr(x, "name", repr(x)))


def handed(game, d, seat: int):
    """Everything the seat's view shows now, and the decision `d` (if it is the seat's) as it sees it."""
    v = view_of(game, seat)
    out = [("table", v.phase, v.turn, v.round, v.current.seat, plain(v.v))]
    out += [("zone", z.name, z.owner, z.visibility, plain(z.cards)) for z in v.zones]
    out += [("player", p.seat, p.alive, plain(p.character), plain(p.v), p.skills) for p in v.players]
    if d is not None and d.player.seat == seat:
        sd = v.decision(d)
        out.append(("decision", sd.kind, sd.what, sd.prompt, sd.min, sd.max, plain(list(sd.options)),
                    tuple(sd.describe(i) for i in range(len(sd.options)))))
    return out


# ── the second world ──────────────────────────────────────────────────────────
class SecondWorld:
    """The game re-dealt for `seat` in place (undone on exit): faces of the cards it may not know
    dealt afresh among them, and the private attributes it may not see among their holders."""

    def __init__(self, game, seat: int, ref: Reference, rng: random.Random):
        self.game, self.seat, self.ref, self.rng = game, seat, ref, rng

    def __enter__(self):
        g = self.game
        self.unknown = [c for z in g.all_zones() for c in z.cards if not self.ref.knows(self.seat, c)]
        self.faces = [(c.kind, c.a, c.base) for c in self.unknown]
        self.values = [(p, dict(p.v)) for p in g.players]
        dealt = self.faces[:]
        self.rng.shuffle(dealt)
        for c, f in zip(self.unknown, dealt):
            c.kind, c.a, c.base = f
        redeal_values(g, self.seat, self.rng)
        g.era += 1
        return self

    def __exit__(self, *exc):
        for c, f in zip(self.unknown, self.faces):
            c.kind, c.a, c.base = f
        for p, v in self.values:
            p.v.clear()
            p.v.update(v)
        self.game.era += 1
        return False


class Sealed:
    """At each of a game's first `checks` decisions, the deciding seat is checked in a second world
    (its log too every `log_every`-th time) and, every 4th time, every other seat's view. Called as
    an `always` property (s, d), or by a game's own agent with `at(game, d)`; a leak fails an assert.
    One per game: it follows the game's log as it goes."""

    def __init__(self, seed: int, checks: int, log_every: int):
        self.rng = random.Random(seed)
        self.checks, self.log_every = checks, log_every
        self.done = 0
        self.ref = None

    def __call__(self, s, d) -> None:
        if d is not None:
            self.at(s.game, d)

    def at(self, game, d) -> None:
        if self.done >= self.checks:
            return
        if self.ref is None:
            self.ref = Reference(game)
        check(game, d, d.player.seat, self.ref, self.rng, with_log=self.done % self.log_every == 0)
        if self.done % 4 == 0:          # and, every 4th time, every other seat's view as it stands then
            for p in game.players:
                if p is not d.player:
                    check(game, None, p.seat, self.ref, self.rng, with_log=False)
        self.done += 1


def check(game, d, seat: int, ref: Reference, rng: random.Random, with_log: bool) -> None:
    """Assert that `seat` is handed the same, and reads the same log, in the game and in a second world."""
    ref.catch_up()
    first = handed(game, d, seat)
    with SecondWorld(game, seat, ref, rng) as w:
        second = handed(game, d, seat)
        unseen = {c.id: ref.lost[seat].get(c.id, (0, None)) for c in w.unknown}
    assert len(first) == len(second), f"P{seat} is handed {len(first)} things, in a second world {len(second)}"
    for a, b in zip(first, second):
        assert a == b, f"P{seat} is handed something else in a second world:\n  {a}\n  {b}"
    if with_log:
        log1 = seat_log(game, seat, game.log.entries, start_zones(game), game.log.chosen, card_names(game))
        log2 = seat_log(game, seat, *Renumbered(game, unseen).history())
        diff = next((i for i, (a, b) in enumerate(zip(log1, log2)) if a != b), min(len(log1), len(log2)))
        assert log1 == log2, (f"P{seat}'s log reads otherwise in a second world at line {diff}:\n"
                              f"  {log1[diff:diff + 1]}\n  {log2[diff:diff + 1]}")


def seat_log(game, seat: int, entries, start, chosen, names) -> list[str]:
    """The seat's log so far, read one entry at a time (as the HTML viewer reads it) and rendered."""
    renderer = LogRenderer(names, resets_of(game.pack))
    seer = SeatLog(game.pack, start, seat, chosen)
    out = []
    for raw in entries:
        out += [t.plain for t in renderer.render([next(iter(seer.render([raw])))])]
    return out


class Renumbered:
    """The log so far as a second world wrote it. Its history is the first's where the seat was
    looking; but each card it may not know now is, from the entry after it last lost sight of it
    (from the start, if it never saw it), another card: a new id (OTHER + id) with a marked name, and a
    decision's label that names it is marked too. A seat log that shows anything of such a card
    (its name, its id, a label) reads otherwise in the two worlds."""
    OTHER = 1_000_000

    def __init__(self, game, unseen: dict):
        self.game, self.unseen = game, unseen
        self.cards_of = {name: adef.cards for name, adef in game.pack.actions.items()}
        self.card_attrs = {name for (owner, name), a in game.pack.attrs_.items() if a.cards}

    def other(self, ref, e: int):
        if isinstance(ref, dict):
            return {"as": ref["as"], "of": [self.other(c, e) for c in ref["of"]]}
        if isinstance(ref, list):
            return [self.other(c, e) for c in ref]
        if isinstance(ref, int) and not isinstance(ref, bool) and ref in self.unseen and self.unseen[ref][0] <= e:
            return self.OTHER + ref
        return ref

    def history(self):
        g, other = self.game, self.other
        entries = []
        for e, entry in enumerate(g.log.entries):
            kind, *data = entry
            if kind == "move":
                entry = (kind, other(data[0], e), *data[1:])
            elif kind in ("reveal", "show"):
                entry = (kind, other(data[0], e), *data[1:])
            elif kind == "grant":
                entry = (kind, data[0], data[1], other(data[2], e))
            elif kind == "act":
                cards = self.cards_of.get(data[0], ())
                entry = (kind, data[0], {k: other(v, e) if k in cards else v for k, v in data[1].items()})
            elif kind == "change" and data[1] in self.cards_of.get(data[0], ()):
                entry = (kind, data[0], data[1], other(data[2], e))
            elif kind == "set" and "#" in str(data[0]):
                cid = int(data[0].rpartition("#")[2])
                if other(cid, e) != cid:
                    entry = (kind, f"{POISON}#{other(cid, e)}", *data[1:])
            elif kind == "set" and data[1] in self.card_attrs:
                entry = (kind, data[0], data[1], other(data[2], e))
            entries.append(entry)
        chosen = {}
        for e, ids in g.log.chosen.items():
            chosen[e] = tuple(tuple(other(cid, e) for cid in option) for option in ids)
            if chosen[e] != ids and e < len(entries):
                kind, player, what, prompt, answer, said = entries[e]
                labels = said if isinstance(said, list) else [said]
                labels = [POISON + str(c) if new != old else c for c, new, old in zip(labels, chosen[e], ids)]
                entries[e] = (kind, player, what, prompt, answer, labels if isinstance(said, list) else labels[0])
        start = start_zones(g)
        names = card_names(g)
        for cid, (since, zone) in self.unseen.items():
            start[self.OTHER + cid] = zone if since else start.get(cid)
            names[self.OTHER + cid] = POISON
        return entries, start, chosen, names
