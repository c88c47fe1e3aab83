"""The `spellcard` process collects cyclic garbage less often than CPython's default (see
`spellcard.cli.main.COLLECT_EVERY`) and freezes what lives until it ends (the modules, the loaded pack),
so that the collector's passes during the games and at shutdown do not walk it again, while a test
process that runs the commands in place (click's runner calls `cli`, not `main`) keeps its own
setting; nothing the command writes is lost."""
from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import COLLECT_EVERY, cli

MINI = str(Path(__file__).parent / "data" / "mini")


def test_the_command_raises_the_collectors_first_threshold_and_keeps_the_others():
    code = ("import gc, json, sys, atexit\n"
            "before = gc.get_threshold()\n"
            "atexit.register(lambda: print(json.dumps([before, gc.get_threshold()])))\n"
            "sys.argv = ['spellcard', 'packs']\n"
            "from spellcard.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    before, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert after == [COLLECT_EVERY, *before[1:]] and COLLECT_EVERY > before[0]


def test_a_command_run_in_place_leaves_the_collector_alone():
    before = gc.get_threshold()
    assert CliRunner().invoke(cli, ["packs"]).exit_code == 0
    assert gc.get_threshold() == before


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
            "from spellcard.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"SPELLCARD_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    summary, frozen = done.stdout.strip().splitlines()
    assert json.loads(summary)["games"] == 3 and frozen == "frozen True"
    assert log.read_text("utf-8").count("\n") > 1
