"""The server both test_server.py and test_typing.py talk to: one per module, THB's characters open;
and the small generated pack the incremental tests edit."""
import asyncio

import pytest

from ..test_big_pack import big_pack
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


@pytest.fixture
def small(tmp_path, monkeypatch):
    """A pack of 12 generated characters over THB, in a fresh cache: what an edit run starts from."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "small"
    big_pack().write_pack(pack, characters=12, seed=1)
    return pack.resolve()
