"""The fourth game, Love Letter (examples/love_letter): a bluffing game of another family than the
three packs, played in rounds that reset the table. Its cards are tested in its own `.spell` tests
(examples/love_letter/tests/, collected by pytest); here, whole games."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game

PACK = str(Path(__file__).parent.parent / "examples" / "love_letter")


def play(players: int, seed: int):
    g = Game(load_pack(PACK), "Classic", players, [RandomAgent(seed * 10 + i) for i in range(players)],
             seed=seed, log=True)
    return g, g.play()


def test_the_pack_checks_clean():
    result = CliRunner().invoke(cli, ["check", PACK])
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


def test_the_deck_is_the_sixteen_cards_of_the_original_edition():
    counts = {}
    for kind, _ in load_pack(PACK).decks["classic"]:
        counts[kind] = counts.get(kind, 0) + 1
    assert counts == {"Guard": 5, "Priest": 2, "Baron": 2, "Handmaid": 2, "Prince": 2, "King": 1,
                      "Countess": 1, "Princess": 1}


@pytest.mark.parametrize("players, tokens", [(2, 7), (3, 5), (4, 4)])
def test_a_game_is_won_by_the_first_to_the_tokens_its_table_needs(players, tokens):
    """2 players play to 7 tokens of affection, 3 to 5, 4 to 4."""
    for seed in range(3):
        g, result = play(players, seed)
        assert result.reason == "win", result.error
        assert all(p.v["tokens"] >= tokens for p in result.winners)
        assert all(p.v["tokens"] < tokens for p in g.players if p not in result.winners)


def test_the_winner_of_a_round_takes_the_first_turn_of_the_next():
    """The winner of the previous round goes first (`end_round(next: winner)`)."""
    checked = 0
    for seed in range(4):
        g, _ = play(3, seed)
        won, after_deal = None, False
        for e in g.log.entries:
            if e[0] == "set" and e[2] == "tokens" and won is None:
                won = e[1]                  # on a tie every tied player scores; the first starts
            elif e[0] == "round_over":
                after_deal = True
            elif e[0] == "turn" and after_deal:
                assert e[2] == won, f"seed {seed}: {e} after a round {won} won"
                won, after_deal, checked = None, False, checked + 1
    assert checked > 10


def test_simulate_plays_every_table_size_without_a_fault():
    for n in (2, 3, 4):
        result = CliRunner().invoke(cli, ["simulate", PACK, "--mode", "Classic", "--games", "20",
                                          "--seed", "1", "--players", str(n), "--json"])
        assert result.exit_code == 0, result.output
        assert '"errors": 0' in result.output and '"turn_limit": 0' in result.output


def test_the_same_seed_gives_the_same_game():
    assert play(4, 5)[0].log.lines() == play(4, 5)[0].log.lines()


def test_the_readable_log_says_who_comes_back_for_the_next_round():
    result = CliRunner().invoke(cli, ["simulate", PACK, "--mode", "Classic", "--games", "1", "--seed", "3",
                                      "--show-log"])
    assert result.exit_code == 0, result.output
    assert "is back in" in result.output and "the rules end round 1 at once" in result.output
    assert not [line for line in result.output.splitlines() if line.lstrip().startswith('["')]


def test_list_counts_the_copies_of_a_deck_without_faces():
    result = CliRunner().invoke(cli, ["list", PACK, "--json"])
    guard = next(c for c in json.loads(result.stdout)["cards"] if c["name"] == "Guard")
    assert len(guard["copies"]) == 5
    assert "│ 5      │" in CliRunner().invoke(cli, ["list", PACK]).output


def test_explore_seats_a_game_without_characters_by_number():
    """hypothesis-drawn tables of a pack with no characters: every seat by its number."""
    result = CliRunner().invoke(cli, ["explore", PACK, "--examples", "4", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "no property broken" in result.output


def test_the_priest_shows_the_hand_to_its_player_alone():
    """神父 (Priest): Look at another player's hand. Only the Priest's player learns the card; the
    third seat sees only that the Priest was played."""
    from spellcard.runtime.view import View
    from spellcard.scenario import Scenario

    s = Scenario(PACK, ["P0", "P1", "P2"])
    s.hand(0, "Priest")
    [princess] = s.hand(1, "Princess")
    s.deck_top("Guard")
    s.answer(0, "Priest", s.p(1))
    s.phase(0, "play_phase")
    assert ["show", [princess.id], ["P0"]] in [list(e) for e in s.game.log.entries if e[0] == "show"]
    assert View(s.game, 0).knows(princess) and not View(s.game, 2).knows(princess)
