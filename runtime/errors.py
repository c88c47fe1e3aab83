"""Ways a game can stop other than someone winning."""
from __future__ import annotations

from typing import Optional

import attrs


class GameOver(Exception):
    def __init__(self, winners, placings=()):
        super().__init__("game over")
        self.winners = winners
        self.placings = placings        # the players in the order the rules placed them, if they did


class RuleLoop(Exception):
    """A chain of triggers that never ends: a rule bug, reported with the cycle it runs around."""

    def __init__(self, cycle: list[str], where: str = ""):
        self.cycle = cycle
        msg = " → ".join(cycle + cycle[:1]) if cycle else where
        super().__init__(f"rule loop: {msg}" + (f" ({where})" if where and cycle else ""))


class IllegalDecision(Exception):
    """An agent kept answering a decision with an answer that is not among its legal options."""


class AgentFault(Exception):
    """An agent (a player program) raised an exception while it answered: the agent's fault, told
    with its own message, never blamed on the rule that asked (the exception is kept as `original`)."""

    def __init__(self, seat: int, agent, err: BaseException):
        super().__init__(f"P{seat}'s agent ({type(agent).__name__}) failed while answering: "
                         f"{type(err).__name__}: {err}")
        self.seat = seat
        self.original = err


@attrs.frozen
class Breach:
    """What an InvariantBroken broke, as data for the tools that write a break as a test: its
    message says the same for people, and stays as it is (logs and digests keep it)."""
    counter: Optional[str] = None       # a counter out of its bounds
    seat: Optional[int] = None          # ... a player's (None: the table's)
    above: bool = False                 # ... above its maximum, else below its minimum
    invariant: Optional[str] = None     # the text of a pack's invariant that does not hold


class InvariantBroken(Exception):
    """The game state contradicts a rule every game must keep (cards conserved, bounds, …)."""

    def __init__(self, message: str, breach: Breach = Breach()):
        super().__init__(message)
        self.breach = breach


class PlayerOut(InvariantBroken):
    """A player who is out of the game was asked to decide. Inside that player's own trigger or
    active skill this just ends it (someone out does nothing more); anywhere else it is a rule bug."""

    def __init__(self, player, prompt: str):
        super().__init__(f"P{player.seat} is out of the game but was asked: {prompt}")
        self.player = player


class PackError(Exception):
    """A compiled pack asked the runtime for something it does not have."""


class NoneValue(PackError):
    """Rule code used `none` where a value is needed (the checker could not prove it is never none)."""


class PackFault(Exception):
    """Rule code failed at run time: reported at the .spell place to blame, in the language's terms
    (runtime.faults); the Python exception is kept as `original`, for debugging."""

    def __init__(self, where: str, err: BaseException, sentence: str = ""):
        sentence = sentence or f"{type(err).__name__}: {err}"
        super().__init__(f"{where}: {sentence}" if where else sentence)
        self.where = where
        self.sentence = sentence
        self.original = err


class RoundOver(Exception):
    """The rules ended the round at once (end_round): whatever was resolving stops."""


class HarnessStop(Exception):
    """An agent's deliberate stop, for the code that runs it (a test script that does not fit the
    decision): passed on as it is, not reported as the agent's fault. The engine knows this class,
    not the agents that raise it."""
