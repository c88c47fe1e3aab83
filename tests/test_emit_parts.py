"""Issue 32, point 2: the emitted module is made per file (compiler/emit/parts.py, compiler/pack/parts.py).
After an edit, the first run emits again only the parts the edit reached, the rest from the cache, and
the module is the one a build from nothing writes, byte for byte (so the games are too)."""
from __future__ import annotations

import types
from pathlib import Path

import pytest

from spellcard.compiler.pack import parts
from spellcard.compiler.pack.loader import compile_pack
from spellcard.compiler.pack.manifest import load_module
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game

PACK = """pack mini "Mini" extends thb >= "1.0" {
  version "1.0.0"
}

query mini_bonus(p: player) -> int says "{p}的額外" / "{p}'s bonus" = 0
"""

A = """character MiniA "甲" { title = "甲甲" hp = 4 skills MiniAS }

skill MiniAS "甲技" {
  text "準備階段開始時，你摸牌。"
  on prepare_phase.start when event.player == owner { draw(owner, mini_gain() + mini_bonus(owner)) }
}
"""

B = """character MiniB "乙" { title = "乙乙" hp = 3 skills MiniBS }

skill MiniBS "乙技" locked {
  text "鎖定技，你的手牌上限+1。"
  modify hand_limit when p == owner = value + 1
}

func mini_gain() -> int = 1
"""

C = """character MiniC "丙" { title = "丙丙" hp = 4 skills MiniCS }

skill MiniCS "丙技" locked {
  text "鎖定技，你計算與其他角色的距離-1。"
  modify distance when a == owner and b != owner = value - 1
}
"""


@pytest.fixture
def pack(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "mini"
    folder.mkdir()
    for name, text in (("a", A), ("b", B), ("c", C), ("pack", PACK)):
        (folder / f"{name}.spell").write_text(text, "utf-8")
    return folder


def run(folder: Path):
    """`check`, then the first run that loads the pack: as a designer does after an edit."""
    assert compile_pack(str(folder), load=False).ok
    result = compile_pack(str(folder))
    assert result.ok, result.render()
    return result


def cold(folder: Path):
    return compile_pack(str(folder), use_cache=False)


def same_as_cold(result, folder: Path) -> None:
    """The module a build from nothing writes, its code at the lines the text has it on, the same games."""
    whole = cold(folder)
    lines = result.code.split("\n")
    pack = result.pack
    fns = [f for f in pack.funcs.values()] + [q for q in pack.queries.values()] + \
        [t.body for s in pack.skills.values() for t in s.triggers] + [m.fn for s in pack.skills.values() for m in s.modifiers]
    for fn in fns:
        assert lines[fn.__code__.co_firstlineno - 1].startswith(f"def {fn.__name__}(")
    assert result.code == whole.code
    assert result.pack.places == whole.pack.places and result.pack.place_files == whole.pack.place_files
    as_text = load_module((compile(result.code, "<spellcard:mini>", "exec"),), result.code)     # as `compile` ships it
    assert as_text.places == result.pack.places and as_text.place_files == result.pack.place_files
    for seed in range(2):
        games = [Game(p, "Identity5Mode", 5, [RandomAgent(seed * 10 + i) for i in range(5)], seed=seed)
                 for p in (result.pack, whole.pack)]
        one, other = (g.play() for g in games)
        assert (one.reason, one.turns, one.steps, [w.seat for w in one.winners]) == \
            (other.reason, other.turns, other.steps, [w.seat for w in other.winners])


def emitted(result) -> list[str]:
    return sorted(Path(p).name for p in result.emitted)


def test_an_edit_to_one_file_emits_that_file_alone(pack):
    """b.spell holds a function besides its character and skill: an edit to these is b's part's alone."""
    first = run(pack)
    assert {"a.spell", "b.spell", "c.spell"} <= set(emitted(first))
    (pack / "b.spell").write_text(B.replace("hp = 3", "hp = 5"), "utf-8")
    again = run(pack)
    assert emitted(again) == ["b.spell"]
    assert again.pack.characters["MiniB"].attrs["hp"] == 5
    same_as_cold(again, pack)


def test_a_file_that_grew_moves_the_parts_after_it(pack):
    run(pack)
    (pack / "a.spell").write_text("# one line more\n" + A.replace("draw(owner,", "\n  draw(owner,"), "utf-8")
    again = run(pack)
    assert emitted(again) == ["a.spell"]
    same_as_cold(again, pack)           # b's and c's code, kept, at their new lines


def test_an_edit_to_a_function_used_elsewhere_emits_its_users(pack):
    """b.spell holds a function a.spell's skill calls: b's characters and skills are its own part's
    alone (the test above), its function is every part's."""
    run(pack)
    (pack / "b.spell").write_text(B.replace("-> int = 1", "-> int = 2"), "utf-8")
    again = run(pack)
    assert "a.spell" in emitted(again)
    assert "return 2" in again.code
    same_as_cold(again, pack)


def test_a_modifier_that_guards_a_query_emits_the_query_again(pack):
    """A fact of the whole pack (the queries a modifier's owner test guards) changes the code of a file
    the edit did not touch."""
    run(pack)
    (pack / "c.spell").write_text(C + """
skill MiniCT "丙二" locked {
  text "鎖定技，你的額外+1。"
  modify mini_bonus when p == owner = value + 1
}
""", "utf-8")
    (pack / "c.spell").write_text((pack / "c.spell").read_text("utf-8").replace("skills MiniCS", "skills MiniCS, MiniCT"),
                                  "utf-8")
    again = run(pack)
    assert {"c.spell", "pack.spell"} <= set(emitted(again))     # a fact of the whole pack: every part
    same_as_cold(again, pack)


@pytest.mark.parametrize("damage", ["flip", "cut", "swap"])
def test_a_changed_part_in_the_cache_is_emitted_again_never_run(pack, damage):
    run(pack)
    (pack / "b.spell").write_text(B.replace("hp = 3", "hp = 4"), "utf-8")
    run(pack)
    entries = sorted((pack.parent / "cache" / "parts").glob("*.bin"), key=lambda p: p.stat().st_mtime)
    newest, other = entries[-1], entries[0]
    raw = newest.read_bytes()
    if damage == "flip":
        newest.write_bytes(raw[:-40] + bytes([raw[-40] ^ 1]) + raw[-39:])
    elif damage == "cut":
        newest.write_bytes(raw[: len(raw) // 2])
    else:
        newest.write_bytes(other.read_bytes())
    (pack / "c.spell").write_text(C + "\n", "utf-8")          # a new source hash: the module is made again
    again = run(pack)
    assert emitted(again) == ["b.spell", "c.spell"]
    same_as_cold(again, pack)


def test_moved_code_is_the_code_compiled_further_down():
    """parts.moved leans on how Python numbers lines (from each code object's first line)."""
    text = "def f(x):\n    y = x + 1\n    return [y,\n            y]\n\nclass K:\n    def g(self):\n        return 1\n"
    here = parts.moved((compile(text, "<m>", "exec"),), 40)[0]
    there = compile("\n" * 40 + text, "<m>", "exec")

    def codes(c):
        yield c
        for x in c.co_consts:
            if isinstance(x, types.CodeType):
                yield from codes(x)
    pairs = list(zip(codes(here), codes(there)))
    assert len(pairs) == 4
    for a, b in pairs[1:]:          # the module's own differs only in the line of its opening no-op
        assert (a.co_firstlineno, a.co_linetable, a.co_code) == (b.co_firstlineno, b.co_linetable, b.co_code)
        assert list(a.co_positions()) == list(b.co_positions())


def test_two_parts_that_make_one_name_are_emitted_as_one(pack, monkeypatch):
    """Names come from the source's (`aw_{action}_{window}`: action `a_b`'s window `c`, action `a`'s
    window `b_c`); a part makes its own unique, so two parts that make the same one are one part."""
    from spellcard.compiler.emit.parts import Piece, clashes

    def made(*names):
        return Piece((), {}, (), frozenset(names))
    assert clashes([made("aw_a_b_c", "f_x"), made("aw_a_b_c")])
    assert not clashes([made("fx_f", "f_x"), made("fx_f")])         # `some` of one function: the same code
    parted = run(pack)
    monkeypatch.setattr(parts, "clashes", lambda pieces: True)
    (pack / "c.spell").write_text(C + "\n", "utf-8")
    whole = run(pack)
    assert len(whole.emitted) == len(whole.sources)                  # every file, THB's too
    lines = whole.code.split("\n")
    for s in whole.pack.skills.values():
        for t in s.triggers:
            assert lines[t.body.__code__.co_firstlineno - 1].startswith(f"def {t.body.__name__}(")
    assert list(whole.pack.skills) == list(parted.pack.skills) and whole.pack.places


def test_a_replaced_base_skill_is_no_longer_in_its_files_part(pack):
    """The base file's bytes stay as they were, but the skill it held is the extension's now: its part
    is emitted again, not kept with the skill twice (the base's last skill, so the parts keep their order)."""
    run(pack)
    (pack / "c.spell").write_text(C + """
replace skill ShownCards "明牌區" {
  on move_cards.after when event.from != none and event.from.owner != none and count(event.from.owner.shown) > 1 {
    let p = event.from.owner
    p.shown = p.shown where it.zone == p.hand
  }
}
""", "utf-8")
    again = run(pack)
    assert any(Path(p).name == "spells.spell" for p in again.emitted)
    same_as_cold(again, pack)
