"""RandomAgent.pick (runtime/agents/simple.py) draws with `random`'s public calls: every answer, and
the generator's state after it, must stay what these calls give, or every seeded game would change."""
import random

import pytest

from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import MANY, ONE, YES_NO


def _reference(rng: random.Random, kind: str, what: str, n: int, lo: int, hi: int):
    """The formula pick follows, written out."""
    if kind == MANY:
        return sorted(rng.sample(range(n), rng.randint(lo, hi)))
    if what == "play":
        if n > 1 and rng.random() < 0.75:
            return rng.randrange(n - 1)
        return n - 1 if n > 1 else 0
    return rng.randrange(n)


SHAPES = ([(YES_NO, "yes_no", 2, 1, 1), (ONE, "play", 1, 1, 1), (ONE, "play", 2, 1, 1)]
          + [(ONE, what, n, 1, 1) for what in ("cards", "play", "players") for n in (1, 2, 3, 5, 8, 17, 33, 100)]
          + [(MANY, "cards", n, lo, hi) for n in (0, 1, 2, 4, 7, 21, 22, 40)
             for lo, hi in ((0, 0), (0, 1), (1, 1), (0, n), (1, n), (n, n), (2, 3), (5, 6), (6, 9))
             if 0 <= lo <= hi <= n])


@pytest.mark.parametrize("seed", range(40))
def test_pick_draws_what_the_random_calls_draw(seed):
    agent, rng = RandomAgent(seed), random.Random(seed)
    for _ in range(3):
        for shape in SHAPES:
            assert agent.pick(*shape) == _reference(rng, *shape), shape
    assert agent.rng.getstate() == rng.getstate()


@pytest.mark.parametrize("shape", [(ONE, "cards", 0, 1, 1), (MANY, "cards", 3, 2, 1), (MANY, "cards", 3, 4, 5),
                                   (MANY, "cards", 2, -2, -1)])
def test_pick_refuses_an_impossible_shape_as_the_random_calls_do(shape):
    with pytest.raises(ValueError):
        _reference(random.Random(1), *shape)
    with pytest.raises(ValueError):
        RandomAgent(1).pick(*shape)
