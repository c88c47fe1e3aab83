"""`spellcard lsp` as an editor sees it: a subprocess spoken to over real pipes, on THB's own files."""
from __future__ import annotations

import asyncio
import re

from lsprotocol import types as L

from .client import ACTIONS, CHARACTERS, LINES, TEXT, Session, uri



def where(pattern: str, lines=LINES) -> tuple[int, int]:
    """0-based line and character of the first match of `pattern` (its group 1, if any)."""
    for i, line in enumerate(lines):
        m = re.search(pattern, line)
        if m:
            return i, m.start(1 if m.groups() else 0)
    raise AssertionError(f"no line matches {pattern!r}")


def with_skill(body: str) -> tuple[str, int]:
    """characters.spell with a skill appended; the 0-based line of its body."""
    text = TEXT + f'\nskill Probe "試" {{\n  {body}\n}}\n'
    return text, len(text.split("\n")) - 3


def test_misspelt_window_in_unsaved_text_is_reported_on_its_line(lsp):
    run, s = lsp
    line, col = where(r"on damage\.(taken) when event\.target == owner repeat")
    lines = list(LINES)
    lines[line] = lines[line][:col] + "takne" + lines[line][col + 5:]
    diags = run(s.change(CHARACTERS, "\n".join(lines)))
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in diags] == \
        [(line, col - len("damage."), col + 5)]
    assert diags[0].severity == L.DiagnosticSeverity.Error
    assert "no window `takne`" in diags[0].message and "did you mean `taken`?" in diags[0].message
    assert not run(s.change(CHARACTERS, TEXT))        # the fix clears it


def test_warnings_are_sent_as_warnings(lsp):
    run, s = lsp
    text, line = with_skill("on damage.taken when event.target == owner { let unused = 1 }")
    diags = run(s.change(CHARACTERS, text))
    warnings = [d for d in diags if d.severity == L.DiagnosticSeverity.Warning and "unused" in d.message]
    assert warnings and all(d.range.start.line == line for d in warnings)
    assert any("no character, card or mode holds skill `Probe`" in d.message for d in diags)   # the lints run
    run(s.change(CHARACTERS, TEXT))


def test_a_duplicate_points_at_its_first_definition(lsp):
    run, s = lsp
    diags = run(s.change(CHARACTERS, TEXT + '\nfunc refill() { }\n'))
    dup = next(d for d in diags if "already defined" in d.message)
    assert dup.range.start.line == len(TEXT.split("\n"))
    related = dup.related_information[0]
    assert related.location.uri == uri(ACTIONS)
    line, col = where(r"^func (refill)\(", ACTIONS.read_text("utf-8").split("\n"))
    assert (related.location.range.start.line, related.location.range.start.character) == (line, col)
    run(s.change(CHARACTERS, TEXT))


def test_hover_on_draw_shows_its_parameters(lsp):
    run, s = lsp
    line, col = where(r"\b(draw)\(owner")
    h = run(s.hover(CHARACTERS, line, col + 1))
    assert "action draw(player: player, amount: int)" in h.contents.value
    assert (h.range.start.line, h.range.start.character, h.range.end.character) == (line, col, col + 4)


def test_hover_on_a_window_lists_its_event_fields(lsp):
    run, s = lsp
    line, col = where(r"on damage\.(taken)")
    value = run(s.hover(CHARACTERS, line, col + 2)).contents.value
    assert "on damage.taken" in value and "受到傷害後" in value
    assert "`amount`: int" in value and "`source`: player?" in value


def test_hover_on_a_skill_shows_its_rules_text_and_on_a_name_its_type(lsp):
    run, s = lsp
    line, col = where(r"skills (Masochist)")
    value = run(s.hover(CHARACTERS, line, col)).contents.value
    assert 'skill Masochist "抖M"' in value and "當你受到1點傷害後" in value
    line, col = where(r"choose_card\(owner, (seen),")
    assert "seen: cards" in run(s.hover(CHARACTERS, line, col)).contents.value
    line, col = where(r"\b(others)\(owner\)")
    assert "others(p: player) -> players" in run(s.hover(CHARACTERS, line, col)).contents.value


def test_completion_after_on_damage_dot_offers_its_windows(lsp):
    run, s = lsp
    text, line = with_skill("on damage.")
    run(s.change(CHARACTERS, text))
    labels = [i.label for i in run(s.complete(CHARACTERS, line, len("  on damage.")))]
    assert labels == ["cause", "inflict", "caused", "taken"]
    text, line = with_skill("on ")
    run(s.change(CHARACTERS, text))
    labels = [i.label for i in run(s.complete(CHARACTERS, line, len("  on ")))]
    assert {"damage", "draw", "turn", "draw_phase"} <= set(labels) and "taken" not in labels
    run(s.change(CHARACTERS, TEXT))


def test_completion_of_fields_after_event_it_and_owner(lsp):
    run, s = lsp
    for body, expected, absent in (("on damage.taken when event.", {"amount", "source", "target"}, "hp"),
                                   ("on damage.taken { owner.", {"hp", "hand", "alive"}, "amount"),
                                   ("on damage.taken { let x = owner.hand where it. }", {"suit", "kind"}, "hp"),
                                   ("on damage.taken { let x = others(owner) where it. }", {"hp"}, "suit")):
        text, line = with_skill(body)
        run(s.change(CHARACTERS, text))
        labels = {i.label for i in run(s.complete(CHARACTERS, line, len("  " + body.removesuffix(" }"))))}
        assert expected <= labels and absent not in labels, body
    run(s.change(CHARACTERS, TEXT))


def test_completion_of_names_keywords_and_snippets(lsp):
    run, s = lsp
    text, line = with_skill("skills ")
    run(s.change(CHARACTERS, text))
    labels = {i.label for i in run(s.complete(CHARACTERS, line, len("  skills ")))}
    assert {"Masochist", "Flight"} <= labels and "Reimu" not in labels
    labels = {i.label for i in run(s.complete(CHARACTERS, line, 2))}
    assert {"on", "active", "convert", "modify"} <= labels and "let" not in labels
    text, line = with_skill("on damage.taken { dra }")
    run(s.change(CHARACTERS, text))
    items = {i.label: i for i in run(s.complete(CHARACTERS, line, len("  on damage.taken { dra")))}
    assert items["draw"].insert_text == "draw(${1:player}, ${2:amount})$0"
    assert items["draw"].insert_text_format == L.InsertTextFormat.Snippet
    assert items["others"].insert_text == "others(${1:p})$0" and "let" in items
    body = "on damage.taken { let gained = 2\n    let kept = gained\n    draw(owner, ga) }"
    text, line = with_skill(body)
    run(s.change(CHARACTERS, text))
    labels = {i.label for i in run(s.complete(CHARACTERS, line, len("    draw(owner, ga")))}   # the last body line
    assert {"gained", "kept"} <= labels                       # the locals above the cursor
    text, line = with_skill('on damage.taken { draw(owner, 1) }  # on ')
    run(s.change(CHARACTERS, text))
    assert not run(s.complete(CHARACTERS, line, len(text.split("\n")[line])))    # in a comment
    body = "on damage.taken { use_card(owner, virtual(Dan), [owner]) }"
    text, line = with_skill(body)
    run(s.change(CHARACTERS, text))
    labels = {i.label for i in run(s.complete(CHARACTERS, line, len("  " + body.split("Dan")[0]) + 3))}
    assert "Danmaku" in labels and "Masochist" not in labels and "let" not in labels   # a card is wanted
    run(s.change(CHARACTERS, TEXT))


def test_definition_of_a_pack_function_lands_in_its_file(lsp):
    run, s = lsp
    line, col = where(r"\b(give)\(\[c\]")
    loc = run(s.definition(CHARACTERS, line, col))
    assert loc.uri == uri(ACTIONS)
    want_line, want_col = where(r"^func (give)\(", ACTIONS.read_text("utf-8").split("\n"))
    assert (loc.range.start.line, loc.range.start.character) == (want_line, want_col)
    line, col = where(r"on damage\.(taken)")
    loc = run(s.definition(CHARACTERS, line, col))
    assert loc.uri == uri(ACTIONS)
    assert "window taken" in ACTIONS.read_text("utf-8").split("\n")[loc.range.start.line]


def test_references_span_the_packs_files(lsp):
    run, s = lsp
    line, col = where(r"^func (own_cards)\(")
    refs = run(s.references(CHARACTERS, line, col))
    files = {r.uri for r in refs}
    assert uri(CHARACTERS) in files and len(files) > 1
    uses = sum(len(re.findall(r"\bown_cards\(", p.read_text("utf-8"))) for p in CHARACTERS.parent.glob("*.spell"))
    assert len(refs) == uses + 0          # the declaration's `own_cards(` is among the uses
    assert len(run(s.references(CHARACTERS, line, col, declaration=False))) == uses - 1


def test_document_symbols_outline_the_file(lsp):
    run, s = lsp
    symbols = run(s.symbols(CHARACTERS))
    names = [x.name for x in symbols]
    assert names.count("Reimu") == 1 and "Masochist" in names and "own_cards" in names
    reimu = symbols[names.index("Reimu")]
    assert reimu.kind == L.SymbolKind.Class and reimu.detail == "博麗靈夢"
    assert reimu.selection_range.start.line == where(r"^character (Reimu)")[0]


def test_a_loose_file_joins_the_pack_its_settings_name(tmp_path):
    (tmp_path / "spellcard.toml").write_text('pack = "thb"\n', "utf-8")
    mine = tmp_path / "mine.spell"
    good = 'skill Mine "我的" {\n  on damage.taken when event.target == owner { draw(owner, 1) }\n}\n'

    async def scenario():
        s = Session()
        await s.start(tmp_path)
        try:
            errors = lambda diags: [d for d in diags if d.severity == L.DiagnosticSeverity.Error]  # noqa: E731
            assert not errors(await s.open(mine, good))      # (a warning: no character holds the skill)
            return errors(await s.change(mine, good.replace("draw(owner, 1)", "draw(owner)")))
        finally:
            await s.stop()
    diags = asyncio.run(scenario())
    assert len(diags) == 1 and diags[0].range.start.line == 1 and "amount" in diags[0].message


def test_a_syntax_error_reads_as_spellcard_check_says_it(lsp):
    from spellcard.compiler.parse.read import parse
    run, s = lsp
    broken = TEXT.replace("draw(owner, 1)", "draw(owner, 1);", 1)
    diags = run(s.change(CHARACTERS, broken))
    _, problem = parse(str(CHARACTERS), broken)
    assert len(diags) == 1
    assert diags[0].message == f"{problem.message}\nhelp: {problem.help}"
    assert (diags[0].range.start.line + 1, diags[0].range.start.character + 1) == (problem.span.line, problem.span.col)
    # hover and the outline still answer from the file as it last parsed
    assert "Reimu" in [x.name for x in run(s.symbols(CHARACTERS))]
    run(s.change(CHARACTERS, TEXT))


def test_definition_and_references_of_a_local(lsp):
    run, s = lsp
    bound, col = where(r"let (seen) = peek\(2\)")
    use_line, use_col = where(r"choose_card\(owner, (seen),")
    loc = run(s.definition(CHARACTERS, use_line, use_col))
    assert loc.uri == uri(CHARACTERS)
    assert (loc.range.start.line, loc.range.start.character, loc.range.end.character) == (bound, col, col + 4)
    refs = run(s.references(CHARACTERS, bound, col))
    lines = {r.range.start.line for r in refs}
    assert bound in lines and use_line in lines and all(abs(ln - bound) < 10 for ln in lines)


def test_a_file_removed_from_the_pack_has_its_diagnostics_cleared(tmp_path):
    """The pack's file list changes: what the editor was last shown for the removed file is taken back."""
    (tmp_path / "pack.spell").write_text('pack demo "示範" extends thb >= "1.0" {\n  version "1.0.0"\n}\n', "utf-8")
    gone = tmp_path / "gone.spell"
    gone.write_text('skill Gone "去" {\n  on damage.taken when event.target == owner { draw(owner) }\n}\n', "utf-8")
    mine = tmp_path / "mine.spell"
    good = 'skill Mine "我的" {\n  on damage.taken when event.target == owner { draw(owner, 1) }\n}\n'
    mine.write_text(good, "utf-8")

    async def scenario():
        s = Session()
        await s.start(tmp_path)
        try:
            await s.open(mine, good)
            for _ in range(100):                    # published with mine's, maybe just after it
                if any("amount" in d.message for d in s.diagnostics.get(uri(gone), [])):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError(f"no diagnostics for the file to remove: {s.diagnostics}")
            gone.unlink()
            await s.change(mine, good.replace("draw(owner, 1)", "draw(owner, 2)"))
            for _ in range(100):
                if not s.diagnostics[uri(gone)]:
                    break
                await asyncio.sleep(0.05)
            return list(s.diagnostics[uri(gone)])
        finally:
            await s.stop()
    assert asyncio.run(scenario()) == []
