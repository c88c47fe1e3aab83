"""`invariant "…" = COND`: checked as a bool, and broken states stop a tested game at its line."""
from click.testing import CliRunner

from spellcard.cli.main import cli


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_an_invariant_must_be_a_condition(tmp_path):
    f = tmp_path / "bad.spell"
    f.write_text('invariant "hands are small" = count(players())\n', encoding="utf-8")
    result = run("check", "thb", "--with", f)
    assert result.exit_code == 1
    assert 'bad.spell:1:' in result.output and 'invariant "hands are small"' in result.output


def test_a_broken_invariant_fails_a_test_at_its_declaration(tmp_path):
    f = tmp_path / "mine.spell"
    f.write_text('invariant "nobody holds a card" = count(players() where count(it.hand) > 0) == 0\n'
                 'test "a card dealt" {\n  seats Reimu, Marisa\n  hand Reimu: Mochi\n  run turn of Reimu\n}\n',
                 encoding="utf-8")
    result = run("test", "thb", "--with", f, "-k", "dealt")
    assert result.exit_code == 1
    assert 'mine.spell:1:1: invariant "nobody holds a card" is broken' in result.output
