"""A client that runs `spellcard lsp` as a subprocess and speaks JSON-RPC to it over its pipes
(pygls's LanguageClient), for the tests and the benchmark."""
from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

from lsprotocol import types as L
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parents[2]
CHARACTERS = ROOT / "rules/thb/characters.spell"
ACTIONS = ROOT / "rules/thb/actions.spell"
TEXT = CHARACTERS.read_text("utf-8")
LINES = TEXT.split("\n")
TIMEOUT = 120          # seconds: the machine may be busy; a dead server fails the test, not hangs it


def uri(path) -> str:
    return from_fs_path(str(Path(path).resolve()))


class Session:
    """One running server: open and change documents, wait for their diagnostics, ask requests."""

    def __init__(self) -> None:
        self.client = LanguageClient("spellcard-tests", "1")
        self.diagnostics: dict[str, list] = {}
        self._arrived = asyncio.Condition()
        self._count: dict[str, int] = {}
        self._version: dict[str, int | None] = {}
        self.versions: dict[str, int] = {}
        self.arrived: dict[str, float] = {}     # uri -> when its last diagnostics came (time.perf_counter)

        @self.client.feature(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def published(params: L.PublishDiagnosticsParams) -> None:
            async with self._arrived:
                self.arrived[params.uri] = time.perf_counter()
                self.diagnostics[params.uri] = params.diagnostics
                self._version[params.uri] = params.version
                self._count[params.uri] = self._count.get(params.uri, 0) + 1
                self._arrived.notify_all()

    async def start(self, root: Path = ROOT, env: dict | None = None) -> None:
        exe = Path(sys.executable).with_name("spellcard")
        await self.client.start_io(str(exe), "lsp", cwd=str(root), env={**os.environ, **(env or {})})
        await asyncio.wait_for(self.client.initialize_async(L.InitializeParams(
            capabilities=L.ClientCapabilities(), root_uri=uri(root), process_id=os.getpid())), TIMEOUT)
        self.client.initialized(L.InitializedParams())

    async def stop(self) -> None:
        await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
        self.client.exit(None)
        await self.client.stop()

    async def _published_after(self, u: str, seen: int, version: int | None = None) -> list:
        """The diagnostics published after the `seen`-th for `u`: the first that says it is of
        `version` or later, when given (an unversioned one counts, from a server that sends none)."""
        def ready() -> bool:
            v = self._version.get(u)
            return self._count.get(u, 0) > seen and (version is None or v is None or v >= version)
        async with self._arrived:
            await asyncio.wait_for(self._arrived.wait_for(ready), TIMEOUT)
            return self.diagnostics[u]

    async def open(self, path, text: str | None = None) -> list:
        """Open `path` (with `text` as its unsaved contents, if given); its first diagnostics."""
        u = uri(path)
        text = Path(path).read_text("utf-8") if text is None else text
        seen = self._count.get(u, 0)
        self.versions[u] = 1
        self.client.text_document_did_open(L.DidOpenTextDocumentParams(
            text_document=L.TextDocumentItem(uri=u, language_id="spellcard", version=1, text=text)))
        return await self._published_after(u, seen)

    async def change(self, path, text: str) -> list:
        """Replace the whole unsaved text; the diagnostics that follow."""
        u = uri(path)
        seen = self._count.get(u, 0)
        self.versions[u] += 1
        self.client.text_document_did_change(L.DidChangeTextDocumentParams(
            text_document=L.VersionedTextDocumentIdentifier(uri=u, version=self.versions[u]),
            content_changes=[L.TextDocumentContentChangeWholeDocument(text=text)]))
        return await self._published_after(u, seen, self.versions[u])

    async def edit(self, path, line: int, start: int, end: int, new: str) -> list:
        """Replace characters start..end of 0-based `line` with `new`, as an editor sends a keystroke
        (an incremental change); the diagnostics that follow."""
        u = uri(path)
        seen = self._count.get(u, 0)
        self.versions[u] += 1
        where = L.Range(start=L.Position(line=line, character=start), end=L.Position(line=line, character=end))
        self.client.text_document_did_change(L.DidChangeTextDocumentParams(
            text_document=L.VersionedTextDocumentIdentifier(uri=u, version=self.versions[u]),
            content_changes=[L.TextDocumentContentChangePartial(range=where, text=new)]))
        return await self._published_after(u, seen, self.versions[u])

    async def save(self, path) -> list:
        """Say the document was saved (the server checks its pack in full); the diagnostics that follow."""
        u = uri(path)
        seen = self._count.get(u, 0)
        self.client.text_document_did_save(L.DidSaveTextDocumentParams(text_document=L.TextDocumentIdentifier(uri=u)))
        return await self._published_after(u, seen)

    async def close(self, path) -> None:
        self.client.text_document_did_close(L.DidCloseTextDocumentParams(
            text_document=L.TextDocumentIdentifier(uri=uri(path))))

    def _at(self, path, line: int, character: int) -> dict:
        return dict(text_document=L.TextDocumentIdentifier(uri=uri(path)),
                    position=L.Position(line=line, character=character))

    async def hover(self, path, line, character):
        return await asyncio.wait_for(self.client.text_document_hover_async(
            L.HoverParams(**self._at(path, line, character))), TIMEOUT)

    async def complete(self, path, line, character) -> list[str]:
        got = await asyncio.wait_for(self.client.text_document_completion_async(
            L.CompletionParams(**self._at(path, line, character))), TIMEOUT)
        items = got.items if isinstance(got, L.CompletionList) else got or []
        return items

    async def definition(self, path, line, character):
        return await asyncio.wait_for(self.client.text_document_definition_async(
            L.DefinitionParams(**self._at(path, line, character))), TIMEOUT)

    async def references(self, path, line, character, declaration: bool = True):
        return await asyncio.wait_for(self.client.text_document_references_async(L.ReferenceParams(
            **self._at(path, line, character), context=L.ReferenceContext(include_declaration=declaration))),
            TIMEOUT)

    async def symbols(self, path):
        return await asyncio.wait_for(self.client.text_document_document_symbol_async(
            L.DocumentSymbolParams(text_document=L.TextDocumentIdentifier(uri=uri(path)))), TIMEOUT)
