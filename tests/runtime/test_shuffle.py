"""runtime/engine/shuffle.py shuffles as CPython's Random.shuffle does: the same order from the same seed,
and the generator left in the same state (every later draw of the game the same)."""
import random

from spellcard.runtime.engine.shuffle import shuffle


def test_a_shuffle_is_the_one_random_shuffle_makes_and_leaves_the_generator_alike():
    for seed in range(40):
        for size in (0, 1, 2, 3, 5, 8, 42, 144, 300):
            ours, theirs = random.Random(seed), random.Random(seed)
            xs, ys = list(range(size)), list(range(size))
            shuffle(ours, xs)
            theirs.shuffle(ys)
            assert xs == ys
            assert ours.getstate() == theirs.getstate()
