"""Language-server latency on THB (a script, never timed assertions): `spellcard lsp` runs as a
subprocess and is spoken to over its pipes, as an editor would.

    python bench/lsp.py [--rounds N] [--edits N] [--load N] [--json]

Figures, each the median of N rounds, each round with a fresh server and an empty cache:
  open cold  first diagnostics after opening rules/thb/characters.spell (every THB file parsed)
  open warm  the same from a second server on the same cache (the built trees read from disk)
  change     diagnostics after an edit never seen before (its declaration re-parsed, the pack re-checked)
  hover      hover on `draw(` right after a change (the file's index rebuilt), and again (warm)
  complete   completion after `event.` in unsaved text (the edited file re-parsed with a placeholder)
Then typing in THB's largest file, characters.spell, one server, --edits keystrokes (incremental
changes: a window name misspelt and mended in turn across the file, one keystroke in ten a new line
or its removal, so the lines below move), each waited for:
  edit p50/p95      diagnostics after a keystroke (the wait for the typing to pause included)
  edit cpu          the server process's CPU time per keystroke (user + system; Linux), which the
                    machine's load does not inflate as it does the wall-clock figures
  complete p50/p95  completion sent together with a keystroke, until its answer
With --load N, the typing is measured again while N processes spin on the CPU, and each figure is
also given as a ratio to the run without them (the machine's own load average is printed too).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
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


async def typing(cache: str, edits: int) -> dict:
    text = FILE.read_text("utf-8")
    lines = text.split("\n")
    spots = [(i, ln.index("damage.taken") + len("damage.")) for i, ln in enumerate(lines) if "on damage.taken" in ln]
    ask = next((i, ln.index("when event.") + len("when event.")) for i, ln in enumerate(lines)
               if "on damage.taken when event." in ln)
    s = Session()
    await s.start(env={"SPELLCARD_CACHE": cache})
    try:
        await s.open(FILE, text)
        server = _server_pid()
        cpu0 = _cpu(server)
        diagnostics, completions = [], []
        for k in range(edits):
            line, col = spots[(k // 2 * 7) % len(spots)]
            t0 = time.perf_counter()
            if k % 10 == 8:                              # a new line, and then its removal (the lines below move)
                diags = await s.edit(FILE, line, len(lines[line]), len(lines[line]), "\n")
            elif k % 10 == 9:
                diags = await s.edit(FILE, line, len(lines[line]), len(lines[line]) + 1, "")
            else:
                diags = await s.edit(FILE, line, col, col + 5, "takne" if k % 2 == 0 else "taken")
            diagnostics.append(time.perf_counter() - t0)
            misspelt = k % 2 == 0 and k % 10 != 8
            assert bool(diags) == misspelt, "a misspelt window is reported, and the mending clears it"
        cpu = (_cpu(server) - cpu0) / edits if server else float("nan")
        for k in range(max(2, edits // 4)):
            line, col = spots[(k * 5) % len(spots)]
            pending = asyncio.ensure_future(s.edit(FILE, line, col, col + 5, "takne" if k % 2 == 0 else "taken"))
            await asyncio.sleep(0)                       # the keystroke is sent
            t0 = time.perf_counter()
            items = await s.complete(FILE, *ask)
            completions.append(time.perf_counter() - t0)
            assert "amount" in {i.label for i in items}
            await pending
        if edits // 4 % 2:
            await s.edit(FILE, *spots[0][:1], spots[0][1], spots[0][1] + 5, "taken")
    finally:
        await s.stop()
    return {"edit p50": _pct(diagnostics, 50), "edit p95": _pct(diagnostics, 95), "edit cpu": cpu,
            "complete p50": _pct(completions, 50), "complete p95": _pct(completions, 95)}


def _pct(xs: list[float], p: int) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def _server_pid() -> int | None:
    """The running `spellcard lsp` this process started (Linux: /proc), for its CPU time."""
    try:
        children = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split()
        return next(int(c) for c in children if b"lsp" in Path(f"/proc/{c}/cmdline").read_bytes())
    except (OSError, StopIteration):
        return None


def _cpu(pid: int | None) -> float:
    """Seconds of CPU the process has used (user + system), or 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def _spinners(n: int) -> list:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--edits", type=int, default=60, help="keystrokes in the typing figures (default 60)")
    ap.add_argument("--load", type=int, default=0, metavar="N",
                    help="measure the typing again with N processes spinning on the CPU")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rounds = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory() as cache:
            rounds.append(asyncio.run(one_round(cache)))
    result = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    with tempfile.TemporaryDirectory() as cache:
        result.update(asyncio.run(typing(cache, args.edits)))
        loaded = {}
        if args.load:
            spinning = _spinners(args.load)
            try:
                loaded = asyncio.run(typing(cache, args.edits))
            finally:
                for p in spinning:
                    p.kill()
                    p.wait()
    if args.json:
        print(json.dumps({**result, **{f"{k} loaded": v for k, v in loaded.items()}}))
        return
    for k, v in result.items():
        print(f"{k:>13}: {v * 1000:7.0f} ms" + (f"  (median of {args.rounds})" if k in rounds[0] else ""))
    if loaded:
        print(f"with {args.load} processes spinning ({os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}):")
        for k, v in loaded.items():
            print(f"{k:>13}: {v * 1000:7.0f} ms  ({v / result[k]:.2f}x the run without them)")


if __name__ == "__main__":
    main()
