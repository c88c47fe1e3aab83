"""Property tests: any table (mode, characters, seed) keeps every invariant and ends.

Hypothesis shrinks a failure to the smallest table that shows it; the failing seed and characters
replay exactly with `spellcard simulate thb --mode M --seed S --characters …`.
"""
from hypothesis import given, settings, strategies as st

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game

PACK = load_pack("thb")
SEATS = {"Duel": 2, "TwoVsTwoMode": 4, "Identity5Mode": 5, "Identity8Mode": 8}
CHARACTERS = sorted(c for c, d in PACK.characters.items() if "boss_only" not in d.tags)


@st.composite
def tables(draw):
    mode = draw(st.sampled_from(sorted(SEATS)))
    n = SEATS[mode]
    chars = draw(st.lists(st.sampled_from(CHARACTERS + [""]), min_size=n, max_size=n))
    return mode, n, chars, draw(st.integers(0, 2**31))


@settings(max_examples=30, deadline=None)
@given(tables())
def test_any_table_keeps_every_invariant_and_ends(table):
    mode, n, chars, seed = table
    g = Game(PACK, mode, n, [RandomAgent(seed + i) for i in range(n)], seed=seed, check_invariants=True,
             characters=chars)
    result = g.play()
    # Random agents can stall a faithful game (two 八意永琳 healing each other), so the turn limit is a
    # legal ending; an error never is.
    assert result.reason in ("win", "turn_limit"), f"{mode} seed={seed} characters={chars}: {result.error}"
    for seat, name in enumerate(chars):
        if name:
            assert g.players[seat].character.name == name
