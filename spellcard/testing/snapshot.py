"""A broken game played again with a snapshot as each turn and phase starts: what a moment test
(moment.py) sets up from.

The game is played again from its answers, each named as it is given (writeout._named_replay), with
every seat named by a placeholder that the moment test turns into the words of its own seats. As a
turn or a phase starts, the state is noted: per seat its character, whether it is in the game, the
cards of its zones, its counters and attributes; the table's values and zones; the deck. The turn
and the phase under way when the game broke (the innermost last) are what it hands on, with the
chain of windows that broke (chains.py) and the cards the deck gave from each on.
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

import attrs

from spellcard.answers import base_spec, spec_of
from spellcard.runtime.model import Card, Player
from spellcard.scenario import Scenario

from .chains import chains
from .strategies import TableSpec
from .writeout import Answer, _named_replay, _Names, _script

_SEAT = re.compile("\x00(\\d+)\x00")


def seat_mark(seat: int) -> str:
    """The placeholder an answer names a seat by, until the moment test names its seats."""
    return f"\x00{seat}\x00"


def named(text: str, words: dict) -> Optional[str]:
    """`text` with each seat placeholder replaced by its word; None if a seat has none."""
    missing = [int(m) for m in _SEAT.findall(text) if int(m) not in words]
    return None if missing else _SEAT.sub(lambda m: words[int(m.group(1))], text)


def marked_seats(text: str) -> set:
    return {int(m) for m in _SEAT.findall(text)}


@attrs.frozen
class SeatState:
    character: Optional[str]
    alive: bool
    zones: dict              # zone name -> its cards, bottom first
    values: dict             # counter or attribute -> a value a test can write (a seat as SeatRef)


@attrs.frozen
class SeatRef:
    seat: int


@attrs.frozen
class Snapshot:
    kind: str                # turn | phase
    seat: int                # whose turn or phase
    phase: Optional[str]
    index: int               # decisions recorded before it
    logged: int              # log entries before it
    seats: tuple             # SeatState per seat
    table: dict              # table values a test can write
    zones: dict              # table zone -> its cards, bottom first (the deck not among them)
    deck: tuple              # the deck's cards, top first (Card objects: which of them it gave is read at the end)
    sound: bool = True       # whether it keeps the invariants (one that does not came after the break's cause)
    outer: Optional["Snapshot"] = None   # a `play` snapshot's phase, as it started


@attrs.define
class Replayed:
    """The broken game played again: the snapshots under way when it broke (outermost first), each
    with the answers given from it on, the seats of the chain that broke, and the deck at the end."""
    s: Scenario
    open: list
    said: dict
    names: _Names

    def answers(self, snap: Snapshot) -> list[Answer]:
        return _script(self.s, self.said, self.names, snap.index)

    def chain_seats(self, snap: Snapshot) -> set:
        found = list(chains(self.s.game.log.entries[snap.logged:]))
        return set(found[-1].seats) if found else set()

    def drawn(self, snap: Snapshot) -> list[str]:
        """The printed specs of the cards the deck gave from the snapshot on, top first."""
        deck = self.s.deck
        out = []
        for c in snap.deck:
            if c.zone is deck:
                break
            out.append(printed(self.s.pack, c))
        return out


def replay(pack: str, extra: Sequence[str], spec: TableSpec, played: Scenario) -> Replayed:
    """The game `played` played again with snapshots (see the module's docstring)."""
    watch = _Watch()
    s, said, names = _named_replay(pack, extra, spec, played, names_of=_MarkedNames, watch=watch.attach)
    return Replayed(s, watch.at_break, said, names)


class _Watch:
    def __init__(self):
        self.open: list = []
        self.at_break: list = []
        self.err: Optional[BaseException] = None

    def attach(self, s: Scenario) -> None:
        g = s.game
        turn, phase = g.run_turn, g.run_phase
        g.run_turn = lambda p: self._run(s, "turn", p, None, lambda: turn(p))
        g.run_phase = lambda p, name: self._run(s, "phase", p, name, lambda: phase(p, name))
        for agent in s.agents:
            agent.answer = self._asking(s, agent.answer)

    def _asking(self, s: Scenario, answer):
        """A top-level play of the phase's player (nothing under way but the turn and the phase):
        the start of a chain, noted as a `play` snapshot of that phase."""
        def asked(game, d):
            top = self.open[-1] if self.open else None
            if (top is not None and top.kind in ("phase", "play") and d.what == "play" and d.player.seat == top.seat
                    and len(game.stack) == len(self.open)):
                self.open[-1] = attrs.evolve(_snapshot(s, "play", d.player, top.phase), outer=top.outer or top)
            return answer(game, d)
        return asked

    def _run(self, s: Scenario, kind: str, p: Player, phase: Optional[str], run) -> None:
        self.open.append(_snapshot(s, kind, p, phase))
        try:
            run()
        except BaseException as err:
            if err is not self.err:          # the innermost step it passes through first
                self.err = err
                self.at_break = [x for snap in self.open for x in ((snap.outer, snap) if snap.outer else (snap,))]
            raise
        finally:
            self.open.pop()


def _snapshot(s: Scenario, kind: str, p: Player, phase: Optional[str]) -> Snapshot:
    g = s.game
    seats = tuple(SeatState(q.character.name if q.character is not None else None, q.alive,
                            {name: _cards(z.cards) for name, z in q.z.items() if z.cards},
                            _writable(q.v)) for q in g.players)
    zones = {name: _cards(z.cards) for name, z in g.z.items() if z is not s.deck and z.cards}
    try:
        g.check_invariants()
        sound = True
    except Exception:                        # an invariant broken (or one that faults): the cause came before
        sound = False
    return Snapshot(kind, p.seat, phase, len(s.decisions), len(g.log.entries), seats, _writable(g.v), zones,
                    tuple(reversed(s.deck.cards)), sound)


def printed(pack, c: Card) -> str:
    """A card as its deck prints it, also while it stands as another kind."""
    return base_spec(pack, c) if c.base is not None else spec_of(pack, c)


def _cards(cards) -> tuple:
    return tuple(c for c in cards if not c.virtual)


def _writable(values: dict) -> dict:
    """The values a test's `set` can write: numbers (not below 0), truth values, names or texts, none, seats."""
    out = {}
    for name, v in values.items():
        if isinstance(v, Player):
            out[name] = SeatRef(v.seat)
        elif v is None or isinstance(v, (bool, str)) or (isinstance(v, int) and v >= 0):   # no `-` in a test's values
            out[name] = v
    return out


class _MarkedNames(_Names):
    """Names a seat by its placeholder, and a character's skill as the seat's character now holds it
    (a moment test seats each seat as the character it plays)."""

    def __init__(self, s: Scenario):
        super().__init__(s, tuple(f"P{i}" for i in range(len(s.game.players))))

    def _names(self, o) -> list[str]:
        return [seat_mark(o.seat)] if isinstance(o, Player) else super()._names(o)

    def value(self, word: str):
        m = _SEAT.fullmatch(word)
        return self.s.p(int(m.group(1))) if m else super().value(word)

    def _holds(self, seat: int, word: str) -> bool:
        if not (word in self.s.pack.skills and self.checker.is_character_skill(word)):
            return True
        p = self.s.p(seat)
        return p.character is not None and word in self.checker.skills_of(p.character.skills)
