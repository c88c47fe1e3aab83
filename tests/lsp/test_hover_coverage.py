"""Every name the index finds in a real pack file has something to show on hover."""
from __future__ import annotations

from pathlib import Path

import pytest

from spellcard.lsp.analysis import Analyzer
from spellcard.lsp.hover import hover_text
from spellcard.lsp.index import Index
from spellcard.lsp.packs import pack_for

from .client import ROOT


@pytest.mark.parametrize("file", ["rules/thb/actions.spell", "rules/esper/characters.spell", "tests/data/coup/pack.spell"])
def test_every_occurrence_has_a_hover(file, tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    path = (ROOT / file).resolve()
    a = Analyzer().analyze(pack_for(path, lambda p: Path(p).read_text("utf-8")), lambda p: p.read_text("utf-8"))
    idx = Index(a)
    occurrences = idx.occurrences(str(path))
    assert len(occurrences) > 200
    missing = [(o.span.line, o.span.col, o.key) for o in occurrences if not hover_text(a, idx, o)]
    assert not missing
