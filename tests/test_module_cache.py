"""Each file's built module is kept (compiler/pack/module_cache.py): a check after editing one file parses
that file alone, says exactly what a check from scratch says, and no entry is ever trusted unread."""
from __future__ import annotations

import hashlib
import marshal
import re
from pathlib import Path

import attrs
import pytest

from spellcard.compiler.pack import module_cache
from spellcard.compiler.build import reader as build_module
from spellcard.compiler.parse import read as parse_module
from spellcard.compiler.build.builder import build
from spellcard.compiler.pack.cache_key import _compiler_digest
from spellcard.compiler.pack.loader import Source, compile_sources, read_sources, resolve

ROOT = Path(__file__).parent.parent
CORPUS = ROOT / "tests" / "diagnostics"


def thb() -> list[Source]:
    return read_sources(resolve(str(ROOT / "rules" / "thb")))


@pytest.fixture
def parses(monkeypatch) -> list:
    """The paths parsed, in order (the front end imports `read_module` when it runs)."""
    seen: list = []
    real = build_module.read_module

    def counted(path, text):
        seen.append(path)
        return real(path, text)

    monkeypatch.setattr(build_module, "read_module", counted)
    return seen


def check(sources: list[Source], cache: Path):
    """A check whose pack-wide entry is gone, as after an edit: only the modules can be reused."""
    for index in cache.glob("*.json"):
        index.unlink()
    return compile_sources(sources, load=False)


@pytest.mark.parametrize("path", sorted((ROOT / "rules").glob("*/*.spell")) + sorted(CORPUS.glob("*.spell"))
                         + [ROOT / "rules" / "esper" / "tests" / "characters.spell"],     # test blocks
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_kept_module_is_the_module_built(tmp_path, path):
    text = path.read_text("utf-8")
    tree, problem = parse_module.parse(str(path), text)
    if problem is not None:
        pytest.skip("a file that does not parse has no module to keep")
    built = build(str(path), tree)
    kept = module_cache.entry(tmp_path, _compiler_digest(), str(path), path.read_bytes())
    module_cache.store(kept, built)
    assert same(module_cache.load(kept), built)


def test_a_file_without_tests_is_kept_under_the_same_numbers_without_building_the_test_nodes():
    """The test blocks' classes come after the tree's: numbering without them changes no entry."""
    tree = module_cache._classes(tests=False)
    after = module_cache._classes(tests=True)[len(tree):]
    assert module_cache._classes(tests=True)[:len(tree)] == tree
    assert after and all(c.__module__.startswith("spellcard.spelltest") for c in after)


def same(a, b) -> bool:
    """Equal trees: nodes compare by identity, so field by field."""
    if type(a) is not type(b):
        return False
    if attrs.has(type(a)):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in attrs.fields(type(a)))
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(same, a, b))
    return a == b


def test_editing_one_file_parses_that_file_alone_and_says_what_a_fresh_check_says(tmp_path, monkeypatch, parses):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    sources = thb()
    check(sources, tmp_path)
    assert len(parses) == len(sources)
    edited = sources[:]
    edited[3] = Source(sources[3].path, sources[3].data.replace(b"owner", b"ownr", 1))
    parses.clear()
    again = check(edited, tmp_path)
    assert parses == [edited[3].path]
    fresh = compile_sources(edited, use_cache=False, load=False)
    assert again.render() == fresh.render() and not again.ok


def test_an_edit_decodes_only_the_declaration_it_touched(tmp_path, monkeypatch):
    """One character's hit points changed: of the edited file's kept parts, only that declaration is
    decoded (its last tree, for what it granted, and its new one); the file's other characters stand in
    from the record, and the check says what a fresh one says."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    sources = thb()
    check(sources, tmp_path)
    at = next(i for i, s in enumerate(sources) if s.path.endswith("characters.spell"))
    edited = sources[:]
    edited[at] = Source(sources[at].path, re.sub(rb"hp = (\d)", lambda m: b"hp = %d" % (int(m[1]) % 9 + 1),
                                                 sources[at].data, count=1))
    decoded: list = []
    real = module_cache.Kept.decl
    monkeypatch.setattr(module_cache.Kept, "decl", lambda parts, i: decoded.append(i) or real(parts, i))
    again = check(edited, tmp_path)
    assert len(decoded) == 2 and decoded[0] == decoded[1]
    assert again.render() == compile_sources(edited, use_cache=False, load=False).render()


def test_a_pack_from_kept_modules_plays_as_one_compiled_from_scratch(tmp_path, monkeypatch, parses):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    check(thb(), tmp_path)
    parses.clear()
    loaded = compile_sources(thb())             # the check left no module: this run emits it
    assert parses == [] and not loaded.cached
    assert loaded.code == compile_sources(thb(), use_cache=False).code


def test_a_changed_or_cut_short_entry_is_parsed_again(tmp_path, monkeypatch, parses):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path))
    sources = thb()
    first = check(sources, tmp_path)
    entries = sorted((tmp_path / "modules").glob("*.bin"))
    changed = bytearray(entries[0].read_bytes())
    changed[-5] ^= 1
    entries[0].write_bytes(bytes(changed))
    entries[1].write_bytes(entries[1].read_bytes()[:200])
    for record in (tmp_path / "units").glob("*.bin"):   # else the unchanged files stand in from the record
        record.unlink()
    parses.clear()
    again = check(sources, tmp_path)
    assert len(parses) == 2 and again.render() == first.render()


def test_an_entry_holding_anything_but_a_tree_is_a_miss_and_runs_nothing(tmp_path):
    """Even with a matching hash: code, a foreign object or a tree that is not a module is never used."""
    ran = tmp_path / "ran"
    code = compile(f"open({str(ran)!r}, 'w').close()", "<forged>", "exec")
    for payload in (marshal.dumps(code), marshal.dumps([10 ** 6]), marshal.dumps({"a": 1}),
                    marshal.dumps(module_cache.encode_node(build("x.spell", parse_module.parse(
                        "x.spell", "enum Role { Lord }\n")[0]).decls[0]))):
        forged = tmp_path / "forged.bin"
        forged.write_bytes(hashlib.sha256(payload).digest() + payload)
        assert module_cache.load(forged) is None
    assert not ran.exists()
