"""`simulate` and `replay` on rule code that faults or runs away: a located message and exit 1."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_cli import MINI, private_cache, run  # noqa: F401  (private_cache: each test's own cache, autouse)


def designer(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.spell"
    path.write_text(text, "utf-8")
    return str(path)


@pytest.mark.parametrize("decl, sentence", [
    ("counter player max_hp2 = 3 / (count(players()) - count(players()))", "division by zero"),
    ("attr player early: int = self.hp", "`hp` is read before it has a value"),
])
def test_a_fault_while_the_game_is_made_exits_1_with_its_place(tmp_path, decl, sentence):
    mine = designer(tmp_path, decl + "\n")
    result = run("simulate", MINI, "--games", "2", "--with", mine, "--json")
    assert result.exit_code == 1, result.output
    first = json.loads(result.stdout)["first_error"]
    assert f"mine.spell:1:" in first and sentence in first and "internal error" not in result.output
    log = tmp_path / "game.jsonl"
    assert run("simulate", MINI, "--games", "1", "--with", mine, "--log", str(log), "--json").exit_code == 1
    replayed = run("replay", str(log), "--pack", MINI, "--with", mine)
    assert replayed.exit_code == 1, replayed.output
    assert replayed.stdout.startswith("replay matches (") and sentence in replayed.stdout


def test_a_runaway_repeat_stops_with_its_place_and_exit_1(tmp_path):
    mine = designer(tmp_path, 'skill Spin "轉" locked { on damage.after { repeat 999999999999999 { let x = 1 } } }\n'
                              'character E "戊" { skills Spin }\n')
    result = run("simulate", MINI, "--games", "1", "--with", mine, "--characters", "E,E", "--json")
    assert result.exit_code == 1
    first = json.loads(result.stdout)["first_error"]
    assert "RuleLoop" in first and "work budget" in first and "mine.spell:1:43" in first
