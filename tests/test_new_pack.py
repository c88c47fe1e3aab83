"""`spellcard new`: the pack it writes checks without a warning, simulates whole games and passes its
own tests; a bad name or a folder in use is refused with exit 2."""
from __future__ import annotations

import json

from click.testing import CliRunner

from spellcard.cli.main import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_a_new_pack_checks_simulates_and_tests_clean(tmp_path):
    out = tmp_path / "my_game"
    made = run("new", "my_game", str(out), "--title", "我的遊戲")
    assert made.exit_code == 0, made.output
    assert (out / "pack.spell").read_text("utf-8").count('pack my_game "我的遊戲"') == 1
    checked = run("check", str(out))
    assert checked.exit_code == 0 and "0 errors, 0 warnings" in checked.output, checked.output
    played = run("simulate", str(out), "--mode", "Duel", "--games", "10", "--seed", "3", "--json")
    assert played.exit_code == 0, played.output
    report = json.loads(played.stdout)
    assert sum(row["won"] for row in report["wins"]["by_character"].values()) > 0
    tested = run("test", str(out))
    assert tested.exit_code == 0 and "2 passed, 0 failed" in tested.output, tested.output
    explained = run("explain", str(out), "Strike")
    assert "printed text 出牌階段，對一名其他角色使用" in explained.output


def test_a_bad_name_or_a_folder_in_use_is_refused(tmp_path):
    bad = run("new", "My Game", str(tmp_path / "x"))
    assert bad.exit_code == 2 and "is not a pack name" in bad.output
    used = tmp_path / "used"
    used.mkdir()
    (used / "mine.spell").write_text("# mine\n", "utf-8")
    refused = run("new", "my_game", str(used))
    assert refused.exit_code == 2 and "not empty" in refused.output
    assert (used / "mine.spell").read_text("utf-8") == "# mine\n"
