"""Whether a card may be used needs one legal target, not its whole pool: a target test the compiler
proves changes nothing (compiler/emit/pure.py) stops at the first; any other is run on every candidate, as
it always was, so that no game changes."""
from spellcard.runtime.builtins.plays import usable

from .test_engine import game_of

CARDS = """
query reach(a: player, b: player) -> int = a.score - b.score
func bump(p: player) -> bool {
  p.score += 1
  return true
}
card Pure "pure" { target 1 from others(user) where reach(user, it) >= 0 }
card Bumping "bumping" { target 1 from others(user) where bump(it) }
card Drawing "drawing" { target 1 from others(user) where count(shuffled(players())) > 0 }
card Swayed "swayed" { target 1 from others(user) where sway(user, it) }
query sway(a: player, b: player) -> bool = true
skill Dice "dice" locked { modify sway = random([1, 2]) == 1 }
"""


def made(g, kind: str):
    return g.make_card(kind, {})


def rule(g, kind: str):
    return g.pack.kinds[kind].targets[0]


def counting(g, kind: str, query: str) -> list:
    """Count the calls the kind's usability test makes of `query` (the emitted module's own)."""
    calls = []
    names = g.pack.kinds[kind].fits.__globals__
    real = names[f"q_{query}"]
    names[f"q_{query}"] = lambda *args: calls.append(args) or real(*args)
    return calls


def test_a_pure_target_test_stops_at_the_first_legal_target():
    g = game_of(CARDS, n=4)
    calls = counting(g, "Pure", "reach")
    try:
        assert usable(g, g.players[0], made(g, "Pure"))
        assert len(calls) == 1              # the pool would have asked all three others
        assert len(rule(g, "Pure").pool(g, g.players[0], made(g, "Pure"))) == 3
    finally:
        g.pack.kinds["Pure"].fits.__globals__["q_reach"] = g.pack.queries["reach"]


def test_a_pure_target_test_with_no_legal_target_says_so():
    g = game_of(CARDS, n=4)
    g.set_value(g.players[0], "score", -1)  # below everyone: reach < 0 for all
    assert not usable(g, g.players[0], made(g, "Pure"))


def test_a_target_test_that_changes_the_game_runs_on_every_candidate():
    g = game_of(CARDS, n=4)
    assert usable(g, g.players[0], made(g, "Bumping"))
    assert [p.v["score"] for p in g.players] == [0, 1, 1, 1]


def test_a_target_test_that_draws_at_random_runs_on_every_candidate():
    g = game_of(CARDS, n=4)
    fresh = game_of(CARDS, n=4)
    assert usable(g, g.players[0], made(g, "Drawing"))
    for _ in range(3):                      # one shuffle per other player, as the whole pool makes
        fresh.rng.shuffle(list(fresh.players))
    assert g.rng.getstate() == fresh.rng.getstate()


def test_a_query_with_a_modifier_that_draws_at_random_is_not_pure():
    g = game_of(CARDS, n=4)
    g.grant(g.players[0], g.pack.skills["Dice"])
    calls = counting(g, "Swayed", "sway")
    try:
        usable(g, g.players[0], made(g, "Swayed"))
        assert len(calls) == 3              # every other player asked, whatever the first answer
    finally:
        g.pack.kinds["Swayed"].fits.__globals__["q_sway"] = g.pack.queries["sway"]


def test_the_built_ins_called_pure_exist_and_run_no_pack_code():
    from spellcard.compiler.emit.pure import PURE_BUILTINS
    from spellcard.runtime.builtins import RUNS_PACK_CODE, SIGNATURES

    assert PURE_BUILTINS <= SIGNATURES.keys()       # a renamed built-in must not silently turn impure
    assert not PURE_BUILTINS & RUNS_PACK_CODE
