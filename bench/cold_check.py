"""`spellcard check PACK` timed as a whole process (a script, never a timed assertion): cold, cached,
and after editing one file.

    python bench/cold_check.py [PACK] [--runs N] [--spellcard BIN]

Cold: a fresh, empty cache folder ($SPELLCARD_CACHE) each run, so the process starts, imports,
parses, builds, checks and stores everything. Cached: the same pack again, as an unchanged pack is
checked. One file edited: a copy of the pack whose largest file gains a comment line each run (the
other files' built modules come from the cache). Each figure is the median of N runs, wall time
and CPU time (user + system of the child, the fairer figure on a shared machine). --spellcard
times another build (another checkout's .venv/bin/spellcard) on the same pack files. The target
for thb is a cold check under 0.5 s of wall time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall s, CPU s) of one run of `cmd`, which must succeed."""
    start = time.perf_counter()
    child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed: {child.stderr.read().decode()[:2000]}")
    return wall, usage.ru_utime + usage.ru_stime


def median(runs: list[tuple[float, float]]) -> str:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    return f"wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms  (wall min {min(r[0] for r in runs) * 1000:.0f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pack", nargs="?", default=str(ROOT / "rules" / "thb"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--spellcard", default=str(Path(sys.executable).parent / "spellcard"),
                    help="the spellcard command to time (default: this Python's)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        cold, cached, edited = [], [], []
        for i in range(args.runs):
            env["SPELLCARD_CACHE"] = str(Path(tmp) / f"cold{i}")
            cold.append(timed([args.spellcard, "check", args.pack], env))
        env["SPELLCARD_CACHE"] = str(Path(tmp) / "kept")
        timed([args.spellcard, "check", args.pack], env)
        for _ in range(args.runs):
            cached.append(timed([args.spellcard, "check", args.pack], env))
        copy = Path(tmp) / Path(args.pack).name
        shutil.copytree(args.pack, copy)
        largest = max(copy.glob("*.spell"), key=lambda p: p.stat().st_size)
        timed([args.spellcard, "check", str(copy)], env)
        for i in range(args.runs):
            with largest.open("a", encoding="utf-8") as f:
                f.write(f"\n# edit {i}\n")
            edited.append(timed([args.spellcard, "check", str(copy)], env))
    print(f"{args.spellcard} check {args.pack}, median of {args.runs}:")
    print(f"  cold             {median(cold)}")
    print(f"  cached           {median(cached)}")
    print(f"  one file edited  {median(edited)}")
    print("  target for thb: cold < 500 ms wall")


if __name__ == "__main__":
    main()
