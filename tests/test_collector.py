"""The `spellcard` process collects cyclic garbage less often than CPython's default (see
`spellcard.cli.COLLECT_EVERY`), while a test process that runs the
commands in place (click's runner calls `cli`, not `main`) keeps its own setting."""
from __future__ import annotations

import gc
import json
import subprocess
import sys

from click.testing import CliRunner

from spellcard.cli import COLLECT_EVERY, cli


def test_the_command_raises_the_collectors_first_threshold_and_keeps_the_others():
    code = ("import gc, json, sys, atexit\n"
            "before = gc.get_threshold()\n"
            "atexit.register(lambda: print(json.dumps([before, gc.get_threshold()])))\n"
            "sys.argv = ['spellcard', 'packs']\n"
            "from spellcard.cli import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    before, after = json.loads(done.stdout.strip().splitlines()[-1])
    assert after == [COLLECT_EVERY, *before[1:]] and COLLECT_EVERY > before[0]


def test_a_command_run_in_place_leaves_the_collector_alone():
    before = gc.get_threshold()
    assert CliRunner().invoke(cli, ["packs"]).exit_code == 0
    assert gc.get_threshold() == before
