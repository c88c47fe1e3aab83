"""A list shuffled in place as CPython's `Random.shuffle` shuffles it: the same draws from the
generator in the same order (`_randbelow(i + 1)` for i from the end: `(i + 1).bit_length()` bits
until a number below i + 1), without its Python call per item. A deck is shuffled every game, and
again whenever its draw pile runs out (tests/runtime/test_shuffle.py compares the two)."""
from __future__ import annotations


def shuffle(rng, x: list) -> None:
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = rng.getrandbits(k)                  # called as a method: no bound method made (decisions.py)
        while j >= n:
            j = rng.getrandbits(k)
        x[i], x[j] = x[j], x[i]


def restamp(g, cards: list) -> None:
    """Give the cards fresh stamps in the order they lie (Card.stamp): after a shuffle, no seat knows
    which card is where, and a handle it read before names none of them (view.py)."""
    stamp = g.stamp
    for c in cards:
        c.stamp = stamp = stamp + 1
    g.stamp = stamp
