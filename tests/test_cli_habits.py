"""Issue 27, defect 13: the command line keeps the ecosystem's habits: did-you-mean for unknown packs,
modes (the same name in other letter case offered, never taken) and characters; `--version`;
`test -k` that selects nothing exits 5 as pytest does; explore's bar shows its time limit."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

ROOT = Path(__file__).parent.parent
MINI = str(ROOT / "tests" / "data" / "mini")
LOVE_LETTER = str(ROOT / "examples" / "love_letter")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("typed, meant", [("tbh", "thb"), ("THB", "thb"), ("esprr", "esper")])
def test_an_unknown_pack_is_answered_with_the_close_one(typed, meant):
    done = run("list", typed)
    assert done.exit_code == 2
    assert f"{typed}: no such pack, folder or file; did you mean `{meant}`?" in done.output


@pytest.mark.parametrize("typed", ["identity5mode", "IDENTITY5MODE", "Identity5"])
def test_an_unknown_mode_is_answered_with_the_close_one_never_taken(typed):
    done = run("simulate", "thb", "--mode", typed, "--games", "1")
    assert done.exit_code == 2
    assert f"unknown mode '{typed}'; did you mean `Identity5Mode`?" in done.output


def test_an_unknown_character_is_answered_with_the_close_one():
    done = run("simulate", "thb", "--mode", "Identity5Mode", "--characters", "Remu", "--games", "1")
    assert done.exit_code == 2 and "unknown character 'Remu'; did you mean `Reimu`?" in done.output


def test_version():
    done = subprocess.run([sys.executable, "-m", "spellcard", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == f"spellcard {metadata.version('spellcard')}\n"


def test_a_k_that_selects_no_test_exits_5_and_says_so():
    done = subprocess.run([sys.executable, "-m", "spellcard", "test", LOVE_LETTER, "-k", "no such test"],
                          capture_output=True, text=True)
    assert done.returncode == 5 and done.stderr == "no test matches -k 'no such test'\n"
    as_json = subprocess.run([sys.executable, "-m", "spellcard", "test", LOVE_LETTER, "-k", "zzqq none", "--json"],
                             capture_output=True, text=True)
    assert as_json.returncode == 5 and json.loads(as_json.stdout)["tests"] == []


def test_a_k_that_selects_tests_runs_them():
    done = run("test", LOVE_LETTER, "-k", "Guard")
    assert done.exit_code == 0 and done.output.strip().endswith("passed, 0 failed")


def test_explore_shows_its_time_limit():
    from rich.console import Console

    from spellcard.cli.explore import _bar

    out = io.StringIO()
    bar = _bar(Console(file=out, force_terminal=True, width=100), True, None, 60.0)
    with bar as tick:
        tick(3, 12.4, None)
        bar.p.refresh()
    text = out.getvalue()
    assert "3 games" in text and "12 s of 60 s" in text and "(48 s left)" in text


def test_an_unknown_base_pack_is_answered_with_the_close_one(tmp_path):
    (tmp_path / "a.spell").write_text('pack ext "e" extends THB\n', "utf-8")
    done = run("check", str(tmp_path))
    assert done.exit_code == 2 and "the base pack `THB` is not installed; did you mean `thb`?" in done.output
