"""A trigger's guard (compiler/emit/guard.py): the leading identity test of its condition, checked
inline by dispatch. Which tests become guards, and that a guarded trigger fires exactly when its
whole condition holds, for a player's skill and for a table rule (whose owner is the current player)."""
from spellcard.compiler.pack.loader import Source, compile_sources
from spellcard.runtime.engine.game import Game

PACK = """pack t "test"
counter player score
zone pile: table hidden
zone hand: player owner
action ping(who: player, at: zone) {
  window after
}
phase main "main" { ping(player, pile) }
turn main
skill Mine "m" locked { on ping.after when event.who == owner { owner.score += 1 } }
skill Theirs "t" locked { on ping.after when event.who != owner and owner.score < 5 { owner.score += 10 } }
skill MyHand "h" locked { on ping.after when event.at == owner.hand and event.who.score >= 0 { owner.score += 100 } }
skill Pile "p" locked { on ping.after when pile == event.at { owner.score += 1000 } }
skill Later "l" locked { on ping.after when owner.score >= 0 and event.who == owner { owner.score += 1 } }
skill Either "e" locked { on ping.after when event.who == owner or owner.score > 0 { owner.score += 1 } }
"""


def game():
    result = compile_sources([Source("t.spell", PACK.encode())], use_cache=False)
    assert result.ok, result.render()
    g = Game(result.pack, None, 3, ())
    g.start()
    return g


def test_a_leading_identity_test_of_an_event_parameter_becomes_the_guard():
    skills = game().pack.skills
    guard = {name: (skills[name].triggers[0].guard, skills[name].triggers[0].cond is not None)
             for name in ("Mine", "Theirs", "MyHand", "Pile", "Later", "Either")}
    assert guard == {"Mine": (("who", True, "owner", None), False),          # the whole condition
                     "Theirs": (("who", False, "owner", None), True),        # `!=`; the rest stays
                     "MyHand": (("at", True, "zone", "hand"), True),
                     "Pile": (("at", True, "table", "pile"), False),         # either side
                     "Later": (None, True),                                  # not the leading test
                     "Either": (None, True)}                                 # not a conjunct


def scores(g):
    return [p.v["score"] for p in g.players]


def test_guarded_triggers_fire_exactly_when_their_condition_holds():
    g = game()
    p0, p1, p2 = g.players
    for name, p in (("Mine", p0), ("Theirs", p1), ("MyHand", p2), ("Pile", p0)):
        g.grant(p, g.pack.skills[name])
    g.perform("ping", who=p0, at=g.z["pile"])
    assert scores(g) == [1001, 10, 0]
    g.perform("ping", who=p1, at=p2.z["hand"])
    assert scores(g) == [1001, 10, 100]           # Theirs: who is its owner; p0's Mine: who is not p0


def test_a_table_rule_checks_its_owner_guard_against_the_current_player():
    g = game()
    p0, p1, _ = g.players
    g.grant(None, g.pack.skills["Mine"])
    g.grant(None, g.pack.skills["MyHand"])
    g.current = p1
    g.perform("ping", who=p0, at=p0.z["hand"])
    assert scores(g) == [0, 0, 0]                 # neither p0 nor p0's hand is the current player's
    g.perform("ping", who=p1, at=p1.z["hand"])
    assert scores(g) == [0, 101, 0]
