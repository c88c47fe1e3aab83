"""A client that writes raw frames to `spellcard lsp` (wrong lengths, params that fit no type) and
reads what comes back, for the tests of what a well-behaved client library never sends."""
from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from .client import ROOT, uri

TIMEOUT = 60


class Raw:
    def __init__(self, root: Path = ROOT) -> None:
        exe = Path(sys.executable).with_name("spellcard")
        self.proc = subprocess.Popen([str(exe), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=str(root))
        self.inbox: queue.Queue = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": None, "rootUri": uri(root), "capabilities": {}}, 0)
        self.reply(0)
        self.notify("initialized", {})

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                ch = out.read(1)
                if not ch:
                    return
                header += ch
            length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            self.inbox.put(json.loads(out.read(length)))

    def frame(self, message: dict, length_change: int = 0) -> bytes:
        body = json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % (len(body) + length_change) + body

    def write(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def request(self, method: str, params, id, length_change: int = 0) -> None:
        self.write(self.frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params}, length_change))

    def notify(self, method: str, params) -> None:
        self.write(self.frame({"jsonrpc": "2.0", "method": method, "params": params}))

    def wait(self, test, timeout: float = TIMEOUT) -> dict:
        """The first message (already seen or to come) for which `test` holds."""
        for m in self.seen:
            if test(m):
                return m
        end = time.monotonic() + timeout
        while True:
            try:
                m = self.inbox.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no such message within {timeout} s") from None
            self.seen.append(m)
            if test(m):
                return m

    def reply(self, id, timeout: float = TIMEOUT) -> dict:
        return self.wait(lambda m: m.get("id") == id and "method" not in m, timeout)

    def close(self) -> None:
        try:
            self.request("shutdown", None, "bye")
            self.reply("bye", 20)
            self.notify("exit", None)
            self.proc.wait(20)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
