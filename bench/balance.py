"""Scaling of `spellcard balance --backend dask` from 1 to 2 workers on this machine (a script, never
timed assertions).

    python bench/balance.py [--pack thb] [--mode Identity5Mode] [--games 500] [--rounds 5] [--json]

Two LocalClusters (single-threaded worker processes: 1 worker and 2 workers) are started side by side
and warmed up with a small sweep each (so the pack's load and the workers' imports are not counted).
Then, --rounds times, the same --games seeds are timed on the 1-worker cluster and right after on the
2-worker one (A B A B, so a neighbour's burst hits both alike); each round's efficiency is games/s
with 2 workers ÷ (2 × games/s with 1), and the median round is the figure. Starting a cluster is timed
apart: a sweep pays it once. The local backend's games/s is printed as the yardstick. On a machine
shared with other work the figures say more about the neighbours than about Dask: say so with them.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from contextlib import ExitStack

from spellcard.balance.sweep import Seats, ShippedPack, dask_client, run_local, sweep_on
from spellcard.compiler.pack.loader import compile_pack
from spellcard.simulate import Table


def timed_sweep(client, shipped: ShippedPack, seats: Seats, games: int) -> float:
    t = time.perf_counter()
    counts = sweep_on(client, shipped, seats, 0, games)
    assert counts.games == games
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="thb")
    ap.add_argument("--mode", default="Identity5Mode")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    compiled = compile_pack(args.pack)
    mode = compiled.pack.modes[args.mode]
    seats = Seats.of(Table(compiled.pack, mode.name, mode.min_players))
    shipped = ShippedPack.of(compiled.pack, compiled.code)
    _, local = run_local(compiled.pack, seats, 0, args.games, lambda n: None)
    with ExitStack() as stack:
        clients, start = {}, {}
        for workers in (1, 2):
            t = time.perf_counter()
            clients[workers] = stack.enter_context(dask_client(workers))
            start[workers] = round(time.perf_counter() - t, 2)
            sweep_on(clients[workers], shipped, seats, 10_000, 4 * workers)     # warm-up: other seeds
        rounds = []
        for _ in range(args.rounds):
            one = timed_sweep(clients[1], shipped, seats, args.games)
            two = timed_sweep(clients[2], shipped, seats, args.games)
            rounds.append({"one_worker_seconds": round(one, 2), "two_workers_seconds": round(two, 2),
                           "efficiency": round(one / (2 * two), 3)})
    efficiencies = [r["efficiency"] for r in rounds]
    out = {"pack": args.pack, "mode": args.mode, "games": args.games, "cores": os.cpu_count(),
           "load_average": os.getloadavg(), "local_games_per_second": round(args.games / local.play_seconds, 2),
           "start_seconds": start, "rounds": rounds, "efficiency_1_to_2": statistics.median(efficiencies)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.pack} {args.mode}, {args.games} games a sweep, {out['cores']} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in out['load_average'])} at the end")
    print(f"  local: {out['local_games_per_second']:.2f} games/s; clusters started in {start[1]} s "
          f"(1 worker) and {start[2]} s (2 workers)")
    for i, r in enumerate(rounds, 1):
        print(f"  round {i}: 1 worker {args.games / r['one_worker_seconds']:7.2f} games/s, 2 workers "
              f"{args.games / r['two_workers_seconds']:7.2f} games/s, efficiency {100 * r['efficiency']:.0f}%")
    print(f"  efficiency 1 → 2 workers, median of {len(rounds)} rounds: {100 * out['efficiency_1_to_2']:.0f}% "
          f"(min {100 * min(efficiencies):.0f}%, max {100 * max(efficiencies):.0f}%; target ≥ 90%)")


if __name__ == "__main__":
    main()
