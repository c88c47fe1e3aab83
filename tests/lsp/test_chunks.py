"""Parsing a file declaration by declaration builds exactly the tree that parsing it whole builds."""
from __future__ import annotations

import attrs
import pytest

from spellcard.compiler.build.builder import build
from spellcard.compiler.parse.read import parse
from spellcard.lsp.chunks import ChunkedParser, _balance, split

from .client import ROOT

def same_tree(got, want) -> None:
    """Equal modules: the same declarations and tests, span for span, and the same granted names."""
    assert got.granted == want.granted
    assert repr(attrs.evolve(got, granted=frozenset())) == repr(attrs.evolve(want, granted=frozenset()))


FILES = [ROOT / "rules/thb/characters.spell", ROOT / "rules/thb/actions.spell", ROOT / "rules/bots/skills.spell"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_chunks_cover_the_file_and_build_the_same_tree(path, tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    text = path.read_text("utf-8")
    assert "\n".join(chunk for _, chunk in split(text)) == text
    tree, problem = parse(str(path), text)
    assert problem is None
    same_tree(ChunkedParser().module(str(path), text), build(str(path), tree))


# (line, brackets opened minus closed outside strings and comments)
BALANCES = [
    ("skill A {", 1), ("  if x { f(a[1]) }", 0), ('  text "({[ not counted"', 0), ('  f("a\\"(", b) {', 1),
    ('  g("\\\\") (', 1), ("  h(x) # (( a comment", 0), ('  "#" (', 1), ('  # "( a quote in a comment', 0),
    ('  f("still open (', 1), ('x = "a" + "(" }', -1), ('"\\', 0), ("", 0),
]


@pytest.mark.parametrize("line,want", BALANCES)
def test_a_lines_brackets_are_counted_outside_strings_and_comments(line, want):
    assert _balance(line) == want


def test_an_edit_reparses_only_its_declaration_and_keeps_every_span(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    path = str(FILES[0])
    text = FILES[0].read_text("utf-8")
    chunks = ChunkedParser()
    before = chunks.module(path, text)
    edited = text.replace("draw(owner, 1)", "draw(owner, 2)", 1)
    after = chunks.module(path, edited)
    changed = [i for i, (a, b) in enumerate(zip(before.decls, after.decls)) if a is not b]
    assert len(changed) == 1                       # the other declarations are the very same objects
    tree, _ = parse(path, edited)
    same_tree(after, build(path, tree))


def test_a_chunk_that_does_not_parse_gives_up(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    text = FILES[0].read_text("utf-8").replace("draw(owner, 1)", "draw(owner, 1);", 1)
    assert ChunkedParser().module(str(FILES[0]), text) is None


def test_a_kept_tree_that_was_changed_or_moved_is_parsed_again(tmp_path, monkeypatch):
    """The editor's tree cache checks each file before unpickling it: a flipped byte, or an entry
    copied over another file's, is a miss."""
    from spellcard.lsp import trees

    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    trees.store("a.spell", "skill A {}", {(1, "x"): "module a"})
    trees.store("b.spell", "skill B {}", {(1, "y"): "module b"})
    assert trees.load("a.spell", "skill A {}") == {(1, "x"): "module a"}
    a, b = trees._file("a.spell", "skill A {}"), trees._file("b.spell", "skill B {}")
    b.write_bytes(a.read_bytes())                           # a's entry under b's name
    assert trees.load("b.spell", "skill B {}") is None
    raw = bytearray(a.read_bytes())
    raw[-1] ^= 1
    a.write_bytes(bytes(raw))
    assert trees.load("a.spell", "skill A {}") is None
