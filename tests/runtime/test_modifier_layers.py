"""Modifier layers: base → adjust → set → final, whatever order the skills were granted in."""
from .test_engine import game_of

LAYERS = """
query reach(p: player) -> int = 2 final max(value, 0)
skill Plus "plus" locked { modify reach when p == owner = value + 1 }
skill Twice "twice" locked { modify reach when p == owner = value * 2 }
skill One "one" locked { modify reach set when p == owner = 1 }
skill Three "three" locked { modify reach set when p == owner = 3 }
skill Below "below" locked { modify reach set when p == owner = 0 - 5 }
skill Five "five" locked { modify reach base when p == owner = 5 }
"""


def reach_with(*skills: str) -> int:
    g = game_of(LAYERS)
    p = g.players[0]
    for s in skills:
        g.grant(p, g.pack.skills[s])
    return g.query("reach", p)


def test_adjustments_run_in_grant_order():
    assert reach_with("Plus", "Twice") == 6
    assert reach_with("Twice", "Plus") == 5


def test_a_set_modifier_wins_over_adjustments_granted_before_or_after_it():
    assert reach_with("Plus", "One") == 1
    assert reach_with("One", "Plus") == 1
    assert reach_with("One", "Twice", "Plus") == 1


def test_among_set_modifiers_the_last_granted_wins():
    assert reach_with("One", "Three") == 3
    assert reach_with("Three", "One") == 1


def test_base_modifiers_come_before_adjustments():
    assert reach_with("Plus", "Five") == 6
    assert reach_with("Five", "Plus") == 6


def test_final_bounds_hold_after_a_set():
    assert reach_with("Below") == 0


def test_revoking_keeps_the_layers_in_order():
    g = game_of(LAYERS)
    p = g.players[0]
    one = g.grant(p, g.pack.skills["One"])
    g.grant(p, g.pack.skills["Plus"])
    assert g.query("reach", p) == 1
    g.revoke(p, one)
    assert g.query("reach", p) == 3
    g.grant(p, g.pack.skills["One"])
    g.grant(p, g.pack.skills["Twice"])
    assert g.query("reach", p) == 1
