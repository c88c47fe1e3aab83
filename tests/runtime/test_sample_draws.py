"""What a mode's set-up costs must not grow with the pack's characters (issue 32): `sample(xs, n)` draws
n times however long xs is, and `characters(without: …)` is made once per pack, not per game."""
import random
from functools import lru_cache

import pytest

from spellcard.runtime.builtins import FUNCTIONS
from spellcard.runtime.engine.game import Game
from spellcard.runtime.model import Zone

from ._helpers import compiled

sample, characters = FUNCTIONS["sample"], FUNCTIONS["characters"]

CHARACTERS = "".join(f'character C{i} "{i}" {{ {"tags boss_only" if i % 3 == 0 else ""} }}\n' for i in range(30))
DRAWS = 'pack t "test"\nzone hand: player owner\n' + CHARACTERS + """
attr table drawn: characters = []
phase deal "deal" { drawn = sample(characters(without: ["boss_only"]), 4) end_game(players()) }
turn deal
"""


class CountingRandom(random.Random):
    """The game's generator, counting the random bits it is asked for."""
    calls = 0

    def getrandbits(self, k):
        self.calls += 1
        return super().getrandbits(k)


@lru_cache(maxsize=1)
def pack():
    return compiled({"t.spell": DRAWS})


def game(seed: int = 0) -> Game:
    """A game of the one compiled pack (its games share what is made per pack)."""
    g = Game(pack(), None, 2, seed=seed)
    g.rng = CountingRandom(seed)
    return g


@pytest.mark.parametrize("n, size", [(3, 10), (3, 3), (5, 3), (0, 4), (-1, 4), (2, 0)])
def test_sample_draws_distinct_items_up_to_all_of_them(n, size):
    xs = [object() for _ in range(size)]
    before = list(xs)
    got = sample(game(), xs, n)
    assert len(got) == max(0, min(n, size)) and len({id(x) for x in got}) == len(got)
    assert all(any(x is y for y in xs) for x in got) and xs == before     # drawn from xs, which is unchanged


def test_sample_takes_a_zones_cards_and_the_same_seed_draws_the_same():
    z = Zone("pile", None, "public")
    z.cards += [object() for _ in range(20)]
    assert [id(x) for x in sample(game(7), z, 5)] == [id(x) for x in sample(game(7), z, 5)]
    assert len({tuple(map(id, sample(game(s), z, 5))) for s in range(10)}) > 1


def test_sample_costs_its_draws_not_the_length_of_the_list():
    """A shuffle of 20,000 items asks for 19,999 numbers; three items of them, about three."""
    g = game()
    got = sample(g, list(range(20_000)), 3)
    assert len(set(got)) == 3 and g.rng.calls < 10


def test_characters_without_tags_is_made_once_per_pack_and_handed_out_as_a_copy():
    g, h = game(1), game(2)
    pool = characters(g, ["boss_only"])
    assert [c.name for c in pool] == [f"C{i}" for i in range(30) if i % 3]
    assert [c.name for c in characters(g)] == [f"C{i}" for i in range(30)]
    pool.clear()                                        # a game's list is its own: the pack's stays whole
    again = characters(h, ("boss_only",))
    assert len(again) == 20 and again is not characters(h, ["boss_only"])
    assert h._templates[("characters", "boss_only")] is g._templates[("characters", "boss_only")]


def test_a_pack_samples_its_untagged_characters():
    g = game(3)
    g.play()
    drawn = g.v["drawn"]
    assert len(drawn) == 4 and len(set(drawn)) == 4 and not any("boss_only" in c.tags for c in drawn)
