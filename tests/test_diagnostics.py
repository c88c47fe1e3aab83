"""The diagnostics corpus: realistic designer mistakes and the exact messages they get.

Each tests/diagnostics/NAME.spell is a file a designer might add to the base pack in tests/data/base
(a new character, card or skill) with one mistake in it. It is compiled together with the base pack
and the rendered diagnostics are compared with NAME.expected, byte for byte.

To regenerate the golden files after an intended change to a message:

    SPELLCARD_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_diagnostics.py

then read every changed .expected file (`git diff tests/diagnostics`) before committing it: a golden
file is only as good as the review it got.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import Source, compile_sources

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "tests" / "data" / "base"
CORPUS = ROOT / "tests" / "diagnostics"
UPDATE = os.environ.get("SPELLCARD_UPDATE_GOLDEN") == "1"

CASES = sorted(p.stem for p in CORPUS.glob("*.spell"))


def _source(path: Path) -> Source:
    # Paths as a designer sees them: relative to the repository root, with forward slashes.
    return Source(path.relative_to(ROOT).as_posix(), path.read_bytes())


def base_sources() -> list[Source]:
    return [_source(p) for p in sorted(BASE.glob("*.spell"))]


def render_case(name: str) -> str:
    result = compile_sources(base_sources() + [_source(CORPUS / f"{name}.spell")], use_cache=False, load=False)
    return result.render() + "\n"


def test_base_pack_is_clean():
    result = compile_sources(base_sources(), use_cache=False, load=False)
    assert result.diagnostics == [], result.render()


def test_corpus_is_big_enough():
    assert len(CASES) >= 67


@pytest.mark.parametrize("name", CASES)
def test_diagnostic(name: str):
    got = render_case(name)
    golden = CORPUS / f"{name}.expected"
    if UPDATE:
        golden.write_text(got, "utf-8")
    assert golden.exists(), f"no golden file for {name}: run with SPELLCARD_UPDATE_GOLDEN=1 and review it"
    want = golden.read_text("utf-8")
    assert got == want, f"diagnostics for {name} changed:\n--- got ---\n{got}--- want ---\n{want}"


@pytest.mark.parametrize("name", CASES)
def test_case_has_a_diagnostic_in_its_own_file(name: str):
    """Each case reports its mistake in the designer's file, and the base pack stays untouched."""
    result = compile_sources(base_sources() + [_source(CORPUS / f"{name}.spell")], use_cache=False, load=False)
    files = {d.span.file for d in result.diagnostics}
    assert files == {f"tests/diagnostics/{name}.spell"}, result.render()
    for d in result.diagnostics:
        line = (CORPUS / f"{name}.spell").read_text("utf-8").split("\n")[d.span.line - 1]
        assert 1 <= d.span.col <= len(line) + 1, d.render()
        assert d.message and d.message[0].islower() or d.message.startswith("`"), d.message
