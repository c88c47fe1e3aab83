"""Which files the server checks a document with."""
from __future__ import annotations

from pathlib import Path

from spellcard.lsp.packs import pack_for

from .client import ROOT


def read(p: Path):
    return p.read_text("utf-8") if p.exists() else None


def test_a_file_in_a_pack_folder_is_checked_with_the_folder():
    files = pack_for(ROOT / "rules/thb/characters.spell", read).files
    assert files == tuple(sorted((ROOT / "rules/thb").resolve().glob("*.spell")))


def test_a_loose_file_follows_pyproject_and_a_folder_path(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n[tool.spellcard]\npack = "bots"\n', "utf-8")
    (tmp_path / "sub").mkdir()
    mine = tmp_path / "sub" / "mine.spell"
    mine.write_text('skill Mine "我" { }\n', "utf-8")
    got = pack_for(mine, read)
    assert got.files[-1] == mine.resolve() and any(p.name == "skills.spell" for p in got.files)
    assert got.setting == "pyproject.toml: pack = 'bots'" and got.problem is None
    (tmp_path / "spellcard.toml").write_text(f'pack = "{ROOT / "rules/esper"}"\n', "utf-8")
    assert pack_for(mine, read).files[0].parent == (ROOT / "rules/esper").resolve()   # spellcard.toml wins


def test_a_setting_that_names_no_pack_is_said_plainly(tmp_path):
    (tmp_path / "spellcard.toml").write_text('pack = "thbb"\n', "utf-8")
    mine = tmp_path / "mine.spell"
    got = pack_for(mine, lambda p: 'skill Mine "我" { }\n' if p == mine.resolve() else read(p))
    assert got.files == (mine.resolve(),)
    assert "`thbb` is neither an installed pack" in got.problem


def test_unsaved_pack_line_makes_a_folder_a_pack(tmp_path):
    a, b = tmp_path / "a.spell", tmp_path / "b.spell"
    b.write_text("skill B \"乙\" { }\n", "utf-8")
    got = pack_for(a, lambda p: 'pack demo "示範"\n' if p == a.resolve() else read(p))
    assert got.files == (a.resolve(), b.resolve())
