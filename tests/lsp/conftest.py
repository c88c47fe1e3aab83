"""The server both test_server.py and test_typing.py talk to: one per module, THB's characters open."""
import asyncio

import pytest

from .client import CHARACTERS, Session


@pytest.fixture(scope="module")
def lsp():
    loop = asyncio.new_event_loop()
    session = Session()
    loop.run_until_complete(session.start())
    loop.run_until_complete(session.open(CHARACTERS))
    yield lambda coro: loop.run_until_complete(coro), session
    loop.run_until_complete(session.stop())
    loop.close()
