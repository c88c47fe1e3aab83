"""A `spellcard` process freezes what lives until it ends (the modules, the loaded pack), so that the
cycle collector, in its passes during the games and at shutdown, does not walk it again; a caller of
`cli` keeps its collector as it was, and nothing the command writes is lost."""
from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli import cli

MINI = str(Path(__file__).parent / "data" / "mini")


def test_a_caller_of_cli_keeps_its_collector_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    frozen = gc.get_freeze_count()
    result = CliRunner().invoke(cli, ["simulate", MINI, "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert gc.get_freeze_count() == frozen      # its garbage, made before, is still collected


def test_a_spellcard_process_freezes_its_lasting_objects_and_loses_no_output(tmp_path):
    log = tmp_path / "game.log"
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
            f"sys.argv = ['spellcard', 'simulate', {MINI!r}, '--games', '3', '--json', '--log', {str(log)!r}]\n"
            "from spellcard.cli import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"SPELLCARD_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    summary, frozen = done.stdout.strip().splitlines()
    assert json.loads(summary)["games"] == 3 and frozen == "frozen True"
    assert log.read_text("utf-8").count("\n") > 1
