"""`spellcard explore`: planted bugs are found, shrunk to a short .spell test that `spellcard test`
fails on, and a sound character explores clean (docs/property-testing.md). The short versions
play a duel; the slow ones (`make fuzz`) are the issue's check: any mode, within 240 s."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.testing.shrink import ddmin, signature

DATA = Path(__file__).parent / "data" / "explore"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def found_and_saved(tmp_path, bug: str, focus: str, *budget):
    result = run("explore", "thb", "--with", DATA / bug, "--focus", focus, *budget, "--save", tmp_path)
    assert result.exit_code == 1, result.output
    [saved] = tmp_path.glob("*.spell")
    assert len(saved.read_text(encoding="utf-8").splitlines()) <= 40
    assert "the saved test replays the break" in result.output
    replay = run("test", "thb", "--with", DATA / bug, "--with", saved, "-k", "explore")
    assert replay.exit_code == 1 and "0 passed, 1 failed" in replay.output, replay.output
    return saved


def test_a_rule_that_bypasses_the_slot_rule_beside_a_weapon_is_found_and_saved(tmp_path):
    saved = found_and_saved(tmp_path, "bypass.spell", "Quartermaster", "--against", "Reimu", "--mode", "Duel",
                            "--examples", "30", "--shrink", "5")
    assert "Quartermaster" in saved.read_text(encoding="utf-8")


def test_a_game_saved_unshrunk_replays_its_break(tmp_path):
    """The written answers alone replay the game: cards alike are chosen as a test names them, and
    a decision the game settles alone takes its own answer where the next one would be spent on it."""
    found_and_saved(tmp_path, "rage_cap.spell", "Berserker", "--mode", "Duel", "--examples", "30", "--shrink", "0")


def test_a_sound_character_explores_clean():
    result = run("explore", "thb", "--with", DATA / "sound.spell", "--focus", "Diligent", "--examples", "3")
    assert result.exit_code == 0, result.output
    assert "no property broken" in result.output


def test_a_pack_whose_setup_seats_the_players_explores():
    result = run("explore", "esper", "--examples", "2")
    assert result.exit_code == 0, result.output


def test_the_command_compiles_the_pack_once(monkeypatch):
    """The coverage quotes the sources of the compilation the games ran on: it was compiled again."""
    from spellcard.compiler.pack import loader
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return compile_pack(*args, **kwargs)
    compile_pack = loader.compile_pack
    monkeypatch.setattr(loader, "_LOADED", {})
    monkeypatch.setattr(loader, "compile_pack", counted)
    result = run("explore", "thb", "--mode", "Duel", "--examples", "1")
    assert result.exit_code == 0, result.output
    assert "never ran" in result.output         # the quoted conditions: the sources were at hand
    assert len(calls) == 1, calls


def test_an_unknown_focus_is_a_usage_error():
    result = run("explore", "thb", "--focus", "Reimuu", "--examples", "1")
    assert result.exit_code == 2 and "Reimu" in result.output


def test_a_negative_shrink_time_is_a_usage_error():
    result = run("explore", "thb", "--shrink", "-1", "--examples", "1")
    assert result.exit_code == 2 and "--shrink" in result.output


def test_delta_debugging_keeps_only_what_the_break_needs():
    """Runs of items go while the rest still breaks; what is left is 1-minimal."""
    tried = []

    def holds(items):
        tried.append(items)
        return items if {3, 11, 12}.issubset(items) else None
    assert ddmin(list(range(20)), holds, lambda: True) == [3, 11, 12]
    assert ddmin(list(range(20)), holds, lambda: False) == list(range(20))      # no time: as it was


def test_a_break_is_compared_without_its_numbers_but_with_its_place():
    assert signature("hp of <P4 X> is 4, above its maximum") == signature("hp of <P1 X> is 3, above its maximum")
    assert signature("a.spell:6:5: division by zero") != signature("a.spell:7:5: division by zero")


@pytest.mark.slow
@pytest.mark.parametrize("bug, focus", [
    ("bypass.spell", "Quartermaster"),               # a rule bypassed beside a card in play
    ("judge_echo.spell", "Mimic"),
    ("counter_after.spell", "Overdraw"),             # a counter above its bound after another skill
    ("rage_cap.spell", "Berserker"),
    ("rare_fault.spell", "Glitch"),                  # a fault in a rare state
    ("empty_hand_fault.spell", "Gambler"),
])
def test_a_planted_bug_is_found_and_shrunk_within_the_time(tmp_path, bug, focus):
    found_and_saved(tmp_path, bug, focus, "--time", "240")
