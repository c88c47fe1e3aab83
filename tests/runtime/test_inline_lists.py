"""List operations and pack functions the emitter writes in place (compiler/emit/inline.py,
compiler/emit/calls.py): the same values as the helper or the call they stand for."""
from spellcard.runtime.engine import namespace

from .test_engine import game_of

PACK = """
card Token "t" { }
func drop_one(cs: cards, c: card) -> cards { return cs - [c] }
func drop_all(cs: cards, ds: cards) -> cards { return cs - ds }
func any_of(cs: cards) -> bool { let b = count(cs) > 0 return b }
func none_of(cs: cards) -> bool { let b = count(cs) == 0 return b }
func two(cs: cards) -> cards = cs + cs
func twice(cs: cards) -> int { return count(two(cs)) }
"""


def test_lists_taken_apart_in_place_are_what_minus_gives():
    g = game_of(PACK)
    f = g.pack.funcs
    a, b, c = (g.make_card("Token", {}) for _ in range(3))
    assert not any("_minus(" in line for line in g.pack.emitted)           # both forms in place
    for cs in ([], [a], [a, b, a], [a, b, c]):
        for c_ in (a, b):
            assert f["drop_one"](g, cs, c_) == namespace._minus(cs, [c_])
        for ds in ([], [a], [a, c], [b, b]):
            assert f["drop_all"](g, cs, ds) == namespace._minus(cs, ds)


def test_a_count_compared_with_none_is_a_bool():
    g = game_of(PACK)
    f = g.pack.funcs
    assert not any("_len(v_cs)" in line for line in g.pack.emitted)       # truth tests, no len()
    tok = g.make_card("Token", {})
    assert f["any_of"](g, []) is False and f["any_of"](g, [tok]) is True
    assert f["none_of"](g, []) is True and f["none_of"](g, [tok]) is False


def test_an_expression_function_written_in_place_gives_its_value():
    g = game_of(PACK)
    line = next(line for line in g.pack.emitted if line.startswith("    return _len("))
    assert "_concat(v_cs, v_cs)" in line and "f_two(" not in line
    tok = g.make_card("Token", {})
    assert g.pack.funcs["twice"](g, [tok]) == len(g.pack.funcs["two"](g, [tok])) == 2


def test_a_where_bound_or_returned_is_tested_in_a_loop_and_keeps_what_passes_in_order():
    """`let x = xs where …` and `return xs where …` are a loop (no comprehension to make and call);
    the same items, in order, a fresh list each time, and the items still charged to the work budget."""
    g = game_of("""
card Token "t" { }
card Coin "c" { }
func tokens(cs: cards) -> cards { let ts = cs where it.kind == Token return ts }
func coins(cs: cards) -> cards { return cs where it.kind == Coin }
""")
    assert sum(".append(v_it)" in line for line in g.pack.emitted) == 2
    assert not any("[v_it for v_it in" in line for line in g.pack.emitted)
    f = g.pack.funcs
    t1, c1, t2 = g.make_card("Token", {}), g.make_card("Coin", {}), g.make_card("Token", {})
    cs = [t1, c1, t2]
    assert f["tokens"](g, cs) == [t1, t2] and f["coins"](g, cs) == [c1] and f["coins"](g, []) == []
    assert f["tokens"](g, cs) is not f["tokens"](g, cs)
    work = g.work
    f["coins"](g, cs)
    assert g.work < work


def test_a_minus_bound_to_a_local_is_a_loop_that_may_read_the_old_value():
    """`rest = rest - here` (a local given a new value) and `let`/`return` of a minus written in place
    keep the same items as _minus, in order: the loop builds its list apart from the name it binds."""
    g = game_of("""
card Token "t" { }
func only(cs: cards, c: card) -> cards { let rest = cs - [c]  rest = cs - rest  return rest }
func leave_out(cs: cards, ds: cards) -> cards { let rest = cs - ds  return rest }
""")
    assert sum(".append(_x)" in line for line in g.pack.emitted) == 3
    f = g.pack.funcs
    a, b = g.make_card("Token", {}), g.make_card("Token", {})
    for cs in ([], [a], [a, b, a], [b, a]):
        assert f["only"](g, cs, a) == [x for x in cs if x is a]   # the test reads the old `rest`
        for ds in ([], [a], [b, b]):
            assert f["leave_out"](g, cs, ds) == namespace._minus(cs, ds)
