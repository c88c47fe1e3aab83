"""A Coup-like bluffing game written with reactions (tests/data/coup): claims any other player may
challenge, blocks by the target that can be challenged in turn. Its rules are tested in its own
`.spell` tests (tests/data/coup/tests/, collected by pytest); here, whole games and what seats see."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game

PACK = str(Path(__file__).parent / "data" / "coup")


def test_the_pack_checks_clean_in_under_150_lines():
    result = CliRunner().invoke(cli, ["check", PACK])
    assert result.exit_code == 0 and "0 errors, 0 warnings" in result.output, result.output
    assert len((Path(PACK) / "pack.spell").read_text("utf-8").splitlines()) < 150


@pytest.mark.parametrize("players", [2, 3, 6])
def test_games_finish_with_one_player_left(players):
    for seed in range(5):
        g = Game(load_pack(PACK), "Classic", players, [RandomAgent(seed * 10 + i) for i in range(players)],
                 seed=seed, log=True)
        result = g.play()
        assert result.reason == "win", result.error
        assert [p.seat for p in result.winners] == [p.seat for p in g.players if p.alive]
        assert any(e[:2] == ("fire", "Challenge") for e in g.log.entries)


def test_simulate_plays_whole_games_of_claims_challenges_and_blocks():
    result = CliRunner().invoke(cli, ["simulate", PACK, "--mode", "Classic", "--players", "4", "--games", "30",
                                      "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["finished"] == 30 and report["errors"] == 0, report


class _Watch(RandomAgent):
    """A random player that notes, at every reaction it is asked, whether it could see another
    player's face-down influence."""

    def __init__(self, seed):
        super().__init__(seed)
        self.asked = 0

    def answer(self, view, d):
        if d.kind == "yes_no":
            self.asked += 1
            for p in view.players:
                if p.seat != view.seat:
                    assert all(not c.known for c in p.zone("influence").cards)
        return super().answer(view, d)


def test_a_seat_asked_to_react_sees_no_other_players_influence():
    agents = [_Watch(i) for i in range(4)]
    for a in agents:
        a.shape_only = False
    g = Game(load_pack(PACK), "Classic", 4, agents, seed=3)
    assert g.play().reason == "win"
    assert sum(a.asked for a in agents) > 0


@pytest.mark.parametrize("players, seed", [(3, 0), (4, 1)])
def test_no_seat_asked_to_react_can_tell_a_second_world_from_the_game(players, seed):
    """Issue 26's non-interference, on the reactions' decisions too: every hidden card re-dealt."""
    from .test_sealed_seats import probe
    assert probe(PACK, "Classic", players, seed, checks=80, log_every=8) > 20
