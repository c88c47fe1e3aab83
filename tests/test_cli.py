"""The `spellcard` command line, end to end, against the small pack in tests/data/mini."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli import main as cli_module
from spellcard.cli.main import cli
from spellcard.render import LogRenderer
from spellcard.simulate import TIMING_FIELDS

MINI = str(Path(__file__).parent / "data" / "mini")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Each test compiles into its own cache, so no test sees another's (or the user's) results."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def broken_copy(tmp_path: Path) -> str:
    folder = tmp_path / "broken"
    shutil.copytree(MINI, folder)
    spell = folder / "a.spell"
    spell.write_text(spell.read_text("utf-8").replace("c = A", "c = Nobody"), "utf-8")
    return str(folder)


def simulate_json(*extra: str) -> dict:
    result = run("simulate", MINI, "--mode", "Duel", "--games", "20", "--seed", "5", "--json", *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ── check ───────────────────────────────────────────────────────────────────────
def test_check_clean_pack_exits_0_with_a_summary():
    result = run("check", MINI)
    assert result.exit_code == 0, result.output
    assert re.search(r": 0 errors, 0 warnings, \d+ lines checked$", result.stdout.strip())


def test_check_reports_errors_and_exits_1(tmp_path):
    result = run("check", "--no-cache", broken_copy(tmp_path))
    assert result.exit_code == 1
    assert "Nobody" in result.stdout
    assert "1 error," in result.stdout


def test_check_unknown_path_is_a_usage_error(tmp_path):
    result = run("check", MINI, str(tmp_path / "missing"))
    assert result.exit_code == 2
    assert "missing" in result.stderr
    assert result.stdout == ""              # nothing is checked when a path is wrong


def test_internal_errors_are_one_line_and_exit_3(monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(cli_module, "compile_pack", explode)
    result = run("check", MINI)
    assert result.exit_code == 3
    assert result.stderr.startswith("internal error: RuntimeError: boom")
    assert "Traceback" not in result.output


# ── compile ─────────────────────────────────────────────────────────────────────
def test_compile_writes_the_module(tmp_path):
    out = tmp_path / "out"
    result = run("compile", MINI, "-o", str(out))
    assert result.exit_code == 0, result.output
    written = out / "mini.py"
    assert result.stdout.strip() == str(written)
    assert "PACK = PackDef(" in written.read_text("utf-8")


def test_compile_errors_exit_1_and_write_nothing(tmp_path):
    out = tmp_path / "out"
    result = run("compile", broken_copy(tmp_path), "-o", str(out))
    assert result.exit_code == 1
    assert "Nobody" in result.stderr
    assert not out.exists()


def test_with_adds_a_designer_file(tmp_path):
    extra = tmp_path / "extra.spell"
    extra.write_text('character C "丙" { hp = 5 }\n', "utf-8")
    assert run("compile", MINI, "-o", str(tmp_path / "out"), "--with", str(extra)).exit_code == 0
    listed = json.loads(run("list", MINI, "--json", "--with", str(extra)).stdout)
    assert [c["name"] for c in listed["characters"]] == ["A", "B", "C"]


# ── simulate ────────────────────────────────────────────────────────────────────
def test_simulate_json_summary():
    s = simulate_json()
    for key in ("games", "finished", "errors", "games_per_second", "events_per_second", "mean_turns",
                "wins", "seed", "mode", "players"):
        assert key in s
    assert (s["games"], s["seed"], s["mode"], s["players"]) == (20, 5, "Duel", 2)
    assert s["finished"] + s["turn_limit"] + s["errors"] == 20
    assert set(s["wins"]["by_attribute"]["role"]) == {"lead", "follow"}    # the mini pack's enum attribute
    assert s["wins"]["by_character"]["A"]["played"] == 40
    seats = s["wins"]["by_seat"]
    assert list(seats) == ["P0", "P1"] and all(r["played"] == 20 for r in seats.values())
    assert sum(r["won"] for r in seats.values()) == s["finished"]      # a duel has one winner


def test_simulate_is_deterministic():
    def fixed(s: dict) -> dict:
        return {k: v for k, v in s.items() if k not in TIMING_FIELDS}
    assert fixed(simulate_json()) == fixed(simulate_json())
    assert fixed(simulate_json()) != fixed(simulate_json("--seed", "6"))


def test_simulate_forces_characters():
    s = simulate_json("--characters", "B,A")
    assert s["wins"]["by_character"]["B"]["played"] == 20
    assert s["characters"] == ["B", "A"]


def test_games_that_end_in_errors_are_counted_and_exit_1(tmp_path):
    # A loop the checker only warns about (the call sits under an `if`): the runtime's guard ends it.
    loop = tmp_path / "loop.spell"
    loop.write_text('skill Echo "迴" locked { on damage.after { if event.target.alive { damage(event.target, 0) } } }\n'
                    'character E "戊" { skills Echo }\n', "utf-8")
    result = run("simulate", MINI, "--games", "3", "--with", str(loop), "--characters", "E,E", "--json")
    assert result.exit_code == 1
    s = json.loads(result.stdout)
    assert s["errors"] == 3 and s["first_error"].startswith("game 1 (seed 0): RuleLoop")


@pytest.mark.parametrize("args", [["--characters", "Nobody"], ["--mode", "Melee"], ["--players", "3"],
                                  ["--json", "--show-log"]])
def test_simulate_usage_errors_exit_2(args):
    result = run("simulate", MINI, "--games", "1", *args)
    assert result.exit_code == 2
    assert result.stderr


def test_simulate_show_log_renders_the_first_game():
    result = run("simulate", MINI, "--games", "2", "--seed", "1", "--show-log")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "── Turn 1 · P0 (A) ──" in out
    assert "deck → P0 hand: Strike♡3" in out and "#" not in out      # a card by its face, as the deck prints it
    assert "Winner: P" in out
    assert "games" in out


# ── log and replay ──────────────────────────────────────────────────────────────
def logged_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    result = run("simulate", MINI, "--games", "3", "--seed", "11", "--characters", ",B", "--log", str(path), "--json")
    assert result.exit_code == 0, result.output
    return path


def test_logged_game_replays(tmp_path):
    path = logged_game(tmp_path)
    header = json.loads(path.read_text("utf-8").split("\n")[0])["header"]
    assert header["seed"] == 11 and header["characters"] == ["", "B"] and header["with"] == []
    result = run("replay", str(path), "--pack", MINI)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("replay matches (")


def test_tampered_log_does_not_replay(tmp_path):
    path = logged_game(tmp_path)
    lines = path.read_text("utf-8").split("\n")
    lines[5] = '["say","tampered"]'
    path.write_text("\n".join(lines), "utf-8")
    result = run("replay", str(path), "--pack", MINI)
    assert result.exit_code == 1
    assert "event 4 differs" in result.stdout and "tampered" in result.stdout


def test_replay_refuses_a_changed_pack(tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(MINI, pack)
    log = tmp_path / "game.jsonl"
    assert run("simulate", str(pack), "--games", "1", "--log", str(log), "--json").exit_code == 0
    spell = pack / "a.spell"
    spell.write_text(spell.read_text("utf-8") + "# edited\n", "utf-8")
    result = run("replay", str(log), "--trust-log")
    assert result.exit_code == 1
    assert "changed" in result.stderr


def test_replay_of_a_non_log_is_a_usage_error(tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", "utf-8")
    assert run("replay", str(junk)).exit_code == 2


# ── list ────────────────────────────────────────────────────────────────────────
def test_list_json():
    result = run("list", MINI, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deck_size"] == 8
    strike = data["cards"][0]
    assert (strike["name"], strike["label"], strike["attrs"]) == ("Strike", "打", {"category": "basic"})
    assert strike["copies"] == ["♠A", "♠2", "♡3", "♡K", "♠5", "♠6", "♠7", "♠8"]
    assert {c["name"]: c["attrs"] for c in data["characters"]} == {"A": {"hp": 3}, "B": {"hp": 4}}
    assert data["modes"] == [{"name": "Duel", "label": "決鬥", "players": [2, 2], "deck": "std"}]


def test_list_tables():
    result = run("list", MINI)
    assert result.exit_code == 0, result.output
    assert "♡K" in result.stdout and "Tough" in result.stdout and "deck: 8 cards" in result.stdout


def test_python_dash_m_runs_the_same_command():
    done = subprocess.run([sys.executable, "-m", "spellcard", "check", MINI], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "0 errors" in done.stdout


def test_renderer_names_cards_and_forgets_counters_the_runtime_resets():
    entries = [("character", "P0", "A"), ("set", "P0", "used", 1), ("set", "P0", "life", 3),
               ("set", "P0", "life", 2), ("turn", 2, "P0"), ("set", "P0", "used", 1),
               ("move", [4, 5], ["hand@0", "deck"], "discard", "top"),
               ("reveal", [{"as": "Strike", "of": [4]}])]
    lines = [t.plain for t in LogRenderer({4: "Strike", 5: "Guard"}, {"turn": {(False, "used")}}).render(entries)]
    assert lines == ["P0 is A", "P0 (A) used = 1", "P0 (A) life = 3", "P0 (A) life 3 → 2",
                     "── Turn 2 · P0 (A) ──", "P0 (A) used = 1",
                     "→ discard: Strike#4 (from P0 hand), Guard#5 (from deck)",
                     "revealed: Strike (as Strike#4)"]
