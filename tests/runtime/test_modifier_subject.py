"""A modifier whose condition starts by naming its owner as one of the query's arguments (`when a ==
owner and …`): the query tests that inline (ModifierDef.on) and calls the rest of the condition
only for the owner's own values, so a value is what the whole condition would give."""
from .test_engine import game_of

MODS = """
query reach(a: player, b: player) -> int = 0
skill Long "long" locked { modify reach when a == owner and b.score > 2 = value + 10 }
skill Near "near" locked { modify reach when owner == b = value + 1 }
"""


def test_a_modifier_applies_to_its_owners_argument_only_and_keeps_the_rest_of_its_condition():
    g = game_of(MODS)
    p = g.players
    g.grant(p[0], g.pack.skills["Long"])
    g.grant(p[1], g.pack.skills["Near"])
    assert g.pack.skills["Long"].modifiers[0].on == 1 and g.pack.skills["Near"].modifiers[0].on == 2
    assert g.pack.skills["Near"].modifiers[0].cond is None      # the owner test was all of it
    assert g.query("reach", p[0], p[2]) == 0                    # b's score is 0
    g.set_value(p[2], "score", 3)
    assert g.query("reach", p[0], p[2]) == 10
    assert g.query("reach", p[1], p[2]) == 0                    # p[1] does not own Long
    assert g.query("reach", p[0], p[1]) == 1                    # Near: the distance to its owner
    assert g.query("reach", p[1], p[0]) == 0
