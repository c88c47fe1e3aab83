"""Explore's speed, its time to the first break on planted bugs, and the tests it saves (a script,
never timed assertions).

    python bench/explore.py [--time S] [--shrink S] [--seed S]… [--bug FILE:FOCUS]… [--json]

For each planted bug (default: every one of tests/data/explore, each with its focus) and each seed,
it runs `explore` on THB with the focus alone, for at most --time seconds of search, and reports
the games played, games per second of search (wall and CPU: on a shared machine the CPU time is the
figure that means something), and the seconds of search to the first break (or that none was
found). With --shrink S (> 0) the break is also written as a test (the moment that shows it, else
the whole game, within S seconds) and the report adds its lines, whether it fails on replay, and
whether it passes with the bug fixed (tests/data/explore/fixed/, the same file name). Same
arguments, same games; only the timings vary.

Measured on the shared 2-core machine (--time 240, grudge.spell, focus Avenger), before the
partner search (issue 31) and after; docs/property-testing.md, "Searching for partners":

    seed 0   before: not found, 170 games, 0.71 games/s     after: found after 162 s, 552 games, 3.4 games/s
    seed 1   before: found after 237 s, 1.5 games/s        after: found after 35 s, 4.8 games/s
    seed 2   before: found after 94 s, 3.0 games/s         after: found after 11 s, 7.0 games/s

The saved tests, seed 0, --time 240 --shrink 30, before the moment form (the whole game's answers,
delta debugged) and after it (docs/property-testing.md, "The saved test"):

                     bypass judge_echo counter_after rage_cap rare_fault empty_hand grudge
    before (lines)       11     10         12           8        11         10         12   median 11, max 12
    before (answers)     6      11         36           0        10         12         11
    after (lines)        11     10          9           8*       12          8         11   median 10, max 12
    after (answers)      1      0           0           0         1          0          2
    (* no moment shows it, every turn under way already broke it: the whole game, as before.) Each
    saved test fails on replay and passes with tests/data/explore/fixed/. The search is as it was:
    grudge.spell is found at game 531 either way, 7.5 games per CPU second (the machine's load
    stretched that to 92 s of wall time before, 1090 s after).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from spellcard.testing import explore
from spellcard.testing.replay import test_failure

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "explore"
BUGS = [("bypass.spell", "Quartermaster"), ("judge_echo.spell", "Mimic"), ("counter_after.spell", "Overdraw"),
        ("rage_cap.spell", "Berserker"), ("rare_fault.spell", "Glitch"), ("empty_hand_fault.spell", "Gambler"),
        ("grudge.spell", "Avenger")]


def one(bug: str, focus: str, seconds: float, seed: int, shrink: float = 0.0) -> dict:
    cpu = time.process_time()
    found = explore("thb", [bug], [focus], seconds=seconds, seed=seed, shrink_seconds=shrink)
    searched = found.found_after if found.found_after is not None else found.seconds
    cpu = time.process_time() - cpu
    out = {"bug": Path(bug).name, "focus": focus, "seed": seed, "games": found.examples,
           "search_s": round(searched, 1), "games_per_s": round(found.examples / max(searched, 1e-9), 2),
           "cpu_s": round(cpu, 1), "found_after": None if found.found_after is None else round(found.found_after, 1),
           "broken": None if found.broken is None else found.broken.message,
           "table": None if found.spec is None else list(found.spec.seats)}
    if shrink > 0 and found.test is not None:
        fixed = DATA / "fixed" / Path(bug).name
        out.update(lines=len(found.test.splitlines()), moment="the moment it broke" in found.test,
                   fails_on_replay=test_failure("thb", [bug], found.test) is not None,
                   passes_fixed=test_failure("thb", [str(fixed)], found.test) is None if fixed.exists() else None,
                   test=found.test)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time", type=float, default=240.0, help="seconds of search per run (default 240)")
    ap.add_argument("--shrink", type=float, default=0.0, help="seconds to write the break as a test (default 0: none)")
    ap.add_argument("--seed", type=int, action="append", help="a seed (repeatable; default 0)")
    ap.add_argument("--bug", action="append", metavar="FILE:FOCUS", help="a planted bug and its focus (repeatable)")
    ap.add_argument("--json", action="store_true", help="one JSON line per run")
    args = ap.parse_args(argv)
    bugs = [tuple(b.rsplit(":", 1)) for b in args.bug] if args.bug else [(str(DATA / f), c) for f, c in BUGS]
    lines = []
    for bug, focus in bugs:
        for seed in args.seed or [0]:
            r = one(bug, focus, args.time, seed, args.shrink)
            if args.json:
                print(json.dumps(r, ensure_ascii=False), flush=True)
                continue
            found = f"found after {r['found_after']} s" if r["found_after"] is not None else "not found"
            print(f"{r['bug']} --focus {focus} seed {seed}: {r['games']} games, {r['games_per_s']} games/s "
                  f"(cpu {r['cpu_s']} s), {found}", flush=True)
            if "lines" in r:
                lines.append(r["lines"])
                print(f"  saved: {r['lines']} lines ({'a moment' if r['moment'] else 'the whole game'}), "
                      f"{'fails' if r['fails_on_replay'] else 'does NOT fail'} on replay"
                      + ("" if r["passes_fixed"] is None else
                         f", {'passes' if r['passes_fixed'] else 'does NOT pass'} with the bug fixed"), flush=True)
    if lines and not args.json:
        print(f"saved tests: median {statistics.median(lines):g} lines, max {max(lines)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
