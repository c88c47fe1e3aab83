"""The fast parser (compiler/parse/fast/parser.py) and Lark (the reference) never drift apart.

Every `.spell` file of the repository and every ```spellcard block of the docs parses to the same tree
both ways (names, children, placeholders, token types, every position) and builds the same AST; and
damaged copies of real files (tokens deleted, doubled, swapped, keywords inserted, the text cut) are
either refused by the fast parser (Lark then speaks) or read exactly as Lark reads them. The fast
parser never accepts what Lark refuses."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spellcard.compiler.build.builder import build
from spellcard.compiler.build.reader import _DirectBuilder
from spellcard.compiler.parse.fast.lex import GiveUp, tokenize
from spellcard.compiler.parse.fast.direct import read_direct
from spellcard.compiler.parse.fast.parser import read_tree
from spellcard.compiler.parse.read import _demote_keyword, parser


def parse_tree(text: str):
    """The fast parser's tree, or None where it gives up."""
    return read_tree(text)[0]


def build_direct(text: str, builder, *limits):
    """The module the direct way builds, or None where it gives up or a limit is broken."""
    return read_direct(text, builder, *limits)[0]


ROOT = Path(__file__).resolve().parent.parent
SPELL_FILES = sorted(p for p in ROOT.rglob("*.spell") if ".venv" not in p.parts)
FENCE = re.compile(r"```spellcard\n(.*?)```", re.S)
DOC_SNIPPETS = [(f"{p.name}#{i}", m.group(1)) for p in sorted((ROOT / "docs").rglob("*.md"))
                for i, m in enumerate(FENCE.finditer(p.read_text("utf-8")))]
# Words that are keywords somewhere, and a few that are not: what a designer's slip inserts.
KEYWORDS = sorted(set(re.findall(r'"([a-z_]+)"', (ROOT / "grammar" / "spellcard.lark").read_text("utf-8")))
                  | {"card", "player", "owner", "turn", "phase", "base", "set", "grants", "always", "self"})


def dump(node):
    """Everything of a tree that a reader could see: rule names, children, tokens and positions."""
    if node is None:
        return None
    if isinstance(node, str):
        return ("token", node.type, str(node), node.line, node.column, node.end_line, node.end_column,
                node.start_pos, node.end_pos)
    m = node.meta
    where = None if getattr(m, "empty", True) else (m.line, m.column, m.end_line, m.end_column,
                                                    m.start_pos, m.end_pos)
    return (node.data, where, [dump(c) for c in node.children])


def lark_tree(text: str):
    try:
        return parser().parse(text, on_error=_demote_keyword)
    except Exception:           # any refusal (Lark's errors, or too deep for Python)
        return None


def read(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace").lstrip("\ufeff")


def direct(text: str, label: str):
    """The fast parser's other way: the AST made as it reads (limits as parse.py's, none reached)."""
    return build_direct(text, _DirectBuilder(label), 10_000, 10_000, 10_000, 10_000)


def assert_same(text: str, label: str, must_accept: bool) -> None:
    fast, ref, made = parse_tree(text), lark_tree(text), direct(text, label)
    if ref is None:
        assert fast is None and made is None, f"{label}: the fast parser accepts what Lark refuses"
        return
    assert (fast is None) == (made is None), f"{label}: the fast parser's two ways disagree"
    if fast is None:
        assert not must_accept, f"{label}: the fast parser gave up on a file Lark reads"
        return
    assert dump(fast) == dump(ref), f"{label}: the trees differ"
    want = repr(build(label, ref))
    assert repr(build(label, fast)) == want, f"{label}: the ASTs differ"
    assert repr(made) == want, f"{label}: the AST made while reading differs"


def has_tests(text: str) -> bool:
    """The fast parser leaves `test` declarations (the scenario harness's) to Lark."""
    return re.search(r"^\s*test\b", text, re.M) is not None


@pytest.mark.parametrize("path", SPELL_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_spell_file_parses_to_the_same_tree_both_ways(path):
    text = read(path)
    assert_same(text, str(path), must_accept=not has_tests(text))


def test_every_docs_snippet_parses_to_the_same_tree_both_ways():
    assert DOC_SNIPPETS
    for label, text in DOC_SNIPPETS:
        assert_same(text, label, must_accept=False)      # a snippet may be a fragment


def test_the_packs_are_read_by_the_fast_parser():
    """The point of it: a check of a shipped pack never waits for Lark."""
    packs = [p for p in SPELL_FILES if p.parts[len(ROOT.parts)] == "rules" and "tests" not in p.parts]
    assert len(packs) > 20
    for path in packs:
        assert parse_tree(read(path)) is not None, path


# ── damaged copies of real files ────────────────────────────────────────────────────
SMALL = [p for p in SPELL_FILES if p.stat().st_size < 6000 and "tests" not in p.relative_to(ROOT).parts[1:]]


def tokens_of(text: str) -> list[tuple[int, int]]:
    try:
        return [(t[2], t[2] + len(t[1])) for t in tokenize(text)[:-1]]
    except GiveUp:
        return []


@st.composite
def damaged(draw):
    text = read(draw(st.sampled_from(SMALL)))
    lines = text.split("\n")
    first = draw(st.integers(0, max(0, len(lines) - 1)))
    text = "\n".join(lines[first:first + draw(st.integers(1, 60))])     # a window of the file
    for _ in range(draw(st.integers(1, 3))):
        toks = tokens_of(text)
        if not toks:
            break
        a, b = toks[draw(st.integers(0, len(toks) - 1))]
        c, d = toks[draw(st.integers(0, len(toks) - 1))]
        how = draw(st.sampled_from(["delete", "double", "swap", "keyword", "cut", "glue"]))
        if how == "delete":
            text = text[:a] + text[b:]
        elif how == "double":
            text = text[:b] + " " + text[a:b] + text[b:]
        elif how == "swap" and b <= c:
            text = text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]
        elif how == "keyword":
            text = text[:a] + draw(st.sampled_from(KEYWORDS)) + " " + text[a:]
        elif how == "cut":
            text = text[:b]
        elif how == "glue":                  # `card Foo` → `cardFoo`: Lark's lexer splits that again
            text = text[:b] + text[b:].lstrip(" \t")
    return text


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_a_damaged_file_is_refused_by_the_fast_parser_or_read_as_lark_reads_it(text):
    assert_same(text, "damaged.spell", must_accept=False)


@pytest.mark.parametrize("text", [
    "card C \"c\" { }\n# a comment at the end, with words\n",
    "card C \"c\" { }   # and one without a newline",
    "card C \"c\" { } ;",
    "cardFoo \"x\" { }",                              # Lark's lexer splits a keyword off a word
    "card C \"c\" { x = a\n card = 1 }",             # a keyword where only a name fits is a name
    "func f() { let x = - not\n }",                   # after `-`, `not` is a name
    "func f() = a and if",                            # after `and`, `if` is a name
    "func f() = (a + b) * (c)",                       # brackets: the node spans them, the inner not
    "card C \"c\" { target none }",
    "card C \"c\" { target none\n when x }",
    "card C \"c\" { target none where x from y }",
    "card C \"c\" { target none == none from y }",
    "card C \"c\" { target none text \"t\" }",
    "card C \"c\" { target none x = 1 }",
    "card C \"c\" { target none from x }",
    "card C \"c\" { target self from = 3 }",
    "deck D { }",
    "",
    "# only a comment\n",
])
def test_corner_cases_parse_as_lark_parses_them(text):
    assert_same(text, "corner.spell", must_accept=False)


def height(tree) -> int:
    return 1 + max((height(c) for c in tree.children if c is not None and not isinstance(c, str)), default=0)


@pytest.mark.parametrize("text", [
    "func f() = " + " + ".join(["a"] * 120),                     # a long chain: deep without brackets
    "func f() = " + "-" * 120 + "a",
    "func f() = a" + ".b" * 120,
    "card C \"c\" { target none }\ndeck D { }\n",
    *[read(p) for p in SMALL[:6]],
])
def test_the_direct_way_knows_the_tree_height_parse_py_limits(text):
    """Reading without a tree, the parser still refuses exactly the trees deeper than the limit."""
    tree = parse_tree(text)
    assert tree is not None
    h = height(tree)
    assert build_direct(text, _DirectBuilder("h.spell"), h, 99, 99, 9999) is not None
    assert build_direct(text, _DirectBuilder("h.spell"), h - 1, 99, 99, 9999) is None


def test_the_direct_way_leaves_a_too_long_token_to_parse_py():
    for text in ("func f() = 1234567890123456", "func " + "f" * 65 + "() = 1", 'func f() = "' + "x" * 4097 + '"'):
        assert parse_tree(text) is not None
        assert build_direct(text, _DirectBuilder("t.spell"), 100, 15, 64, 4096) is None, text[:30]


def test_comments_and_blanks_at_the_end_are_read_by_the_fast_parser():
    for text in ("card C \"c\" { }\n# the end, with words\n", "card C \"c\" { }  # end", "\n\n# only\n"):
        assert parse_tree(text) is not None and direct(text, "end.spell") is not None, text


def test_a_fault_late_in_a_file_costs_lark_its_declaration_not_the_file(monkeypatch):
    """The fast parser tells where the declaration it stopped in begins; Lark reads from there first
    (the text before it blanked, every place kept), and says what it says of the whole file."""
    from spellcard.compiler.build.reader import read_module
    from spellcard.compiler.parse import read

    text = (ROOT / "rules" / "thb" / "characters.spell").read_text("utf-8") + "\ncharacter Broken { hp = = 3 }\n"
    real, read_by_lark = read.parser(), []

    class Counted:
        def parse(self, text, **kw):
            read_by_lark.append(len(text.lstrip()))
            return real.parse(text, **kw)

    monkeypatch.setattr(read, "parser", lambda: Counted())
    _, problem = read_module("c.spell", text)
    assert read_by_lark == [len("character Broken { hp = = 3 }\n")]
    monkeypatch.setattr(read, "parser", lambda: real)
    assert problem == read._lark_parse("c.spell", text)[1]
    assert problem.span.line == text.count("\n")
