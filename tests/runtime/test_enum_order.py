"""An enum's members in declared order (`Mood.members`), their number (`Mood.count`), and members
compared by that order (`a > b`): issue 29 point 5."""
import pytest

from ..test_checks import expect
from .test_engine import game_of

MOODS = """
enum Mood { calm "平靜", cross "生氣", furious "暴怒" }
attr table seen: int = 0
func moods() -> int = Mood.count
func above(m: Mood) -> int = count(Mood.members where it > m)
func worse(a: Mood, b: Mood) -> bool = a > b
func at_most(a: Mood, b: Mood) -> bool = a <= b
func first_mood() -> Mood? = first(Mood.members)
"""


@pytest.fixture(scope="module")
def game():
    return game_of(MOODS, n=2)


def call(g, name, *args):
    return g.pack.funcs[name](g, *args)


def test_members_are_listed_in_declared_order_and_counted(game):
    assert call(game, "moods") == 3
    assert call(game, "first_mood") == "calm"
    assert [call(game, "above", m) for m in ("calm", "cross", "furious")] == [2, 1, 0]


def test_members_compare_by_their_declared_order(game):
    assert call(game, "worse", "furious", "cross") and not call(game, "worse", "calm", "cross")
    assert call(game, "at_most", "cross", "cross") and not call(game, "at_most", "furious", "calm")


def test_the_checker_refuses_order_across_enums_and_names_the_new_fields():
    expect("enum A { x, y }\nenum B { u, v }\nfunc f() -> bool = A.x < B.u\n",
           "`<` compares members of one enum by their order, not A with B", "3:20")
    expect("enum A { x, y }\nfunc f(a: A?) -> bool = a < A.y\n", "members of one enum by their order, not A? with A", "2:25")
    d = expect("enum A { x, y }\nfunc f() -> int = A.cuont\n", "enum `A` has no member `cuont`", "2:21")
    assert "count" in d.help
