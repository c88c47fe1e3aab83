"""The table's decision round trip (a script, never timed assertions): issue 28's target, p95 < 50 ms.

    python bench/table.py [--games N] [--seed S] [--table PACK:MODE:PLAYERS]… [--json]

For each table (Love Letter with 2 players, THB Identity5Mode, THB Duel) it starts `spellcard play` as
a person would (a free port of 127.0.0.1, a person at seat 0 and the random agent at the others: bots
that do not think), connects to seat 0's WebSocket and plays N whole games answering each decision
with its first option. A round trip is the time from sending an answer to receiving the next frame
that asks seat 0 something (or says the game is over): the server checks the answer, the game plays
on through the bots' decisions to the next one of seat 0's, and the seat's frame is built and sent.
It reports, per table, the round trips' count, median, p95 and most, in milliseconds.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.table_helpers import LOVE_LETTER, Seat, first_answer, served  # noqa: E402

TABLES = [(LOVE_LETTER, "Classic", 2), ("thb", "Identity5Mode", 5), ("thb", "Duel", 2)]
TARGET_MS = 50


def round_trips(pack: str, mode: str, players: int, seed: int) -> list[float]:
    """One whole game at a served table: every round trip of seat 0, in seconds."""
    seats = ",".join(["human"] + ["random"] * (players - 1))
    out = []
    with served(pack, "--mode", mode, "--seats", seats, "--seed", str(seed)) as urls:
        seat = Seat(urls["seat 0"])
        f = seat.decision(timeout=120)
        while f["over"] is None:
            start = time.perf_counter()
            seat.send({"type": "answer", "decision": f["decision"]["id"], "answer": first_answer(f["decision"])})
            seat.answered.add(f["decision"]["id"])
            f = seat.decision(timeout=120)
            out.append(time.perf_counter() - start)
        seat.close()
    return out


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="whole games per table (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="game i plays seed S+i")
    parser.add_argument("--table", action="append", metavar="PACK:MODE:PLAYERS", help="the tables to play (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    tables = [(t.split(":")[0], t.split(":")[1], int(t.split(":")[2])) for t in args.table] if args.table else TABLES
    report = {}
    for pack, mode, players in tables:
        trips: list[float] = []
        for i in range(args.games):
            trips += round_trips(pack, mode, players, args.seed + i)
        ms = [t * 1000 for t in trips]
        name = f"{Path(pack).name}:{mode}:{players}"
        report[name] = {"round_trips": len(ms), "median_ms": round(statistics.median(ms), 1),
                        "p95_ms": round(percentile(ms, 0.95), 1), "max_ms": round(max(ms), 1),
                        "target_p95_ms": TARGET_MS}
        if not args.json:
            r = report[name]
            print(f"{name}: {r['round_trips']} round trips, median {r['median_ms']} ms, "
                  f"p95 {r['p95_ms']} ms, most {r['max_ms']} ms (target p95 < {TARGET_MS} ms)")
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
