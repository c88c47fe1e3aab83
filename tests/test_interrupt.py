"""Issue 27, defect 9: Ctrl-C keeps what is finished. Interrupting `simulate --games N --log F` after
the logged game ended left no log (click's "Aborted!", exit 1); Dask's workers printed
KeyboardInterrupt tracebacks. Real processes, interrupted as a terminal does: SIGINT to the group."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
MINI = str(ROOT / "tests" / "data" / "mini")
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def group(pgid: int) -> list[int]:
    """The processes of a process group."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()[2] == str(pgid):
                    out.append(int(entry))
            except OSError:
                pass
    return out


def interrupted(args: list[str], cwd: Path, ready) -> subprocess.CompletedProcess:
    """Start `spellcard ARGS` in a group of its own, wait until `ready(pid)`, then Ctrl-C the group."""
    env = {**os.environ, "SPELLCARD_CACHE": str(cwd / "cache")}
    # Ctrl-C as at a terminal: a suite run as a background job (`make test &`) has SIGINT ignored, and
    # a child would inherit that, play on, and time out.
    proc = subprocess.Popen([sys.executable, "-m", "spellcard", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 240
        while not ready(proc.pid) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:         # a group that ignored Ctrl-C must not outlive the test (it played on)
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


def test_simulate_keeps_the_finished_logged_game_and_exits_130(tmp_path):
    (tmp_path / "game.jsonl").write_text("the previous log\n")
    # 1.5 s of CPU: the pack loaded (a fraction of that) and thousands of games of the mini pack played.
    done = interrupted(["simulate", MINI, "--games", "100000000", "--log", "game.jsonl"], tmp_path,
                       lambda pid: cpu_seconds(pid) > 1.5)
    assert done.returncode == 130, done.stderr
    lines = done.stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0].startswith("interrupted after ")
    assert lines[0].endswith(" of 100000000 games; the first game's log is in game.jsonl")
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]
    replayed = subprocess.run([sys.executable, "-m", "spellcard", "replay", "game.jsonl", "--pack", MINI],
                              cwd=tmp_path, capture_output=True, text=True,
                              env={**os.environ, "SPELLCARD_CACHE": str(tmp_path / "cache")})
    assert replayed.returncode == 0 and replayed.stdout.startswith("replay matches"), replayed.stdout


def test_simulate_interrupted_before_any_game_ended_writes_nothing(tmp_path):
    done = interrupted(["simulate", "thb", "--mode", "Identity5Mode", "--games", "5", "--log", "game.jsonl"],
                       tmp_path, lambda pid: cpu_seconds(pid) > 0.5)   # imports done (0.15 s), THB compiling
    assert done.returncode == 130 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("interrupted") and "Traceback" not in done.stderr
    assert not (tmp_path / "game.jsonl").exists()


def test_doc_interrupted_while_it_plays_the_win_rates_writes_nothing(tmp_path):
    """The site's win rates play simulate's games (simulate.seeded): Ctrl-C there is one line and 130."""
    done = interrupted(["doc", MINI, "--out", "site", "--simulate", "100000000"], tmp_path,
                       lambda pid: cpu_seconds(pid) > 1.5)     # the reference read, thousands of games played
    assert done.returncode == 130, done.stderr
    assert done.stderr == "interrupted\n", done.stderr
    assert not (tmp_path / "site").exists()


def test_balance_on_dask_stops_without_tracebacks(tmp_path):
    """Ctrl-C once both workers play (each has used more CPU than starting takes): the sweep is under
    way. A Ctrl-C while the cluster starts is lost (spellcard/balance/sweep.py says why)."""
    def ready(pid):
        return sum(cpu_seconds(p) > 2.5 for p in group(pid) if p != pid) >= 2
    done = interrupted(["balance", MINI, "--games", "100000000", "--backend", "dask", "--workers", "2"], tmp_path,
                       ready)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
    assert done.stderr.strip().split("\n")[-1] == "interrupted"
