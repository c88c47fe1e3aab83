"""The big pack's figures, as whole processes (a script, never a timed assertion): `spellcard check`
cold, cached and after one edit (and THB's, cold and after one edit), the first run that emits the
pack, 100-game simulates beside THB's in the same modes, and a short explore.

    python bench/big_check.py [--characters N] [--seed S] [--runs R] [--games G] [--mode M,M…]
                              [--explore SECONDS] [--games-only]

The pack is written by bench/big_pack.py (N characters extending THB, default 2,000) into a
temporary folder. Cold: a fresh, empty cache folder ($SPELLCARD_CACHE) each run. Cached: the same
pack again. One edit: a character's hit points changed in one file each run: the check reads again
only that declaration and what it must (compiler/pack/incremental.py), the edited file's other
declarations from its built module and every other file's from the last check's record. THB's rows do the same on a copy of rules/thb. First run: `simulate --games 1` on a cache that has the check's
diagnostics but no module, so it emits, compiles and loads the pack; after one edit: the same after the
edit's check, so it emits and compiles only the edited file's part (compiler/pack/parts.py). Each figure is the median of R
runs: wall time, CPU time (user + system of the child, the fairer figure on a shared machine) and
peak memory (the child's largest resident set).

Games per second, per mode (default Identity5Mode and Duel), random agents, the same seeds, two ways:
- the mode's own picks, on the big pack: its games deal generated characters, longer ones (more
  events a game) than THB's, so games/s compares content as much as speed;
- the same seats: THB characters seated with `--characters` on a pack of the same N characters
  without the cards the big pack adds to the deck, so the only difference from THB is the characters
  the pack declares. Those games are THB's, event for event ("games alike", compared by
  bench/same_games.py's digest): what is left is what the pack's size costs a game (issue 32: within
  10% of THB's). A mode whose set-up reads no preset (KOF's draft) plays other games there too.
Each way: `simulate --json` whole processes (its games/s is wall-clock, so a loaded machine moves
it: keep R at 3 or more and G at 100), R pairs (big, THB) in turn, the median pair and the spread
of the pairs' ratios; and the CPU time of the same games in this process, each seed played on both
packs, each first every other seed (both loaded, so the process is the same for both: the steadier
figure). Figures of 2026-12-03: docs/language.md, Limits, "Playing a big pack".
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_pack import hp_edited, write_pack  # noqa: E402  (a sibling script, not a package)
from same_games import digest  # noqa: E402

from spellcard.compiler.pack.loader import load_pack  # noqa: E402
from spellcard.simulate import Table, play  # noqa: E402

TARGETS = {"cold": 8.0, "edit": 0.5, "peak_mb": 400}
THB = Path(__file__).resolve().parents[1] / "rules" / "thb"
SEATS = ("Reimu", "Marisa", "Youmu", "Patchouli", "Tenshi", "Suika", "Yukari", "Eiki")
"""THB characters for the same-seats rows, as many as the mode seats."""


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
    path.write_text(hp_edited(path.read_text("utf-8")), "utf-8")


def simulate(sc: str, env: dict, mode: str, args, pack: Path, plain: Path) -> dict:
    """Per way of seating: the mode's own picks on the big pack, and the same THB characters seated
    (--characters) on the pack of the same characters without its cards, where the only difference
    from THB is the characters the pack declares. Each: (the big pack's and THB's `simulate --json` of
    the median pair, the pairs' games/s ratios sorted, the in-process figures of `in_process`)."""
    seats = SEATS[:load_pack("thb").modes[mode].min_players]
    out = {}
    ways = (("the mode's own picks", pack, ()), (f"the same seats ({','.join(seats)})", plain, seats))
    for how, big_pack, seated in ways:
        cmd = ["--mode", mode, "--games", str(args.games), "--json"]
        cmd += ["--characters", ",".join(seated)] if seated else []
        pairs = [tuple(json.loads(run([sc, "simulate", target, *cmd], env)[3]) for target in (str(big_pack), "thb"))
                 for _ in range(args.runs)]
        pairs.sort(key=lambda bt: bt[0]["games_per_second"] / bt[1]["games_per_second"])
        ratios = [b["games_per_second"] / t["games_per_second"] for b, t in pairs]
        out[how] = (*pairs[len(pairs) // 2], ratios, in_process(big_pack, mode, seated, args.games))
    return out


def in_process(pack: Path, mode: str, seats: tuple, games: int) -> tuple[float, float, int, str]:
    """Games/s of the big pack and of THB as CPU time in this process, each seed played on one then the
    other (so a machine that slows down slows both), and how many of the games play alike (the digest
    of bench/same_games.py: each game's log, answers and result); where the first that differs parts."""
    tables = [Table(p, mode, p.modes[mode].min_players, characters=seats)
              for p in (load_pack(str(pack)), load_pack("thb"))]
    gc.freeze()                 # both packs live to the end, as `simulate` leaves its pack (cli.main.settled)
    cpu, same, parted = [0.0, 0.0], 0, ""
    for seed in range(games):
        for i in (0, 1) if seed % 2 else (1, 0):       # each pack first every other seed
            start = time.process_time()
            play(tables[i], seed)
            cpu[i] += time.process_time() - start
        (big, big_end), (thb, thb_end) = (play(t, seed, log=True) for t in tables)
        if digest(big, big_end) == digest(thb, thb_end):
            same += 1
        elif not parted:
            a, b = list(big.log.lines()), list(thb.log.lines())
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            parted = (f" (seed {seed} parts at log line {at + 1}: big {a[at] if at < len(a) else 'ended'}, "
                      f"thb {b[at] if at < len(b) else 'ended'})")
    return games / cpu[0], games / cpu[1], same, parted


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--characters", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=lambda s: max(1, int(s)), default=3, help="runs of each figure (at least 1)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mode", default="Identity5Mode,Duel",
                    help="the THB modes both packs play, comma-separated (default Identity5Mode,Duel)")
    ap.add_argument("--explore", type=float, default=30.0, help="seconds of explore (0: none)")
    ap.add_argument("--games-only", action="store_true", help="only the simulate rows (no check, no explore)")
    ap.add_argument("--spellcard", default=str(Path(sys.executable).parent / "spellcard"))
    args = ap.parse_args()
    sc = args.spellcard
    modes = args.mode.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / f"big_{args.characters}"
        files = write_pack(pack, args.characters, args.seed)
        size = sum(p.stat().st_size for p in files)
        env = dict(os.environ)
        rows: dict[str, list] = {"cold": [], "cached": [], "edit": [], "first run": [], "first run after one edit": [],
                                 "thb cold": [], "thb edit": []}
        thb = Path(tmp) / "thb"
        shutil.copytree(THB, thb, ignore=shutil.ignore_patterns("tests", "__pycache__"))
        for i in range(0 if args.games_only else args.runs):
            env["SPELLCARD_CACHE"] = str(Path(tmp) / f"thb{i}")
            rows["thb cold"].append(run([sc, "check", str(thb)], env)[:3])
            edit(thb / "characters.spell")
            rows["thb edit"].append(run([sc, "check", str(thb)], env)[:3])
        for i in range(0 if args.games_only else args.runs):
            env["SPELLCARD_CACHE"] = str(Path(tmp) / f"cold{i}")
            rows["cold"].append(run([sc, "check", str(pack)], env)[:3])
            rows["first run"].append(run([sc, "simulate", str(pack), "--mode", modes[0], "--games", "1"], env)[:3])
            rows["cached"].append(run([sc, "check", str(pack)], env)[:3])
            edit(pack / "characters_000.spell")
            rows["edit"].append(run([sc, "check", str(pack)], env)[:3])
            rows["first run after one edit"].append(
                run([sc, "simulate", str(pack), "--mode", modes[0], "--games", "1"], env)[:3])
        plain = Path(tmp) / f"big_{args.characters}_characters"
        write_pack(plain, args.characters, args.seed, gear=0, cards=0)
        env["SPELLCARD_CACHE"] = os.environ["SPELLCARD_CACHE"] = str(Path(tmp) / "games")
        plays = {mode: simulate(sc, env, mode, args, pack, plain) for mode in modes}
        explored = None
        if args.explore > 0 and not args.games_only:
            wall, cpu, peak, out = run([sc, "explore", str(pack), "--mode", modes[0], "--time", str(args.explore),
                                        "--json"], env, ok=(0, 1))
            explored = json.loads(out), peak
    print(f"{sc}: a pack of {args.characters} characters over THB (seed {args.seed}), {len(files)} files, "
          f"{size / 1024:.0f} KB; median of {args.runs}:")
    for name, r in rows.items() if not args.games_only else ():
        print(f"  {name} (emit) {median(r)}" if name.startswith("first run") else f"  check {name:<10} {median(r)}")
    print(f"  simulate {args.games} games, random agents, the same seeds; whole processes, {args.runs} pairs big, thb:")
    for mode, ways in plays.items():
        for how, (big, thb, ratios, (big_cpu, thb_cpu, same, parted)) in ways.items():
            print(f"    {mode}, {how}:")
            for name, g in (("big", big), ("thb", thb)):
                print(f"      {name:<4} {g['games_per_second']:6.1f} games/s  {g['events_per_second']:8,.0f} "
                      f"events/s  {g['events'] / g['games']:5.0f} events/game  {g['mean_turns']:5.1f} turns/game  "
                      f"errors {g['errors']}")
            print(f"      big/thb games/s {ratios[len(ratios) // 2]:.2f} ({ratios[0]:.2f}–{ratios[-1]:.2f}), "
                  f"events/s {big['events_per_second'] / thb['events_per_second']:.2f}; in process (CPU, game by game): "
                  f"{big_cpu:.1f} / {thb_cpu:.1f} games/s = {big_cpu / thb_cpu:.2f}")
            print(f"      games alike: {same} of {args.games}{parted}")
    if explored is not None:
        found, peak = explored
        broken = found["broken"]["property"] if found["broken"] else "none"
        print(f"  explore {args.explore:.0f} s: {found['games']} games, broken: {broken}, peak {peak:.0f} MB")
    print(f"  targets: cold ≤ {TARGETS['cold']} s, one edit ≤ {TARGETS['edit']} s, peak ≤ {TARGETS['peak_mb']} MB, "
          "games/s within 10% of THB's; THB: cold ≤ 0.45 s, one edit ≤ 0.25 s")


if __name__ == "__main__":
    main()
