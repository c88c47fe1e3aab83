"""The annotated example in examples/ compiles with the THB pack and does what its text says."""
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.scenario import Scenario

EXAMPLE = str(Path(__file__).parent.parent / "examples" / "akyuu.spell")


def test_the_example_checks_clean_with_the_pack():
    result = CliRunner().invoke(cli, ["check", "thb", "--with", EXAMPLE])
    assert result.exit_code == 0, result.output


def test_chronicle_draws_two_when_another_character_is_shot_down():
    """求聞史紀：鎖定技，當一名其他角色MISS後，你摸兩張牌。"""
    s = Scenario("thb", ["Akyuu", "Koakuma", "Mokou"], extra=[EXAMPLE])
    s.set(1, hp=1)
    s.perform("damage", target=s.p(1), amount=1, source=s.p(2))
    assert not s.p(1).alive
    assert len(s.cards_in(0)) == 2


def test_perfect_memory_takes_one_of_the_top_three_once_per_phase():
    """過目不忘：出牌階段限一次，你可以觀看牌堆頂的三張牌，獲得其中一張，其餘以原順序置於牌堆頂。"""
    s = Scenario("thb", ["Akyuu", "Koakuma"], extra=[EXAMPLE])
    a, b, c = s.deck_top("Mochi♡3", "Sake♠9", "Graze♡2")
    s.answer(0, "PerfectMemory", b, "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["hand"].cards == [b]
    assert s.p(0).z["hand"].cards[0].kind.name == "Sake"
    assert [x for x in reversed(s.deck.cards)][:2] == [a, c]      # the rest stay on top, in order
    assert s.unscripted() == []


BOTS_ROLES = str(Path(__file__).parent.parent / "examples" / "bots_custom_roles.spell")


def test_the_custom_roles_example_checks_clean_with_the_bots_pack():
    result = CliRunner().invoke(cli, ["check", "bots", "--with", BOTS_ROLES])
    assert result.exit_code == 0, result.output


def test_a_custom_role_count_is_a_mode_of_its_own():
    """以下所提供配置为推荐配置，您也可以自行调整各身份配置数量以获得想要的效果。 6 players, 3 主人公 1 敌机 (the
    recommended 6-player table is 2 and 2), and the game is played to a win."""
    from spellcard.compiler.pack.loader import load_pack
    from spellcard.runtime.agents.simple import RandomAgent
    from spellcard.runtime.engine.game import Game
    g = Game(load_pack("bots", (BOTS_ROLES,)), "ThreeHeroes", 6, [RandomAgent(i) for i in range(6)], seed=3)
    result = g.play()
    assert result.reason == "win", result.error
    assert sorted(p.v["role"] for p in g.players) == sorted(
        ["Protagonist"] * 3 + ["Enemy", "IncidentMastermind", "Extra"])
