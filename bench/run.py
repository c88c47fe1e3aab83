"""Benchmarks (a script, never timed assertions): check throughput, compile times, games per second.

    python bench/run.py [--games N] [--json]

Cold timings run in a fresh interpreter with an empty cache, so nothing warm is counted; cached
timings reuse the compile cache as `spellcard check` does on an unchanged pack; "one file edited"
checks a copy of the pack after a line is added to its largest file (the other files' built
modules come from the cache). Game figures use random agents on one core, without logging or
invariant checks, as the reference engine's did; they are given per second of wall time and per
second of this process's CPU time, the fairer figure on a shared machine. To compare two builds,
time whole processes side by side (farm-bench, A B A B) and check with bench/same_games.py that they
play the same games.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REFERENCE = {   # the original THB engine (Python, random bots), one core of this machine
    ("thb", "Identity8Mode"): 3.2,
    ("thb", "TwoVsTwoMode"): 12.0,
}
TABLES = [("thb", "Duel", 2), ("thb", "TwoVsTwoMode", 4), ("thb", "Identity5Mode", 5), ("thb", "Identity8Mode", 8),
          ("bots", "Free", 4), ("bots", "Identity", 5), ("esper", "Duel", 2)]

COMPILE_SNIPPET = """
import time, sys
t0 = time.perf_counter()
from spellcard.compiler.pack.loader import compile_pack
t1 = time.perf_counter()
r = compile_pack(sys.argv[1], use_cache=sys.argv[2] == "cached", load=False)
t2 = time.perf_counter()
assert r.ok, r.render()
print(t1 - t0, t2 - t1, r.cached)
"""


def compile_times(pack: str, runs: int = 3) -> dict:
    from spellcard.compiler.pack.loader import resolve

    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as copy:
        env = dict(os.environ, SPELLCARD_CACHE=cache)

        def check(target: str) -> list[str]:
            return subprocess.run([sys.executable, "-c", COMPILE_SNIPPET, target, "cached"], env=env,
                                  capture_output=True, text=True, check=True).stdout.split()

        files = resolve(pack)
        for f in files:
            shutil.copy(f, copy)
        largest = Path(copy) / max(files, key=lambda f: f.stat().st_size).name
        cold, cached, edited, imports = [], [], [], []
        for i in range(runs):
            shutil.rmtree(cache)
            os.mkdir(cache)
            out = check(pack)
            imports.append(float(out[0]))
            cold.append(float(out[1]))
            out = check(pack)
            assert out[2] == "True", "the second run should hit the cache"
            cached.append(float(out[1]))
            check(copy)
            with open(largest, "a", encoding="utf-8") as f:
                f.write(f"# edited {i}\n")
            edited.append(float(check(copy)[1]))
    return {"imports_s": min(imports), "cold_s": min(cold), "cached_s": min(cached), "edited_s": min(edited)}


def pack_lines(pack: str) -> int:
    from spellcard.compiler.pack.loader import resolve
    return sum(len(p.read_text("utf-8").splitlines()) for p in resolve(pack))


def games_per_second(pack_name: str, mode: str, players: int, games: int) -> dict:
    from spellcard.compiler.pack.loader import load_pack
    from spellcard.runtime.agents.simple import RandomAgent
    from spellcard.runtime.engine.game import Game
    pack = load_pack(pack_name)
    steps = turns = wins = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        g = Game(pack, mode, players, [RandomAgent(seed * 1000 + i) for i in range(players)], seed=seed)
        r = g.play()
        steps += r.steps
        turns += r.turns
        wins += r.reason == "win"
    dt = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games": games, "finished": wins, "games_per_s": games / dt, "games_per_cpu_s": games / cpu,
            "events_per_s": steps / dt,
            "events_per_game": steps / games, "turns_per_game": turns / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    report = {"compile": {}, "games": {}}
    for pack in ("thb", "bots", "esper"):
        ct = compile_times(pack)
        ct["lines"] = pack_lines(pack)
        ct["check_lines_per_s"] = ct["lines"] / ct["cold_s"]
        report["compile"][pack] = ct
    for pack, mode, n in TABLES:
        row = games_per_second(pack, mode, n, args.games)
        if (pack, mode) in REFERENCE:
            row["x_reference"] = row["games_per_s"] / REFERENCE[(pack, mode)]
        report["games"][f"{pack} {mode}"] = row

    if args.json:
        print(json.dumps(report, indent=2))
        return
    for pack, c in report["compile"].items():
        print(f"{pack}: {c['lines']} lines; check cold {c['cold_s'] * 1000:6.1f} ms "
              f"({c['check_lines_per_s']:,.0f} lines/s), cached {c['cached_s'] * 1000:5.1f} ms, "
              f"one file edited {c['edited_s'] * 1000:5.1f} ms [+ {c['imports_s'] * 1000:.0f} ms of imports]")
    print("  targets for thb: cold < 500 ms, cached < 100 ms")
    print(f"Games with random agents, {args.games} per table, one core:")
    for mode, row in report["games"].items():
        ref = f"  {row['x_reference']:.1f}× the reference engine" if "x_reference" in row else ""
        print(f"  {mode:<20} {row['games_per_s']:7.1f} games/s ({row['games_per_cpu_s']:5.1f} per CPU s)  "
              f"{row['events_per_s']:9,.0f} events/s  "
              f"{row['events_per_game']:6.0f} events/game  {row['turns_per_game']:5.1f} turns/game  "
              f"{row['finished']}/{row['games']} won{ref}")


if __name__ == "__main__":
    main()
