"""What the packs' random-game tests share: games of seeded random agents with every invariant
checked, and a logged game must replay exactly from its answers."""
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.scripted import ReplayAgent
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game


def random_game(pack: str, mode: str, n: int, seed: int, agent=RandomAgent, log: bool = False) -> Game:
    """A game of `pack` played by `agent`s seeded from `seed`, invariants checked after every action;
    its result is kept in `g.result`."""
    g = Game(load_pack(pack), mode, n, [agent(seed * 1000 + i) for i in range(n)], seed=seed, log=log,
             check_invariants=True)
    g.result = g.play()
    return g


def assert_replays_exactly(g: Game) -> None:
    """Replaying a logged game's answers at its seed logs the same game, line for line, and uses them all."""
    agent = ReplayAgent(g.answers)
    n = len(g.players)
    again = Game(g.pack, g.mode.name, n, [agent] * n, seed=g.seed, log=True)
    again.play()
    assert again.log.lines() == g.log.lines()
    assert agent.answers == []
