"""Issue 32: a pack the size a community writes. bench/big_pack.py writes N characters over THB's
vocabulary; a small one (200 characters) must check clean, play, and come out the same from the same
seed. The 2,000-character figures are bench/big_check.py's (a script, never a timed assertion)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from spellcard.compiler.pack.loader import compile_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game

BENCH = Path(__file__).resolve().parent.parent / "bench" / "big_pack.py"


def big_pack():
    spec = importlib.util.spec_from_file_location("big_pack", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("big_pack", module)
    spec.loader.exec_module(module)
    return module


def test_a_generated_pack_checks_clean_and_plays(tmp_path):
    files = big_pack().write_pack(tmp_path / "big", characters=200, seed=3)
    assert all(p.stat().st_size < 64 * 1024 for p in files)
    result = compile_pack(str(tmp_path / "big"), use_cache=False)
    assert result.ok, result.render()
    pack = result.pack
    assert sum(name.startswith("Gen") for name in pack.characters) == 200
    assert len(pack.decks["standard"]) > 144            # the generated cards joined THB's deck
    for seed in range(3):
        game = Game(pack, "Identity5Mode", 5, [RandomAgent(seed * 10 + i) for i in range(5)], seed=seed)
        assert game.play().reason == "win"


def test_the_same_seed_writes_the_same_pack(tmp_path):
    write = big_pack().write_pack
    one = [p.read_bytes() for p in write(tmp_path / "a", characters=50, seed=7, per_file=20)]
    two = [p.read_bytes() for p in write(tmp_path / "b", characters=50, seed=7, per_file=20)]
    other = [p.read_bytes() for p in write(tmp_path / "c", characters=50, seed=8, per_file=20)]
    assert one == two and one != other
    assert len(one) == 5                                # pack.spell, three files of characters, cards.spell
