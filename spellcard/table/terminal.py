"""`spellcard play … --terminal`: one person's seat in the terminal (over SSH), the others bots.

The person is shown what the page shows, drawn from the same frame (frames.py: the seat's View and
seat log only): the log lines new since their last decision, the table when they ask for it, then the
decision with its options numbered. An answer is an option's number, or for a multi-pick the numbers
separated by commas (none: an empty line); it is checked as the game checks it, and asked again with
the reason when it does not fit. `t` shows the table, `q` leaves.
"""
from __future__ import annotations

import sys
from typing import Optional

import click

from spellcard.compiler.text.safe import printable
from spellcard.runtime.decisions import MANY, Agent, validate

from . import frames

HELP = "an option's number (a multi-pick: numbers separated by commas), t: the table, q: leave"


class Left(BaseException):
    """The person left (q, or the end of the input): the game stops there."""


class TerminalSeat(Agent):
    """A person at a terminal. It reads its view as the page does: through a frame."""

    def __init__(self, seat: int, faces: frames.Faces, phrases: dict, read=input, write=click.echo):
        self.seat, self.faces, self.phrases = seat, faces, phrases
        self.read, self.write = read, write
        self.game = None            # set once the game is made: its seat log is read as it grows
        self.lines: Optional[frames.SeatLines] = None
        self.shown = 0

    def answer(self, view, d):
        state = frames.table_state(self.faces, view, self.seat)
        decision = frames.decision(self.faces, d, 0)
        self.new_lines()
        self.show_decision(decision)
        while True:
            try:
                text = self.read(f"P{self.seat}> ").strip()
            except EOFError:
                raise Left() from None
            if text == "q":
                raise Left()
            if text == "t":
                self.show_table(state)
                self.show_decision(decision)
                continue
            answer = parse(text, decision["kind"])
            reason = "not a number" if answer is None else validate(d, answer)
            if reason is None:
                return answer
            self.write(f"refused: {reason} ({HELP})")

    def new_lines(self) -> None:
        if self.lines is None:
            self.lines = frames.SeatLines(self.game, self.seat, self.faces, self.phrases)
        lines = self.lines.update()
        for line in lines[self.shown:]:
            self.write(printable(line))
        self.shown = len(lines)

    def show_decision(self, d: dict) -> None:
        span = "" if d["kind"] != MANY else f" (choose {d['min']}–{d['max']}, e.g. 0,2)"
        self.write(f"\n» {printable(d['prompt'])}{span}")
        for i, o in enumerate(d["options"]):
            self.write(f"  {i}: {printable(o['label'])}")

    def show_table(self, state: dict) -> None:
        self.write(f"\nturn {state['turn']} · round {state['round']} · {state['phase'] or ''} · "
                   f"P{state['current']}'s turn")
        for z in state["zones"]:
            self.write(f"  {zone_text(z)}")
        for p in state["players"]:
            shown = ", ".join(f"{k} {v}" for k, v in p["v"].items() if k in state["shown"] or v not in (None, False, 0, [], ""))
            self.write(f"P{p['seat']} {p['label']}{'' if p['alive'] else ' ✝'}: {printable(shown)}")
            for z in p["zones"]:
                if z["size"]:
                    self.write(f"  {zone_text(z)}")


def zone_text(z: dict) -> str:
    faces = [c["face"] for c in z["cards"] if "back" not in c]
    hidden = f" + {z['hidden']} face down" if z["hidden"] else ""
    return printable(f"{z['name']} ({z['size']}): {', '.join(faces)}{hidden}")


def parse(text: str, kind: str):
    """The answer typed: a number, or for a multi-pick a list of them (an empty line: none)."""
    try:
        if kind == MANY:
            return [int(x) for x in text.replace(" ", "").split(",") if x]
        return int(text)
    except ValueError:
        return None


def play_in_terminal(setup) -> None:
    """Play the table's game with its first person at this terminal; exit 1 if they left or it failed."""
    from spellcard.runtime.engine.game import Game

    from ..simulate import agent_seed, make_agent
    from .texts import phrases

    person = setup.humans[0]
    seat = TerminalSeat(person, frames.Faces(setup.pack), phrases(setup.pack_target, setup.extra))
    agents = [seat if s == person else make_agent(kind, agent_seed(setup.seed, s), setup.agent_options)
              for s, kind in enumerate(setup.seats)]
    game = Game(setup.pack, setup.mode, setup.players, agents, seed=setup.seed, log=True,
                characters=setup.characters)
    seat.game = game
    click.echo(f"P{person} at {setup.pack.name} · {setup.mode}, seed {setup.seed} ({HELP})")
    try:
        result = game.play()
    except Left:
        click.echo("left the table")
        sys.exit(1)
    seat.new_lines()                    # the log's last lines say who won
    if result.reason != "win":
        click.echo(f"Game over: {result.reason}" + (f": {printable(result.error)}" if result.error else ""))
    sys.exit(1 if result.reason == "error" else 0)
