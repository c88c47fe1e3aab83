"""The table's web server: Starlette pages and WebSockets, served by uvicorn.

Every URL but the static files carries a secret token: a seat's (its page, its WebSocket, its designer
tools), the watchers', or the hot seat's (one page holding every person's seat, for a designer alone).
A message is checked before it reaches the game: too long, not JSON, not an object, of an unknown type,
for another seat, for a decision not asked, or an answer not among the options, it is refused with a
reason and the connection stays open (docs/play.md).
"""
from __future__ import annotations

import asyncio
import json
import secrets
from typing import Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from spellcard.table.session import Session

MAX_MESSAGE = 64 * 1024
"""A message from a page is an answer or a request: far shorter. Longer ones are refused, unread."""
WS_MAX_SIZE = 1024 * 1024
"""uvicorn closes a connection whose message is longer than this (before we could refuse it)."""
PROTOCOL = 1

WATCH = "watch"
HOT = "hot"


def find(session: Session, token: str):
    """The seat a token opens (an int), WATCH, HOT, or None; compared in constant time."""
    found = None
    for seat, t in session.tokens.items():
        if secrets.compare_digest(t, token):
            found = seat
    if secrets.compare_digest(session.watch_token, token):
        found = WATCH
    if len(session.tokens) > 1 and secrets.compare_digest(session.hot_token, token):
        found = HOT
    return found


def make_app(session: Session) -> Starlette:
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(loader=PackageLoader("spellcard.table", "templates"), autoescape=select_autoescape())
    page = env.get_template("table.html.j2")
    setup = session.setup
    title = f"{setup.pack.name} · {setup.mode}"

    async def seat_page(request):
        token = request.path_params["token"]
        who = find(session, token)
        if who is None:
            return PlainTextResponse("no such seat", status_code=404)
        if who == HOT:
            seats = [{"seat": s, "token": t} for s, t in session.tokens.items()]
        elif who == WATCH:
            seats = [{"seat": None, "token": token}]
        else:
            seats = [{"seat": who, "token": token}]
        boot = json.dumps({"seats": seats, "players": setup.players, "protocol": PROTOCOL}).replace("</", "<\\/")
        return HTMLResponse(page.render(title=title, boot=boot))

    async def saved(request):
        token, what = request.path_params["token"], request.path_params["what"]
        seat = find(session, token)
        if not isinstance(seat, int):
            return PlainTextResponse("no such seat", status_code=404)
        if not setup.tools:
            return PlainTextResponse("the designer's tools are off at this table", status_code=403)
        from .files import FileRefused, game_log, moment_test

        try:
            if what == "game.log":
                text = await run_in_threadpool(game_log, session)
            elif what == "moment.spell":
                text = await run_in_threadpool(moment_test, session, seat)
            else:
                return PlainTextResponse("no such file", status_code=404)
        except FileRefused as err:
            return PlainTextResponse(str(err), status_code=409)
        return Response(text, media_type="text/plain; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{what}"'})

    async def texts(request):
        if find(session, request.path_params["token"]) is None:
            return PlainTextResponse("no such seat", status_code=404)
        from .texts import pack_texts

        return JSONResponse(await run_in_threadpool(pack_texts, setup.pack_target, setup.extra))

    async def socket(ws: WebSocket):
        who = find(session, ws.path_params["token"])
        if who is None or who == HOT:
            await ws.close(code=4404)
            return
        await ws.accept()
        await Connection(session, ws, None if who == WATCH else who).serve()

    routes = [Route("/seat/{token}", seat_page), Route("/file/{token}/{what}", saved),
              Route("/texts/{token}", texts),
              WebSocketRoute("/ws/{token}", socket),
              Mount("/static", StaticFiles(packages=[("spellcard.table", "static")]), name="static")]
    return Starlette(routes=routes)


class Connection:
    """One WebSocket: frames out as the seat's snapshot changes, messages in, each checked."""

    def __init__(self, session: Session, ws: WebSocket, seat: Optional[int]):
        self.session, self.ws, self.seat = session, ws, seat
        self.gen, self.sent = None, 0
        self.changed = asyncio.Event()

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        key = object()
        self.session.listen(self.seat, key, lambda: loop.call_soon_threadsafe(self.changed.set))
        await self.send({"type": "hello", "seat": self.seat, "players": self.session.setup.players,
                         "protocol": PROTOCOL, "tools": self.session.setup.tools and self.seat is not None})
        self.changed.set()
        sender = asyncio.create_task(self.frames())
        try:
            while True:
                message = await self.ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = self.handle(message.get("text"), message.get("bytes"))
                if reply is not None:
                    await self.send(reply)
        except WebSocketDisconnect:
            pass
        finally:
            self.session.unlisten(self.seat, key)
            sender.cancel()

    async def frames(self) -> None:
        try:
            while True:
                await self.changed.wait()
                self.changed.clear()
                snap = await run_in_threadpool(self.session.snapshot, self.seat)
                if snap is None:
                    continue
                if snap.gen != self.gen:
                    self.gen, self.sent = snap.gen, 0
                start = min(self.sent, snap.count)
                frame = {"type": "frame", "gen": snap.gen, **snap.state,
                         "log": {"from": start, "lines": snap.lines[start:snap.count]}}
                self.sent = snap.count
                await self.send(frame)
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            return

    async def send(self, data: dict) -> None:
        await self.ws.send_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")))

    def handle(self, text: Optional[str], data: Optional[bytes]) -> Optional[dict]:
        """The reply to one message: refused with a reason, or accepted."""
        if text is None:
            size = len(data or b"")
            if size > MAX_MESSAGE:
                return refused(f"the message is {size} bytes; at most {MAX_MESSAGE}")
            return refused("send JSON text, not binary")
        if len(text) > MAX_MESSAGE:
            return refused(f"the message is {len(text)} characters; at most {MAX_MESSAGE}")
        try:
            msg = json.loads(text)
        except ValueError as err:
            return refused(f"not JSON: {err}")
        if not isinstance(msg, dict):
            return refused("a message is a JSON object with a \"type\"")
        kind = msg.get("type")
        if self.seat is None:
            return refused("a watcher sends nothing")
        if "seat" in msg and (type(msg["seat"]) is not int or msg["seat"] != self.seat):
            return refused(f"this connection is seat {self.seat}'s; it cannot speak for another seat")
        if kind == "answer":
            did = msg.get("decision")
            reason = self.session.answer(self.seat, did, msg.get("answer"))
            if reason is not None:
                return refused(reason, decision=did if type(did) is int else None)
            return {"type": "accepted", "decision": did}
        if kind == "take_back":
            reason = self.session.take_back(self.seat)
            return refused(reason) if reason is not None else {"type": "accepted", "take_back": True}
        if kind == "bot":
            if type(msg.get("on")) is not bool:
                return refused("\"on\" is true (a bot plays this seat) or false (you play it again)")
            self.session.hand_over(self.seat, msg["on"])
            return {"type": "accepted", "bot": msg["on"]}
        return refused("unknown message type; send \"answer\", \"take_back\" or \"bot\"")


def refused(reason: str, **more) -> dict:
    return {"type": "refused", "reason": reason, **more}
