"""`spellcard replay LOG --html OUT --table`: the play table, read-only, as a self-contained page.

The logged game is played again from its answers; at the start of each turn and at each decision of
the seat it is seen by (a watcher's view without --seat: turns only), the seat's frame is kept, made
as the table makes it (frames.py: its View and seat log only). The page is the table's own template
and script, inlined, stepping through those frames instead of a WebSocket's: buttons, the arrow keys
(Page Up/Down by turn, Home and End), and the URL's #step follows.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Optional

from spellcard.atomic import write_text
from spellcard.runtime.agents.scripted import ReplayAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import View, view_of

from . import frames

MAX_STEPS = 20_000
"""A page holds at most this many steps (a 500-turn game of eight players has some thousands)."""


class Watching(ReplayAgent):
    """Gives back the recorded answers; before each, keeps the seat's frame when it is a step."""

    def __init__(self, answers: list, seat: Optional[int], faces: frames.Faces, phrases: dict):
        super().__init__(answers)
        self.seat, self.faces, self.phrases = seat, faces, phrases
        self.steps: list[dict] = []
        self.lines: Optional[frames.SeatLines] = None
        self.turn = None

    def answer(self, game, d):
        mine = self.seat is not None and d.player.seat == self.seat
        if (mine or game.turns != self.turn) and len(self.steps) < MAX_STEPS:
            self.turn = game.turns
            self.keep(game, d if mine else None)
        return super().answer(game, d)

    def keep(self, game, d, over: Optional[dict] = None) -> None:
        view = view_of(game, self.seat) if self.seat is not None else View(game, frames.NO_SEAT)
        if self.lines is None:
            self.lines = frames.SeatLines(game, self.seat, self.faces, self.phrases)
        state = frames.table_state(self.faces, view, self.seat)
        state["decision"] = frames.decision(self.faces, view.decision(d), len(self.steps)) if d is not None else None
        state.update(over=over, tools=False, by_bot=False, asked=d.player.seat if d is not None else None,
                     log_count=len(self.lines.update()))
        self.steps.append(state)


def replay_steps(table, seed: int, answers: list, seat: Optional[int], pack_target: str, extra=()) -> dict:
    """The steps of the logged game as `seat` saw it (None: a watcher), and the seat's log lines."""
    from .texts import phrases

    faces = frames.Faces(table.pack)
    agent = Watching(answers, seat, faces, phrases(pack_target, tuple(extra)))
    game = Game(table.pack, table.mode, table.players, [agent] * table.players, seed=seed, log=True,
                characters=table.characters)
    result = game.play()
    over = {"winners": [p.seat for p in result.winners], "reason": result.reason,
            "error": None if result.error is None else f"{type(result.error).__name__}: {result.error}"}
    agent.keep(game, None, over)
    return {"steps": agent.steps, "lines": agent.lines.lines}


def write_table_replay(out: str, table, seed: int, answers: list, seat: Optional[int], pack_target: str,
                       extra=()) -> None:
    """The page, written beside OUT and renamed into place."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    data = replay_steps(table, seed, answers, seat, pack_target, extra)
    boot = json.dumps({"seats": [{"seat": seat, "token": ""}], "players": table.players, "replay": data},
                      ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    env = Environment(loader=PackageLoader("spellcard.table", "templates"), autoescape=select_autoescape())
    static = resources.files("spellcard.table").joinpath("static")
    page = env.get_template("table.html.j2").render(
        title=f"{table.pack.name} · {table.mode} · seed {seed}" + ("" if seat is None else f" · as P{seat}"),
        boot=boot, css=static.joinpath("table.css").read_text("utf-8"),
        script=static.joinpath("table.js").read_text("utf-8").replace("</", "<\\/"))
    write_text(out, page)
