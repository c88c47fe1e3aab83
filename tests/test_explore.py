"""`spellcard explore`: planted bugs are found, shrunk to a short .spell test that fails on them, and
a sound character explores clean (docs/property-testing.md)."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli import cli

DATA = Path(__file__).parent / "data" / "explore"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def found_and_saved(tmp_path, bug: str, focus: str, *budget):
    result = run("explore", "thb", "--with", DATA / bug, "--focus", focus, *budget, "--save", tmp_path)
    assert result.exit_code == 1, result.output
    [saved] = tmp_path.glob("*.spell")
    assert len(saved.read_text(encoding="utf-8").splitlines()) <= 40
    assert "replays the break" in result.output
    replay = run("test", "thb", "--with", DATA / bug, "--with", saved, "-k", "explore")
    assert replay.exit_code == 1 and "0 passed, 1 failed" in replay.output, replay.output
    return saved


def test_a_rule_that_bypasses_the_slot_rule_beside_a_weapon_is_found_and_saved(tmp_path):
    saved = found_and_saved(tmp_path, "bypass.spell", "Quartermaster", "--examples", "30")
    assert "Quartermaster" in saved.read_text(encoding="utf-8")


def test_a_sound_character_explores_clean():
    result = run("explore", "thb", "--with", DATA / "sound.spell", "--focus", "Diligent", "--examples", "3")
    assert result.exit_code == 0, result.output
    assert "no property broken" in result.output


def test_an_unknown_focus_is_a_usage_error():
    result = run("explore", "thb", "--focus", "Reimuu", "--examples", "1")
    assert result.exit_code == 2 and "Reimu" in result.output


@pytest.mark.slow
def test_a_counter_left_above_its_bound_after_another_skill_is_found(tmp_path):
    found_and_saved(tmp_path, "counter_after.spell", "Overdraw", "--time", "240")


@pytest.mark.slow
def test_a_fault_in_a_rare_state_is_found(tmp_path):
    found_and_saved(tmp_path, "rare_fault.spell", "Glitch", "--time", "240")
