"""The table: people play any pack in the browser, alone against bots or with friends.

A local server (Starlette and uvicorn) seats people and bots at one game; each person's page is
drawn from their seat's View and seat log only (frames.py), answers come back over a WebSocket and are
checked before the game sees them (session.py, server.py). `spellcard play` starts it (command.py);
docs/play.md describes the seat protocol, so a program in any language can take a seat.
"""
