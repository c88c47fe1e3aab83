"""The server while a file is being typed (issue 27, defect 11): a half-written declaration does not
blind hover and definition in the rest of the file, completion answers without waiting for the pack
to be checked again and knows the type before a dot mid-file, and the examples open clean."""
from __future__ import annotations

import asyncio
import re

import pytest
from lsprotocol import types as L

from .client import ACTIONS, CHARACTERS, LINES, ROOT, TEXT, Session, uri
from .raw import Raw



def where(pattern: str) -> tuple[int, int]:
    for i, line in enumerate(LINES):
        m = re.search(pattern, line)
        if m:
            return i, m.start(1)
    raise AssertionError(pattern)


def typing_at(line: int, typed: str) -> tuple[str, int, int]:
    """characters.spell with `typed` inserted as new lines before 0-based `line` (nothing closed after
    it): the text, and the 0-based line and character at the end of what was typed."""
    new = typed.split("\n")
    text = "\n".join(LINES[:line] + new + LINES[line:])
    return text, line + len(new) - 1, len(new[-1])


def test_hover_and_definition_answer_while_the_file_ends_in_an_unfinished_declaration(lsp):
    run, s = lsp
    diags = run(s.change(CHARACTERS, TEXT + '\nskill Half "半" {\n  on damage.taken when event.'))
    assert diags and diags[0].severity == L.DiagnosticSeverity.Error        # the syntax error is shown
    line, col = where(r"\b(draw)\(owner")
    assert "action draw(player: player, amount: int)" in run(s.hover(CHARACTERS, line, col + 1)).contents.value
    line, col = where(r"\b(give)\(\[c\]")
    loc = run(s.definition(CHARACTERS, line, col))
    assert loc is not None and loc.uri == uri(ACTIONS)
    line, col = where(r"skills (Masochist)")
    loc = run(s.definition(CHARACTERS, line, col))
    assert loc.uri == uri(CHARACTERS) and LINES[loc.range.start.line].startswith("skill Masochist")
    run(s.change(CHARACTERS, TEXT))


def test_an_unclosed_declaration_mid_file_blinds_only_itself(lsp):
    run, s = lsp
    at = where(r"^(skill) Masochist")[0]
    text, _, _ = typing_at(at, 'skill Half "半" {\n  on damage.taken {')
    run(s.change(CHARACTERS, text))
    line, col = where(r"\b(draw)\(owner")
    shifted = line + 2 if line >= at else line
    assert "action draw(" in run(s.hover(CHARACTERS, shifted, col + 1)).contents.value
    names = [x.name for x in run(s.symbols(CHARACTERS))]
    assert "Masochist" in names and "Reimu" in names
    run(s.change(CHARACTERS, TEXT))


@pytest.mark.parametrize("typed, expected, absent", [
    ('skill Probe "試" {\n  on damage.taken { owner.', {"hp", "hand", "alive"}, "amount"),
    ('skill Probe "試" {\n  on damage.taken when event.source.', {"hp", "hand", "alive"}, "amount"),
    ('skill Probe "試" {\n  on damage.taken when event.', {"amount", "source", "target"}, "hp"),
    ('skill Probe "試" {\n  on damage.taken {\n    let x = owner.hand where it.', {"suit", "kind"}, "hp"),
    ('skill Probe "試" {\n  on damage.taken {\n    let x = others(owner) where it.', {"hp", "hand"}, "suit"),
])
def test_fields_after_a_dot_typed_mid_file(lsp, typed, expected, absent):
    run, s = lsp
    text, line, col = typing_at(where(r"^(skill) Masochist")[0], typed)
    run(s.change(CHARACTERS, text))
    labels = {i.label for i in run(s.complete(CHARACTERS, line, col))}
    assert expected <= labels and absent not in labels, labels
    run(s.change(CHARACTERS, TEXT))


def test_completion_answers_before_the_edit_is_analysed():
    """A completion sent with an edit is answered first: it reads the last analysis, and the edit's
    own analysis waits for the typing to pause (it used to be made before the completion, and a
    completion then checked the whole pack once more)."""
    r = Raw()
    try:
        u = uri(CHARACTERS)
        r.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "spellcard", "version": 1,
                                                           "text": TEXT}})
        r.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == u)
        text, line, col = typing_at(where(r"^(skill) Masochist")[0], 'skill Probe "試" {\n  on damage.taken { owner.')
        change = r.frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": u, "version": 2}, "contentChanges": [{"text": text}]}})
        ask = r.frame({"jsonrpc": "2.0", "id": 7, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": u}, "position": {"line": line, "character": col}}})
        r.write(change + ask)
        r.reply(7)
        published = r.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"].get("version") == 2)
        order = [m.get("id") if "id" in m else m["params"].get("version") for m in r.seen]
        assert order.index(7) < r.seen.index(published), order
        assert "hp" in {i["label"] for i in r.reply(7)["result"]["items"]}
    finally:
        r.close()


EXAMPLES = sorted((ROOT / "examples").rglob("*.spell"))


def test_the_examples_opened_in_place_show_no_errors():
    async def scenario():
        s = Session()
        await s.start(ROOT / "examples")
        try:
            return {p: await s.open(p) for p in EXAMPLES}
        finally:
            await s.stop()
    found = asyncio.run(scenario())
    errors = {str(p.relative_to(ROOT)): [d.message.split("\n")[0] for d in diags
                                          if d.severity == L.DiagnosticSeverity.Error]
              for p, diags in found.items()}
    assert len(errors) >= 7 and not any(errors.values()), errors


def test_a_keystroke_is_checked_at_once_and_the_full_check_follows_the_pause(lsp):
    """A file that no longer parses (a body edit that parses is the full check at once, spellcard/lsp/units.py)."""
    run, s = lsp
    line, col = where(r"on damage\.(taken) when event\.target == owner repeat")
    u = uri(CHARACTERS)
    quick = run(s.edit(CHARACTERS, line, col, col + 5, "tak@n"))
    assert [(d.severity, d.message.split("\n")[0], d.range.start.line, d.range.start.character) for d in quick] == \
        [(L.DiagnosticSeverity.Error, "unexpected character `@`", line, col + 3)]
    seen = s._count[u]
    full = run(s._published_after(u, seen))                    # the full check, once the typing pauses
    assert [(d.range, d.message) for d in full] == [(d.range, d.message) for d in quick]
    use = where(r"\b(draw)\(owner")
    h = run(s.hover(CHARACTERS, *use))                         # hover reads the keystroke's tree
    assert "action draw(" in h.contents.value
    assert not run(s.edit(CHARACTERS, line, col, col + 5, "taken"))


def test_a_new_line_moves_the_diagnostics_below_it(lsp):
    run, s = lsp
    line, col = where(r"on damage\.(taken) when event\.target == owner repeat")
    [diag] = run(s.edit(CHARACTERS, line, col, col + 5, "takne"))
    assert diag.range.start.line == line
    top = where(r"^skill (Flight)")[0]
    [diag] = run(s.edit(CHARACTERS, top, 0, 0, "\n\n"))          # two lines above it
    assert (diag.range.start.line, diag.range.start.character) == (line + 2, col - len("damage."))
    u = uri(CHARACTERS)
    s.versions[u] += 1
    seen = s._count[u]
    s.client.text_document_did_change(L.DidChangeTextDocumentParams(          # the two lines removed
        text_document=L.VersionedTextDocumentIdentifier(uri=u, version=s.versions[u]),
        content_changes=[L.TextDocumentContentChangePartial(
            range=L.Range(start=L.Position(line=top, character=0), end=L.Position(line=top + 2, character=0)),
            text="")]))
    [diag] = run(s._published_after(u, seen, s.versions[u]))
    assert diag.range.start.line == line
    assert not run(s.edit(CHARACTERS, line, col, col + 5, "taken"))
