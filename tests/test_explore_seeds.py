"""An explored game's seed is drawn with its table (strategies.TableSpec.seed), not seed 0 for every
game: what a mode deals at random (KOF's draft reads no seat) then reaches every character, and a
test stating `seed N` plays that game again."""
from hypothesis import given, settings
from hypothesis import strategies as st

from spellcard.compiler.pack.loader import load_pack
from spellcard.scenario import Scenario
from spellcard.testing import TableSpec, tables
from spellcard.testing import writeout


def drafted(spec: TableSpec) -> set:
    """The characters KOF's draft gave the two players (the one in play and the line-up behind it)."""
    s = Scenario("thb", list(spec.seats), mode=spec.mode, setup=True, seed=spec.seed)
    return {c.name for p in s.game.players for c in [p.character, *p.v["lineup"]] if c is not None}


def test_explored_kof_games_draft_every_character_of_the_pack():
    """At seed 0 alone the draft deals the same ten characters to every explored KOF game."""
    seen, seeds = set(), set()

    @settings(max_examples=100, database=None, derandomize=True, deadline=None)
    @given(data=st.data())
    def one(data):
        spec = data.draw(tables("thb", mode="KofMode"))
        seeds.add(spec.seed)
        seen.update(drafted(spec))
    one()
    pack = load_pack("thb")
    assert len(seeds) > 10
    assert seen == {c for c, cd in pack.characters.items() if "boss_only" not in cd.tags}


def test_a_tables_seed_is_written_as_the_tests_seed_and_seed_0_is_left_unsaid():
    spec = TableSpec("KofMode", ("Reimu", "Marisa"), seed=41)
    assert "\n  seed 41\n  setup\n" in writeout.test_text(spec, [], "t", "")
    assert "seed" not in writeout.test_text(TableSpec("KofMode", ("Reimu", "Marisa")), [], "t", "")
    assert drafted(spec) != drafted(TableSpec("KofMode", ("Reimu", "Marisa")))


def test_a_tests_seed_line_plays_the_game_at_that_seed():
    """`seed N` in the test language: the table's game is the one explore played at seed N."""
    from spellcard.compiler.build.builder import build
    from spellcard.compiler.parse.read import parse
    from spellcard.spelltest.run import Runner

    def played(seed_line: str) -> set:
        text = f'test "drafted" {{\n  mode KofMode\n  seats Reimu, Marisa\n{seed_line}  setup\n}}\n'
        tree, problem = parse("drafted.spell", text)
        assert problem is None, problem
        [test] = build("drafted.spell", tree).tests
        runner = Runner(test, "thb", ())
        runner.run()
        return {c.name for p in runner.s.game.players for c in [p.character, *p.v["lineup"]] if c is not None}

    assert played("  seed 41\n") == drafted(TableSpec("KofMode", ("Reimu", "Marisa"), seed=41))
    assert played("") == drafted(TableSpec("KofMode", ("Reimu", "Marisa")))
