"""`.spell` tests: the `test` form, its checker, `spellcard test`, and the pytest plugin (docs/testing.md)."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

ROOT = Path(__file__).parent.parent

BORROW = '''
test Borrow "借走 takes a card" {
  # 借走：出牌階段限一次，你可以獲得一名其他角色的一張牌，然後視為該角色對你使用了一張【彈幕】。
  seats Marisa, Koakuma
  hand Koakuma: Mochi♡3
  answer Marisa: Borrow, pass
  run action_phase of Marisa
  expect Marisa.hand == [Mochi♡3] and Marisa.hp == HP
}
'''


def run(*args):
    return CliRunner().invoke(cli, list(args))


def write(tmp_path, text, name="t.spell"):
    p = tmp_path / name
    p.write_text(text, "utf-8")
    return str(p)


def own(tmp_path, text, *more):
    """Only the tests of the given file: -k on its unique title."""
    return run("test", "thb", "--with", write(tmp_path, text), "-k", "借走 takes a card", *more)


def test_a_passing_test_exits_0_with_the_closing_line(tmp_path):
    result = own(tmp_path, BORROW.replace("HP", "3"))
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_a_broken_test_fails_at_its_line_with_expected_actual_decisions_and_log(tmp_path):
    result = own(tmp_path, BORROW.replace("HP", "2"))
    assert result.exit_code == 1
    out = result.output
    assert re.search(r"t\.spell:8: 借走 takes a card", out)
    assert "expected: 2" in out and "actual:   3" in out
    assert 'P0 (Marisa) play "choose a play": Borrow, pass → Borrow' in out
    assert "(the only answer: not asked)" in out          # the lone target, settled without asking
    assert "Mochi♡3, pass → pass" in out                    # options named by spec
    assert "log (last" in out and "hp 4 → 3" in out
    assert out.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_leftover_answers_fail_the_test(tmp_path):
    text = BORROW.replace("HP", "3").replace("answer Marisa: Borrow, pass", "answer Marisa: Borrow, pass, Mochi♡3")
    result = own(tmp_path, text)
    assert result.exit_code == 1
    assert "t.spell:6" in result.output and "scripted answers never used: Mochi♡3" in result.output


def test_json_lists_every_test_with_its_outcome(tmp_path):
    result = own(tmp_path, BORROW.replace("HP", "2"), "--json")
    data = json.loads(result.output)
    assert (data["passed"], data["failed"]) == (0, 1)
    [t] = data["tests"]
    assert t["name"] == "Borrow: 借走 takes a card" and t["failure"]["line"] == 8
    assert t["failure"]["expected"] == "2" and t["failure"]["actual"] == "3"


def test_json_reports_checker_errors_as_problems(tmp_path):
    result = own(tmp_path, BORROW.replace("HP", "3").replace("Mochi♡3\n", "Mochi♡33\n", 1), "--json")
    data = json.loads(result.output)
    assert result.exit_code == 1
    [p] = data["problems"]
    assert p["line"] == 5 and p["message"] == "unknown card `Mochi♡33`: no deck of the pack prints it"
    assert p["help"] == "did you mean `Mochi♡3`?"


@pytest.mark.parametrize("args", [["test", "nosuchpack"], ["test", "thb", "--with", "/no/such.spell"], ["test"]])
def test_usage_mistakes_exit_2(args):
    assert run(*args).exit_code == 2


@pytest.mark.parametrize("line, message, hint", [
    ("hand Koakuma: Danmku♠7", "unknown card `Danmku♠7`", "did you mean `Danmaku`?"),
    ("run action_phse of Marisa", "unknown phase `action_phse`", "did you mean `action_phase`?"),
    ("expect fired(Borow) == 1", "`Borow` is no skill, so it never fires", "did you mean `Borrow`?"),
    ("expect fired(Borrow) == 1", "`Borrow` has no trigger (`on …`), so `fired(Borrow)` is always 0",
     "`offered(X) has Borrow`"),
    ("expect Marsa.hp == 3", "unknown name `Marsa`", "did you mean `Marisa`?"),
    ("expect Marisa.hand == 3", "a list compared with a number: this can never hold", "count(…)"),
    ("set Marisa.hq = 3", "unknown player value `hq`", "did you mean `hp`?"),
    ("when Marisa is asked cards answer yes", "a `cards` decision can never take this answer", None),
    ("answer Koakuma: Borrow", "this seat does not hold `Borrow`", None),
    ("put Koakuma.judge_zon: SealingArray♠9", "unknown zone `judge_zon`", "did you mean `judge_zone`?"),
])
def test_the_checker_reads_tests_before_anything_runs(tmp_path, line, message, hint):
    text = BORROW.replace("HP", "3").replace("  run action_phase", f"  {line}\n  run action_phase")
    result = own(tmp_path, text)
    assert result.exit_code == 1, result.output
    assert re.search(r"t\.spell:\d+:\d+: error(\[[a-z-]+\])?: " + re.escape(message), result.output), result.output
    if hint:
        assert hint in result.output
    assert "nothing was run" in result.output


def test_a_test_of_a_skill_nobody_seated_holds_is_an_error(tmp_path):
    result = own(tmp_path, BORROW.replace("HP", "3").replace("seats Marisa, Koakuma", "seats Reimu, Koakuma")
                 .replace("answer Marisa: Borrow, pass\n", "").replace("Marisa", "Reimu"))
    assert "no seated character holds `Borrow`" in result.output and result.exit_code == 1


def test_answers_by_what_is_asked(tmp_path):
    text = '''
test "借走 takes a card by what is asked" {
  seats Marisa, Koakuma
  hand Koakuma: Mochi♡3
  hand Marisa: Graze♡2
  when Marisa is asked play answer Borrow
  when Marisa is asked card "擦彈" answer Graze♡2
  run action_phase of Marisa
  expect Marisa.hp == 4 and discard_pile has Graze♡2
}
'''
    result = own(tmp_path, text)
    assert result.exit_code == 0, result.output


def test_an_answer_by_what_is_asked_that_never_matches_fails(tmp_path):
    text = BORROW.replace("HP", "3").replace("  run action_phase", '  when Koakuma is asked "抖M" answer yes\n  run action_phase')
    result = own(tmp_path, text)
    assert result.exit_code == 1 and "t.spell:7" in result.output and "no decision matched this answer" in result.output


def test_expect_error_catches_a_rule_loop(tmp_path):
    rules = write(tmp_path, '''
character Looper "迴圈" { hp = 4 skills Howl }
skill Howl "嚎叫" locked { on draw.after when event.player == owner { if owner.alive { draw(owner, 1) } } }
''', "looper.spell")     # under an `if`, the checker only warns (trigger-loop); the runtime stops it
    tests = write(tmp_path, '''
test Howl "借走 takes a card: a draw that never ends" {
  seats Looper, Koakuma
  perform draw(player: Looper, amount: 1)
  expect error RuleLoop
}
''')
    result = run("test", "thb", "--with", rules, "--with", tests, "-k", "借走 takes a card")
    assert result.exit_code == 0, result.output


def test_a_value_outside_its_bounds_fails_the_test(tmp_path):
    text = BORROW.replace("HP", "3").replace("  run action_phase", "  set Marisa.hp = 9\n  run action_phase")
    result = own(tmp_path, text)
    assert result.exit_code == 1 and "hp = 9 is outside its bounds" in result.output


def test_the_documented_tests_run():
    """The `test` blocks of the README and of docs/testing.md pass as written."""
    blocks = []
    for doc in (ROOT / "README.md", ROOT / "docs" / "testing.md"):
        blocks += re.findall(r"```\n(test .*?\n\})\n```", doc.read_text("utf-8"), re.S)
    assert len(blocks) >= 2
    ran = 0
    for block in blocks:
        from spellcard.compiler.build.builder import build
        from spellcard.compiler.parse.read import parse
        from spellcard.spelltest.check import TestChecker
        from spellcard.spelltest.rows import expand
        from spellcard.spelltest.run import run_test
        from spellcard.compiler.pack.loader import load_pack
        tree, problem = parse("doc.spell", block)
        assert problem is None, problem
        [t] = build("doc.spell", tree).tests
        rows, problems = expand(t)          # a table's rows, as the collector makes them
        assert problems == []
        for row in rows:
            assert TestChecker(load_pack("thb")).check(row) == []
            outcome = run_test(row, "thb")
            assert outcome.passed, outcome.failure
            ran += 1
    assert ran > len(blocks), "a documented table ran row by row"


def test_the_packs_tests_check_clean_and_thb_has_hundreds():
    from spellcard.spelltest.suite import load_suite
    suite = load_suite("thb")
    assert suite.problems == []
    assert len(suite.tests) >= 450


def test_pytest_collects_spell_tests_one_item_each_and_reports_failures(tmp_path):
    pack = tmp_path / "bots"
    pack.mkdir()
    for f in (ROOT / "rules" / "bots").glob("*.spell"):
        (pack / f.name).write_bytes(f.read_bytes())
    (pack / "tests").mkdir()
    dodge = '''
test "TITLE" {
  seats Marisa, Cirno
  hand Marisa: Strike
  hand Cirno: Dodge
  answer Marisa: Strike
  answer Cirno: Dodge
  run action_phase of Marisa
  expect Cirno.hp == HP
}
'''
    (pack / "tests" / "t.spell").write_text(dodge.replace("TITLE", "a dodge stops a strike").replace("HP", "4")
                                            + dodge.replace("TITLE", "a strike that misses is still a strike")
                                            .replace("HP", "3"), "utf-8")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(pack / "tests")],
                         capture_output=True, text=True, cwd=tmp_path).stdout
    assert "1 failed, 1 passed" in out, out
    assert "t.spell:19: a strike that misses is still a strike" in out and "actual:   4" in out


def test_run_game_to_its_end_and_expect_the_winners(tmp_path):
    text = '''
test "借走 takes a card: then the game ends" {
  seats Marisa, Koakuma
  set Koakuma.hp = 1
  hand Marisa: Danmaku♠7
  answer Marisa: Danmaku♠7
  run game
  expect winners == [Marisa] and not Koakuma.alive
}
'''
    result = own(tmp_path, text)
    assert result.exit_code == 0, result.output


def test_answers_about_a_skill_and_every_time(tmp_path):
    """抖M asks its questions with its display name in the prompt: `about Masochist` finds them."""
    text = '''
test Masochist "借走 takes a card? no: 抖M, answered by what it asks" {
  seats Koakuma, Tenshi
  set Koakuma.drunk = true
  hand Koakuma: Danmaku♠7
  deck top: Mochi♡3, Graze♡2, Mochi♡4, Graze♢2
  answer Koakuma: Danmaku♠7, pass
  when Tenshi is asked yes_no about Masochist answer yes always
  when Tenshi is asked players about Masochist answer Tenshi always
  run action_phase of Koakuma
  expect Tenshi.hp == 1 and count(Tenshi.hand) == 4 and fired(Masochist) == 2
}
'''
    result = own(tmp_path, text)
    assert result.exit_code == 0, result.output


def test_a_test_beside_its_rule_runs_and_check_ignores_it(tmp_path):
    path = write(tmp_path, '''
# 預見：鎖定技，準備階段你摸一張牌。
character Seer "預言者" { hp = 3 skills Foresee }
skill Foresee "預見" locked { on prepare_phase.start when event.player == owner { draw(owner, 1) } }

test Foresee "預見: a card at the prepare phase" {
  seats Seer, Koakuma
  run prepare_phase of Seer
  expect count(Seer.hand) == 1 and fired(Foresee) == 1
}
''', "seer.spell")
    assert run("check", "thb", "--with", path).exit_code == 0
    result = run("test", "thb", "--with", path, "-k", "預見")
    assert result.exit_code == 0 and result.output.strip().endswith("1 passed, 0 failed"), result.output


def test_table_zones_and_the_deck_size(tmp_path):
    text = '''
test "借走 takes a card? a card put straight into the discard pile" {
  seats Marisa, Koakuma
  put discard_pile: Danmaku♠7
  deck top: Graze♡2, Mochi♡3
  expect discard_pile == [Danmaku♠7] and count(deck) == 143 and take(deck, 2) == [Graze♡2, Mochi♡3]
}
'''
    assert own(tmp_path, text).exit_code == 0
    assert own(tmp_path, text.replace("143", "144")).exit_code == 1


def test_check_of_a_file_of_tests_points_to_spellcard_test():
    path = str(ROOT / "rules" / "thb" / "tests" / "weapons.spell")
    result = run("check", path)
    assert result.exit_code == 0 and "holds only tests" in result.output and "spellcard test PACK --with" in result.output
