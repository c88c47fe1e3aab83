"""`count(xs where test) > 0` asks whether there is one: with a test that changes nothing
(compiler/emit/pure.py) the emitted code stops at the first item that passes, also through a function whose
body is such a `where` (its `fx_` twin); a test that changes the game still runs on every item."""
from .test_engine import game_of

RULES = """
query reach(a: player, b: player) -> int = a.score - b.score
func ahead(p: player) -> players = others(p) where reach(p, it) >= 0
func bump(p: player) -> bool {
  p.score += 1
  return true
}
query via_func(p: player) -> bool = count(ahead(p)) > 0
query inline(p: player) -> bool = count(others(p) where reach(p, it) >= 0) > 0
query none_ahead(p: player) -> bool = count(others(p) where reach(p, it) >= 0) == 0
query bumping(p: player) -> bool = count(others(p) where bump(it)) >= 1
card Plain "plain" { target 1 from others(user) where it.score >= 0 }
card Picky "picky" { when user.score > 0 and bump(user) target self }
query usable_plain(p: player, c: card) -> bool = count(others(p) where usable_by(it, c)) > 0
"""


def counting(g, query: str) -> list:
    """Count the calls the emitted module makes of `query` (every function of it reads one global)."""
    calls = []
    names = g.pack.queries[query].__globals__
    real = names[f"q_{query}"]
    names[f"q_{query}"] = lambda *args: calls.append(args) or real(*args)
    return calls


def test_an_item_found_through_a_function_stops_at_the_first():
    g = game_of(RULES, n=4)
    calls = counting(g, "reach")
    assert g.query("via_func", g.players[0]) is True
    assert len(calls) == 1                          # the list would have asked all three others
    assert "fx_ahead" in g.pack.queries["reach"].__globals__


def test_an_inline_where_stops_at_the_first_and_says_none_when_there_is_none():
    g = game_of(RULES, n=4)
    calls = counting(g, "reach")
    assert g.query("inline", g.players[0]) is True and len(calls) == 1
    assert g.query("none_ahead", g.players[0]) is False
    g.set_value(g.players[0], "score", -1)
    calls.clear()
    assert g.query("inline", g.players[0]) is False and len(calls) == 3
    assert g.query("none_ahead", g.players[0]) is True


def test_a_test_that_changes_the_game_runs_on_every_item():
    g = game_of(RULES, n=4)
    assert g.query("bumping", g.players[0]) is True
    assert [p.v["score"] for p in g.players] == [0, 1, 1, 1]


def test_usable_by_is_pure_only_when_every_card_kind_can_be_tested_without_changing_the_game():
    g = game_of(RULES, n=4)
    # Picky's condition changes a score: a test calling usable_by could run it, so nothing is skipped.
    source = g.pack.queries["usable_plain"].__code__.co_names
    assert "_any" not in source
    clean = game_of(RULES.replace("and bump(user) ", ""), n=4)
    assert "_any" in clean.pack.queries["usable_plain"].__code__.co_names
    card = clean.make_card("Plain", {})
    assert clean.query("usable_plain", clean.players[0], card) is True
