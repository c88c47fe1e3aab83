"""One table: its game, played in a thread of its own, and what each seat's page is sent.

The game is the runtime's, run synchronously: a person's decision makes the game thread wait until
the server hands in a checked answer (`answer`). Each time the game waits for a person (and, while
bots play, a few times a second) every seat's frame is rebuilt in the game thread, from its View and
seat log (frames.py), and the server's connections are told. A take back starts the game again from
its seed with the answers so far less the seat's last: the game is deterministic, so it is the same
game up to there.
"""
from __future__ import annotations

import os
import secrets
import threading
import time
from collections import deque
from typing import Callable, Optional

import attrs

from spellcard.runtime.decisions import shown, validate
from spellcard.runtime.view import View, view_of

from . import frames
from spellcard.table.seats import Bot, Human, Restart, Shape

STAND_IN = "search"
"""The bot that plays a person's seat when they leave it."""
BOT_FRAMES = 0.3
"""While bots play, the pages are redrawn at most this often (seconds)."""
MAX_ANSWERS = 1_000_000


@attrs.frozen
class Setup:
    """Everything that makes a table's game: the pack, the mode and seats, the seed, and how it starts."""
    pack: object                  # PackDef
    pack_target: str
    extra: tuple
    mode: str
    players: int
    characters: tuple
    seed: int
    seats: tuple                  # per seat: "human", or the name of one of the runtime's agents
    agent_options: tuple = ()
    answers: tuple = ()           # a resumed log's answers: the game replays them first
    test: object = None           # a TestDecl: its setup, then people and bots (--from TEST)
    tools: bool = True            # take back, save the log, save a moment (a designer's table)
    header: dict = attrs.Factory(dict)   # for a saved log: where the pack came from
    keep: Optional[str] = None    # `--log FILE`: the log kept there each time the game waits for a person

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == "human"]


@attrs.define
class Pending:
    did: int
    shape: Shape
    seen: object                  # the SeenDecision, for the frame
    answer: object = None
    given: bool = False


@attrs.define
class Snapshot:
    gen: int
    state: dict
    lines: list                   # the seat's log lines (shared, only appended to)
    count: int                    # how many of them this snapshot shows


class Session:
    LIVE = object()               # `replayed()`: no answer to replay, the seat answers itself
    HANDED = object()             # `ask()`: the person handed the seat to a bot meanwhile

    def __init__(self, setup: Setup):
        self.setup = setup
        self.tokens = {s: secrets.token_urlsafe(18) for s in setup.humans}
        self.watch_token = secrets.token_urlsafe(18)
        self.hot_token = secrets.token_urlsafe(18)
        self.cond = threading.Condition()
        self.pid = os.getpid()          # a search agent's forked rollout is another process: it tells nobody
        self.gen = 0
        self.next_id = 0
        self.game = None
        self.record: list[tuple] = []   # (seat, answer) per answer a seat gave, in order
        self.prefix: deque = deque(setup.answers)
        self.restart_with: Optional[list] = None
        self.closing = False
        self.pending: dict[int, Pending] = {}
        self.asked: Optional[int] = None
        self.over: Optional[dict] = None
        self.snapshots: dict = {}       # seat (None: a watcher) -> Snapshot
        self.listeners: dict = {}       # seat -> {id: notify()}
        self.lines: dict = {}           # seat -> frames.SeatLines of the game under way
        self.faces = frames.Faces(setup.pack)
        self.last_frame = 0.0
        self.thread: Optional[threading.Thread] = None
        self.warned = False             # a kept log that cannot be written is said once
        self.handed: set = set()        # the people's seats a bot plays for now
        self.phrases: dict = {}         # action -> its `says` phrase, for the seats' logs

    # ── the game thread ───────────────────────────────────────────────────────
    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="table", daemon=True)
        self.thread.start()

    def close(self) -> None:
        with self.cond:
            self.closing = True
            self.cond.notify_all()

    def _run(self) -> None:
        from .texts import phrases

        self.phrases = phrases(self.setup.pack_target, self.setup.extra)
        while True:
            with self.cond:
                if self.closing:
                    return
                if self.restart_with is not None:
                    self.prefix = deque(self.restart_with)
                self.restart_with = None
                self.gen += 1
                self.record, self.pending, self.over, self.lines, self.asked = [], {}, None, {}, None
            try:
                self.over = self._play()
            except Restart:
                continue
            except Exception as err:        # the game could not even be made: say so on every page
                self.over = {"winners": [], "reason": "error", "error": f"{type(err).__name__}: {err}"}
            self.publish()
            self.keep()
            with self.cond:
                while self.restart_with is None and not self.closing:
                    self.cond.wait()

    def _agents(self) -> list:
        from ..simulate import agent_seed, make_agent

        s = self.setup

        def bot(seat: int, kind: str) -> Bot:
            return Bot(self, seat, make_agent(kind, agent_seed(s.seed, seat) + self.gen * 100_003, s.agent_options),
                       agent_seed(s.seed, seat))
        return [Human(self, seat, bot(seat, STAND_IN)) if kind == "human" else bot(seat, kind)
                for seat, kind in enumerate(s.seats)]

    def _play(self) -> dict:
        s = self.setup
        if s.test is not None:
            from .moment import play_test

            winners, error = play_test(self, s, self._agents())
            return {"winners": winners, "reason": "error" if error else "win" if winners else "turn_limit",
                    "error": error}
        from spellcard.runtime.engine.game import Game

        self.game = Game(s.pack, s.mode, s.players, self._agents(), seed=s.seed, log=True,
                         characters=s.characters)
        result = self.game.play()
        return {"winners": [p.seat for p in result.winners], "reason": result.reason,
                "error": None if result.error is None else f"{type(result.error).__name__}: {result.error}"}

    def replayed(self):
        """The next answer a replay hands the seats, or LIVE; a take back asked for leaves the game."""
        if self.restart_with is not None or self.closing:
            raise Restart()
        return self.prefix.popleft() if self.prefix else self.LIVE

    def recorded(self, seat: int, answer) -> None:
        self.record.append((seat, answer))

    def unrecord(self, seat: int) -> None:
        if self.record and self.record[-1][0] == seat:
            self.record.pop()

    def bot_turn(self, seat: int) -> None:
        """A bot is about to answer: redraw the pages now and then, so that people see it play."""
        self.asked = seat
        if time.monotonic() - self.last_frame > BOT_FRAMES:
            self.publish()

    def ask(self, seat: int, view: View, d):
        """A person's decision: publish it, and wait for their answer (or a take back, or the end)."""
        with self.cond:
            self.next_id += 1
            p = self.pending[seat] = Pending(self.next_id, Shape(d.kind, range(len(d.options)), d.min, d.max), d)
            self.asked = seat
            self.publish()
            self.keep()
            while not p.given and self.restart_with is None and not self.closing and seat not in self.handed:
                self.cond.wait()
            del self.pending[seat]
            if p.given:
                return p.answer
            if self.restart_with is not None or self.closing:
                raise Restart()
            return self.HANDED

    def publish(self) -> None:
        """Every seat's frame (and the watchers'), rebuilt from its view, and its listeners told."""
        if os.getpid() != self.pid or self.game is None:
            return
        with self.cond:
            self.last_frame = time.monotonic()
            for seat in [*self.setup.humans, None]:
                if seat is None and not self.listeners.get(None):
                    continue
                self.snapshots[seat] = self._snapshot(seat)
                for notify in list(self.listeners.get(seat, {}).values()):
                    notify()

    def keep(self) -> None:
        """Write the log to `--log FILE` (the game waits, or is over: it does not move meanwhile)."""
        if self.setup.keep is not None and self.game is not None and os.getpid() == self.pid:
            from .files import keep_log

            with self.cond:
                keep_log(self, self.setup.keep)

    def snapshot(self, seat: Optional[int]) -> Optional[Snapshot]:
        """The seat's latest frame; one is made now for a watcher who came while the game waits."""
        with self.cond:
            if seat not in self.snapshots and self.game is not None and self.paused():
                self.snapshots[seat] = self._snapshot(seat)
            return self.snapshots.get(seat)

    def _snapshot(self, seat: Optional[int]) -> Snapshot:
        game = self.game
        view = view_of(game, seat) if seat is not None else View(game, frames.NO_SEAT)
        state = frames.table_state(self.faces, view, seat)
        p = self.pending.get(seat) if seat is not None else None
        state["decision"] = frames.decision(self.faces, p.seen, p.did) if p is not None else None
        state["asked"] = self.asked
        state["over"] = self.over
        state["tools"] = self.setup.tools and seat is not None
        state["by_bot"] = seat in self.handed
        lines = self.lines.get(seat)
        if lines is None:
            lines = self.lines[seat] = frames.SeatLines(game, seat, self.faces, self.phrases)
        shown = lines.update()
        return Snapshot(self.gen, state, shown, len(shown))

    def set_game(self, game) -> None:
        """A test's scenario made its game (`--from TEST`): the frames read its views."""
        self.game = game

    # ── the server's side ─────────────────────────────────────────────────────
    def answer(self, seat: int, did, answer) -> Optional[str]:
        """Hand in a person's answer; the reason it is refused, or None."""
        with self.cond:
            p = self.pending.get(seat)
            if p is None:
                return "nothing is asked of this seat now"
            if type(did) is not int or did != p.did:
                return f"no such decision: {shown(did)} (the one asked is {p.did})"
            if p.given:                         # taken, not yet played: a second answer would overwrite it
                return f"decision {p.did} is answered already"
            reason = validate(p.shape, answer)
            if reason is not None:
                return reason
            if len(self.record) >= MAX_ANSWERS:
                return "this table has taken all the answers it can"
            p.answer, p.given = answer, True
            self.cond.notify_all()
        return None

    def take_back(self, seat: int) -> Optional[str]:
        """Play the game again up to this seat's last answer, and ask it again there."""
        with self.cond:
            if not self.setup.tools:
                return "take back is a designer's tool, off at this table"
            last = next((i for i in range(len(self.record) - 1, -1, -1) if self.record[i][0] == seat), None)
            if last is None:
                return "this seat has no answer to take back"
            self.restart_with = [a for _, a in self.record[:last]]
            self.cond.notify_all()
        return None

    def hand_over(self, seat: int, to_bot: bool) -> None:
        """The person leaves the seat to a bot (which answers what is asked now), or takes it back."""
        with self.cond:
            if to_bot:
                self.handed.add(seat)
            else:
                self.handed.discard(seat)
            self.cond.notify_all()
            if self.paused() and not (to_bot and seat in self.pending):
                self.publish()              # nothing else would redraw the pages now

    def paused(self) -> bool:
        """The game waits for a person, or is over: it may be read from another thread."""
        return self.over is not None or bool(self.pending)

    def listen(self, seat: Optional[int], key, notify: Callable[[], None]) -> None:
        with self.cond:
            self.listeners.setdefault(seat, {})[key] = notify

    def unlisten(self, seat: Optional[int], key) -> None:
        with self.cond:
            self.listeners.get(seat, {}).pop(key, None)
