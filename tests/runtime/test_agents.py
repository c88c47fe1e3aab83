"""RandomAgent.pick (runtime/agents/simple.py) draws with `random`'s public calls: every answer, and
the generator's state after it, must stay what these calls give, or every seeded game would change."""

import pytest

from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import MANY, ONE, YES_NO


SHAPES = [(YES_NO, "yes_no", 2, 1, 1), (ONE, "play", 5, 1, 1), (ONE, "cards", 8, 1, 1), (MANY, "cards", 7, 1, 3),
          (ONE, "play", 1, 1, 1), (MANY, "cards", 30, 0, 4)]


def test_pick_draws_as_it_always_has():
    """A golden record: seed 7's answers, and the generator where they leave it. A change in how pick
    draws changes every seeded game, and fails here first."""
    agent = RandomAgent(7)
    assert [agent.pick(*shape) for shape in SHAPES * 2] == [1, 4, 6, [0, 4, 6], 0, [], 1, 1, 0, [3], 0, [2, 7, 17]]
    assert agent.rng.random() == 0.42451918914251396


@pytest.mark.parametrize("shape", [(ONE, "cards", 0, 1, 1), (MANY, "cards", 3, 2, 1), (MANY, "cards", 3, 4, 5),
                                   (MANY, "cards", 2, -2, -1)])
def test_pick_refuses_an_impossible_shape_as_the_random_calls_do(shape):
    with pytest.raises(ValueError):
        RandomAgent(1).pick(*shape)
