"""Many tables at once (a script, never timed assertions): issue 28's "50 tables on this machine".

    python bench/tables.py [--tables N] [--seconds S] [--table PACK:MODE:PLAYERS] [--json]

Starts N tables in one process, as N `spellcard play` sessions (spellcard/table/session.py: each its
game thread, its frames built from the seats' views), each with a person at seat 0 and the random
agent at the others; a client thread per table answers seat 0's decisions with their first options as
soon as its frame is ready (or after --think-ms, as a person would), through the session's own entry (the one the server's WebSockets call), and
measures each round trip: answer handed in, next frame asking seat 0 (or saying the game is over)
ready. A table whose game ends starts the next seed. It reports the decisions answered per second over
all tables and the round trips' median, p95 and most, in milliseconds. No sockets: bench/table.py
measures one table through the real server.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spellcard.compiler.pack import load_pack  # noqa: E402
from spellcard.table.session import Session, Setup  # noqa: E402
from tests.table_helpers import LOVE_LETTER, first_answer  # noqa: E402


def table_client(setup: Setup, until: float, trips: list, games: list, think: float) -> None:
    """Play seat 0 of game after game until `until`, recording each round trip (seconds)."""
    seed = setup.seed
    while time.monotonic() < until:
        session = Session(setup)
        ready = threading.Event()
        session.listen(0, "bench", ready.set)
        session.start()
        sent, answered = None, set()
        while time.monotonic() < until:
            ready.wait(1)
            ready.clear()
            snap = session.snapshot(0)
            if snap is None:
                continue
            d, over = snap.state["decision"], snap.state["over"]
            if (d is not None and d["id"] not in answered) or over is not None:
                if sent is not None:
                    trips.append(time.perf_counter() - sent)
                    sent = None
                if over is not None:
                    games.append(over["reason"])
                    break
                answered.add(d["id"])
                time.sleep(think)                       # a person reading the table: not counted
                sent = time.perf_counter()
                reason = session.answer(0, d["id"], first_answer(d))
                assert reason is None, reason
        session.close()
        seed += 1000
        setup = attrs.evolve(setup, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables at once (default 50)")
    parser.add_argument("--seconds", type=float, default=30, help="how long to play (default 30)")
    parser.add_argument("--table", default=f"{LOVE_LETTER}:Classic:2", metavar="PACK:MODE:PLAYERS",
                        help="the game every table plays (default: Love Letter, 2 players)")
    parser.add_argument("--think-ms", type=float, default=0,
                        help="how long each client waits before it answers, as a person would (default 0: "
                             "every table answers at once, the most work the tables can be given)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    pack, mode, players = args.table.rsplit(":", 2)
    pdef = load_pack(pack)
    trips: list[float] = []
    games: list[str] = []
    until = time.monotonic() + args.seconds
    threads = []
    for i in range(args.tables):
        setup = Setup(pack=pdef, pack_target=pack, extra=(), mode=mode, players=int(players), characters=(),
                      seed=i, seats=("human",) + ("random",) * (int(players) - 1), tools=False)
        threads.append(threading.Thread(target=table_client, args=(setup, until, trips, games, args.think_ms / 1000), daemon=True))
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    spent = time.monotonic() - start
    ms = sorted(t * 1000 for t in trips)
    report = {"tables": args.tables, "think_ms": args.think_ms, "seconds": round(spent, 1), "games_ended": len(games),
              "decisions": len(ms), "decisions_per_second": round(len(ms) / spent, 1),
              "median_ms": round(statistics.median(ms), 1) if ms else None,
              "p95_ms": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1) if ms else None,
              "max_ms": round(ms[-1], 1) if ms else None}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['tables']} tables (answers after {args.think_ms:g} ms) for {report['seconds']} s: {report['games_ended']} games ended, "
              f"{report['decisions']} decisions ({report['decisions_per_second']}/s); round trip median "
              f"{report['median_ms']} ms, p95 {report['p95_ms']} ms, most {report['max_ms']} ms")


if __name__ == "__main__":
    main()
