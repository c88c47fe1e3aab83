"""Ways a game can stop other than someone winning."""


class GameOver(Exception):
    def __init__(self, winners):
        super().__init__("game over")
        self.winners = winners


class RuleLoop(Exception):
    """A chain of triggers that never ends: a rule bug, reported with the cycle it runs around."""

    def __init__(self, cycle: list[str], where: str = ""):
        self.cycle = cycle
        msg = " → ".join(cycle + cycle[:1]) if cycle else where
        super().__init__(f"rule loop: {msg}" + (f" ({where})" if where and cycle else ""))


class IllegalDecision(Exception):
    """An agent kept answering a decision with an answer that is not among its legal options."""


class InvariantBroken(Exception):
    """The game state contradicts a rule every game must keep (cards conserved, bounds, …)."""


class PackError(Exception):
    """A compiled pack asked the runtime for something it does not have."""
