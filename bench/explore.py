"""Explore's speed and its time to the first break on planted bugs (a script, never timed assertions).

    python bench/explore.py [--time S] [--seed S]… [--bug FILE:FOCUS]… [--json]

For each planted bug (default: the partner bug tests/data/explore/grudge.spell, focus Avenger, and
the rule fault tests/data/explore/rare_fault.spell, focus Glitch) and each seed, it runs
`explore` on THB with the focus alone, for at most --time seconds of search (no shrinking), and
reports the games played, games per second of search (wall and CPU: on a shared machine the CPU
time is the figure that means something), and the seconds of search to the first break (or that
none was found). Same arguments, same games; only the timings vary.

Measured on the shared 2-core machine (--time 240, grudge.spell, focus Avenger), before the
partner search (issue 31) and after; docs/property-testing.md, "Searching for partners":

    seed 0   before: not found, 170 games, 0.71 games/s     after: found after 162 s, 552 games, 3.4 games/s
    seed 1   before: found after 237 s, 1.5 games/s        after: found after 35 s, 4.8 games/s
    seed 2   before: found after 94 s, 3.0 games/s         after: found after 11 s, 7.0 games/s
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from spellcard.testing import explore

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "explore"
BUGS = [(str(DATA / "grudge.spell"), "Avenger"), (str(DATA / "rare_fault.spell"), "Glitch")]


def one(bug: str, focus: str, seconds: float, seed: int) -> dict:
    cpu = time.process_time()
    found = explore("thb", [bug], [focus], seconds=seconds, seed=seed, shrink_seconds=0)
    searched = found.found_after if found.found_after is not None else found.seconds
    cpu = time.process_time() - cpu
    return {"bug": Path(bug).name, "focus": focus, "seed": seed, "games": found.examples,
            "search_s": round(searched, 1), "games_per_s": round(found.examples / max(searched, 1e-9), 2),
            "cpu_s": round(cpu, 1), "found_after": None if found.found_after is None else round(found.found_after, 1),
            "broken": None if found.broken is None else found.broken.message,
            "table": None if found.spec is None else list(found.spec.seats)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--time", type=float, default=240.0, help="seconds of search per run (default 240)")
    ap.add_argument("--seed", type=int, action="append", help="a seed (repeatable; default 0)")
    ap.add_argument("--bug", action="append", metavar="FILE:FOCUS", help="a planted bug and its focus (repeatable)")
    ap.add_argument("--json", action="store_true", help="one JSON line per run")
    args = ap.parse_args(argv)
    bugs = [tuple(b.rsplit(":", 1)) for b in args.bug] if args.bug else BUGS
    for bug, focus in bugs:
        for seed in args.seed or [0]:
            r = one(bug, focus, args.time, seed)
            if args.json:
                print(json.dumps(r, ensure_ascii=False), flush=True)
            else:
                found = f"found after {r['found_after']} s" if r["found_after"] is not None else "not found"
                print(f"{r['bug']} --focus {focus} seed {seed}: {r['games']} games, {r['games_per_s']} games/s "
                      f"(cpu {r['cpu_s']} s), {found}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
