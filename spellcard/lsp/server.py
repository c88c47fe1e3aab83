"""The language server: LSP requests over stdio, answered from the real checker (pygls does the protocol,
wire.py the framing). Edits are analysed once per burst (coalesce.py); hover and definition answer from
the declarations that parse while one is half-typed, completion at once from the last analysis
(halfway.py); a file over the size limit is refused before it is parsed (guard.py)."""
from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from lsprotocol import types as L
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from spellcard.compiler import ast as A

from . import wire
from .analysis import Analysis, Analyzer
from .coalesce import Coalescer
from .complete import complete
from .guard import DiskTexts, answering, too_large
from .halfway import check_alone, declaration_at
from .hover import hover_text
from .index import Index, Occurrence, name_span
from .packs import KnownPacks
from .positions import chars, path_of, to_range, uri_of

SETTLE = 0.4        # seconds of no typing before the full check follows a keystroke's quick diagnostics
_RELATED = re.compile(r"(first (?:defined|declared|named) at) (.+?):(\d+):(\d+)")
_SYMBOL_KIND = {
    A.EnumDecl: L.SymbolKind.Enum, A.AttrDecl: L.SymbolKind.Property, A.CounterDecl: L.SymbolKind.Property,
    A.ZoneDecl: L.SymbolKind.Variable, A.HookDecl: L.SymbolKind.Method, A.QueryDecl: L.SymbolKind.Function,
    A.FuncDecl: L.SymbolKind.Function, A.ActionDecl: L.SymbolKind.Event, A.PhaseDecl: L.SymbolKind.EnumMember,
    A.CardDecl: L.SymbolKind.Class, A.SkillDecl: L.SymbolKind.Class, A.CharacterDecl: L.SymbolKind.Class,
    A.DeckDecl: L.SymbolKind.Array, A.ModeDecl: L.SymbolKind.Module, A.PackDecl: L.SymbolKind.Package,
    A.TurnDecl: L.SymbolKind.Array,
}


class SpellcardServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("spellcard", "0.1.0", text_document_sync_kind=L.TextDocumentSyncKind.Incremental)
        self.analyzer = Analyzer()
        self.packs = KnownPacks()
        self._index: Optional[Index] = None
        # path -> id(decl) -> (decl, its outline entry): a declaration's tree is the same object while
        # its text and place are (chunks.py), and so is its entry; an edit makes only its own again
        self._outline: dict[str, dict[int, tuple]] = {}
        self._published: dict[tuple, dict] = {}     # pack files -> path -> (uri, the diagnostics last sent)
        self.edits = Coalescer(self.publish_edit)                          # a keystroke's diagnostics
        self.settle = Coalescer(self.publish_checked, quiet=SETTLE, longest=10 * SETTLE)  # then the full check
        self.checking = ThreadPoolExecutor(max_workers=1, thread_name_prefix="check")
        self.disk = DiskTexts()                     # the files not open, read again when they change
        self._open: tuple = (set(), {})             # the open documents' uris, and their paths
        self.generation = 0                         # edits seen, so a full check started before one is dropped

    # ── the pack as the editor has it ─────────────────────────────────────────
    def text_of(self, path: Path) -> Optional[str]:
        """The file's text as the editor has it: an open document's, else the file's on disk."""
        docs = self.workspace.text_documents
        if self._open[0] != docs.keys():
            self._open = (set(docs.keys()), {path_of(u): u for u in docs})
        uri = self._open[1].get(path)
        return docs[uri].source if uri is not None else self.disk.text(path)

    def pack_of(self, uri: str):
        return self.packs.of(path_of(uri), self.text_of)

    def analysis(self, uri: str) -> Analysis:
        return self.analyzer.navigable(self.pack_of(uri), self.text_of)

    def readable(self, uri: str) -> Optional[str]:
        """The document's text, if it can be read and is within the size limit: a request about any
        other document is answered with nothing, at once."""
        if not uri.startswith("file:"):
            return None
        path = path_of(uri)
        text = self.text_of(path)
        if text is None or too_large(str(path), text)[0] is not None:
            return None
        return text

    def index(self, a: Analysis) -> Index:
        if self._index is None or self._index.a is not a:
            self._index = Index(a)                     # one live index, for the analysis last asked about
        return self._index

    def cursor(self, uri: str, text: str, pos: L.Position) -> tuple[str, int, int]:
        """The document's path and the 1-based line and character column of an LSP position."""
        lines = text.split("\n")
        line = lines[pos.line].rstrip("\r") if pos.line < len(lines) else ""
        return str(path_of(uri)), pos.line + 1, chars(line, pos.character) + 1

    def occurrence(self, uri: str, pos: L.Position) -> tuple[Analysis, Index, Optional[Occurrence]]:
        """The analysis, its index and the name at an LSP position (None off any name, or in a
        document that cannot be read): what hover, definition and references all start from."""
        text = self.readable(uri)
        if text is None:
            return None, None, None
        a = self.analysis(uri)
        idx = self.index(a)
        return a, idx, idx.at(*self.cursor(uri, text, pos))

    def location(self, a: Analysis, span: A.Span) -> L.Location:
        return L.Location(uri=uri_of(span.file), range=to_range(span, self._lines(a, span.file)))

    def _lines(self, a: Analysis, path: str) -> list[str]:
        if path in a.texts:
            return a.lines(path)
        return (self.text_of(Path(path)) or "").split("\n")

    # ── diagnostics ───────────────────────────────────────────────────────────
    async def publish_edit(self, uri: str) -> None:
        """Diagnostics after an edit: the full check's at once when only bodies changed (it checks
        those alone); else a keystroke's (quick.py) at once when they can be told, the full check's
        once the typing pauses; else the full check at once."""
        if not uri.startswith("file:"):
            return
        pack = self.pack_of(uri)
        a = self.analyzer.at_once(pack, self.text_of)
        if a is not None:
            self.settle.forget(uri)             # no full check is owed: this was it
            self.publish(uri, a)
            return
        a = self.analyzer.quick(pack, self.text_of, str(path_of(uri)))
        if a is None:
            await self.publish_checked(uri)
        else:
            self.publish(uri, a)
            self.settle.changed(uri)

    async def publish_checked(self, uri: str) -> None:
        """The full check's diagnostics. The files are parsed here (only what changed), the checking
        runs on a worker thread while requests and keystrokes are answered, and a check that an edit
        has made stale is dropped (that edit's own analysis follows)."""
        pack = self.pack_of(uri)
        texts, stamp = self.analyzer.texts(pack, self.text_of)
        a = self.analyzer.cached(pack, stamp)
        if a is None:
            modules, diags = self.analyzer.parse(texts)
            started = self.generation

            def check() -> Optional[Analysis]:
                if self.generation != started:
                    return None
                return self.analyzer.check(pack, texts, modules, diags)
            a = await asyncio.get_running_loop().run_in_executor(self.checking, check)
            if a is None or self.analyzer.texts(pack, self.text_of)[1] != stamp:
                return
            a = self.analyzer.remember(pack, stamp, a)
        self.publish(uri, a)

    def publish(self, uri: str, a: Optional[Analysis] = None) -> None:
        if not uri.startswith("file:"):
            return
        if a is None:
            self.edits.forget(uri)
            self.settle.forget(uri)
        pack = self.pack_of(uri)
        a = a or self.analyzer.analyze(pack, self.text_of)
        lent = {p for p, _ in pack.bases}
        by_file: dict[str, list] = {str(p): [] for p in pack.files if p not in lent}
        for d in a.diagnostics:
            by_file.setdefault(d.span.file, []).append(self.diagnostic(a, d))
        if pack.problem:
            by_file[str(path_of(uri))].insert(0, L.Diagnostic(
                range=L.Range(start=L.Position(line=0, character=0), end=L.Position(line=0, character=0)),
                message=f"{pack.setting}: {pack.problem}" if pack.setting else pack.problem,
                severity=L.DiagnosticSeverity.Error, source="spellcard"))
        uris = {str(p): from_fs_path(str(p)) for p in pack.files}         # (resolved: packs.py)
        now = {f: (uris.get(f) or uri_of(f), items) for f, items in by_file.items()}
        shown = self._published.get(pack.files)
        if shown is None:                   # the pack's files changed (one added, removed, renamed): what
            shown = {}                      # the same pack was last shown under its old list is cleared
            for key in [k for k, v in self._published.items() if v.keys() & now.keys()]:
                shown.update(self._published.pop(key))
        for stale in {u for u, _ in shown.values()} - {u for u, _ in now.values()}:
            self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(uri=stale, diagnostics=[]))
        self._published[pack.files] = now
        versions = {path_of(u): d.version for u, d in self.workspace.text_documents.items()}
        asked = str(path_of(uri))
        for f, (u, items) in now.items():
            if f == asked or shown.get(f) != (u, items):    # a file whose diagnostics stand is not sent again
                self.text_document_publish_diagnostics(L.PublishDiagnosticsParams(
                    uri=u, diagnostics=items, version=versions.get(Path(f))))

    def diagnostic(self, a: Analysis, d) -> L.Diagnostic:
        related = None
        m = _RELATED.search(d.help or "")
        if m:
            file, line, col = m.group(2), int(m.group(3)), int(m.group(4))
            path = str(Path(file).resolve())
            lines = self._lines(a, path)
            word = re.match(r"\w*", lines[line - 1][col - 1:] if line <= len(lines) else "").group()
            start = A.Span(path, line, col, line, col + max(1, len(word)))
            name = re.search(r"`(\w+)`", d.message)
            where = name_span(start, name.group(1), lines) if name else start
            related = [L.DiagnosticRelatedInformation(location=self.location(a, where), message=m.group(1))]
        message = d.message + (f"\nhelp: {d.help}" if d.help else "")
        return L.Diagnostic(range=to_range(d.span, a.lines(d.span.file)), message=message, source="spellcard",
                            severity=L.DiagnosticSeverity.Error if d.is_error else L.DiagnosticSeverity.Warning,
                            related_information=related)


server = SpellcardServer()
server.feature(wire.REFUSED)(wire.refused)


@server.feature(L.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: SpellcardServer, params: L.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: SpellcardServer, params: L.DidChangeTextDocumentParams) -> None:
    ls.generation += 1
    ls.edits.changed(params.text_document.uri)        # analysed when the edits pause


@server.feature(L.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: SpellcardServer, params: L.DidSaveTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(L.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: SpellcardServer, params: L.DidCloseTextDocumentParams) -> None:
    ls._outline.pop(str(path_of(params.text_document.uri)), None)     # its outline is made again if reopened
    ls.publish(params.text_document.uri)          # the file on disk counts again


@server.feature(L.TEXT_DOCUMENT_HOVER)
@answering
def hover(ls: SpellcardServer, params: L.HoverParams) -> Optional[L.Hover]:
    a, idx, occ = ls.occurrence(params.text_document.uri, params.position)
    text = hover_text(a, idx, occ) if occ is not None else None
    if text is None:
        return None
    return L.Hover(contents=L.MarkupContent(kind=L.MarkupKind.Markdown, value=text),
                   range=to_range(occ.span, a.lines(occ.span.file)))


@server.feature(L.TEXT_DOCUMENT_COMPLETION, L.CompletionOptions(trigger_characters=[".", " "]))
@answering
def completion(ls: SpellcardServer, params: L.CompletionParams) -> L.CompletionList:
    uri = params.text_document.uri
    text = ls.readable(uri)
    if text is None:
        return L.CompletionList(is_incomplete=False, items=[])
    a = ls.analyzer.recent(ls.pack_of(uri), ls.text_of)      # the pack's names, without checking it again
    path, line, col = ls.cursor(uri, text, params.position)

    def probe(text, ln, c) -> Optional[Analysis]:
        found = declaration_at(path, text, ln, c)
        if found is None:
            return None
        padded, module = found
        checker, diags = check_alone(a, module)
        return Analysis(a.files, {**a.texts, path: padded}, {path: module}, a.syms, checker, diags.sorted())
    items = complete(a, text, line - 1, col - 1, probe)
    return L.CompletionList(is_incomplete=False, items=items)


@server.feature(L.TEXT_DOCUMENT_DEFINITION)
@answering
def definition(ls: SpellcardServer, params: L.DefinitionParams) -> Optional[L.Location]:
    a, idx, occ = ls.occurrence(params.text_document.uri, params.position)
    span = idx.definition(occ.key) if occ is not None else None
    return ls.location(a, span) if span is not None else None


@server.feature(L.TEXT_DOCUMENT_REFERENCES)
@answering
def references(ls: SpellcardServer, params: L.ReferenceParams) -> list[L.Location]:
    a, idx, occ = ls.occurrence(params.text_document.uri, params.position)
    if occ is None or occ.key is None:
        return []
    wanted = params.context.include_declaration
    return [ls.location(a, o.span) for o in idx.references(occ.key) if wanted or not o.is_def]


@server.feature(L.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@answering
def document_symbols(ls: SpellcardServer, params: L.DocumentSymbolParams) -> list[L.DocumentSymbol]:
    uri = params.text_document.uri
    if ls.readable(uri) is None:
        return []
    a = ls.analysis(uri)
    path = str(path_of(uri))
    module = a.modules.get(path)
    if module is None:
        return []
    lines = a.lines(path)
    kept, now = ls._outline.get(path, {}), {}
    for decl in module.decls:
        hit = kept.get(id(decl))
        now[id(decl)] = hit if hit is not None and hit[0] is decl else (decl, _outline(decl, lines))
    ls._outline[path] = now
    return [symbol for _, symbol in now.values()]


def _outline(decl, lines: list[str]) -> L.DocumentSymbol:
    name = getattr(decl, "name", None) or type(decl).__name__.removesuffix("Decl").lower()
    children = None
    if isinstance(decl, A.ActionDecl):
        children = [_symbol(f"window {s.name}", L.SymbolKind.Event, s.span,
                            name_span(s.span, s.name, lines, after=6), lines)
                    for s in decl.steps if isinstance(s, A.WindowStep)]
    label = getattr(decl, "label", None)
    return _symbol(name, _SYMBOL_KIND.get(type(decl), L.SymbolKind.Object), decl.span,
                   name_span(decl.span, name, lines, after=1), lines, label, children)


def _symbol(name, kind, span, selection, lines, detail=None, children=None) -> L.DocumentSymbol:
    return L.DocumentSymbol(name=name, kind=kind, range=to_range(span, lines),
                            selection_range=to_range(selection, lines), detail=detail, children=children)


def run() -> None:
    wire.serve(server)
