"""Language-server latency on the big generated pack (a script, never timed assertions): `spellcard lsp`
runs as a subprocess and is spoken to over its pipes, as an editor would.

    python bench/lsp_big.py [--characters N] [--seed S] [--edits N] [--json]

The pack is bench/big_pack.py's (N characters extending THB, default 2,000) in a temporary folder,
with an empty cache. Figures:
  open        first diagnostics after opening characters_000.spell (the whole pack parsed and checked)
  first       an edit (a character's hit points, as bench/big_check.py makes it) from `didChange` sent
              until the first diagnostics published for it (what the editor shows first)
  settled     the same, until the last diagnostics published for it (nothing more comes in the
              second after): what a user waits for before the editor shows what `spellcard check`
              says, pauses the server waits for included
  full        the same edit and a save sent together, until the save's diagnostics: the full check
              with the edit, which starts from the last one's record in memory (spellcard/lsp/units.py)
  cpu         the server process's CPU time for those (user + system; Linux), which the machine's
              load does not inflate as it does the wall-clock figures
  (p50, p90 and p95 of each, over --edits edits)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as L

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from big_pack import hp_edited, write_pack  # noqa: E402  (a sibling script, not a package)
from lsp import _cpu, _pct, _server_pid  # noqa: E402  (bench/lsp.py's: the server's CPU time, from /proc)
from tests.lsp.client import Session, uri  # noqa: E402


async def measure(pack: Path, edits: int) -> dict:
    path = pack / "characters_000.spell"
    text = path.read_text("utf-8")
    s = Session()
    await s.start(root=pack)
    try:
        t0 = time.perf_counter()
        await s.open(path, text)
        out = {"open": time.perf_counter() - t0}
        first, settled, full, first_cpu, cpu = [], [], [], [], []
        server = _server_pid()
        for k in range(edits):
            text = hp_edited(text, k)
            t0, c0 = time.perf_counter(), _cpu(server)
            await s.change(path, text)
            first.append(time.perf_counter() - t0)
            first_cpu.append(_cpu(server) - c0)
            await asyncio.sleep(1.0)                    # any full check that follows the typing's pause
            settled.append(s.arrived[uri(path)] - t0)
            text = hp_edited(text, k + 3)
            u = uri(path)
            s.versions[u] += 1
            t0, c0 = time.perf_counter(), _cpu(server)
            s.client.text_document_did_change(L.DidChangeTextDocumentParams(
                text_document=L.VersionedTextDocumentIdentifier(uri=u, version=s.versions[u]),
                content_changes=[L.TextDocumentContentChangeWholeDocument(text=text)]))
            s.client.text_document_did_save(L.DidSaveTextDocumentParams(text_document=L.TextDocumentIdentifier(uri=u)))
            await s.symbols(path)                       # answered once the save's diagnostics were sent
            full.append(time.perf_counter() - t0)
            cpu.append(_cpu(server) - c0)
    finally:
        await s.stop()
    for name, xs in (("first", first), ("first cpu", first_cpu), ("settled", settled), ("full", full),
                     ("full cpu", cpu)):
        out.update({f"{name} p{p}": _pct(xs, p) for p in (50, 90, 95)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--characters", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--edits", type=int, default=10)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / f"big_{args.characters}"
        write_pack(pack, args.characters, args.seed)
        os.environ["SPELLCARD_CACHE"] = str(Path(tmp) / "cache")     # the server inherits it
        result = asyncio.run(measure(pack.resolve(), args.edits))
    if args.json:
        print(json.dumps(result))
        return
    for k, v in result.items():
        print(f"{k:>12}: {v * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
