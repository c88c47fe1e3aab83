"""`simulate --agent a,b`: agents cycle over the seats, wins are counted by agent, and a single agent
plays the very games it played before lists were allowed."""
from __future__ import annotations

import json

from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import GreedyAgent, RandomAgent
from spellcard.simulate import TIMING_FIELDS, Table, agent_seed, play

from .test_balance import ARENA


def simulate(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["simulate", ARENA, "--games", "20", "--seed", "2", "--json", *args])
    assert result.exit_code == 0, result.output
    return {k: v for k, v in json.loads(result.stdout).items() if k not in TIMING_FIELDS}


def test_a_list_of_agents_cycles_over_the_seats_and_wins_count_by_agent():
    mixed = simulate("--agent", "random,greedy")
    by_agent = mixed["wins"]["by_agent"]
    assert set(by_agent) == {"random", "greedy"}
    assert by_agent["random"]["played"] == by_agent["greedy"]["played"] == 20 * 4 // 2
    assert by_agent["random"]["won"] + by_agent["greedy"]["won"] == sum(r["won"] for r in mixed["wins"]["by_seat"].values())
    assert mixed == simulate("--agent", "random,greedy")          # same seeds, same games
    assert mixed != simulate("--agent", "greedy,random")


def test_each_seat_gets_its_agent_seeded_as_before():
    table = Table(load_pack(ARENA), "Teams", 4, agent="greedy,random")
    assert [table.agent_at(s) for s in range(4)] == ["greedy", "random", "greedy", "random"]
    game, _ = play(table, 7, log=True)
    by_hand = [GreedyAgent(agent_seed(7, 0)), RandomAgent(agent_seed(7, 1)),
               GreedyAgent(agent_seed(7, 2)), RandomAgent(agent_seed(7, 3))]
    again, _ = play(table, 7, log=True, agents=by_hand)
    assert game.log.lines() == again.log.lines()


def test_one_agent_is_a_list_of_one():
    greedy = simulate("--agent", "greedy")
    assert list(greedy["wins"]["by_agent"]) == ["greedy"]
    assert greedy["wins"]["by_agent"]["greedy"]["played"] == 20 * 4


def test_an_unknown_agent_in_the_list_is_refused_with_the_known_ones():
    result = CliRunner().invoke(cli, ["simulate", ARENA, "--agent", "random,smart"])
    assert result.exit_code == 2
    assert "unknown agent 'smart'" in result.output and "greedy, random" in result.output


def test_a_game_of_mixed_agents_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(cli, ["simulate", ARENA, "--games", "1", "--agent", "greedy,random", "--log", str(log)])
    assert result.exit_code == 0, result.output
    replayed = CliRunner().invoke(cli, ["replay", str(log), "--pack", ARENA])
    assert replayed.exit_code == 0 and "replay matches" in replayed.output, replayed.output
