"""Scaling of `spellcard balance --backend dask` from 1 to 2 workers on this machine (a script, never
timed assertions).

    python bench/balance.py [--pack thb] [--mode Identity5Mode] [--games 200] [--json]

Each cluster (a LocalCluster of single-threaded worker processes) is started, warmed up with a small
sweep (so the pack's load and the workers' imports are not counted), then timed over --games games;
efficiency = games/s with 2 workers ÷ (2 × games/s with 1). Starting the cluster is timed apart: a
sweep pays it once. The local backend's games/s is printed beside them as the yardstick. On a machine
shared with other work the figures say more about the neighbours than about Dask: say so with them.
"""
from __future__ import annotations

import argparse
import json
import os
import time

from spellcard.balance.sweep import Seats, ShippedPack, dask_client, run_local, sweep_on
from spellcard.compiler.pack import compile_pack
from spellcard.simulate import Table


def on_cluster(shipped: ShippedPack, seats: Seats, workers: int, games: int) -> dict:
    started = time.perf_counter()
    with dask_client(workers) as client:
        start = time.perf_counter() - started
        sweep_on(client, shipped, seats, 10_000, 2 * workers)           # warm-up: other seeds
        t = time.perf_counter()
        counts = sweep_on(client, shipped, seats, 0, games)
        seconds = time.perf_counter() - t
    return {"workers": workers, "games": counts.games, "seconds": round(seconds, 2),
            "games_per_second": round(counts.games / seconds, 2), "start_seconds": round(start, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="thb")
    ap.add_argument("--mode", default="Identity5Mode")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    compiled = compile_pack(args.pack)
    mode = compiled.pack.modes[args.mode]
    seats = Seats.of(Table(compiled.pack, mode.name, mode.min_players))
    shipped = ShippedPack.of(compiled.pack, compiled.code)
    _, local = run_local(compiled.pack, seats, 0, args.games, lambda n: None)
    one = on_cluster(shipped, seats, 1, args.games)
    two = on_cluster(shipped, seats, 2, args.games)
    out = {"pack": args.pack, "mode": args.mode, "cores": os.cpu_count(), "load_average": os.getloadavg(),
           "local_games_per_second": round(args.games / local.play_seconds, 2), "dask": [one, two],
           "efficiency_1_to_2": round(two["games_per_second"] / (2 * one["games_per_second"]), 3)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.pack} {args.mode}, {args.games} games, {out['cores']} cores, load average "
          f"{' '.join(f'{x:.1f}' for x in out['load_average'])} at the end")
    print(f"  local            {out['local_games_per_second']:7.2f} games/s")
    for r in (one, two):
        print(f"  dask, {r['workers']} worker{'s' if r['workers'] > 1 else ' '}  {r['games_per_second']:7.2f} games/s "
              f"({r['seconds']} s; {r['start_seconds']} s to start the cluster)")
    print(f"  efficiency 1 → 2 workers: {100 * out['efficiency_1_to_2']:.0f}% (target ≥ 90%)")


if __name__ == "__main__":
    main()
