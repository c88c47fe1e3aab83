"""The compile cache: entries are keyed by the sources and the compiler, and verified before use."""
from __future__ import annotations

import json
import marshal
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import compile_pack, source_hash, read_sources, resolve

MINI = str(Path(__file__).parent / "data" / "mini")


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    first = compile_pack(MINI)
    assert first.ok and not first.cached
    return tmp_path / "cache" / source_hash(read_sources(resolve(MINI)))


def entry(cache: Path, ext: str) -> Path:
    return cache.with_name(cache.name + ext)


def test_a_second_compile_comes_from_the_cache(cache):
    again = compile_pack(MINI)
    assert again.cached and again.pack.title == "Mini"


def test_tampered_code_is_compiled_again_never_run(cache):
    """Code that says something else than what was compiled: the entry's hash no longer matches."""
    text = entry(cache, ".py").read_text("utf-8")
    forged = compile(text + "\nPACK.title = 'forged'\n", "<spellcard:mini>", "exec")
    entry(cache, ".bin").write_bytes(marshal.dumps(forged))
    again = compile_pack(MINI)
    assert not again.cached and again.pack.title == "Mini"
    assert compile_pack(MINI).cached                    # the recompiled entry is whole again


@pytest.mark.parametrize("ext", [".py", ".bin", ".json"])
def test_a_truncated_entry_is_compiled_again(cache, ext):
    path = entry(cache, ext)
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    again = compile_pack(MINI)
    assert not again.cached and again.ok and again.pack.title == "Mini"


def test_an_entry_filed_under_another_key_is_not_used(cache):
    """An index copied from another entry names its own key: it does not stand for these sources."""
    index = json.loads(entry(cache, ".json").read_text("utf-8"))
    index["key"] = "0" * 24
    entry(cache, ".json").write_text(json.dumps(index), "utf-8")
    assert not compile_pack(MINI).cached


def test_a_check_writes_its_diagnostics_alone_and_the_first_load_the_module(tmp_path, monkeypatch):
    """`check` (load=False) neither emits nor compiles the module; the first run that loads the pack
    does, from the files' built modules the check kept, and writes the whole entry for the next."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    checked = compile_pack(MINI, load=False)
    assert checked.ok and checked.pack is None and checked.code is None
    key = tmp_path / "cache" / source_hash(read_sources(resolve(MINI)))
    assert entry(key, ".json").exists() and not entry(key, ".py").exists() and not entry(key, ".bin").exists()
    assert compile_pack(MINI, load=False).cached
    assert list((tmp_path / "cache" / "modules").glob("*.bin"))
    loaded = compile_pack(MINI)
    assert not loaded.cached and loaded.pack.title == "Mini"
    assert {"py", "bin"} <= set(json.loads(entry(key, ".json").read_text("utf-8")))
    assert compile_pack(MINI).cached
