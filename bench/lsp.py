"""Language-server latency on THB (a script, never timed assertions): `spellcard lsp` runs as a
subprocess and is spoken to over its pipes, as an editor would.

    python bench/lsp.py [--rounds N] [--json]

Figures, each the median of N rounds, each round with a fresh server and an empty cache:
  open cold  first diagnostics after opening rules/thb/characters.spell (every THB file parsed)
  open warm  the same from a second server on the same cache (the built trees read from disk)
  change     diagnostics after an edit never seen before (its declaration re-parsed, the pack re-checked)
  hover      hover on `draw(` right after a change (the file's index rebuilt), and again (warm)
  complete   completion after `event.` in unsaved text (the edited file re-parsed with a placeholder)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.lsp.client import ROOT, Session  # noqa: E402

FILE = ROOT / "rules/thb/characters.spell"


async def timed(coro) -> float:
    t0 = time.perf_counter()
    await coro
    return time.perf_counter() - t0


async def one_round(cache: str) -> dict:
    text = FILE.read_text("utf-8")
    lines = text.split("\n")
    out = {}
    for label in ("open cold", "open warm"):
        s = Session()
        await s.start(env={"SPELLCARD_CACHE": cache})
        try:
            out[label] = await timed(s.open(FILE, text))
        finally:
            if label == "open cold":
                await s.stop()
    try:
        nonce = f"# edit {time.time_ns()}"            # a text no cache has seen
        edited = text.replace("on damage.taken when", "on damage.takne when", 1) + nonce
        t0 = time.perf_counter()
        assert await s.change(FILE, edited), "the misspelt window must be reported"
        out["change"] = time.perf_counter() - t0
        line = next(i for i, ln in enumerate(lines) if "draw(owner" in ln)
        t0 = time.perf_counter()
        assert "amount: int" in (await s.hover(FILE, line, lines[line].index("draw(") + 1)).contents.value
        out["hover"] = time.perf_counter() - t0
        out["hover warm"] = await timed(s.hover(FILE, line, lines[line].index("draw(") + 1))
        probe = text + f'\nskill Probe "試" {{\n  on damage.taken when event.\n}}\n{nonce}'
        await s.change(FILE, probe)
        t0 = time.perf_counter()
        items = await s.complete(FILE, len(probe.split("\n")) - 3, len("  on damage.taken when event."))
        out["complete"] = time.perf_counter() - t0
        assert "amount" in {i.label for i in items}, "completion after `event.` must offer the fields"
        return out
    finally:
        await s.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rounds = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as cache:
            rounds.append(asyncio.run(one_round(cache)))
    result = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>10}: {v * 1000:7.0f} ms  (median of {args.rounds})")


if __name__ == "__main__":
    main()
