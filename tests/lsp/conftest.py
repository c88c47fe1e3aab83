"""The server both test_server.py and test_typing.py talk to: one per module, THB's characters open;
and the small generated pack the incremental tests edit."""
import asyncio

import pytest

from spellcard.lsp.analysis import Analyzer
from spellcard.lsp.packs import pack_for

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


class Editor:
    """The server's analyzer over the small pack, analyzed once, with what the editor holds unsaved
    (`unsaved`: path → text) read over the files."""

    def __init__(self, folder):
        self.unsaved: dict = {}
        self.analyzer = Analyzer()
        self.pack = pack_for(folder / "characters_000.spell", self.text_of)
        self.analyzer.analyze(self.pack, self.text_of)

    def text_of(self, p):
        return self.unsaved[p] if p in self.unsaved else p.read_text("utf-8")


@pytest.fixture
def editor(small) -> Editor:
    return Editor(small)
