"""A remote seat for `spellcard play`: a program that takes a person's seat over the seat protocol
(docs/play.md) and answers every decision put to it, here at random among the legal answers.

    spellcard play examples/love_letter --seats human,human --no-open
    python examples/remote_seat.py http://127.0.0.1:8765/seat/TOKEN          # one seat
    python examples/remote_seat.py URL --seed 3 --quiet                      # another, quietly

It needs only the `websockets` package. It stops when the game is over. Replace `choose` with your
own player: it is handed the frame (the seat's view) and the decision, and returns an option number,
or a list of them for a decision of kind "many".
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from urllib.parse import urlsplit

import websockets


def choose(frame: dict, decision: dict, rng: random.Random):
    """An answer: an option's number, or for kind "many" a list of min to max of them."""
    n = len(decision["options"])
    if decision["kind"] == "many":
        k = rng.randint(decision["min"], min(decision["max"], n))
        return sorted(rng.sample(range(n), k))
    return rng.randrange(n)


def socket_url(seat_url: str) -> str:
    """The seat's WebSocket: its page's URL, /seat/ replaced by /ws/, http by ws."""
    parts = urlsplit(seat_url)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{parts.path.replace('/seat/', '/ws/', 1)}"


async def play(seat_url: str, seed: int, quiet: bool) -> int:
    rng = random.Random(seed)
    answered = None
    async with websockets.connect(socket_url(seat_url), max_size=2**24) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "refused":
                print(f"refused: {msg['reason']}", file=sys.stderr)
            if msg["type"] != "frame":
                continue
            if not quiet:
                for line in msg["log"]["lines"]:
                    print(line)
            if msg["over"] is not None:
                print(f"game over: {msg['over']}")
                return 0
            d = msg["decision"]
            if d is not None and d["id"] != answered:
                answered = d["id"]
                await ws.send(json.dumps({"type": "answer", "decision": d["id"], "answer": choose(msg, d, rng)}))
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description="Take a seat at a `spellcard play` table and answer at random.")
    parser.add_argument("url", help="the seat's URL, as `spellcard play` prints it")
    parser.add_argument("--seed", type=int, default=0, help="the random answers' seed")
    parser.add_argument("--quiet", action="store_true", help="do not print the seat's log")
    args = parser.parse_args()
    sys.exit(asyncio.run(play(args.url, args.seed, args.quiet)))


if __name__ == "__main__":
    main()
