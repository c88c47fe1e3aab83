"""Issue 27, defect 4: a text built while a game runs is bounded as a list is (runtime/limits.py,
MAX_TEXT): `repeat 45 { s = s + s }` grew to 6 GB; now it stops at its `.spell` line."""
from __future__ import annotations

import subprocess
import sys

from spellcard.compiler.pack.loader import Source, compile_sources
from spellcard.runtime.engine.game import Game
from spellcard.runtime.limits import MAX_TEXT, SizeLimit

HEAD = 'pack p "p"\n'


def play(text: str):
    result = compile_sources([Source("grow.spell", text.encode())], use_cache=False)
    assert result.ok, result.render()
    return Game(result.pack, "M", 2).play()


def test_a_text_doubled_in_a_loop_stops_at_its_line():
    outcome = play(HEAD + 'phase main "main" {\n  let s = "ab"\n  repeat 45 { s = s + s }\n}\n'
                          'turn main\nmode M "m" { players 2 }\n')
    assert outcome.reason == "error"
    assert isinstance(outcome.error.original, SizeLimit)
    assert str(outcome.error).startswith("grow.spell:4:15: SizeLimit: a text grew to 131072 characters; "
                                         f"texts hold at most {MAX_TEXT}")


def test_a_text_within_the_limit_is_built_as_before():
    """A wrong text would double a list past its own limit: the game ends in an error only then."""
    outcome = play(HEAD + 'phase main "main" {\n  let s = "ab"\n  repeat 3 { s = s + s + "!" }\n'
                          '  if s != "abab!abab!!abab!abab!!!" { let xs = [1]\n repeat 40 { xs = xs + xs } }\n}\n'
                          'turn main\nmode M "m" { players 2 }\n')
    assert not isinstance(getattr(outcome.error, "original", None), SizeLimit), outcome.error


def test_the_simulate_command_reports_it_in_one_line_within_bounds(tmp_path):
    """The whole process, memory bounded: the game stops long before the bound is near."""
    (tmp_path / "grow.spell").write_text(HEAD + 'phase main "main" {\n  let s = "ab"\n  repeat 45 { s = s + s }\n}\n'
                                         'turn main\nmode M "m" { players 2 }\n', "utf-8")
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
            "sys.argv = ['spellcard', 'simulate', sys.argv[1], '--games', '1', '--json']; "
            "from spellcard.cli.main import main; main()")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "grow.spell")], capture_output=True,
                          text=True, timeout=60, env={"SPELLCARD_CACHE": str(tmp_path / "cache"), "PATH": ""})
    assert done.returncode == 1, done.stderr
    assert "SizeLimit: a text grew to" in done.stdout and "Traceback" not in done.stderr
