"""`balance --focus CHAR`: one character seated in every game, in each seat in turn, against the
same tables without it.

Each seed is played once as the mode deals it (the baseline game) and once per seat with that seat
given the character (a preset, as `simulate --characters` gives one: the mode's setup takes it, and
deals the others from the rest of its pool). A seat's pair is (did the focus character win there,
did the baseline game's player in that seat win): paired on the same seed and seat, so the luck of
the deal and of the seat weighs on both sides alike. A pair whose baseline player already was the
character says nothing about it and is left out (`dropped`), as is one whose game ended in an error.
Counts are integers keyed by seat, so batches add up to the same figures anywhere (sweep.py).
"""
from __future__ import annotations

from typing import Callable, Optional

import attrs

from spellcard.runtime.defs import PackDef
from spellcard.simulate import Table, play

from .counts import add_to
from .sweep import Seats, ShippedPack, SweepProblem, loaded

# A pair's outcome, the index into FocusCounts.pairs[seat]: focus won and baseline won, focus only,
# baseline only, neither.
BOTH, FOCUS, BASE, NEITHER = range(4)


@attrs.define
class FocusCounts:
    character: str = ""
    seeds: int = 0
    games: int = 0                                  # baseline and focus games played
    pairs: dict = attrs.Factory(dict)               # seat -> [both, focus only, baseline only, neither]
    dropped: int = 0                                # pairs whose baseline player was the character
    errors: int = 0                                 # games that ended in an error (their pairs left out)
    first_error: Optional[tuple] = None             # (seed, seat or -1 for the baseline game, message)
    skills: dict = attrs.Factory(dict)              # the focus games' usage, as in Counts
    parts: dict = attrs.Factory(dict)
    declined: dict = attrs.Factory(dict)

    def _error(self, seed: int, seat: Optional[int], message: str) -> None:
        """Errors are met in seed order within a batch: the batch's first is its lowest seed's."""
        self.errors += 1
        if self.first_error is None:
            self.first_error = (seed, -1 if seat is None else seat, message)

    def merge(self, other: "FocusCounts") -> "FocusCounts":
        self.character = self.character or other.character
        for name in ("seeds", "games", "dropped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.errors += other.errors
        if other.first_error is not None and (self.first_error is None or other.first_error < self.first_error):
            self.first_error = other.first_error
        for seat, row in other.pairs.items():
            mine = self.pairs.setdefault(seat, [0, 0, 0, 0])
            for i, n in enumerate(row):
                mine[i] += n
        for mine, theirs in ((self.skills, other.skills), (self.parts, other.parts), (self.declined, other.declined)):
            for k, n in theirs.items():
                add_to(mine, k, n)
        return self


def seat_problem(mode: str, character: str, seat: int, got: Optional[str]) -> str:
    return (f"mode {mode} did not seat {character} at P{seat} (it seated {got or 'no character'}): its setup "
            "must take a preset character (preset_character, as `simulate --characters` needs) for --focus")


def play_focus_batch(pack: PackDef, table: Table, character: str, first: int, count: int,
                     on_game: Callable[[int], None] = lambda n: None) -> FocusCounts:
    """Seeds first … first+count-1: for each, the baseline game and one game per seat with the character."""
    counts = FocusCounts(character)
    for seed in range(first, first + count):
        counts.seeds += 1
        game, result = play(table, seed)
        counts.games += 1
        if result.reason == "error":
            counts._error(seed, None, f"{type(result.error).__name__}: {result.error}")
            on_game(1)
            continue
        base_won = {p.seat for p in result.winners}
        base_who = [p.character.name if p.character is not None else "" for p in game.players]
        for seat in range(table.players):
            presets = ("",) * seat + (character,) + ("",) * (table.players - seat - 1)
            fgame, fresult = play(attrs.evolve(table, characters=presets), seed, usage=True)
            counts.games += 1
            got = fgame.players[seat].character
            if fresult.reason != "error" and (got is None or got.name != character):
                raise SweepProblem(seat_problem(table.mode, character, seat, got.name if got else None))
            if fresult.reason == "error":
                counts._error(seed, seat, f"{type(fresult.error).__name__}: {fresult.error}")
                continue
            for mine, theirs in ((counts.skills, fgame.usage.skills), (counts.parts, fgame.usage.parts),
                                 (counts.declined, fgame.usage.declined)):
                for k, n in theirs.items():
                    add_to(mine, k, n)
            if base_who[seat] == character:
                counts.dropped += 1
                continue
            won, base = seat in {p.seat for p in fresult.winners}, seat in base_won
            row = counts.pairs.setdefault(seat, [0, 0, 0, 0])
            row[BOTH if won and base else FOCUS if won else BASE if base else NEITHER] += 1
        on_game(1)
    return counts


def remote_focus_batch(shipped: ShippedPack, seats: Seats, first: int, count: int, character: str) -> FocusCounts:
    pack = loaded(shipped)
    return play_focus_batch(pack, seats.table(pack), character, first, count)


def local_batch(character: str) -> Callable:
    """The batch run_local plays: (pack, seats, first, count, advance) -> FocusCounts."""
    def batch(pack: PackDef, seats: Seats, first: int, count: int, advance) -> FocusCounts:
        return play_focus_batch(pack, seats.table(pack), character, first, count, advance)
    return batch
