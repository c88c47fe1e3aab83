"""How long a failing property test of THB takes to report, with and without `bounded` (a script,
never timed assertions).

    python bench/property_bound.py [--plain] [--bounded] [--shrink S] [--seed S]… [--json]

The planted failure is a tester's property as docs/property-testing.md writes one: "no player ends
a game below 2 HP", stated on play() for tables of every mode of THB, which most games break. Each
run is a hypothesis test of 25 examples: `--plain` under plain `@given` with settings(deadline=None)
(hypothesis shrinks as long as it likes, up to its own 5 minutes: as before `bounded`), `--bounded`
under `@bounded(shrink_seconds=S)`. It reports the wall and CPU seconds until the failure is
raised, the games played, and whether the report carries the `.spell` test. Same seed, same games.

Measured on the shared 2-core machine (docs/property-testing.md, "Property tests of your own"):

    seed 0   plain: 314 s (54.8 s CPU), 113 games, hypothesis's five-minute warning   bounded: 22.4 s (6.0 s CPU), 14 games
    seed 1   plain: 320 s (46.1 s CPU), 117 games, the same warning                   bounded: 22.0 s (3.1 s CPU), 5 games
"""
from __future__ import annotations

import argparse
import json
import time

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import spellcard.testing as testing
from spellcard.testing.bound import SHRINK_SECONDS


def low_hp(s):
    low = [p.seat for p in s.game.players if p.v.get("hp", 2) < 2]
    return f"P{low[0]} ends below 2 HP" if low else None


def one(kind: str, run_seed: int, shrink: float) -> dict:
    games = [0]

    @given(table=testing.tables("thb"), data=st.data())
    def test(table, data):
        games[0] += 1
        testing.play("thb", table, data, properties=[("nobody ends below 2 HP", low_hp)])

    if kind == "bounded":
        test = testing.bounded(max_examples=25, shrink_seconds=shrink, database=None)(test)
    else:
        test = settings(max_examples=25, deadline=None, database=None,
                        suppress_health_check=list(HealthCheck))(test)
    test = seed(run_seed)(test)
    wall, cpu = time.monotonic(), time.process_time()
    try:
        test()
        failure = None
    except testing.Broken as err:
        failure = err
    return {"kind": kind, "seed": run_seed, "wall_s": round(time.monotonic() - wall, 1),
            "cpu_s": round(time.process_time() - cpu, 1), "games": games[0],
            "failed": failure is not None,
            "spell_test": failure is not None and any("run game" in n for n in getattr(failure, "__notes__", []))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plain", action="store_true", help="plain @given (as before bounded)")
    ap.add_argument("--bounded", action="store_true", help="@bounded")
    ap.add_argument("--shrink", type=float, default=SHRINK_SECONDS, help="bounded's shrink_seconds")
    ap.add_argument("--seed", type=int, action="append", help="hypothesis seeds (default 0)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    kinds = [k for k, on in (("plain", args.plain), ("bounded", args.bounded)) if on] or ["plain", "bounded"]
    rows = [one(k, s, args.shrink) for s in (args.seed or [0]) for k in kinds]
    for row in rows:
        print(json.dumps(row) if args.json else
              f"{row['kind']:8} seed {row['seed']}: reported after {row['wall_s']} s ({row['cpu_s']} s CPU), "
              f"{row['games']} games, failed={row['failed']}, .spell test={row['spell_test']}")


if __name__ == "__main__":
    main()
