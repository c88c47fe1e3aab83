"""Do the same seeds still give the same games? A digest per seeded game, to compare across builds.

    python bench/same_games.py [--games N] [--pack P]… [--agent A]… [-o digests.txt] [--against old.txt]

Plays N seeded games of every mode of each pack (the mode's fewest players, as `simulate` does), for
each agent, logged, and writes one line per game: pack, mode, agent, seed and a SHA-256 of its whole
record (the log's lines, the answers, the result and the number of actions run). An engine change that
claims to change no game must leave every line as it was: `--against` the file an earlier build wrote
prints the games that differ and exits 1 if any does. Not a test: a full run takes minutes.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import time

from spellcard.compiler.pack.loader import load_pack
from spellcard.simulate import Table, play

PACKS = ("thb", "bots", "esper")


def digest(game, result) -> str:
    h = hashlib.sha256()
    for line in game.log.lines():
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    h.update(repr(game.answers).encode())
    h.update(repr(([p.seat for p in result.winners], result.turns, result.rounds, result.reason,
                   type(result.error).__name__ if result.error else None, str(result.error or ""),
                   result.steps)).encode("utf-8"))
    return h.hexdigest()[:20]


def lines(packs, agents, games: int, progress=None):
    for name in packs:
        pack = load_pack(name)
        for mode in pack.modes.values():
            for agent in agents:
                table = Table(pack, mode.name, mode.min_players, agent=agent)
                start = time.perf_counter()
                for seed in range(games):
                    game, result = play(table, seed, log=True)
                    yield f"{name} {mode.name} {agent} {seed} {digest(game, result)}"
                if progress:
                    progress(f"{name} {mode.name} {agent}: {games} games in {time.perf_counter() - start:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50, help="seeds 0..N-1 per mode and agent (default 50)")
    ap.add_argument("--pack", action="append", choices=PACKS, help="a pack to play (default: all three)")
    ap.add_argument("--agent", action="append", choices=("random", "greedy"),
                    help="an agent kind (default: random and greedy)")
    ap.add_argument("-o", "--output", help="write the digests here (default: standard output)")
    ap.add_argument("--against", help="a digest file from another build: report the games that differ")
    args = ap.parse_args()

    log = (lambda msg: print(msg, file=sys.stderr, flush=True))
    got = list(lines(args.pack or PACKS, args.agent or ("random", "greedy"), args.games, log))
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write("\n".join(got) + "\n")
    elif not args.against:
        print("\n".join(got))
    if args.against:
        with open(args.against, encoding="utf-8") as f:
            want = {line.rsplit(" ", 1)[0]: line for line in f.read().splitlines() if line}
        differ = [line for line in got if want.get(line.rsplit(" ", 1)[0]) != line]
        missing = len([k for k in {line.rsplit(" ", 1)[0] for line in got} if k not in want])
        for line in differ:
            print(f"differs: {line}")
        print(f"{len(got)} games, {len(differ)} differ ({missing} not in {args.against})")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
