"""The server's stdio transport: frames read so that one bad frame cannot make the server deaf.

pygls' own reader trusts every `Content-Length`: a wrong one leaves it reading headers from the middle
of bodies for the rest of the session, and a request whose params do not fit the protocol's types is
dropped with no reply, so the editor waits for ever. Here each frame is found by its header (a
`Content-Length: N` line, which raw JSON can never contain, since JSON strings hold no raw line
breaks), a frame cut short by the next header is set aside and the reading goes on from that header,
and a request that cannot be read is answered with the JSON-RPC error (`Invalid params`, `-32602`).
Everything else is pygls' public API: `structure_message`, `handle_message`, a feature handler.
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sys
import threading
from typing import Iterator, Optional

import cattrs
from cattrs.v import format_exception
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcParseError
from pygls.io_ import StdoutWriter
from pygls.protocol.json_rpc import JsonRPCRequestMessage

log = logging.getLogger(__name__)

_HEADER = re.compile(rb"Content-Length:[ \t]*(\d+)[ \t]*\r\n", re.I)
_END = b"\r\n\r\n"
MAX_FRAME = 64 * 1024 * 1024        # a frame declared larger is not waited for: the header is skipped
REFUSED = "$/spellcard/refused"      # the feature that answers a request the server could not read


class Frames:
    """Bodies out of a byte stream, resynchronising on the next header after a wrong length."""

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> Iterator[bytes]:
        """The bodies complete after `data`, in order; a broken frame's bytes too (they fail to
        parse as JSON, and are reported as such)."""
        self._buf += data
        while True:
            m = _HEADER.search(self._buf)
            if m is None:
                del self._buf[:max(0, len(self._buf) - 64)]    # keep what may be a header's start
                return
            if m.start() > 0:
                log.warning("skipped %d bytes before a header", m.start())
                del self._buf[:m.start()]
                continue
            end = self._buf.find(_END, m.start())
            if end < 0:
                if len(self._buf) > 4096:                      # no end to these headers: not a frame
                    del self._buf[:m.end()]
                    continue
                return
            length, start = int(m.group(1)), end + len(_END)
            if length > MAX_FRAME:
                log.warning("skipped a frame declaring %d bytes", length)
                del self._buf[:start]
                continue
            body = self._buf[start:start + length]
            early = _HEADER.search(body)
            if early is not None:                              # the length ran into the next frame
                body = bytes(body[:early.start()])
                del self._buf[:start + early.start()]
                yield body
                continue
            if len(body) < length:
                return
            del self._buf[:start + length]
            yield bytes(body)


def dispatch(protocol, body: bytes) -> None:
    """Hand one body to pygls; a request it cannot read gets the JSON-RPC error as its reply."""
    try:
        raw = json.loads(body)
    except ValueError as err:
        log.error("a frame that is not JSON (%s): %r", err, body[:200])
        salvaged = _salvage(body)
        if _request_id(salvaged) is not None:
            _refuse(protocol, salvaged, JsonRpcParseError(f"Parse error: {err}"))
        return
    try:
        message = protocol.structure_message(raw) if isinstance(raw, dict) else raw
    except JsonRpcException as err:
        log.error("a message that does not fit the protocol: %s", _why(err))
        if _request_id(raw) is not None:
            _refuse(protocol, raw, JsonRpcInvalidParams(f"Invalid params for {raw.get('method')}: {_why(err)}"))
        return
    if not hasattr(message, "jsonrpc"):
        log.error("not a JSON-RPC message: %r", body[:200])
        return
    protocol.handle_message(message)


def _salvage(body: bytes) -> Optional[dict]:
    """The `id` and `method` of a body that is not JSON, when they can be read from it."""
    m = re.search(rb'"id"\s*:\s*(\d+|"[^"\\]{0,200}")', body)
    method = re.search(rb'"method"\s*:\s*"([^"\\]{1,200})"', body)
    if m is None or method is None:
        return None
    return {"id": json.loads(m.group(1)), "method": method.group(1).decode("utf-8", "replace")}


def _request_id(raw) -> Optional[object]:
    if isinstance(raw, dict) and "method" in raw and isinstance(raw.get("id"), (int, str)) \
            and not isinstance(raw.get("id"), bool):
        return raw["id"]
    return None


def _refuse(protocol, raw: dict, error: JsonRpcException) -> None:
    """Answer request `raw` with `error`, through pygls' own request path (the REFUSED feature
    raises it), so the reply is written as every other one is."""
    protocol.handle_message(JsonRPCRequestMessage(id=raw["id"], method=REFUSED, jsonrpc="2.0",
                                                  params={"code": error.code, "message": error.message}))


def refused(params) -> None:
    """The REFUSED feature: raise the error the transport chose (pygls sends it as the reply)."""
    code = params.get("code") if isinstance(params, dict) else None
    message = params.get("message") if isinstance(params, dict) else "Invalid params"
    raise JsonRpcException(message=message, code=code if isinstance(code, int) else JsonRpcInvalidParams.CODE)


def _why(err: JsonRpcException) -> str:
    """One line: what did not fit (cattrs' own account of the failed fields)."""
    cause = err.__cause__
    if isinstance(cause, (cattrs.ClassValidationError, cattrs.IterableValidationError)):
        return "; ".join(cattrs.transform_error(cause, format_exception=_say))[:500]
    return str(cause or err)[:500]


def _say(exc: BaseException, type_) -> str:
    """A field's failure as its validator put it ("Position.line should be in range …"), else cattrs' words."""
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    return format_exception(exc, type_)


def serve(server, stdin=None, stdout=None) -> None:
    """Run `server` on stdin/stdout until the client exits or closes the pipe."""
    server.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    fd = (stdin or sys.stdin.buffer).fileno()
    try:
        asyncio.run(_loop(server.protocol, fd))
    except BrokenPipeError:
        log.error("the client closed the connection")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


async def _loop(protocol, fd: int) -> None:
    """Bytes arrive from a daemon thread (it never holds up the exit); every frame they complete is
    dispatched before the loop runs anything else, so a burst of edits is all applied before the
    (coalesced) analysis that follows it."""
    loop = asyncio.get_running_loop()
    chunks: asyncio.Queue = asyncio.Queue()

    def pump() -> None:
        while True:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                data = b""
            loop.call_soon_threadsafe(chunks.put_nowait, data)
            if not data:
                return

    threading.Thread(target=pump, name="stdin", daemon=True).start()
    frames = Frames()
    while True:
        data = await chunks.get()
        if not data:
            return
        for body in frames.feed(data):
            try:
                dispatch(protocol, body)
            except (SystemExit, KeyboardInterrupt, BrokenPipeError):
                raise
            except Exception:                       # one bad message never stops the server
                log.exception("could not handle a message")
