"""Language-server latency on THB (a script, never timed assertions): `spellcard lsp` runs as a
subprocess and is spoken to over its pipes, as an editor would.

    python bench/lsp.py [--rounds N] [--json]

Figures, each the median of N rounds (a fresh server per round for the first):
  open     first diagnostics after opening rules/thb/characters.spell (every THB file parsed)
  change   diagnostics after an edit to it (only that file re-parsed; the whole pack re-checked)
  hover    hover on `draw(` once the pack is checked
  complete completion after `event.` in unsaved text (the edited file re-parsed with a placeholder)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.lsp.client import ROOT, Session  # noqa: E402

FILE = ROOT / "rules/thb/characters.spell"


async def one_round() -> dict:
    text = FILE.read_text("utf-8")
    lines = text.split("\n")
    s = Session()
    await s.start()
    try:
        t0 = time.perf_counter()
        await s.open(FILE, text)
        t1 = time.perf_counter()
        edited = text.replace("on damage.taken when", "on damage.takne when", 1)
        await s.change(FILE, edited)
        t2 = time.perf_counter()
        await s.change(FILE, text)
        line = next(i for i, ln in enumerate(lines) if "draw(owner" in ln)
        t3 = time.perf_counter()
        await s.hover(FILE, line, lines[line].index("draw(") + 1)
        t4 = time.perf_counter()
        probe = text + '\nskill Probe "試" {\n  on damage.taken when event.\n}\n'
        await s.change(FILE, probe)
        t5 = time.perf_counter()
        await s.complete(FILE, len(probe.split("\n")) - 3, len("  on damage.taken when event."))
        t6 = time.perf_counter()
        return {"open": t1 - t0, "change": t2 - t1, "hover": t4 - t3, "complete": t6 - t5}
    finally:
        await s.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rounds = [asyncio.run(one_round()) for _ in range(args.rounds)]
    result = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>9}: {v * 1000:7.0f} ms  (median of {args.rounds})")


if __name__ == "__main__":
    main()
