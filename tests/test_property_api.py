"""A tester's property tests, written from docs/property-testing.md ("Property tests of your own")
alone: every name it documents, as a tester uses it (issue 31, point 5)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import Phase, given
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument, Unsatisfiable

from spellcard.compiler.pack.loader import load_pack
from spellcard.scenario import Scenario
from spellcard.testing import (Always, Broken, DrawnAgent, Exploration, Pairs, PairStats, Played, Property,
                               TableSpec, bounded, explore, interactions, partners, play, rerun, spell_test,
                               tables)

DATA = Path(__file__).parent / "data" / "explore"
STRICT = str(DATA / "strict_invariant.spell")      # a tester's invariant: "nobody is ever wounded"
GRUDGE = str(DATA / "grudge.spell")                # a new character, Avenger
QUICK = {"database": None, "derandomize": True}
NO_SHRINK = {**QUICK, "phases": [Phase.generate]}


def hands_stay_small(s, d):
    """After every action, and before every decision is answered."""
    for p in s.game.players:
        assert len(s.zone_cards(p.seat)) <= 20, f"P{p.seat} holds {len(s.zone_cards(p.seat))} cards"


def ten_decisions(s, d) -> str | None:
    """A planted break: the tenth decision of a game."""
    return "ten decisions asked" if d is not None and len(s.decisions) >= 10 else None


def test_the_docs_example_holds():
    @bounded(max_examples=3, shrink_seconds=20, **QUICK)
    @given(table=tables("thb", mode="Duel"), data=st.data())
    def test_no_hand_grows_past_20(table, data):
        play("thb", table, data, always=[("hands stay small", hands_stay_small)])
    test_no_hand_grows_past_20()


def test_always_is_called_after_every_action_and_before_every_decision_and_properties_at_the_end():
    seen = {"actions": 0, "decisions": 0, "ends": []}

    def count(s, d):
        seen["decisions" if d is not None else "actions"] += 1
        assert d is None or d.player in s.game.players

    def ended(s):
        seen["ends"].append(s.winners)

    always: list[tuple[str, Always]] = [("counted", count)]
    properties: list[tuple[str, Property]] = [("ended", ended)]

    @bounded(max_examples=1, **QUICK)
    @given(table=st.just(TableSpec("Duel", ("Reimu", "Marisa"))), data=st.data())
    def one_game(table, data):
        played = play("thb", table, data, always=always, properties=properties)
        assert isinstance(played, Played) and played.spec == table and played.scenario.winners is not None
        assert played.skills is not None and played.windows
    one_game()
    assert seen["actions"] > 0 and seen["decisions"] > 0
    assert len(seen["ends"]) == 1 and seen["ends"][0] is not None


def test_a_failing_property_prints_the_spell_test_that_rerun_breaks_again_at_the_same_decision():
    @bounded(max_examples=5, **NO_SHRINK)
    @given(table=tables("thb", mode="Duel"), data=st.data())
    def planted(table, data):
        play("thb", table, data, always=[("short games", ten_decisions)])

    with pytest.raises(Broken) as caught:
        planted()
    broken = caught.value
    assert (broken.prop, broken.message, broken.python) == ("short games", "ten decisions asked", True)
    assert 0 < broken.at <= 10 and broken.spec.mode == "Duel" and broken.pack == "thb"
    text = spell_test(broken)
    assert "mode Duel" in text and "setup" in text and "run game" in text
    assert any(text in note for note in broken.__notes__), "pytest shows the .spell test"
    again = rerun("thb", text, always=[("short games", ten_decisions)])
    assert (again.prop, again.message, again.at) == (broken.prop, broken.message, broken.at)
    assert rerun("thb", text) is None, "without the property the test replays the game and passes"


def test_shrinking_stops_at_its_time_and_reports_the_smallest_break_so_far():
    @bounded(max_examples=5, shrink_seconds=0.001, **QUICK)
    @given(table=tables("thb", mode="Duel"), data=st.data())
    def planted(table, data):
        play("thb", table, data, always=[("short games", ten_decisions)])

    with pytest.raises(Broken) as caught:
        planted()
    notes = caught.value.__notes__
    assert any("shrinking stopped after" in n for n in notes)
    assert any(spell_test(caught.value) in n for n in notes)


def test_a_property_assert_at_the_end_is_a_break_and_its_own_bug_is_raised_as_it_is():
    @bounded(max_examples=1, **NO_SHRINK)
    @given(table=st.just(TableSpec("Duel", ("Reimu", "Marisa"))), data=st.data())
    def asserted(table, data):
        def nobody_won(s):
            assert not s.winners, "someone won"
        play("thb", table, data, properties=[("nobody wins", nobody_won)])

    with pytest.raises(Broken, match="nobody wins: someone won"):
        asserted()

    @bounded(max_examples=1, **NO_SHRINK)
    @given(table=st.just(TableSpec("Duel", ("Reimu", "Marisa"))), data=st.data())
    def buggy(table, data):
        play("thb", table, data, always=[("buggy", lambda s, d: {}["no such key"])])

    with pytest.raises(KeyError, match="no such key"):
        buggy()


def test_a_rule_s_break_is_written_as_a_test_that_fails_by_itself():
    @bounded(max_examples=5, **NO_SHRINK)
    @given(table=tables("thb", mode="Duel", extra=[STRICT]), data=st.data())
    def wounded(table, data):
        play("thb", table, data, extra=[STRICT])

    with pytest.raises(Broken) as caught:
        wounded()
    broken = caught.value
    assert broken.prop == "invariant" and "nobody is ever wounded" in broken.message and not broken.python
    again = rerun("thb", spell_test(broken), extra=[STRICT])
    assert again.prop == "invariant" and "nobody is ever wounded" in again.message


def test_impossible_tables_are_skipped_as_hypothesis_skips_a_failed_assumption():
    @bounded(max_examples=3, **QUICK)
    @given(data=st.data())
    def two_gourds(data):                # IbukiGourd is one card of THB's deck
        play("thb", TableSpec("Duel", ("Reimu", "Marisa"), ("IbukiGourd", "IbukiGourd")), data)

    with pytest.raises(Unsatisfiable):
        two_gourds()


def test_tables_take_a_pack_by_name_or_loaded_and_check_every_name_at_once():
    thb = load_pack("thb")

    @bounded(max_examples=5, **NO_SHRINK)
    @given(named=tables("thb", mode="Duel"), loaded=tables(thb, mode="Duel"),
           numbered=tables("examples/love_letter"), seated=tables("thb", mode="Duel", characters=[]),
           met=interactions("thb", ["Avenger", "Kaguya"], mode="Duel", extra=[GRUDGE]))
    def drawn(named, loaded, numbered, seated, met):
        for table in (named, loaded):
            assert table.mode == "Duel" and len(table.seats) == 2 and all(c in thb.characters for c in table.seats)
        assert numbered.seats == tuple(f"P{i}" for i in range(len(numbered.seats)))
        assert seated.seats == ("P0", "P1")
        assert "Avenger" in met.seats
    drawn()
    for bad in (dict(mode="Nope"), dict(focus=["Nobody"]), dict(characters=["Danmaku"]), dict(partner="Nobody")):
        with pytest.raises(InvalidArgument):
            tables("thb", **bad)


def test_play_takes_the_pack_by_name_and_bounded_goes_above_given():
    with pytest.raises(TypeError, match="name or folder"):
        play(load_pack("thb"), TableSpec("Duel", ("Reimu", "Marisa")), None)
    with pytest.raises(TypeError, match="st.data"):
        play("thb", TableSpec("Duel", ("Reimu", "Marisa")), None)
    with pytest.raises(TypeError, match="above @given"):
        bounded()(lambda: None)
    with pytest.raises(ValueError):
        bounded(max_examples=0)


def test_rerun_reports_a_test_s_own_failure_and_refuses_a_text_that_is_no_test():
    failing = 'test "two is one" {\n  seats Reimu, Marisa\n  expect 2 == 1\n}\n'
    assert rerun("thb", failing).prop == "test"
    with pytest.raises(ValueError, match=r"rerun.spell:\d+:\d+: error"):
        rerun("thb", "test {")


def test_rerun_runs_a_table_of_one_row_as_its_row_and_refuses_more():
    """A table's row is a test of its own, its column's name standing for its value (as `spellcard
    test` runs it): the table itself, run whole, failed the row that holds."""
    table = 'test "a table" {{\n  seats Reimu, Marisa\n  expect n == 1\n  examples:\n    | n |\n{}}}\n'
    assert rerun("thb", table.format("    | 1 |\n")) is None
    assert rerun("thb", table.format("    | 2 |\n")).prop == "test"
    with pytest.raises(ValueError, match="rerun takes one test .* holds 2"):
        rerun("thb", table.format("    | 1 |\n    | 2 |\n"))
    with pytest.raises(ValueError, match=r"rerun.spell:\d+:\d+: error: .*no rows"):
        rerun("thb", table.format(""))


def test_a_drawn_agent_answers_what_a_scenario_does_not_script():
    @bounded(max_examples=2, **NO_SHRINK)
    @given(data=st.data())
    def game(data):
        s = Scenario("thb", ["Reimu", "Marisa"], mode="Duel", setup=True)
        counter = [0]
        for agent in s.agents:
            agent.fallback = DrawnAgent(data, counter, budget=30)
        s.play_on()
        assert s.winners is not None and counter[0] <= 31
    game()


def test_explore_s_names():
    found = explore("thb", focus=["Reimu"], against=["Marisa"], per_pair=1, examples=2, seed=0)
    assert isinstance(found, Exploration) and found.broken is None and found.examples >= 1
    assert isinstance(found.coverage.pairs, Pairs) and isinstance(found.coverage.pairs.stats["Marisa"], PairStats)
    assert found.coverage.pairs.stats["Marisa"].met >= 1
    assert "Marisa" in partners(load_pack("thb"), "Reimu")
