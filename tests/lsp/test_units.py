"""Issue 32: the server's full check starts from the last one's per-declaration record, in memory
(spellcard/lsp/units.py). Over test_incremental.py's run of edits its diagnostics must equal a cold
`spellcard check`'s, and a body edit must have taken the short way; then the same over stdio, as an
editor sees them."""
from __future__ import annotations

import asyncio
from pathlib import Path


from spellcard.lsp import units
from spellcard.lsp.packs import KnownPacks, pack_for

from ..test_incremental import EDITS, cold_check, short_paths
from .client import Session, uri


def _said(a) -> list:
    """What a check or an analysis says, each place as one path whatever it was named by."""
    return sorted((d.severity, d.message, _path(d.span.file), d.span.line, d.span.col, d.help) for d in a.diagnostics)


def _cold(pack: Path) -> list:
    return _said(cold_check(pack))


def _lints(a) -> list:
    return sorted((d.message, d.span.file, d.span.line, d.span.col) for d in a.diagnostics if id(d) in a.lints)


def _path(file: str) -> str:
    return str(Path(file).resolve())


def test_each_edit_in_memory_checks_as_a_cold_check_does(small, editor, monkeypatch):
    short = short_paths(monkeypatch, units, "_again")
    analyzer, pack, text_of = editor.analyzer, editor.pack, editor.text_of
    for what, name, edit, fast in EDITS:
        path = small / name
        changed = edit(text_of(path))
        editor.unsaved[path] = changed          # unsaved in the editor, as the server has it …
        short.clear()
        a = analyzer.analyze(pack, text_of)
        path.write_text(changed, "utf-8")       # … and saved, for the cold check
        assert _said(a) == _cold(small), what
        whole = analyzer._check(pack, a.texts, *analyzer.parse(a.texts), full=True)     # as before units.py
        assert _lints(a) == _lints(whole), what   # what a keystroke keeps until the full check
        if fast is not None:
            assert short == [fast], what


def published(s: Session, files: list) -> list:
    """What the server has published for `files`: severity, message (with its help), file, line."""
    out = []
    for f in files:
        for d in s.diagnostics.get(uri(f), []):
            severity = "error" if d.severity == 1 else "warning"
            out.append((severity, d.message, str(f), d.range.start.line + 1))
    return sorted(out)


def cold_published(pack: Path, files: list) -> list:
    """What a cold check of `pack` says of `files`, as `published` reads the server's."""
    names = {str(f) for f in files}
    return sorted((d.severity, d.message + (f"\nhelp: {d.help}" if d.help else ""), _path(d.span.file), d.span.line)
                  for d in cold_check(pack).diagnostics if _path(d.span.file) in names)


STDIO = [e for e in EDITS if e[0] in {
    "a skill's body, same exports", "an error added", "the error fixed",
    "a branch no value reaches (a warning in the body)", "a skill renamed that a character lists",
    "the character follows the rename"}]


def published_as_cold(small: Path, edits: list, saved) -> None:
    """Over stdio, each of `edits` made to the small pack's first file (and saved when `saved(fast)`):
    what the server has published once it answers is what a cold check says."""
    path = small / "characters_000.spell"
    files = sorted(small.glob("*.spell"))

    async def run() -> None:
        s = Session()
        await s.start(root=small)
        try:
            await s.open(path)
            for what, _, edit, fast in edits:
                text = edit(path.read_text("utf-8"))
                path.write_text(text, "utf-8")
                await s.change(path, text)
                if saved(fast):
                    await s.save(path)
                await s.symbols(path)           # answered after every file's diagnostics were sent
                assert published(s, files) == cold_published(small, files), what
        finally:
            await s.stop()
    asyncio.run(run())


def test_the_server_publishes_a_cold_checks_diagnostics_after_each_edit(small):
    assert len(STDIO) == 6
    published_as_cold(small, STDIO, saved=lambda fast: True)     # the full check's, whatever came first


def test_a_kept_pack_is_found_again_when_its_folders_change(tmp_path):
    """The server keeps each document's pack (KnownPacks) only while nothing that decides it changed."""
    top = tmp_path / "top"
    top.mkdir()
    (top / "pack.spell").write_text('pack top "t" extends thb >= "1.0" {\n  version "1.0.0"\n}\n', "utf-8")
    (top / "a.spell").write_text("", "utf-8")
    unsaved: dict = {}

    def text_of(p: Path):
        return unsaved.get(p.resolve(), p.read_text("utf-8") if p.exists() else None)
    known = KnownPacks()
    doc = top / "a.spell"
    first = known.of(doc, text_of)
    assert known.of(doc, text_of) is first
    (top / "b.spell").write_text("", "utf-8")                       # a file added beside it
    second = known.of(doc, text_of)
    assert second == pack_for(doc, text_of) and top.resolve() / "b.spell" in second.files
    unsaved[(top / "pack.spell").resolve()] = ""                    # its pack line gone, unsaved
    assert known.of(doc, text_of) == pack_for(doc, text_of) != second
