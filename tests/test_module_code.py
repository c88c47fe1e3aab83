"""Issue 32: an emitted module is compiled in pieces (compiler/pack/module_code.py) to bound the
memory of a big pack's first run. The pieces must be the module: every line in one piece, at its own
line number, and the pack they define the one the whole module defines."""
from __future__ import annotations

from spellcard.compiler.pack import module_code
from spellcard.compiler.pack.loader import compile_pack
from spellcard.compiler.pack.manifest import load_module


def test_the_pieces_are_the_module_line_for_line(monkeypatch):
    text = compile_pack("thb", use_cache=False).code
    monkeypatch.setattr(module_code, "PIECE_LINES", 300)
    parts = module_code.pieces(text)
    assert len(parts) > 10
    assert "\n".join(piece for _, piece in parts) == text
    assert [first for first, _ in parts] == [sum(p.count("\n") + 1 for _, p in parts[:i]) for i in range(len(parts))]
    assert all(piece.split("\n", 1)[0][:1].isidentifier() for _, piece in parts[1:])

    whole = load_module((compile(text, "<whole>", "exec"),), text)
    cut = load_module(module_code.compile_module(text, "<cut>"), text)
    assert cut.places == whole.places and cut.place_files == whole.place_files
    assert list(cut.skills) == list(whole.skills) and list(cut.kinds) == list(whole.kinds)
    lines = text.split("\n")
    for skill in cut.skills.values():           # each function at the line the module has it on
        for trig in skill.triggers:
            first = trig.body.__code__.co_firstlineno
            assert lines[first - 1].startswith(f"def {trig.body.__name__}(")
