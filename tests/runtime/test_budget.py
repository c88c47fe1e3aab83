"""One work budget per game, and a depth limit for pack functions: every runaway ends, named at its place."""
import pytest

from spellcard.compiler.pack.loader import Source
from spellcard.runtime.errors import RuleLoop
from spellcard.runtime.faults import MAX_CALL_DEPTH, WORK_BUDGET
from spellcard.runtime.engine.game import Game

from ._helpers import TINY_PACK, compiled

BASE = TINY_PACK + "attr table n: int = 0\n"


def game_of(text: str, work: int = WORK_BUDGET) -> Game:
    g = Game(compiled({"t.spell": BASE + text}), None, 2)
    g.work = work
    return g


def stopped(text: str, work: int = WORK_BUDGET) -> RuleLoop:
    """Play a game whose players hold the skill `Spin`; it must end in a RuleLoop."""
    g = game_of(text, work)
    result = g.play(setup=lambda g: [g.grant(p, g.pack.skills["Spin"]) for p in g.players])
    assert result.reason == "error" and isinstance(result.error, RuleLoop), result.error
    return result.error


def place(text: str, snippet: str) -> str:
    """`t.spell:line:col` of the first occurrence of `snippet` in the test pack."""
    for i, line in enumerate((BASE + text).split("\n")):
        if snippet in line:
            return f"t.spell:{i + 1}:{line.index(snippet) + 1}"
    raise AssertionError(snippet)


def test_a_flat_repeat_ends_at_its_place_and_is_no_cycle_of_turns():
    text = 'skill Spin "s" locked { on main.start {\n  repeat 999999999999999 { let x = 1 }\n} }\n'
    err = stopped(text)
    assert err.cycle == []
    assert f"in a `repeat` loop at {place(text, 'repeat')}" in str(err)
    assert "turn" not in str(err) and "main" not in str(err)


def test_nested_while_loops_under_any_per_loop_limit_share_the_one_budget():
    text = ('skill Spin "s" locked { on main.start {\n  let a = 0\n'
            '  while a < 9000 { a += 1 let b = 0\n'
            '    while b < 9000 { b += 1 let c = 0\n'
            '      while c < 9000 { c += 1 }\n    }\n  }\n} }\n')
    err = stopped(text, work=200_000)
    assert f"in a `while` loop at {place(text, 'while c')}" in str(err)


def test_a_for_loop_and_a_where_spend_the_budget_too():
    text = 'skill Spin "s" locked { on main.start { for p in players() { n += 1 } } }\n'
    assert f"in a `for` loop at {place(text, 'for p')}" in str(stopped(text, work=5))
    text = 'skill Spin "s" locked { on main.start { let xs = players() where it.score >= 0 } }\n'
    assert f"in a `where` at {place(text, 'let xs')}" in str(stopped(text, work=1))


def test_actions_spend_the_budget_without_nesting():
    text = 'skill Spin "s" locked { on main.start when current == owner { repeat 99999999 { ping(owner) } } }\n'
    err = stopped(text, work=100_000)
    assert "ran out" in str(err) and place(text, "repeat")[:-2] in str(err)


def test_recursion_is_stopped_at_the_depth_limit_with_its_function_chain():
    text = ('func deep(n: int) -> int { return deep(n + 1) }\n'
            'skill Spin "s" locked { on main.start { let x = deep(0) } }\n')
    err = stopped(text)
    assert err.cycle == ["deep"]
    assert f"nested more than {MAX_CALL_DEPTH} deep at {place(text, 'return deep')}" in str(err)


def test_mutual_recursion_names_both_functions():
    text = ('func ping_pong(n: int) -> int { return pong_ping(n) }\n'
            'func pong_ping(n: int) -> int { return ping_pong(n) }\n'
            'skill Spin "s" locked { on main.start { let x = ping_pong(0) } }\n')
    assert sorted(stopped(text).cycle) == ["ping_pong", "pong_ping"]


def test_calls_spend_the_budget():
    text = ('func one() -> int { return 1 }\n'
            'skill Spin "s" locked { on main.start { while true { n = one() } } }\n')
    err = stopped(text, work=5_000)
    assert "ran out" in str(err)


def test_the_call_depth_unwinds_and_a_bounded_function_is_charged_where_it_is_called():
    g = game_of('func leaf(n: int) -> int { return n }\nfunc mid(n: int) -> int { return leaf(n) + leaf(n) }\n'
                'func down(n: int) -> int { if n <= 0 { return 0 } return down(n - 1) + mid(n) }\n')
    assert g.pack.funcs["mid"](g, 2) == 4
    assert g.depth == 0 and g.work == WORK_BUDGET           # bounded: it can never call itself again
    assert g.pack.funcs["down"](g, 3) == 12
    # down(3) … down(0), each costing itself, its call of down and its call of mid (mid: itself, 2 leaves)
    assert g.depth == 0 and g.work == WORK_BUDGET - 4 * (1 + 1 + 3)


def test_a_function_is_bounded_only_if_nothing_it_calls_can_reach_it_again():
    from spellcard.compiler.emit.bounded import bounded_funcs
    from spellcard.compiler.pack.loader import front_end
    text = BASE + """query worth(p: player) -> int = p.score
func leaf(p: player) -> int = p.score + 1
func above(p: player) -> int = leaf(p) * 2
func asks(p: player) -> int = worth(p)
func acts(p: player) { ping(p) }
func self_call(n: int) -> int = if n > 0 then self_call(n - 1) else 0
func one(n: int) -> int = two(n)
func two(n: int) -> int = if n > 0 then one(n - 1) else 0
func plays(p: player) { let play = choose_play(p) if play != none { activate(play) } }
"""
    syms, checker, diags = front_end([Source("t.spell", text.encode())])
    assert not diags.has_errors, diags.sorted()
    assert bounded_funcs(syms.funcs, checker.refs) == {"leaf": 1, "above": 2}     # above: itself and leaf


def test_a_trigger_chain_names_its_cycle_and_the_line_that_runs_it_again():
    # The condition reads a counter the effect changes, so the checker cannot call it endless (it is a
    # warning); the score only grows, so at run time the chain never ends.
    text = ('skill Spin "s" locked {\n'
            '  # allow trigger-loop: the runtime guard is what this test is about\n'
            '  on ping.after when event.who == owner and owner.score > 0 { ping(owner) }\n}\n')
    err = stopped(text)
    assert err.cycle == ["ping[Spin]"]
    assert str(err).endswith(f"nested actions at {place(text, 'ping(owner)')})")


def test_a_designer_who_draws_65536_cards_a_turn_is_stopped_at_the_pack_loop_and_their_own_line(tmp_path):
    """The THB draw action loops once per card: the budget names that loop and the designer's call."""
    from spellcard.compiler.pack.loader import compile_pack
    greedy = tmp_path / "greedy.spell"
    greedy.write_text('skill Greedy "貪" locked { on draw_phase.start when current == owner {\n'
                      '  draw(owner, 65536)\n} }\ncharacter Greed "貪者" { hp = 4 skills Greedy }\n', "utf-8")
    result = compile_pack("thb", [str(greedy)], use_cache=False)
    assert result.ok, result.render()
    g = Game(result.pack, "Identity5Mode", 5, characters=["Greed"] * 5)
    g.work = 300_000
    outcome = g.play()
    assert isinstance(outcome.error, RuleLoop) and outcome.turns < 10
    said = str(outcome.error)
    assert "ran out in" in said and "actions.spell:" in said and said.endswith("greedy.spell:2:3")
