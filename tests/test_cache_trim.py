"""The compile cache stays under its budget: entries used longest ago go first, nothing but the cache's
own files is ever removed, a trimmed entry is only a miss, and `spellcard cache` shows and trims it."""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack import cache_trim
from spellcard.simulate import TIMING_FIELDS

MINI = str(Path(__file__).parent / "data" / "mini")
KB = 1024


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch) -> Path:
    cdir = tmp_path / "cache"
    monkeypatch.setenv("SPELLCARD_CACHE", str(cdir))
    return cdir


def _entry(cdir: Path, name: str, size: int, age: float) -> Path:
    """A cache file of `size` bytes last used `age` seconds ago."""
    path = cdir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    when = path.stat().st_mtime - age
    os.utime(path, (when, when))
    return path


def test_trim_removes_the_entries_used_longest_ago_down_to_three_quarters(private_cache):
    names = [f"modules/{i:032x}.bin" for i in range(10)]
    for age, name in enumerate(names):          # names[9] is the oldest
        _entry(private_cache, name, 10 * KB, age=100 + age)
    files, freed, left = cache_trim.trim(private_cache, 80 * KB)
    assert (files, freed, left) == (4, 40 * KB, 60 * KB)          # 60 KB is three quarters of 80
    assert [n for n in names if (private_cache / n).exists()] == names[:6]


def test_under_the_budget_nothing_is_removed(private_cache):
    _entry(private_cache, "units/" + "a" * 32 + ".bin", 10 * KB, age=1000)
    assert cache_trim.trim(private_cache, 10 * KB) == (0, 0, 10 * KB)


def test_only_the_caches_own_files_are_removed(private_cache):
    own = _entry(private_cache, "b" * 24 + ".py", 10 * KB, age=10)
    fresh_part = _entry(private_cache, "modules/." + "c" * 32 + ".bin.123.part", 10 * KB, age=10)
    stale_part = _entry(private_cache, "modules/." + "d" * 32 + ".bin.456.part", 10 * KB, age=7200)
    notes = _entry(private_cache, "notes.txt", 10 * KB, age=9000)
    elsewhere = _entry(private_cache, "other/" + "e" * 32 + ".bin", 10 * KB, age=9000)
    cache_trim.trim(private_cache, 0)
    assert not own.exists() and not stale_part.exists()
    assert fresh_part.exists() and notes.exists() and elsewhere.exists()


def _game(pack: str) -> dict:
    result = CliRunner().invoke(cli, ["simulate", pack, "--mode", "Duel", "--games", "1", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    return {k: v for k, v in json.loads(result.stdout).items() if k not in TIMING_FIELDS}


def _size(cdir: Path) -> int:
    return sum(p.stat().st_size for p in cdir.rglob("*") if p.is_file() and p.name != cache_trim.LEDGER)


def test_a_command_keeps_the_cache_under_its_budget_and_a_trimmed_entry_is_a_miss(private_cache, monkeypatch, tmp_path):
    first = _game(MINI)
    whole = _size(private_cache)
    monkeypatch.setenv("SPELLCARD_CACHE_MB", "0")   # every write now goes over the budget
    pack = tmp_path / "pack"
    shutil.copytree(MINI, pack)
    spell = pack / "a.spell"
    spell.write_text(spell.read_text("utf-8") + "\n# an edit\n", "utf-8")
    _game(str(pack))
    assert whole > 0 and _size(private_cache) == 0
    monkeypatch.delenv("SPELLCARD_CACHE_MB")
    assert _game(MINI) == first                     # made again from nothing: the same game
    assert int((private_cache / cache_trim.LEDGER).read_text()) == _size(private_cache)


def test_an_entry_read_counts_as_used(private_cache):
    """A pack run from the cache marks its index, module and bytecode used: trimmed last, not first."""
    _game(MINI)
    entry = [private_cache / f"{next(private_cache.glob('*.json')).stem}{ext}" for ext in (".json", ".py", ".bin")]
    old = entry[0].stat().st_mtime - 3600
    for path in entry:
        os.utime(path, (old, old))
    _game(MINI)                                     # loaded from the cache: nothing written
    assert all(path.stat().st_mtime > old + 3000 for path in entry)


def test_the_cache_command_keeps_the_ledger(private_cache):
    _game(MINI)
    assert CliRunner().invoke(cli, ["cache", "--clear"]).exit_code == 0
    assert (private_cache / cache_trim.LEDGER).read_text() == "0"


@pytest.mark.parametrize("setting", ["lots", "", "-5"])
def test_a_malformed_or_negative_budget_setting_never_stops_a_command(monkeypatch, setting):
    monkeypatch.setenv("SPELLCARD_CACHE_MB", setting)
    assert cache_trim.budget() == (0 if setting == "-5" else cache_trim.BUDGET_MB * KB * KB)


def test_the_cache_command_shows_trims_and_clears(private_cache, monkeypatch):
    assert CliRunner().invoke(cli, ["check", MINI]).exit_code == 0
    shown = CliRunner().invoke(cli, ["cache"])
    assert shown.exit_code == 0, shown.output
    assert re.match(rf"{re.escape(str(private_cache))}: [\d.]+ MB of 1,024.0 MB\n", shown.output)
    assert re.search(r"^  modules +\d+ files", shown.output, re.M)
    trimmed = CliRunner().invoke(cli, ["cache", "--trim"])
    assert trimmed.output.startswith("removed 0 files, 0.0 MB\n")
    cleared = CliRunner().invoke(cli, ["cache", "--clear"])
    assert cleared.exit_code == 0 and cleared.output.startswith("removed ")
    assert _size(private_cache) == 0
    assert "--clear" in CliRunner().invoke(cli, ["cache", "--help"]).output
