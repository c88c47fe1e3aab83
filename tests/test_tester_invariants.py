"""Invariants a tester declares in a --with file (docs/property-testing.md, "Invariants"): checked
by `spellcard explore` and by the tests given with --with, never by the pack's own tests."""
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import cli

STRICT = Path(__file__).parent / "data" / "explore" / "strict_invariant.spell"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_the_packs_own_tests_never_check_a_testers_invariant():
    """THB's own test wounds 輝夜: the tester's "nobody is ever wounded" is not its concern."""
    result = run("test", "thb", "--with", STRICT, "-k", "masochist not for hp loss")
    assert result.exit_code == 0 and "1 passed, 0 failed" in result.output, result.output


def test_a_test_given_with_the_invariant_checks_it():
    result = run("test", "thb", "--with", STRICT, "-k", "tester's test")
    assert result.exit_code == 1 and "nobody is ever wounded" in result.output, result.output


def test_explore_checks_a_testers_invariant():
    result = run("explore", "thb", "--with", STRICT, "--mode", "Duel", "--examples", "5", "--shrink", "0")
    assert result.exit_code == 1 and "nobody is ever wounded" in result.output, result.output
