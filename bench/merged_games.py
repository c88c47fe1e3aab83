"""Do two versions of a pack play the same games, but for skills merged into others?

    python bench/merged_games.py OLD_PACK NEW_PACK --merged CHILD=SKILL … [--games N] [--agent A]…

When a pack rewrites a skill split in two (an optional skill granting a locked one) as one skill
(a `locked` trigger inside it), its games stay the same but for their logs' names: the part's
grant and revoke entries are gone, and what fired under its name fires under the skill's. This
plays the same seeded games of every mode of both folders (the mode's fewest players, as
same_games.py does), reads the old games' logs with those names changed, and compares each game's
whole record: the log's lines, the answers, the result and the number of actions run. It prints the
games that differ, and how many games seated a merged skill at all; exit 1 if any differs.
"""
from __future__ import annotations

import argparse
import json
import sys

from spellcard.compiler.pack.loader import load_pack
from spellcard.simulate import Table, play


def record(game, result, merged: dict) -> tuple:
    """A game's record, with each merged part read as the skill it joined."""
    lines = []
    for entry in game.log.entries:
        if entry[0] in ("grant", "revoke") and entry[2] in merged:
            continue
        line = json.dumps(list(entry), ensure_ascii=False, separators=(",", ":"))
        for child, parent in merged.items():
            line = line.replace(json.dumps(child), json.dumps(parent))
        lines.append(line)
    outcome = ([p.seat for p in result.winners], result.turns, result.rounds, result.reason,
               str(result.error or ""), result.steps)
    return lines, repr(game.answers), outcome


def seated(game, names) -> bool:
    return any(e[0] == "grant" and e[2] in names for e in game.log.entries)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old", help="the pack before the rewrite (a name or a folder)")
    ap.add_argument("new", help="the pack after it")
    ap.add_argument("--merged", action="append", default=[], metavar="CHILD=SKILL",
                    help="a skill of the old pack that is now part of SKILL (repeatable)")
    ap.add_argument("--games", type=int, default=50, help="seeds 0..N-1 per mode and agent (default 50)")
    ap.add_argument("--agent", action="append", choices=("random", "greedy"),
                    help="an agent kind (default: random and greedy)")
    args = ap.parse_args()
    merged = dict(m.split("=", 1) for m in args.merged)
    old, new = load_pack(args.old), load_pack(args.new)
    games = differ = with_merged = 0
    for mode in new.modes.values():
        for agent in args.agent or ("random", "greedy"):
            tables = [Table(p, mode.name, mode.min_players, agent=agent) for p in (old, new)]
            for seed in range(args.games):
                (g0, r0), (g1, r1) = (play(t, seed, log=True) for t in tables)
                games += 1
                with_merged += seated(g0, merged)
                if record(g0, r0, merged) != record(g1, r1, {}):
                    differ += 1
                    print(f"differs: {mode.name} {agent} {seed}")
    print(f"{games} games, {differ} differ; {with_merged} seated a merged skill")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
