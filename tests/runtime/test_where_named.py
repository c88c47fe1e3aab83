"""`xs where p: …` names the item, so a `where` inside reads the outer item beside its own `it`
(issue 29 point 5): both parsers read it, the checker scopes the name, the emitted code runs it."""
from ..test_checks import clean, expect
from ..test_fast_parse import assert_same
from .test_engine import game_of

PAIRS = """
attr player tag: int = 0
func matched() -> players = players() where p: count(others(p) where it.tag == p.tag) > 0
func any_matched() -> bool = count(players() where p: count(others(p) where it.tag == p.tag) > 0) > 0
func tagged(n: int) -> players = players() where q: q.tag == n
"""


def test_both_parsers_read_a_named_where_alike():
    assert_same(PAIRS, "pairs.spell", must_accept=True)
    for text in ("func f() -> players = players() where true: true\n",
                 "func f() -> players = players() where p q: true\n"):
        assert_same(text, "bad.spell", must_accept=False)


def test_the_named_item_and_the_inner_it_are_both_read():
    g = game_of(PAIRS, n=3)
    p0, p1, p2 = g.players
    p0.v["tag"], p1.v["tag"], p2.v["tag"] = 1, 2, 1
    assert g.pack.funcs["matched"](g) == [p0, p2]
    assert g.pack.funcs["any_matched"](g) is True
    assert g.pack.funcs["tagged"](g, 2) == [p1]
    p2.v["tag"] = 3
    assert g.pack.funcs["matched"](g) == [] and g.pack.funcs["any_matched"](g) is False


def test_the_name_lives_only_inside_its_where():
    clean("func f() -> players = players() where p: p.alive\n")
    expect("func f() -> bool = count(players() where p: p.alive) > 0 and p.alive\n", "unknown name `p`", "1:62")
    expect("func f() -> players = players() where p: it.alive\n", "unknown name `it`", "1:42")
