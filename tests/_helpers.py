"""What the packs' random-game tests share: a logged game must replay exactly from its answers."""
from spellcard.runtime.decisions import ReplayAgent
from spellcard.runtime.game import Game


def assert_replays_exactly(g: Game) -> None:
    """Replaying a logged game's answers at its seed logs the same game, line for line, and uses them all."""
    agent = ReplayAgent(g.answers)
    n = len(g.players)
    again = Game(g.pack, g.mode.name, n, [agent] * n, seed=g.seed, log=True)
    again.play()
    assert again.log.lines() == g.log.lines()
    assert agent.answers == []
