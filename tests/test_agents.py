"""The agents that play simulations: seeded, legal, and (the greedy one) decisive."""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.registry import AGENTS
from spellcard.runtime.agents.simple import GreedyAgent
from spellcard.runtime.decisions import Decision, MANY, ONE, YES_NO, validate
from spellcard.runtime.engine.game import Game
from spellcard.runtime.model import Player


@pytest.mark.parametrize("name", sorted(set(AGENTS) - {"search"}))      # it needs a game: tests/runtime/test_search.py
def test_agents_only_give_legal_answers(name):
    agent = AGENTS[name](3)
    p = Player(0)
    for d in [Decision(p, YES_NO, "yes_no", "?", [False, True]),
              Decision(p, ONE, "play", "?", ["a", "b", None]),
              Decision(p, ONE, "card", "?", ["a", None]),
              Decision(p, MANY, "cards", "?", list("abcde"), 1, 3)]:
        for _ in range(50):
            assert validate(d, agent.answer(None, d)) is None


def test_greedy_acts_whenever_it_can():
    agent = GreedyAgent(0)
    p = Player(0)
    assert agent.answer(None, Decision(p, YES_NO, "yes_no", "?", [False, True])) == 1
    assert all(agent.answer(None, Decision(p, ONE, "play", "?", ["a", "b", None])) != 2 for _ in range(30))


def test_greedy_esper_games_are_decided():
    """A simulation of esper between greedy agents ends in a win every time (issue: "so simulated games
    are not all timeouts"); the pack's own setup builds each side a legal deck."""
    pack = load_pack("esper")
    for seed in range(15):
        g = Game(pack, "Duel", 2, [GreedyAgent(seed * 10 + i) for i in range(2)], seed=seed, check_invariants=True)
        assert g.play().reason == "win"
