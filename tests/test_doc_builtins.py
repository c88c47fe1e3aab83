"""docs/language.md lists every built-in with its signature, as the signature table has it."""
from __future__ import annotations

from pathlib import Path

from spellcard.compiler.symbols import BUILTINS
from spellcard.doc.builtins_table import builtins_markdown, rewrite
from spellcard.runtime.builtins import SIGNATURES

LANGUAGE = Path(__file__).resolve().parent.parent / "docs" / "language.md"


def test_the_language_reference_lists_every_builtin_as_the_table_has_it():
    text = LANGUAGE.read_text("utf-8")
    assert rewrite(text) == text, "regenerate: python -m spellcard.doc.builtins_table docs/language.md"
    for name in BUILTINS:
        assert f"| `{SIGNATURES[name]}` |" in text


def test_every_builtin_has_a_one_line_doc():
    table = builtins_markdown()
    assert not [line for line in table.splitlines()[2:] if line.endswith("|  |")]
