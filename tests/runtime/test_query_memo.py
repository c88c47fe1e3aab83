"""Query values remembered while plays are listed (Game.memo): a rule sees the values it would see
if every query were computed afresh, and listing computes each one once."""
from spellcard.runtime.builtins.plays import plays

from .test_engine import game_of

QUERIES = """
query reach(p: player) -> int = count(players() where it.score >= 0) + p.score
query luck(p: player) -> int = if random([1, 2, 3]) == 1 then 1 else 0
query seats(p: player) -> players = others(p)
query weight(p: player, c: card) -> int = count(players() where it.score >= 0)
card Stone "stone" { target self }
"""


def listing(g):
    """The state `plays` puts the game in while it lists: remembering, from this era on."""
    g.memo, g.memo_era = {}, g.era
    return g


def test_a_query_is_computed_once_while_listing_and_afresh_after_a_change():
    g = listing(game_of(QUERIES))
    p = g.players[0]
    before = g.work
    assert g.query("reach", p) == 3
    assert g.work < before                  # computed: its `where` spent work
    spent = g.work
    assert g.query("reach", p) == 3
    assert g.work == spent                  # remembered: nothing computed
    g.set_value(p, "score", 2)
    assert g.query("reach", p) == 5         # a change of state forgets


def test_a_query_that_draws_at_random_is_never_remembered():
    g = listing(game_of(QUERIES))
    fresh = game_of(QUERIES)                # the same seed, nothing remembered
    drawn = [g.query("luck", g.players[0]) for _ in range(30)]
    assert drawn == [fresh.query("luck", fresh.players[0]) for _ in range(30)]
    assert len(set(drawn)) == 2
    assert g.rng.getstate() == fresh.rng.getstate()


def test_a_query_whose_value_is_a_list_is_not_remembered():
    g = listing(game_of(QUERIES))
    p = g.players[0]
    first = g.query("seats", p)
    assert g.query("seats", p) is not first     # a list the caller may keep or change
    assert not g.memo


def test_a_query_about_a_card_is_computed_each_time():
    g = game_of(QUERIES)
    p = g.players[0]
    card = g.make_card("Stone", {})
    listing(g)
    before = g.work
    assert g.query("weight", p, card) == 3
    spent = g.work
    assert spent < before
    assert g.query("weight", p, card) == 3
    assert g.work < spent                   # a listing asks about each card once: nothing kept
    assert not g.memo


def test_listing_plays_remembers_only_while_it_lists():
    g = game_of(QUERIES)
    assert g.memo is None
    plays(g, g.players[0])
    assert g.memo is None


def test_the_targeting_sees_a_change_made_while_the_play_was_chosen():
    """choose_play keeps what the listing remembered for the targeting only when the choice changed
    nothing: an agent that changes the game while it answers (a clone's root re-deals it) moves era,
    and the targets are worked out afresh."""
    from spellcard.runtime.builtins.plays import b_choose_play
    from spellcard.runtime.agents.scripted import ScriptedAgent
    g = game_of(QUERIES + """
query near(a: player, b: player) -> bool = b.score == 0
card Poke "poke" { target 1 from others(user) where near(user, it) }
""", n=4)
    p = g.players

    def poke_after_moving_p1_away(d):
        g.set_value(p[1], "score", 5)       # listed with p[1] near: the listing remembered near(p0, p1)
        return 0

    agent = ScriptedAgent([poke_after_moving_p1_away, [p[2]]])
    for q in p:
        q.agent = agent
    g.move([g.make_card("Poke", {})], p[0].z["hand"])
    b_choose_play(g, p[0])
    assert agent.log[-1].what == "players" and agent.log[-1].options == [p[2], p[3]]


def test_a_query_of_pure_built_ins_is_not_remembered_while_no_modifier_of_it_is_in_play():
    """Its value costs less than the memo's look-up (compiler/emit/module.py, _cheap); with a modifier of it in
    play (pack code) it is remembered again."""
    g = listing(game_of(QUERIES + """
query apart(a: player, b: player) -> int = seat_distance(a, b) + a.score final max(value, 1)
skill Far "far" locked { modify apart when a == owner = value + 2 }
""", n=4))
    p = g.players
    assert g.query("apart", p[0], p[2]) == 2 and g.query("apart", p[0], p[0]) == 1
    assert not g.memo
    g.grant(p[0], g.pack.skills["Far"])
    listing(g)
    assert g.query("apart", p[0], p[2]) == 4 and g.query("apart", p[1], p[2]) == 1
    assert g.memo
