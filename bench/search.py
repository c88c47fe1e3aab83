"""The search agent against the random one (a script, never timed assertions): issue 14's targets.

    python bench/search.py [--games N] [--seed S] [--rollouts R] [--policy random|greedy] [--table PACK:MODE]… [--seat 0|1]… [--json]

For each table (THB Duel, bots Free with 2 players, esper Duel) it plays N games with the search agent
in seat 0 and N with it in seat 1 (game seeds S…S+N-1 in each order), and reports its win rate in each
order against the target (80%), seconds per game (wall and CPU, the forked clones' included: on a
shared machine the CPU time is the figure that means something), answers and searched decisions per
game, and rollouts per CPU second. Each pack plays with its own `search` line's settings, as
`simulate --agent search` does, unless --rollouts or --policy is given. The same arguments give the
same games; only the timings vary.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.agents.search import DEFAULT_POLICY, DEFAULT_ROLLOUTS, POLICIES, SearchAgent
from spellcard.simulate import Table, agent_seed, play

TABLES = [("thb", "Duel"), ("bots", "Free"), ("esper", "Duel")]
TARGET = 0.8


def order(table: Table, seeds: range, searcher: int, options: dict, on_game) -> dict:
    """Games with the search agent in seat `searcher`: its wins, and what its search cost."""
    won = rollouts = answers = searched = 0
    wall = cpu = 0.0
    games = len(seeds)
    for seed in seeds:
        agents = [SearchAgent(agent_seed(seed, seat), **options) if seat == searcher
                  else RandomAgent(agent_seed(seed, seat)) for seat in range(table.players)]
        start, start_cpu = time.perf_counter(), cpu_seconds()
        game, result = play(table, seed, agents=agents)
        wall += time.perf_counter() - start
        spent = cpu_seconds() - start_cpu
        cpu += spent
        won += any(p.seat == searcher for p in result.winners)
        rollouts += agents[searcher].played
        searched += agents[searcher].searched
        answers += len(game.answers)
        on_game(seed, result, agents[searcher], len(game.answers), spent)
    return {"seat": searcher, "seeds": [seeds.start, seeds.stop - 1], "games": games, "won": won, "rate": round(won / games, 3),
            "seconds_per_game": round(wall / games, 2), "cpu_seconds_per_game": round(cpu / games, 2),
            "rollouts_per_game": round(rollouts / games, 1), "answers_per_game": round(answers / games, 1),
            "searched_per_game": round(searched / games, 1),
            "rollouts_per_cpu_second": round(rollouts / cpu, 1) if cpu else 0.0}


def cpu_seconds() -> float:
    """This process's CPU time and its ended children's: the forked clones' rollouts count too."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per seat order (default 30)")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0): game i uses SEED+i")
    ap.add_argument("--rollouts", type=int,
                    help=f"rollouts per decision (default: the pack's `search` line, else {DEFAULT_ROLLOUTS})")
    ap.add_argument("--policy", choices=sorted(POLICIES),
                    help=f"the rollouts' policy (default: the pack's `search` line, else {DEFAULT_POLICY})")
    ap.add_argument("--table", action="append", metavar="PACK:MODE",
                    help="a table to play (repeatable; default: " + ", ".join(f"{p}:{m}" for p, m in TABLES) + ")")
    ap.add_argument("--seat", type=int, choices=(0, 1), action="append",
                    help="the search agent's seat (repeatable; default: both orders)")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    args = ap.parse_args()
    tables = [tuple(t.split(":", 1)) for t in args.table] if args.table else TABLES
    rows = []
    for pack_name, mode in tables:
        pack = load_pack(pack_name)
        options = {"rollouts": DEFAULT_ROLLOUTS, "policy": DEFAULT_POLICY, **pack.search}
        options.update({k: v for k, v in (("rollouts", args.rollouts), ("policy", args.policy)) if v is not None})
        table = Table(pack, mode, 2)
        for searcher in args.seat or (0, 1):
            def progress(seed, result, agent, answers, cpu):
                if not args.json:
                    won = "won" if any(p.seat == searcher for p in result.winners) else result.reason
                    print(f"  {pack_name} {mode} seat {searcher} seed {seed}: {won}, {answers} answers, "
                          f"{agent.searched} searched, {agent.played} rollouts, {cpu:.1f} s of CPU",
                          file=sys.stderr, flush=True)
            row = {"pack": pack_name, "mode": mode, **options, **order(table, range(args.seed, args.seed + args.games), searcher, options,
                                                                progress)}
            row["target_met"] = row["rate"] >= TARGET
            rows.append(row)
            if not args.json:
                print(f"{pack_name:6} {mode:6} {options['rollouts']} rollouts, {options['policy']} policy, "
                      f"search in seat {searcher}: won {row['won']}/{row['games']} "
                      f"({row['rate']:.0%}, target {TARGET:.0%}: {'met' if row['target_met'] else 'NOT met'}), "
                      f"{row['seconds_per_game']} s/game ({row['cpu_seconds_per_game']} s of CPU), "
                      f"{row['answers_per_game']} answers and {row['searched_per_game']} searched decisions "
                      f"a game, {row['rollouts_per_cpu_second']} rollouts per CPU second", flush=True)
    if args.json:
        print(json.dumps({"tables": rows}))


if __name__ == "__main__":
    main()
