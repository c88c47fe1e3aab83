"""Issue 32: a check after an edit reads again only what the edit touched (compiler/pack/incremental.py),
and says exactly what a check from nothing says. A small generated pack over THB is edited step by
step; after each step the incremental check's diagnostics must equal a cold check's, and the edits
that keep every declaration's exports (a body changed) must have taken the short way."""
from __future__ import annotations

import re
from pathlib import Path
from unittest import mock

import pytest

from spellcard.compiler.build import reader
from spellcard.compiler.pack import incremental
from spellcard.compiler.pack.loader import compile_pack

from .test_big_pack import big_pack


def _skill_block(text: str, name: str) -> str:
    start = text.index(f"skill {name} ")
    end = text.index("\n\n", start)
    return text[start:end + 1]


def swap(old: str, new: str):
    """An edit: the first `old` becomes `new`."""
    return lambda t: t.replace(old, new, 1)


# (what the edit does, file, edit: text -> text, taken the short way?: True, False, or None for either)
EDITS = [
    ("a character's hit points", "characters_000.spell",
     swap("hp = 4 skills Gen00000S0", "hp = 6 skills Gen00000S0"), True),
    ("a character's hit points, wider", "characters_000.spell",
     swap("hp = 6 skills Gen00000S0", "hp = 12 skills Gen00000S0"), True),
    ("and back", "characters_000.spell",
     swap("hp = 12 skills Gen00000S0", "hp = 6 skills Gen00000S0"), None),
    ("a skill's body, same exports", "characters_000.spell",
     swap("{ draw(owner, 1) }", "{ draw(owner, 3) }"), True),
    # An error leaves its skill out of the trigger loops and stops the lints that wait for a pack with
    # none (modes' ends, names shown raw): those run again from the parts (compiler/pack/facts.py).
    ("an error added", "characters_000.spell",
     swap("{ draw(owner, 3) }", '{ draw(owner, "three") }'), True),
    ("the error fixed", "characters_000.spell",
     swap('{ draw(owner, "three") }', "{ draw(owner, 5) }"), True),
    ("a branch no value reaches (a warning in the body)", "characters_000.spell",
     lambda t: t.replace("if owner.alive { draw(owner, 2) }",
                         "if owner.hp > 2 { draw(owner, 2) } elif owner.hp > 3 { draw(owner, 1) }", 1), True),
    ("the warning silenced on its line", "characters_000.spell",
     lambda t: t.replace("elif owner.hp > 3 { draw(owner, 1) }",
                         "elif owner.hp > 3 { draw(owner, 1) }  # allow dead-branch: a test", 1), True),
    ("a skill renamed that a character lists", "characters_000.spell",
     swap("skill Gen00001S0 ", "skill Gen00001SX "), False),
    ("the character follows the rename", "characters_000.spell",
     swap("skills Gen00001S0", "skills Gen00001SX"), False),
    ("a skill deleted that a character lists", "characters_000.spell",
     lambda t: t.replace(_skill_block(t, "Gen00002S0"), "", 1), False),
    ("a skill nobody holds added", "characters_000.spell",
     lambda t: t + '\nskill Lonely "孤" locked {\n  text "鎖定技。"\n  modify hand_limit when p == owner = value + 1\n}\n',
     False),
    ("a trigger moved to a window the action lacks", "characters_000.spell",
     swap("on use_card.declare", "on use_card.after"), None),
    ("a body changed while errors stand elsewhere", "characters_000.spell",
     swap("hp = 6 skills Gen00000S0", "hp = 2 skills Gen00000S0"), True),
    ("the trigger moved back", "characters_000.spell",
     swap("on use_card.after", "on use_card.declare"), None),
    ("the character lists the skills that remain", "characters_000.spell",
     lambda t: re.sub(r"skills Gen00002S0, ", "skills ", t, count=1), None),
    ("a function others call removed from the base's place", "pack.spell",
     lambda t: t + "\nfunc draw_two(p: player) { draw(p, 2) }\n", False),
    ("a skill calls a function with no words: the names its rules text shows changed (raw-name)",
     "characters_000.spell", swap("{ draw(owner, 5) }", "{ draw_two(owner) }"), True),
    ("a skill reads a counter (it has a label) around the call",
     "characters_000.spell",
     swap("{ draw_two(owner) }", "{ if owner.virtue_used == 0 { draw_two(owner) } }"), None),
    ("the same names shown, a number changed", "characters_000.spell",
     swap("owner.virtue_used == 0", "owner.virtue_used == 1"), True),
    ("another counter read (both have labels): nothing the whole pack reads changed",
     "characters_000.spell", swap("owner.virtue_used == 1", "owner.impulse_dealt == 1"), True),
    ("an equipment's skill's body, in a file of cards", "cards.spell",
     swap("max_danmaku when p == owner = value + 1", "max_danmaku when p == owner = value + 2"), True),
    # A card is read by others for its names, printed text, `skills` lists and any-time use: its effect
    # and its weapon's range are its own (exports.py), checked again alone.
    ("a card's effect", "cards.spell", swap("effect { draw(target, 2) }", "effect { draw(target, 3) }"), True),
    ("a card's range", "cards.spell", swap("range = 3", "range = 4"), True),
    ("an error in a card's effect", "cards.spell", swap("effect { draw(target, 3) }", 'effect { draw(target, "3") }'),
     True),
    ("mended", "cards.spell", swap('effect { draw(target, "3") }', "effect { draw(target, 1) }"), True),
    # ... but the skills its code names are held (lints.holders): a skill nobody else holds is held by it.
    ("a card's effect names the skill nobody held", "cards.spell",
     swap("effect { draw(target, 1) }", "effect { if has_skill(target, Lonely) { draw(target, 1) } }"), None),
    ("and names it no longer", "cards.spell",
     swap("effect { if has_skill(target, Lonely) { draw(target, 1) } }", "effect { draw(target, 4) }"), None),
    ("a character's hit points, the file of cards and the one with a function standing in", "characters_000.spell",
     lambda t: re.sub(r"hp = (\d+)", lambda m: f"hp = {int(m[1]) % 9 + 1}", t, count=1), True),
    # The names a file grants, after an edit that keeps its line count: the replaced declarations' grants
    # kept when the new ones grant them too, the file walked again when not (incremental._edited).
    ("a skill's body grants the skill nobody held", "characters_000.spell",
     swap("and owner.alive { draw(owner, 1) }", "and owner.alive { grant(owner, Lonely) }"), False),
    ("the same grant, the body changed", "characters_000.spell",
     swap("{ grant(owner, Lonely) }", "{ grant(owner, Lonely)  draw(owner, 1) }"), None),
    ("the grant removed", "characters_000.spell",
     swap("{ grant(owner, Lonely)  draw(owner, 1) }", "{ draw(owner, 2) }"), False),
    ("a function with words added", "pack.spell",
     lambda t: t + '\nfunc draw_more(p: player) says "{p}再摸牌" / "{p} draws more" { draw(p, 2) }\n', False),
    # What the pack-wide passes read of a skill's calls: whether one can end the game, the actions its
    # triggers open (not the names it calls them by, nor where the trigger ends: exports._edges).
    ("a trigger calls another function that opens the same action and cannot end the game, the clause "
     "longer", "characters_000.spell", swap("{ draw(owner, 2) }", "{ draw_more(owner) }"), True),
    # A trigger's edges in the trigger graph changed: the loops are found again from every skill's part.
    ("a call added that closes a trigger loop (a warning at the trigger)", "characters_000.spell",
     swap("on recover.after when event.target == owner and owner.alive { draw(owner, 1) }",
          "on recover.after when event.target == owner and owner.alive { recover(owner, 1)  draw(owner, 1) }"), True),
    ("the loop's trigger moved a column right: its warning moves too", "characters_000.spell",
     swap("on recover.after when event.target == owner and owner.alive { recover",
          "on recover.after  when event.target == owner and owner.alive { recover"), True),
    ("its condition loosened: the trigger re-opens its own window for ever (an error, its lints left)",
     "characters_000.spell", swap("on recover.after  when event.target == owner and owner.alive { recover",
                                  "on recover.after when event.target == owner { recover"), True),
    ("the loop's call taken out", "characters_000.spell",
     swap("{ recover(owner, 1)  draw(owner, 1) }", "{ draw(owner, 1) }"), True),
    ("a trigger's action changed", "characters_000.spell",
     swap("on death.after when event.killer == owner", "on damage.caused when event.source == owner"), True),
    # Lines added in a body move the declarations below it: each is checked again alone, and the
    # whole-pack passes run from their parts; the diagnostics the record keeps whole (a missing text)
    # stand at their places, so a file with one is checked whole when a declaration in it moves.
    ("a line added in a skill's body: the declarations below it move", "characters_000.spell",
     swap("when event.target == owner and owner.alive { draw(owner, 1) }",
          "when event.target == owner and owner.alive {\n    draw(owner, 1)\n  }"), True),
    ("a listed skill's text taken out (a whole-pack warning at it)", "characters_000.spell",
     swap('  text "鎖定技，你的攻擊範圍+1。"\n', ""), False),
    ("a line added above it: that warning would move", "characters_000.spell", lambda t: "# a comment\n" + t, False),
    ("a line added below it in a body", "characters_000.spell",
     swap("when event.killer == owner and owner.alive { draw(owner, 1) }",
          "when event.killer == owner and owner.alive {\n    draw(owner, 1)\n  }"), False),
    ("its text back (the warning gone)", "characters_000.spell",
     swap("  modify attack_range when p == owner = value + 1",
          '  text "鎖定技，你的攻擊範圍+1。"\n  modify attack_range when p == owner = value + 1'), False),
    ("a line taken out above the others", "characters_000.spell", lambda t: t.replace("# a comment\n", "", 1), True),
    ("a table attribute declared (a declaration added: the whole check)", "characters_000.spell",
     lambda t: t + '\nattr table omen "兆": bool = false\n', False),
    ("a table value read on a player (an error at the table's attribute)", "characters_000.spell",
     swap("on damage.caused when event.source == owner and owner.alive { draw(owner, 1) }",
          "on damage.caused when event.source == owner and owner.alive { if owner.omen { draw(owner, 1) } }"),
     True),
    ("read on the table again", "characters_000.spell", swap("if owner.omen {", "if omen {"), True),
    ("a skill's body ends the game (what a mode's end reads)", "characters_000.spell",
     swap("if omen { draw(owner, 1) }", "if omen { end_game([owner]) }"), True),
    # A declaration read whole (the table's attribute) moved by lines added above it: its text is what
    # the others read, not where it is; the passes' diagnostic at it (a table value on a player) moves.
    ("the table value read on a player again", "characters_000.spell",
     swap("if omen { end_game", "if owner.omen { end_game"), True),
    ("a line added in a body above the table's attribute: it moves, and the error at it", "characters_000.spell",
     swap("owner.alive {\n    draw(owner, 1)\n  }", "owner.alive {\n    draw(owner, 1)\n\n  }"), True),
    ("the body on one line again: three lines taken out", "characters_000.spell",
     swap("owner.alive {\n    draw(owner, 1)\n\n  }", "owner.alive { draw(owner, 1) }"), True),
]


def short_paths(monkeypatch, module, name: str) -> list:
    """Wraps `module.name` (a function that returns None when the pack must be checked whole) and
    returns the list it appends to: whether each call took the short path."""
    short: list = []
    real = getattr(module, name)

    def counted(*args):
        found = real(*args)
        short.append(found is not None)
        return found
    monkeypatch.setattr(module, name, counted)
    return short


_BASE_PARSED: dict = {}


def cold_check(pack: Path):
    """`pack` checked from nothing: no cache, every declaration checked. Its base's files (THB's, which
    no edit touches) are parsed once for every step, as the cache's module store would keep them:
    a parse is a pure function of the text, and the checking the comparison is about runs whole."""
    real = reader.read_module

    def read(path: str, text: str):
        if Path(path).is_relative_to(pack):
            return real(path, text)
        if (path, text) not in _BASE_PARSED:
            _BASE_PARSED[path, text] = real(path, text)
        return _BASE_PARSED[path, text]
    with mock.patch.object(reader, "read_module", read):
        return compile_pack(str(pack), use_cache=False, load=False)


def _plain(result) -> list:
    return [(d.severity, d.message, str(d.span), d.span.end_line, d.span.end_col, d.help, d.code)
            for d in result.diagnostics]


def test_each_edit_checks_as_a_cold_check_does(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "small"
    big_pack().write_pack(pack, characters=12, seed=1)
    short = short_paths(monkeypatch, incremental, "check_again")
    first = compile_pack(str(pack), load=False)
    assert first.ok, first.render()
    for what, name, edit, fast in EDITS:
        path = pack / name
        text = path.read_text("utf-8")
        changed = edit(text)
        assert changed != text, what
        path.write_text(changed, "utf-8")
        short.clear()
        again = compile_pack(str(pack), load=False)
        assert _plain(again) == _plain(cold_check(pack)), what
        if fast is not None:
            assert short == [fast], what


def test_a_changed_record_is_not_read(tmp_path, monkeypatch):
    """A record whose bytes were changed fails its seal: the pack is checked whole, and says the same."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "small"
    big_pack().write_pack(pack, characters=3, seed=2)
    compile_pack(str(pack), load=False)
    [record] = (tmp_path / "cache" / "units").glob("*.bin")
    raw = bytearray(record.read_bytes())
    raw[-5] ^= 0xFF
    record.write_bytes(bytes(raw))
    whole = []
    real = incremental.check_all
    monkeypatch.setattr(incremental, "check_all", lambda *a, **k: whole.append(1) or real(*a, **k))
    path = pack / "characters_000.spell"
    path.write_text(re.sub(r"hp = \d", "hp = 7", path.read_text("utf-8"), count=1), "utf-8")
    again = compile_pack(str(pack), load=False)
    assert whole and _plain(again) == _plain(compile_pack(str(pack), use_cache=False, load=False))


@pytest.mark.parametrize("size", [0, 10, 40])
def test_a_record_cut_short_is_a_miss(tmp_path, size):
    folder = tmp_path / "units"
    folder.mkdir()
    paths = ["a.spell"]
    file = incremental._entry(tmp_path, b"c", paths)
    incremental.store(tmp_path, b"c", paths, {"files": [], "glob": [], "held": ([], [])})
    file.write_bytes(file.read_bytes()[:size])
    assert incremental.load(tmp_path, b"c", paths) is None


def test_a_trigger_on_a_loop_moved_keeps_the_short_way(tmp_path, monkeypatch):
    """A loop's diagnostic stands at its trigger and names it: the trigger's place and edges are in its
    skill's part, and the loops are found again from the parts, so an edit of it stays short."""
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "loop"
    pack.mkdir()
    (pack / "pack.spell").write_text('pack loop "Loop" extends thb >= "1.0" {\n  version "1.0.0"\n}\n', "utf-8")
    skill = ('character Looper "環" { title = "環環" hp = 4 skills Again }\n\n'
             'skill Again "再" {\n  text "摸牌後，你摸一張牌。"\n'
             '  on draw.after when event.player == owner { draw(owner, 1) }\n}\n')
    (pack / "a.spell").write_text(skill, "utf-8")
    first = compile_pack(str(pack), load=False)
    assert any(d.code == "endless-trigger" for d in first.diagnostics), first.render()
    short = short_paths(monkeypatch, incremental, "check_again")
    for edit in ("  on draw.after  when event.player == owner", "  on draw.after when event.player == owner and owner.alive"):
        (pack / "a.spell").write_text(skill.replace("  on draw.after when event.player == owner", edit), "utf-8")
        short.clear()
        again = compile_pack(str(pack), load=False)
        assert _plain(again) == _plain(cold_check(pack)) and short == [True], edit


_RANDOM = {      # a kind of edit: (the lines it can be made at, the line made anew; None: a line added before)
    "a blank line": (lambda line: True, None),
    "a comment line": (lambda line: True, "# a note"),
    "a line taken out": (lambda line: line.strip() == "", ""),
    "a number": (lambda line: re.search(r"\b\d\b", line) and "skill" not in line,
                 lambda line: re.sub(r"\b(\d)\b", lambda m: str(int(m[1]) % 9 + 1), line, count=1)),
    "an error or its mending": (lambda line: "draw(owner, " in line, lambda line: line.replace(
        "draw(owner, ", 'draw(owner, "x" + ', 1) if '"x" + ' not in line else line.replace('"x" + ', "", 1)),
    "a loop's call": (lambda line: "on recover.after" in line and "{" in line, lambda line: line.replace(
        "{", "{ recover(owner, 1) ", 1) if "recover(owner, 1)" not in line else line.replace("recover(owner, 1) ", "", 1)),
}


def test_random_edits_check_as_a_cold_check_does(tmp_path, monkeypatch):
    """Edits at random places (lines added and taken out, numbers, errors, trigger loops), each checked
    after the last and compared with a check from nothing, whichever way it took."""
    import random
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))
    pack = tmp_path / "random"
    big_pack().write_pack(pack, characters=30, seed=3)
    compile_pack(str(pack), load=False)
    rng = random.Random(5)
    files = sorted(pack.glob("characters_*.spell"))     # (cards.spell has a deck: lines added above it check whole)
    short = short_paths(monkeypatch, incremental, "check_again")
    for step in range(14):
        path, kind = rng.choice(files), rng.choice(sorted(_RANDOM))
        lines = path.read_text("utf-8").split("\n")
        where, new = _RANDOM[kind]
        places = [i for i, line in enumerate(lines) if where(line)]
        if not places:
            continue
        at = rng.choice(places)
        if new is None or isinstance(new, str) and new:
            lines.insert(at, new or "")
        elif new == "":
            del lines[at]
        else:
            lines[at] = new(lines[at])
        path.write_text("\n".join(lines), "utf-8")
        assert _plain(compile_pack(str(pack), load=False)) == _plain(cold_check(pack)), (step, kind, path.name, at)
    assert short and all(short), short          # skills and characters only: each the short way
