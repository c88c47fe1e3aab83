"""A moment of a table's game written as a `.spell` test, and a test's setup played on by people.

The test language sets a table up (seats, cards into zones, the deck stacked, values set) and runs
phases, turns and games; it has no way to stop in the middle of a phase. So a moment is written as
the table it is: every seat's character, every zone's cards in order (the deck stacked to the same
order), `current`, and each value that differs from a freshly seated table, then `expect` lines of
what the saving seat sees (its own zones, the public ones, the values it may see), for the designer
to edit and go on from (`answer …`, `run action_phase of P0`). The answers that reached it are kept in
a comment, with the seed. Before it is handed out, the test is run: a line the harness cannot take
back as written (a value it cannot set) is left out, named in a comment, so that it passes as written.
"""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.view import sees_value

from ..faces import card_face
from .frames import Faces

DECK_PER_LINE = 12
MAX_TRIES = 40


class NoMoment(Exception):
    """The moment cannot be written as a test; the message says why."""


def moment_text(game, setup, seat: int, title: str) -> str:
    """The test text for the game as it is now (read while it waits), seen by `seat` for its expects."""
    pack = game.pack
    deck_name = pack.harness_deck
    if deck_name is None:
        raise NoMoment(f"pack {pack.name} does not say which zone is the deck (`harness deck = ZONE`)")
    faces = Faces(pack)
    printed = _printed(game, faces)

    def spec(c) -> str:
        return printed.get(c.id) or faces.spec(c.kind, c.a)

    names = [p.character.name if p.character is not None else f"P{p.seat}" for p in game.players]
    seats = [n if n not in names[:i] else f"P{i}" for i, n in enumerate(names)]
    fresh = _fresh_values(setup, seats)
    lines = [f"# saved at the table: {pack.name}, mode {setup.mode}, seed {setup.seed}, "
             f"turn {game.turns}, as P{seat} saw it",
             "# the answers that reached it, in the order asked (`spellcard play … --from LOG` replays them):"]
    answers = " ".join(map(_word, game.answers))
    lines += [f"#   {answers[i:i + 96]}" for i in range(0, len(answers), 96)] or ["#   (none)"]
    lines += [f"test {_quoted(title)} {{", f"  mode {setup.mode}", f"  seats {', '.join(seats)}"]
    if game.current is not None:
        lines.append(f"  current P{game.current.seat}")
    for z in game.z.values():
        if z.name != deck_name and z.cards:
            lines.append(f"  put {z.name}: {', '.join(spec(c) for c in z.cards)}")
    for p in game.players:
        for z in p.z.values():
            if z.cards:
                where = f"hand P{p.seat}" if z.name == pack.hand_zone else f"put P{p.seat}.{z.name}"
                lines.append(f"  {where}: {', '.join(spec(c) for c in z.cards)}")
    top = [spec(c) for c in reversed(game.z[deck_name].cards)]
    chunks = [top[i:i + DECK_PER_LINE] for i in range(0, len(top), DECK_PER_LINE)]
    lines += [f"  deck top: {', '.join(chunk)}" for chunk in reversed(chunks)]   # the first chunk ends on top
    expects = []
    for key, owner, values in [("", None, game.v)] + [(f"P{p.seat}.", p, p.v) for p in game.players]:
        for name, value in values.items():
            word = _value(value)
            if word is None or fresh.get((key, name), object()) == value:
                continue
            lines.append(f"  set {key}{name} = {word}")
            a = pack.attrs_.get(("player", name))
            if owner is None or a is None or sees_value(seat, owner, a):
                expects.append(f"  expect {key}{name} == {word}")
    for z in game.all_zones():
        mine = z.owner is not None and z.owner.seat == seat
        if (z.cards or mine and z.name == pack.hand_zone) and (z.visibility == "public" or z.visibility == "owner" and mine):
            where = z.name if z.owner is None else f"P{z.owner.seat}.{z.name}"
            expects.append(f"  expect {where} == [{', '.join(spec(c) for c in z.cards)}]")
    lines += expects + ["}"]
    return "\n".join(lines) + "\n"


def _printed(game, faces: Faces) -> dict:
    """Each deck card's spec as its deck prints it (by id): a test deals from a fresh deck, where a
    card's attributes are the printed ones, whatever the game has made of them since. The deck's
    cards have consecutive ids in the deck's order, after the cards made before it."""
    mode = game.mode
    deck = game.pack.decks.get(mode.deck) if mode is not None and mode.deck else None
    if not deck:
        return {}
    entries = [(k, v) for k, v in deck if k not in mode.without]
    cards = sorted((c for c in game.cards if c.id is not None and not c.virtual), key=lambda c: c.id)
    out: dict = {}
    start = 0
    while start + len(entries) <= len(cards):           # a deck per player (a collection) repeats it
        run = cards[start:start + len(entries)]
        if all(c.kind.name == k or c.base is not None for c, (k, _) in zip(run, entries)):
            out.update({c.id: k + card_face(game.pack, {a: v[a] for a in faces.deck if a in v})
                        for c, (k, v) in zip(run, entries)})
            start += len(entries)
        else:
            start += 1
    return out


def _fresh_values(setup, seats: list) -> dict:
    """The values of a table freshly seated by the test harness: only those that differ are `set`."""
    from spellcard.scenario import Scenario

    try:
        s = Scenario(setup.pack_target, seats, mode=setup.mode, extra=setup.extra)
    except Exception as err:
        raise NoMoment(f"the test harness cannot seat this table: {err}") from None
    out = {("", k): v for k, v in s.game.v.items()}
    for p in s.game.players:
        out.update({(f"P{p.seat}.", k): v for k, v in p.v.items()})
    return out


def _value(value) -> Optional[str]:
    """A value as a test writes it, or None for one it cannot write (a card, a player, a list)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.isidentifier():
        return value
    return None


def _word(answer) -> str:
    return str(answer) if not isinstance(answer, list) else "[" + ",".join(map(str, answer)) + "]"


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def checked(text: str, setup) -> str:
    """The test as it passes: run it, and leave out (naming them) the lines the harness cannot take."""
    dropped, moved = [], set()
    for _ in range(MAX_TRIES):
        line, message = _first_problem(text, setup)
        if line is None:
            break
        lines = text.split("\n")
        stmt = lines[line - 1].strip()
        if not stmt.startswith(("set ", "expect ")):
            raise NoMoment(f"the saved test does not run: line {line}: {message}")
        if stmt.startswith("set ") and "bounds" in message and stmt not in moved:
            moved.add(stmt)                 # its bounds may read a value set after it: set it last
            last = max(i for i, x in enumerate(lines) if x.strip().startswith("set "))
            lines.insert(last + 1, lines.pop(line - 1))
            text = "\n".join(lines)
            continue
        dropped.append(f"# left out (the test harness cannot take it back: {message}): {stmt}")
        del lines[line - 1]
        text = "\n".join(lines)
    else:
        raise NoMoment("the saved test does not pass")
    return "\n".join(dropped) + ("\n" if dropped else "") + text


def _first_problem(text: str, setup) -> tuple:
    from spellcard.compiler.build.builder import build
    from spellcard.compiler.parse.read import parse
    from spellcard.spelltest.check import TestChecker
    from spellcard.spelltest.run import run_test

    tree, problem = parse("moment.spell", text)
    if problem is not None:
        return problem.span.line, problem.message
    test = build("moment.spell", tree).tests[0]
    problems = [d for d in TestChecker(setup.pack).check(test) if d.is_error]
    if problems:
        return problems[0].span.line, problems[0].message
    outcome = run_test(test, setup.pack_target, setup.extra)
    if outcome.failure is not None:
        return outcome.failure.span.line, outcome.failure.message
    return None, None


def read_test(path: str, name: Optional[str]):
    """The test a file holds (the one titled `name` when it holds several): NoMoment if none."""
    from pathlib import Path

    from spellcard.spelltest.collect import collect

    found = collect([Path(path)])
    if found.diagnostics:
        raise NoMoment(f"{path}: {found.diagnostics[0].message}")
    tests = [t for t in found.tests if name is None or t.title == name or t.subject == name]
    if not tests:
        raise NoMoment(f"{path} holds no test" + (f" named {name!r}" if name else ""))
    return tests[0]


def play_test(session, setup, agents: list) -> tuple[list, Optional[str]]:
    """Run the test's statements but its expectations, every decision it does not script going to the
    table's seats, then play on to the game's end. Returns the winners' seats and an error, if any."""
    from spellcard.spelltest.run import Runner, Stop

    from spellcard.table.seats import Restart

    class Playing(Runner):
        def seat_up(self, head) -> None:
            super().seat_up(head)
            for agent, seat in zip(self.s.agents, agents):
                agent.fallback = seat
            session.set_game(self.s.game)

        def do_Expect(self, st) -> None:
            pass

        def do_ExpectError(self, st) -> None:
            pass

        def check_leftovers(self) -> None:
            pass                    # the game goes on: a scripted answer may still be asked for

    runner = Playing(setup.test, setup.pack_target, tuple(setup.extra))
    runner.expects_error = False
    try:
        runner.run()
        s = runner.s
        if s.winners is None:
            s.play_on()
    except Stop as stop:
        if isinstance(stop.__context__, Restart):
            raise Restart() from None
        return [], stop.failure.message
    return [p.seat for p in runner.s.winners or []], None
