"""The agents that sit at a table: a person (whose answer comes from their page) and a bot (one of the
runtime's agents, given a time budget). Both first give back the answers a replay hands them (a take
back, a game resumed from its log): the game is deterministic, so the same answers rebuild it.
"""
from __future__ import annotations

from collections import namedtuple

from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import Agent, validate
from spellcard.runtime.view import View, view_of


class Restart(BaseException):
    """Raised in the game thread to leave the game (a take back, the server closing): a BaseException,
    so that the runtime's `except Exception` (a rule fault) does not take it for the game's end."""


class Seat(Agent):
    """A table's seat: what a replay hands it, else its own answer; every answer is recorded (a take
    back drops a seat's last one). A test's scripted agent (`--from TEST`) hands its unscripted
    decisions here as the Game and the Decision: they are seen through the seat's view all the same."""

    def __init__(self, session, seat: int):
        self.session, self.seat = session, seat

    def answer(self, view, d):
        if not isinstance(view, View):                  # a scripted agent's fallback: the game itself
            view = view_of(view, self.seat)
            d = view.decision(d)
        answer = self.session.replayed()
        if answer is not self.session.LIVE and validate(d, answer) is not None:
            self.session.prefix.clear()                 # a log that does not fit: play on from here
            answer = self.session.LIVE
        if answer is self.session.LIVE:
            answer = self.live(view, d)
        self.session.recorded(self.seat, answer)
        return answer

    def refused(self, d, answer, reason: str) -> None:
        self.session.unrecord(self.seat)

    def live(self, view, d):
        raise NotImplementedError


class Human(Seat):
    """A person: the decision goes to their page, and the game waits for the answer it sends back. A
    person who leaves hands the seat to a bot (`stand_in`), and may take it back."""

    def __init__(self, session, seat: int, stand_in: "Bot"):
        super().__init__(session, seat)
        self.stand_in = stand_in

    def live(self, view, d):
        if self.seat not in self.session.handed:
            answer = self.session.ask(self.seat, view, d)
            if answer is not self.session.HANDED:
                return answer
        return self.stand_in.live(view, d)


class Bot(Seat):
    """One of the runtime's agents. A search agent plays its rollouts in games rebuilt from the seed and
    answers; a table set up by a test cannot be rebuilt so, and there the bot plays at random."""

    def __init__(self, session, seat: int, agent, fallback_seed: int):
        super().__init__(session, seat)
        self.agent = agent
        self.fallback = RandomAgent(fallback_seed)

    def live(self, view, d):
        from spellcard.runtime.agents.clone import CannotClone

        self.session.bot_turn(self.seat)
        agent = self.agent
        try:
            if agent.shape_only:
                return agent.pick(d.kind, d.what, len(d.options), d.min, d.max)
            return agent.answer(view, d)
        except CannotClone:
            return self.fallback.answer(view, d)


Shape = namedtuple("Shape", "kind options min max")
"""What `decisions.validate` reads of a decision: enough to check a person's answer off the game's thread."""
