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


class PlayerOut(InvariantBroken):
    """A player who is out of the game was asked to decide. Inside that player's own trigger or
    active skill this just ends it (someone out does nothing more); anywhere else it is a rule bug."""

    def __init__(self, player, prompt: str):
        super().__init__(f"P{player.seat} is out of the game but was asked: {prompt}")
        self.player = player


class PackError(Exception):
    """A compiled pack asked the runtime for something it does not have."""


class PackFault(Exception):
    """Rule code failed at run time (a field of `none`, say): reported at its .spell place."""

    def __init__(self, where: str, err: BaseException):
        super().__init__(f"{where}: {type(err).__name__}: {err}" if where else f"{type(err).__name__}: {err}")
        self.where = where
        self.original = err


def spell_place(err: BaseException, emitted: list) -> str:
    """The innermost .spell place in a traceback through a compiled pack: every emitted line ends
    with a comment naming the source line it came from."""
    place = ""
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename.startswith("<spellcard:") and 0 < tb.tb_lineno <= len(emitted):
            line = emitted[tb.tb_lineno - 1]
            if "  # " in line:
                place = line.rsplit("  # ", 1)[1].strip()
        tb = tb.tb_next
    return place
