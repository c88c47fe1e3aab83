"""A break written as the moment that shows it: the state just before the breaking step, the fewest
answers from there, and an `expect` that says what broke (issue 31).

The broken game is played again with snapshots (snapshot.py). The start of the chain that broke
(its top-level play), then its phase, then its turn, is written as a test: the seats involved (the
one whose phase or turn it is, those of the chain that broke, the one whose counter broke its bound and those
that answered other than quietly; then, should that not reproduce it, every seat in the game),
what they hold (`hand`, `put X.zone`), their counters and attributes where they differ from a
fresh table (`set`), the table's zones, the cards the deck gave meanwhile (`deck top`), the answers
given from there, and `run PHASE of X` or `run turn of X`. The first that breaks the same property
when run is kept; what the break does not need goes, a line's worth at a time, then item by item
by delta debugging (shrink.ddmin: a card, a value, an answer), then seat by seat, each step a run
of the test. It ends with an `expect` of what broke: an invariant by its text (`invariant("…")`),
a counter's bound (`X.hp <= X.max_hp`); a rule fault has none (the run line is where it breaks).
None when no candidate reproduces it: explore then writes the whole game.
"""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Optional, Sequence

import attrs

from spellcard.compiler.pack.loader import resolve
from spellcard.runtime.errors import Breach
from spellcard.scenario import Scenario, ScenarioError

from .play import Broken
from .replay import try_test
from .shrink import _used, ddmin, signature
from .snapshot import Replayed, SeatRef, Snapshot, marked_seats, named, printed, replay
from .strategies import TableSpec
from .writeout import PER_LINE, Answer, _quoted


@attrs.frozen
class Item:
    """One piece of a moment: a card placed (`hand`, a player zone, a table zone, the deck's top), a
    value set, or an answer; `seat` is the game's seat it belongs to (None: the table)."""
    what: str
    seat: Optional[int]
    text: str


@attrs.frozen
class Draft:
    """A moment test but for its items: the table (the game's seats it keeps, in order, each named by
    the character it plays), what runs, and the lines after it."""
    mode: str
    order: tuple             # the game's seats it keeps
    words: dict              # the game's seat -> the character it plays, how the test names it
    runs: int                # the seat whose turn or phase runs
    run: str
    after: tuple = ()

    def without(self, seat: int) -> "Draft":
        return attrs.evolve(self, order=tuple(s for s in self.order if s != seat))

    def text(self, items: Sequence[Item], title: str, comment: str) -> str:
        lines = [f"# {line}" for line in comment.splitlines()]
        lines += [f"test {_quoted(title)} {{", f"  mode {self.mode}",
                  f"  seats {', '.join(self.words[s] for s in self.order)}"]
        for what, head in (("hand", "hand {}"), ("zone", "put {}"), ("table", "put {}"), ("set", ""), ("deck", "")):
            groups: dict = {}
            for it in items:
                if it.what.split(":")[0] == what:
                    groups.setdefault((it.seat, it.what), []).append(it.text)
            for (seat, kind), texts in groups.items():
                if what == "set":
                    lines += [f"  set {self.words[seat] + '.' if seat is not None else ''}{t}" for t in texts]
                elif what == "deck":
                    lines.append(f"  deck top: {', '.join(texts)}")
                else:
                    where = self.words[seat] if what == "hand" else _place(self.words, seat, kind)
                    lines.append(f"  {head.format(where)}: {', '.join(texts)}")
        for seat in self.order:
            word = self.words[seat]
            tokens = [it.text for it in items if it.what == "answer" and it.seat == seat]
            for i in range(0, len(tokens), PER_LINE):
                lines.append(f"  answer {word}: {', '.join(tokens[i:i + PER_LINE])}")
        lines.append(f"  {self.run}")
        lines += [f"  {line}" for line in self.after]
        lines.append("}")
        return "\n".join(lines) + "\n"


def _place(words: tuple, seat: Optional[int], kind: str) -> str:
    zone = kind.split(":", 1)[1]
    return zone if seat is None else f"{words[seat]}.{zone}"


def moment_test(pack: str, extra: Sequence[str], spec: TableSpec, broken: Broken, title: str, comment: str,
                deadline: float, budget: int) -> Optional[str]:
    """The break as a moment test proved (by running it) to break the same property, shrunk until
    `deadline`; None when no moment reproduces it."""
    if broken.scenario is None or time.monotonic() >= deadline:
        return None                          # no time to shrink: the game saved as found
    wanted = signature(broken.message)
    game = replay(pack, extra, spec, broken.scenario)
    bounds = _Bounds(game.s.pack, (pack, *extra))

    def time_left() -> bool:
        return time.monotonic() < deadline

    def holds(draft: Draft, kept: list) -> Optional[list]:
        ran = try_test(pack, extra, draft.text(kept, title, ""), budget)
        if ran.failure is None or wanted not in signature(ran.failure):
            return None
        return _answered(draft, kept, ran.unused)

    for snap in reversed(game.open):                 # the chain's start, the phase, then the turn
        if not snap.sound:
            continue
        tried: set = set()
        for everyone in (False, True):
            try:
                candidate = _candidate(pack, extra, spec, game, snap, broken, everyone, bounds)
            except ScenarioError:            # a table a test cannot seat (a pack with no way to seat a character)
                candidate = None
            if candidate is None or candidate[0].order in tried:
                continue
            tried.add(candidate[0].order)
            draft, items = candidate
            first = holds(draft, items)
            if first is not None:
                items = ddmin(_without_groups(first, lambda kept: holds(draft, kept), time_left),
                              lambda kept: holds(draft, kept), time_left)
                draft, items = _fewest_seats(draft, items, holds, time_left)
                return draft.text(items, title, comment)
            if not time_left():
                return None
    return None


def _without_groups(items: list, holds, time_left) -> list:
    """Without each line's worth of items the break does not need (a zone's cards, a seat's values,
    the deck's top, a seat's answers), a run each: most of what a snapshot holds goes at once, so
    delta debugging starts small."""
    for key in dict.fromkeys((it.what, it.seat) for it in items):
        if not time_left():
            break
        kept = holds([it for it in items if (it.what, it.seat) != key])
        if kept is not None:
            items = kept
    return items


def _fewest_seats(draft: Draft, items: list, holds, time_left) -> tuple[Draft, list]:
    """Without each seat (but the one whose turn or phase runs) and all it holds and answers, where
    the break shows all the same."""
    for seat in draft.order:
        if seat == draft.runs or not time_left():
            continue
        smaller = draft.without(seat)
        kept = holds(smaller, [it for it in items if it.seat != seat])
        if kept is not None:
            draft, items = smaller, kept
    return draft, items


def _candidate(pack: str, extra: Sequence[str], spec: TableSpec, game: Replayed, snap: Snapshot, broken: Broken,
               everyone: bool, bounds: "_Bounds") -> Optional[tuple[Draft, list]]:
    """The moment at `snap`: its draft and items, with the seats involved or (`everyone`) all in the game."""
    answers = game.answers(snap)
    living = {i for i, st in enumerate(snap.seats) if st.alive}
    if everyone:
        seats = set(living)
    else:
        owner = broken.breach.seat          # the seat whose counter broke its bound
        seats = {snap.seat} | game.chain_seats(snap) | ({owner} if owner is not None else set())
        for a in answers:
            if not a.quiet:
                seats |= {a.seat} | marked_seats(a.text)
    order = tuple(sorted(seats))
    chars = [snap.seats[i].character for i in order]
    if not seats <= living or None in chars or len(set(chars)) < len(chars):
        return None                      # a seat out of the game, or one a test cannot seat by its character
    compiled = game.s.pack
    words = {old: snap.seats[old].character for old in order}
    items: list[Item] = []
    for old in order:
        for zone, cards in snap.seats[old].zones.items():
            what = "hand" if zone == compiled.hand_zone else f"zone:{zone}"
            items += [Item(what, old, printed(compiled, c)) for c in cards]
    items += [Item(f"table:{zone}", None, printed(compiled, c)) for zone, cards in snap.zones.items() for c in cards]
    items += _values(pack, extra, spec, snap, order, words, bounds.read())
    items += [Item("deck", None, c) for c in game.drawn(snap)]
    for a in answers:
        text = named(a.text, words)
        if a.seat in words and text is not None:
            items.append(Item("answer", a.seat, text))
        elif not a.quiet:
            return None
    who = words[snap.seat]
    run = f"run turn of {who}" if snap.kind == "turn" else f"run {snap.phase} of {who}"
    after = _expect(broken.breach, words, bounds)
    return Draft(spec.mode, order, words, snap.seat, run, after), items


def _values(pack: str, extra: Sequence[str], spec: TableSpec, snap: Snapshot, order: tuple, words: dict,
            first: set) -> list:
    """`set` items: the values of the moment that differ from a fresh table of its seats, those in
    `first` (a value another one's bound reads, such as a maximum) first."""
    fresh = Scenario(pack, [words[old] for old in order], mode=spec.mode, extra=tuple(extra))
    members = {m for e in fresh.pack.enums.values() for m in e}
    out = []
    for i, old in enumerate(order):
        for name, v in snap.seats[old].values.items():
            text = _value(v, words, members)
            if text is not None and not _same(fresh.p(i).v.get(name), v):
                out.append((name not in first, Item("set", old, f"{name} = {text}")))
    for name, v in snap.table.items():
        text = _value(v, words, members)
        if text is not None and not _same(fresh.game.v.get(name), v):
            out.append((name not in first, Item("set", None, f"{name} = {text}")))
    return [it for _, it in sorted(out, key=lambda x: x[0])]


def _same(a, b) -> bool:
    if isinstance(b, SeatRef):
        return getattr(a, "seat", None) == b.seat
    return type(a) is type(b) and a == b


def _value(v, words: dict, members: set) -> Optional[str]:
    if isinstance(v, SeatRef):
        return words.get(v.seat)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v if v in members else _quoted(v)    # an enum's member by its name, a text quoted
    return "none" if v is None else str(v)


def _expect(breach: Breach, words: dict, bounds: "_Bounds") -> tuple:
    """The `expect` line of what broke, when the language can say it."""
    if breach.invariant is not None:
        return (f"expect invariant({_quoted(breach.invariant)})",)
    if breach.counter is not None and breach.seat in words:
        name, who, high = breach.counter, words[breach.seat], breach.above
        cd = bounds.compiled.counters.get(("player", name))
        bound = bounds.text(cd.max if high else cd.min) if cd is not None else None
        if bound is not None:
            bound = bound if isinstance(bound, int) else f"{who}.{bound}"
            return (f"expect {who}.{name} {'<=' if high else '>='} {bound}",)
    return ()


class _Bounds:
    """Counters' bounds as their declarations write them, when that is a number or one of the
    owner's values (`max self.max_hp` -> "max_hp"), read from the .spell sources once."""

    def __init__(self, compiled, targets: tuple):
        self.compiled, self.targets, self.sources = compiled, targets, {}

    def read(self) -> set:
        """The values some counter's bound reads: a moment sets them before the counters."""
        texts = (self.text(fn) for cd in self.compiled.counters.values() for fn in (cd.min, cd.max) if fn is not None)
        return {t for t in texts if isinstance(t, str)}

    def text(self, fn) -> "Optional[int | str]":
        place = self.compiled.place(fn.__code__.co_firstlineno)
        if not place:
            return None
        file, line, col = place.rsplit(":", 2)
        lines = self.source(file).splitlines()
        if not 0 < int(line) <= len(lines):
            return None
        m = re.match(r"(-?\d+|self\.(\w+))(?=\s|#|$)", lines[int(line) - 1][int(col) - 1:])
        return None if m is None else m.group(2) or int(m.group(1))

    def source(self, file: str) -> str:
        if file not in self.sources:
            self.sources[file] = next((path.read_text(encoding="utf-8") for target in self.targets
                                       for path in resolve(target)
                                       if str(path).endswith(file) or Path(file).resolve() == path.resolve()), "")
        return self.sources[file]


def _answered(draft: Draft, items: list, unused: tuple) -> list:
    """Without each seat's answers never asked for before the break (shrink._used, on items);
    `unused` is per seat of the test, in its order."""
    per_seat = dict(zip(draft.order, unused))
    answers = [Answer(it.seat, it.text, False) for it in items if it.what == "answer"]
    kept = iter(_used(answers, tuple(per_seat.get(s, 0) for s in range(max(draft.order) + 1))))
    keep = next(kept, None)
    out = []
    for it in items:
        if it.what != "answer":
            out.append(it)
        elif keep is not None and (keep.seat, keep.text) == (it.seat, it.text):
            out.append(it)
            keep = next(kept, None)
    return out
