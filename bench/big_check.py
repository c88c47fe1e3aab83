"""The big pack's figures, as whole processes (a script, never a timed assertion): `spellcard check`
cold, cached and after one edit (and THB's, cold and after one edit), the first run that emits the
pack, a 100-game simulate beside THB's in the same mode, and a short explore.

    python bench/big_check.py [--characters N] [--seed S] [--runs R] [--games G] [--explore SECONDS]

The pack is written by bench/big_pack.py (N characters extending THB, default 2,000) into a
temporary folder. Cold: a fresh, empty cache folder ($SPELLCARD_CACHE) each run. Cached: the same
pack again. One edit: a character's hit points changed in one file each run: the check reads again
only that declaration and what it must (compiler/pack/incremental.py), the edited file's other
declarations from its built module and every other file's from the last check's record. THB's rows do the same on a copy of rules/thb. First run: `simulate --games 1` on a cache that has the check's
diagnostics but no module, so it emits, compiles and loads the pack; after one edit: the same after the
edit's check, so it emits and compiles only the edited file's part (compiler/pack/parts.py). Each figure is the median of R
runs: wall time, CPU time (user + system of the child, the fairer figure on a shared machine) and
peak memory (the child's largest resident set). Games per second come from `simulate --json`,
random agents, the same seeds on both packs.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_pack import write_pack  # noqa: E402  (a sibling script, not a package)

TARGETS = {"cold": 8.0, "edit": 0.5, "peak_mb": 400}
THB = Path(__file__).resolve().parents[1] / "rules" / "thb"


def run(cmd: list[str], env: dict, ok: tuple = (0,)) -> tuple[float, float, float, str]:
    """(wall s, CPU s, peak MB, stdout) of one run of `cmd`, as the kernel counted the child (wait4)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        if code not in ok:
            sys.exit(f"{' '.join(cmd)} exited {code}: {err.read().decode()[:2000]}")
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read().decode()


def median(rows: list[tuple]) -> str:
    wall, cpu, peak = (statistics.median(r[i] for r in rows) for i in range(3))
    return f"wall {wall:6.2f} s  cpu {cpu:6.2f} s  peak {peak:5.0f} MB"


def edit(path: Path) -> None:
    """A real edit: the first character's hit points, one more (9 → 1), so no column moves."""
    text = path.read_text("utf-8")
    path.write_text(re.sub(r"hp = (\d)", lambda m: f"hp = {int(m[1]) % 9 + 1}", text, count=1), "utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--characters", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mode", default="Identity5Mode", help="the THB mode both packs play (default Identity5Mode)")
    ap.add_argument("--explore", type=float, default=30.0, help="seconds of explore (0: none)")
    ap.add_argument("--spellcard", default=str(Path(sys.executable).parent / "spellcard"))
    args = ap.parse_args()
    sc = args.spellcard
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / f"big_{args.characters}"
        files = write_pack(pack, args.characters, args.seed)
        size = sum(p.stat().st_size for p in files)
        env = dict(os.environ)
        rows: dict[str, list] = {"cold": [], "cached": [], "edit": [], "first run": [], "first run after one edit": [],
                                 "thb cold": [], "thb edit": []}
        thb = Path(tmp) / "thb"
        shutil.copytree(THB, thb, ignore=shutil.ignore_patterns("tests", "__pycache__"))
        for i in range(args.runs):
            env["SPELLCARD_CACHE"] = str(Path(tmp) / f"thb{i}")
            rows["thb cold"].append(run([sc, "check", str(thb)], env)[:3])
            edit(thb / "characters.spell")
            rows["thb edit"].append(run([sc, "check", str(thb)], env)[:3])
        for i in range(args.runs):
            env["SPELLCARD_CACHE"] = str(Path(tmp) / f"cold{i}")
            rows["cold"].append(run([sc, "check", str(pack)], env)[:3])
            rows["first run"].append(run([sc, "simulate", str(pack), "--mode", args.mode, "--games", "1"], env)[:3])
            rows["cached"].append(run([sc, "check", str(pack)], env)[:3])
            edit(pack / "characters_000.spell")
            rows["edit"].append(run([sc, "check", str(pack)], env)[:3])
            rows["first run after one edit"].append(
                run([sc, "simulate", str(pack), "--mode", args.mode, "--games", "1"], env)[:3])
        games = {}
        for name, target in (("big", str(pack)), ("thb", "thb")):
            out = run([sc, "simulate", target, "--mode", args.mode, "--games", str(args.games), "--json"], env)[3]
            games[name] = json.loads(out)
        explored = None
        if args.explore > 0:
            wall, cpu, peak, out = run([sc, "explore", str(pack), "--mode", args.mode, "--time", str(args.explore),
                                        "--json"], env, ok=(0, 1))
            explored = json.loads(out), peak
    print(f"{sc}: a pack of {args.characters} characters over THB (seed {args.seed}), {len(files)} files, "
          f"{size / 1024:.0f} KB; median of {args.runs}:")
    for name, r in rows.items():
        print(f"  {name} (emit) {median(r)}" if name.startswith("first run") else f"  check {name:<10} {median(r)}")
    print(f"  simulate {args.games} games, {args.mode}, random agents:")
    for name, g in games.items():
        print(f"    {name:<4} {g['games_per_second']:6.1f} games/s  {g['events_per_second']:8,.0f} events/s  "
              f"{g['events'] / g['games']:5.0f} events/game  {g['mean_turns']:5.1f} turns/game  errors {g['errors']}")
    big, thb = games["big"], games["thb"]
    print(f"    big/thb: games/s {big['games_per_second'] / thb['games_per_second']:.2f}, "
          f"events/s {big['events_per_second'] / thb['events_per_second']:.2f} (the generated characters' games are "
          "longer or shorter than THB's: events/s is the dispatch's own speed)")
    if explored is not None:
        found, peak = explored
        broken = found["broken"]["property"] if found["broken"] else "none"
        print(f"  explore {args.explore:.0f} s: {found['games']} games, broken: {broken}, peak {peak:.0f} MB")
    print(f"  targets: cold ≤ {TARGETS['cold']} s, one edit ≤ {TARGETS['edit']} s, peak ≤ {TARGETS['peak_mb']} MB, "
          "games/s within 10% of THB's; THB: cold ≤ 0.45 s, one edit ≤ 0.25 s")


if __name__ == "__main__":
    main()
