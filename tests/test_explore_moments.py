"""A break explore finds is saved as the moment that shows it (docs/property-testing.md, "The saved
test"): the state before the breaking step, the seats involved, the fewest answers, an `expect` of
what broke; it fails on replay and passes once the planted bug is fixed (tests/data/explore/fixed/).
Also: answers that name a conversion replay when a seat plays another character than it was seated
as, and `invariant("…")` in a test."""
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

DATA = Path(__file__).parent / "data" / "explore"
# The shrink budget caps a moment's search, which stops as soon as it is done (about 10 s of CPU here): the
# cap is wide so that a loaded machine (the suite on 2 cores) still finds the moment, never a timing test.
MOMENT_LINES = 12            # issue 31: median at most 12 lines, none over 20


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def saved_test(tmp_path, bug: str, focus: str, *more) -> str:
    result = run("explore", "thb", "--with", DATA / bug, "--focus", focus, "--mode", "Duel", "--examples", "30",
                 "--shrink", "60", "--save", tmp_path / "found", *more)
    assert result.exit_code == 1 and "the saved test replays the break" in result.output, result.output
    [saved] = (tmp_path / "found").glob("*.spell")
    return saved


def replays(rules: Path, saved: Path) -> str:
    return run("test", "thb", "--with", rules, "--with", saved, "-k", "explore").output


@pytest.mark.parametrize("bug, focus, expect", [
    ("bypass.spell", "Quartermaster", 'expect invariant("no slot holds more equipment than it has room for")'),
    ("counter_after.spell", "Overdraw", "expect Overdraw.hp <= Overdraw.max_hp"),
    ("empty_hand_fault.spell", "Gambler", None),        # a rule fault: the run line is where it breaks
])
def test_a_break_is_saved_as_the_moment_that_fails_and_passes_once_fixed(tmp_path, bug, focus, expect):
    saved = saved_test(tmp_path, bug, focus)
    text = saved.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) <= MOMENT_LINES, text
    assert "the moment it broke" in text and "run game" not in text and "  setup" not in lines, text
    assert f"seats {focus}" in text, text                      # only the seats involved: here the focus alone
    if expect is not None:
        assert lines[-2].strip() == expect, text
    assert "0 passed, 1 failed" in replays(DATA / bug, saved)
    assert "1 passed, 0 failed" in replays(DATA / "fixed" / bug, saved)


def test_a_moment_keeps_the_partner_the_break_needs(tmp_path):
    """脆弱 faults on a damage taken at 1 HP: the moment seats the one who deals it, with its card."""
    saved = saved_test(tmp_path, "rare_fault.spell", "Glitch")
    text = saved.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MOMENT_LINES and "set Glitch.hp = " in text, text
    assert "0 passed, 1 failed" in replays(DATA / "rare_fault.spell", saved)
    assert "1 passed, 0 failed" in replays(DATA / "fixed" / "rare_fault.spell", saved)


def test_a_break_whose_cause_came_before_every_turn_is_saved_as_the_whole_game(tmp_path):
    """When every turn and phase under way already broke the invariant (its cause came earlier), no
    moment shows the break: the whole game is saved, and it still replays."""
    saved = saved_test(tmp_path, "rage_cap.spell", "Berserker")
    text = saved.read_text(encoding="utf-8")
    assert "run game" in text and "shrunk" in text, text
    assert "0 passed, 1 failed" in replays(DATA / "rage_cap.spell", saved)


def test_what_broke_travels_as_data_and_the_message_stays_as_logs_keep_it():
    """A counter's bound and an invariant broken carry what broke (runtime.errors.Breach); a moment's
    `expect` is written from that data, not read back from the words."""
    from spellcard.runtime.errors import Breach, InvariantBroken
    from spellcard.scenario import Scenario
    from spellcard.testing.moment import _Bounds, _expect
    from spellcard.testing.play import judge

    strict = str(DATA / "strict_invariant.spell")
    s = Scenario("thb", ["Reimu", "Marisa"], mode="Duel", extra=(strict,))
    words, bounds = {0: "Reimu", 1: "Marisa"}, _Bounds(s.pack, ("thb", strict))
    told = []
    for hp in (9, 1):
        s.p(1).v["hp"] = hp
        with pytest.raises(InvariantBroken) as caught:
            s.game.check_invariants()
        broken = judge(caught.value, s.pack)
        told.append((broken.message.rsplit("/", 1)[-1], broken.breach, _expect(broken.breach, words, bounds)))
    assert told == [
        ("hp of <P1 Marisa> is 9, above its maximum", Breach("hp", 1, above=True),
         ("expect Marisa.hp <= Marisa.max_hp",)),
        ('strict_invariant.spell:3:1: invariant "nobody is ever wounded" is broken',
         Breach(invariant="nobody is ever wounded"), ('expect invariant("nobody is ever wounded")',))]


def test_a_seat_playing_another_character_than_it_was_seated_as_replays(tmp_path):
    """KOF's draft seats other characters than the table's picks, dealt by the game's seed, which explore
    draws and the saved test states (`seed N`): a skill of the character a seat plays (Quartermaster's
    武器庫, drafted to the seat picked as Marisa) is written by its text, which the harness reads
    whoever the seat was seated as."""
    result = run("explore", "thb", "--with", DATA / "bypass.spell", "--focus", "Quartermaster", "--against", "Marisa",
                 "--mode", "KofMode", "--examples", "40", "--seed", "3", "--shrink", "0", "--save", tmp_path)
    assert result.exit_code == 1 and "the saved test replays the break" in result.output, result.output
    text = next(tmp_path.glob("*.spell")).read_text(encoding="utf-8")
    assert re.search(r"^  seed [1-9]\d*$", text, re.M) and "seats Quartermaster, Marisa" in text, text
    assert re.search(r'^  answer Marisa: .*"Armory"', text, re.M), text


def test_a_conversion_is_answered_as_the_report_prints_it(tmp_path):
    """魔導書 offers 地圖炮 made of a club beside a real 地圖炮 (and 宴會 made of it): the kind alone
    names the real card, the skill the first conversion; the report's `MapCannon (as Danmaku♣10)`
    names this one."""
    test = tmp_path / "grimoire.spell"
    test.write_text('test "a conversion as the report prints it" {\n  seats Reimu, Marisa\n  equip Reimu: Grimoire\n'
                    '  hand Reimu: Danmaku♣10, MapCannon\n  answer Reimu: "MapCannon (as Danmaku♣10)"\n'
                    '  run action_phase of Reimu\n  expect Reimu.hand == [MapCannon] and discard_pile has Danmaku♣10\n}\n',
                    encoding="utf-8")
    result = run("test", "thb", "--with", test, "-k", "report")
    assert "1 passed, 0 failed" in result.output, result.output


def test_an_invariant_is_named_by_its_text_in_an_expect(tmp_path):
    test = tmp_path / "inv.spell"
    test.write_text('test "named invariant kept" {\n  seats Reimu, Marisa\n'
                    '  expect invariant("a living player\'s max HP is at least 1")\n}\n'
                    'test "named invariant broken" {\n  seats Reimu, Marisa\n  set Marisa.max_hp = 0\n'
                    '  expect invariant("a living player\'s max HP is at least 1")\n}\n', encoding="utf-8")
    result = run("test", "thb", "--with", test, "-k", "named invariant")
    assert "inv.spell:8: named invariant broken" in result.output and "1 passed, 1 failed" in result.output.splitlines()[-1]


def test_an_invariant_the_pack_does_not_declare_is_an_error_at_its_place(tmp_path):
    test = tmp_path / "inv.spell"
    test.write_text('test "named invariant typo" {\n  seats Reimu, Marisa\n'
                    '  expect invariant("a living players max HP is at least 1")\n}\n', encoding="utf-8")
    result = run("test", "thb", "--with", test, "-k", "named invariant")
    assert result.exit_code == 1 and "inv.spell:3:20: error: no invariant of this pack reads" in result.output
    assert "did you mean" in result.output


def test_a_testers_invariant_is_checked_by_tests_given_in_a_file_of_their_own(tmp_path):
    """As explore saves them: the invariant in one --with file, the test in another, tests only."""
    strict = tmp_path / "strict.spell"
    strict.write_text('invariant "nobody is ever wounded" = count(players() where it.hp < it.max_hp) == 0\n',
                      encoding="utf-8")
    test = tmp_path / "hit.spell"
    test.write_text('test "strict tester invariant broken" {\n  seats Reimu, Marisa\n'
                    '  perform damage(target: Marisa, amount: 1, source: Reimu)\n}\n', encoding="utf-8")
    result = run("test", "thb", "--with", strict, "--with", test, "-k", "strict tester invariant")
    assert "0 passed, 1 failed" in result.output and "nobody is ever wounded" in result.output, result.output
