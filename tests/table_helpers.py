"""Helpers for the table's tests: a real `spellcard play` server on a free port of 127.0.0.1, and a seat
client over a real WebSocket."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOVE_LETTER = str(ROOT / "examples" / "love_letter")
SPELLCARD = [sys.executable, "-m", "spellcard"]


@contextmanager
def served(*args: str, timeout: float = 60):
    """Start `spellcard play ARGS --no-open --port 0`; yield its printed URLs by name ("seat 0", "watch")."""
    proc = subprocess.Popen([*SPELLCARD, "play", *args, "--no-open", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        urls = {}
        deadline = time.monotonic() + timeout
        while "seed" not in urls:
            line = proc.stdout.readline()
            if not line or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {proc.stderr.read() if proc.poll() is not None else ''}")
            key, _, value = line.strip().partition(": ")
            urls[key] = value
        yield urls
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def ws_url(seat_url: str) -> str:
    return seat_url.replace("http://", "ws://").replace("/seat/", "/ws/")


class Seat:
    """A seat's WebSocket: every message read is kept (frames for the leak checks)."""

    def __init__(self, url: str):
        from websockets.sync.client import connect

        self.url = url
        self.stack = ExitStack()
        self.ws = self.stack.enter_context(connect(ws_url(url), max_size=2 ** 24, open_timeout=30))
        # A message is written in pieces: without this, each piece after the first would wait for
        # the server's delayed acknowledgement (Nagle's algorithm), some 40 ms a message.
        self.ws.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.frame = None
        self.unread: list[dict] = []         # messages read while waiting for another kind
        self.answered: set = set()

    def close(self) -> None:
        self.stack.close()

    def recv(self, timeout: float = 60) -> dict:
        raw = self.ws.recv(timeout=timeout)
        self.raw.append(raw)
        msg = json.loads(raw)
        self.messages.append(msg)
        if msg["type"] == "frame":
            self.frame = msg
        return msg

    def until(self, test, timeout: float = 60) -> dict:
        """The first message, read before or now, that passes `test`; the others stay unread."""
        for i, msg in enumerate(self.unread):
            if test(msg):
                del self.unread[i]
                return msg
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.1, deadline - time.monotonic()))
            if test(msg):
                return msg
            self.unread.append(msg)

    def decision(self, timeout: float = 60) -> dict:
        """The next frame that asks this seat something, or says the game is over."""
        return self.until(lambda m: m["type"] == "frame" and (m["over"] is not None or m["decision"] is not None
                                                              and m["decision"]["id"] not in self.answered), timeout)

    def reply(self, timeout: float = 30) -> dict:
        return self.until(lambda m: m["type"] in ("refused", "accepted"), timeout)

    def send(self, data) -> None:
        self.ws.send(data if isinstance(data, (str, bytes)) else json.dumps(data))

    def answer(self, frame: dict, answer) -> dict:
        self.send({"type": "answer", "decision": frame["decision"]["id"], "answer": answer})
        reply = self.reply()
        if reply["type"] == "accepted":
            self.answered.add(frame["decision"]["id"])
        return reply


def first_answer(d: dict):
    """A legal answer: the first option, or the fewest first options of a multi-pick."""
    return list(range(d["min"])) if d["kind"] == "many" else 0
