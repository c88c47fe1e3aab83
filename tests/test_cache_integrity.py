"""No cache entry is believed unread (issue 27, defects 1 and 2): the compiled pack's bytecode and each
file's built module are sealed by their key and their bytes, so an entry changed by one bit, cut
short, or copied over another entry's is compiled again, never loaded."""
from __future__ import annotations

import marshal
import shutil
import sys
from pathlib import Path

import pytest

from spellcard.compiler.pack import manifest as manifest_module
from spellcard.compiler.pack.manifest import load_compiled, write_compiled
from spellcard.compiler.pack.loader import compile_pack

ROOT = Path(__file__).parent.parent
LOVE_LETTER = str(ROOT / "examples" / "love_letter")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    result = compile_pack(LOVE_LETTER, use_cache=False)
    assert result.ok
    out = tmp_path_factory.mktemp("compiled") / "love"
    write_compiled(out, result.pack, result.code)
    return out


def code_entry(cache: Path) -> Path:
    (found,) = cache.glob(f"*.{sys.implementation.cache_tag}.pieces.bin")
    return found


def real_loads(monkeypatch) -> list:
    """Every payload marshal is asked to read while loading a compiled pack."""
    seen: list = []

    def loads(data):
        seen.append(bytes(data))
        return marshal.loads(data)

    monkeypatch.setattr(manifest_module, "marshal", type("M", (), {"loads": staticmethod(loads),
                                                                      "dumps": staticmethod(marshal.dumps)}))
    return seen


def test_the_bytecode_entry_is_used_when_whole(compiled, tmp_path, monkeypatch):
    load_compiled(compiled, code_cache=tmp_path)
    seen = real_loads(monkeypatch)
    pack, _, _ = load_compiled(compiled, code_cache=tmp_path)
    assert len(seen) == 1 and pack.name == "love_letter"


@pytest.mark.parametrize("bit", [8 * 40 + 3, 8 * 200 + 1, 8 * 1000 + 6, 8 * 4000 + 2, -5])
def test_a_flipped_bit_in_the_bytecode_entry_is_compiled_again(compiled, tmp_path, monkeypatch, bit):
    load_compiled(compiled, code_cache=tmp_path)
    path = code_entry(tmp_path)
    raw = bytearray(path.read_bytes())
    byte = bit // 8 if bit >= 0 else len(raw) + bit
    raw[byte] ^= 1 << (bit % 8)
    path.write_bytes(bytes(raw))
    seen = real_loads(monkeypatch)
    pack, _, _ = load_compiled(compiled, code_cache=tmp_path)
    assert seen == [] and pack.name == "love_letter"     # compiled from the checked module, not unmarshalled
    seen.clear()
    load_compiled(compiled, code_cache=tmp_path)
    assert len(seen) == 1                                # and the entry was written whole again


def test_forged_bytecode_is_never_run(compiled, tmp_path):
    """Bytecode of other code, written as an older spellcard wrote its entries (marshal alone)."""
    load_compiled(compiled, code_cache=tmp_path)
    text = (compiled / "love_letter.py").read_text("utf-8")
    forged = compile(text + "\nPACK.title = 'forged'\n", "<spellcard:love_letter>", "exec")
    code_entry(tmp_path).write_bytes(marshal.dumps(forged))
    pack, _, _ = load_compiled(compiled, code_cache=tmp_path)
    assert pack.title != "forged"


def test_an_entry_copied_from_another_module_is_not_used(compiled, tmp_path):
    load_compiled(compiled, code_cache=tmp_path)
    path = code_entry(tmp_path)
    other = path.with_name("0" * 64 + path.name[64:])
    shutil.copyfile(path, other)
    text = (compiled / "love_letter.py").read_text("utf-8")
    forged = compile(text + "\nPACK.title = 'forged'\n", "<spellcard:love_letter>", "exec")
    payload = marshal.dumps(forged)
    seal = manifest_module._seal(other.name, payload)   # a whole entry, but another module's
    path.write_bytes(seal + payload)
    pack, _, _ = load_compiled(compiled, code_cache=tmp_path)
    assert pack.title != "forged"


def test_a_module_entry_copied_over_another_files_is_parsed_again(tmp_path, monkeypatch):
    """Defect 2: the entry of one file copied over another's made a valid pack report hundreds of
    errors on every later check, until --no-cache."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "pack"
    shutil.copytree(LOVE_LETTER, pack, ignore=shutil.ignore_patterns("tests", "README.md"))
    assert compile_pack(str(pack), load=False).ok
    entries = sorted((tmp_path / "cache" / "modules").glob("*.bin"), key=lambda p: p.stat().st_size)
    assert len(entries) >= 2
    small, large = entries[0], entries[-1]
    shutil.copyfile(large, small)                       # one file's tree filed under another file's key
    for index in (tmp_path / "cache").glob("*.json"):
        index.unlink()                                  # as after an edit elsewhere in the pack
    again = compile_pack(str(pack), load=False)
    assert again.ok, again.render()
    assert compile_pack(str(pack), load=False).ok       # and every later check
