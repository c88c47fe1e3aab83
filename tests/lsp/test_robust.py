"""The server never goes deaf (issue 27, defect 10): every request gets a reply, a wrong frame costs
that frame only, a huge document is refused before it is parsed, a burst of edits is analysed once,
and a request about a file that does not exist gets nothing rather than a traceback."""
from __future__ import annotations

import asyncio
import time

import pytest
from lsprotocol import types as L

from spellcard.runtime.limits import MAX_SOURCE_BYTES

from .client import ROOT, Session, uri
from .raw import Raw

CHARACTERS = ROOT / "rules/thb/characters.spell"
TEXT = CHARACTERS.read_text("utf-8")
DRAW = next((i, line.index("draw(owner")) for i, line in enumerate(TEXT.split("\n")) if "draw(owner" in line)


def hover_params(line: int, character: int, path=CHARACTERS) -> dict:
    return {"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}


@pytest.fixture
def raw():
    r = Raw()
    r.notify("textDocument/didOpen", {"textDocument": {"uri": uri(CHARACTERS), "languageId": "spellcard",
                                                       "version": 1, "text": TEXT}})
    yield r
    r.close()


def test_a_request_with_an_invalid_position_gets_the_json_rpc_error(raw):
    raw.request("textDocument/hover", hover_params(-1, 3), 1)
    raw.request("textDocument/definition", {"textDocument": {"uri": uri(CHARACTERS)}}, 2)   # no position
    raw.request("textDocument/hover", {"position": "here"}, 3)
    for id in (1, 2, 3):
        error = raw.reply(id, 30)["error"]
        assert error["code"] == -32602 and "Invalid params" in error["message"], error
    assert "line" in raw.reply(1)["error"]["message"]            # it says what did not fit
    raw.request("textDocument/hover", hover_params(*DRAW), 4)     # and the server still answers
    assert "action draw(" in raw.reply(4)["result"]["contents"]["value"]


def test_a_position_past_the_end_of_the_document_gets_an_empty_answer(raw):
    raw.request("textDocument/hover", hover_params(10 ** 6, 10 ** 6), 1)
    assert raw.reply(1, 30) == {"jsonrpc": "2.0", "id": 1, "result": None}


@pytest.mark.parametrize("wrong", [+25, -9])
def test_a_frame_with_a_wrong_length_costs_that_frame_only(raw, wrong):
    raw.request("textDocument/hover", hover_params(*DRAW), 1, length_change=wrong)
    for id in (2, 3):
        raw.request("textDocument/hover", hover_params(*DRAW), id)
        assert "action draw(" in raw.reply(id, 30)["result"]["contents"]["value"]
    first = raw.reply(1, 30)           # the frame itself: read whole up to the next header, or cut short
    if wrong > 0:
        assert "action draw(" in first["result"]["contents"]["value"]
    else:
        assert first["error"]["code"] == -32700


def test_frames_split_and_joined_anyhow_are_all_read(raw):
    frames = b"".join(raw.frame({"jsonrpc": "2.0", "id": i, "method": "textDocument/hover",
                                 "params": hover_params(*DRAW)}) for i in (1, 2, 3))
    for i in range(0, len(frames), 7):
        raw.write(frames[i:i + 7])
    assert all("action draw(" in raw.reply(i, 30)["result"]["contents"]["value"] for i in (1, 2, 3))


def test_a_document_over_the_size_limit_is_refused_at_once(tmp_path):
    big = tmp_path / "big.spell"
    one = 'skill Big "大" {\n  on damage.taken { draw(owner, 1) }\n}\n'
    text = one * (MAX_SOURCE_BYTES // len(one.encode()) + 1)         # past the limit: 4 MB
    r = Raw(tmp_path)
    try:
        t0 = time.monotonic()
        r.notify("textDocument/didOpen", {"textDocument": {"uri": uri(big), "languageId": "spellcard",
                                                           "version": 1, "text": text}})
        r.request("textDocument/hover", hover_params(1, 20, big), 1)
        r.request("textDocument/completion", hover_params(1, 20, big), 2)
        assert r.reply(1, 30)["result"] is None
        assert r.reply(2, 30)["result"]["items"] == []
        published = r.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics", 30)["params"]
        assert time.monotonic() - t0 < 20
        [diag] = published["diagnostics"]
        assert "larger than 4.0 MB" in diag["message"] and diag["range"]["start"]["line"] == 0
    finally:
        r.close()


def test_a_burst_of_edits_is_analysed_once_on_its_latest_text():
    async def scenario():
        s = Session()
        await s.start()
        try:
            await s.open(CHARACTERS)
            u = uri(CHARACTERS)
            before = s._count[u]
            edits = 500
            for n in range(edits):
                s.versions[u] += 1
                text = TEXT if n < edits - 1 else TEXT.replace("on damage.taken when", "on damage.takne when", 1)
                s.client.text_document_did_change(L.DidChangeTextDocumentParams(
                    text_document=L.VersionedTextDocumentIdentifier(uri=u, version=s.versions[u]),
                    content_changes=[L.TextDocumentContentChangeWholeDocument(text=text)]))
            async with s._arrived:
                await asyncio.wait_for(s._arrived.wait_for(
                    lambda: any("takne" in d.message for d in s.diagnostics.get(u, []))), 60)
            return s._count[u] - before
        finally:
            await s.stop()
    publishes = asyncio.run(scenario())
    assert publishes <= 20, f"{publishes} analyses for one burst of 500 edits"


def test_hover_on_a_file_that_does_not_exist_answers_nothing(raw, tmp_path):
    missing = tmp_path / "gone.spell"
    raw.request("textDocument/hover", hover_params(0, 0, missing), 1)
    raw.request("textDocument/definition", hover_params(0, 0, missing), 2)
    raw.request("textDocument/completion", hover_params(0, 0, missing), 3)
    raw.request("textDocument/documentSymbol", {"textDocument": {"uri": uri(missing)}}, 4)
    assert raw.reply(1, 30) == {"jsonrpc": "2.0", "id": 1, "result": None}
    assert raw.reply(2, 30)["result"] is None
    assert raw.reply(3, 30)["result"]["items"] == []
    assert raw.reply(4, 30)["result"] == []
    assert not any("traceback" in str(m) for m in raw.seen)
