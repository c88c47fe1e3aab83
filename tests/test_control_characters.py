"""Issue 8, items 7 and 8: pack text reaches the terminal escaped (ESC and BEL in a label, a said
string, a file name, a log header), and a diagnostic quoting a very long name or string stays short
with its caret under the right place."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from spellcard.compiler.ast import Span
from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.compiler.pack.loader import Source, compile_sources
from spellcard.compiler.text.safe import clip, printable, shorten_quotes

from .test_cli import MINI, run

ESC = "\x1b[2J\x1b]0;owned\x07"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache"))


def hostile_pack(tmp_path: Path) -> Path:
    folder = tmp_path / f"pack{ESC}"
    shutil.copytree(MINI, folder)
    spell = folder / "a.spell"
    text = spell.read_text("utf-8")
    text = text.replace('card Strike "打"', f'card Strike "打{ESC}"').replace('character A "甲"', f'character A "甲{ESC}"')
    text = text.replace("do { target.hp -= amount", f'do {{ say("hit{ESC}") target.hp -= amount')
    spell.write_text(text, "utf-8")
    return folder


def assert_escaped(output: str) -> None:
    assert "\x1b" not in output and "\x07" not in output
    assert "\\x1b" in output


def test_printable_escapes_every_invisible_character():
    assert printable("a\x1b[2Jb\x07\n\u202e\u2028c") == "a\\x1b[2Jb\\x07\\n\\u202e\\u2028c"
    assert printable("東方 ♠A") == "東方 ♠A"


def test_list_escapes_labels(tmp_path):
    result = run("list", str(hostile_pack(tmp_path)))
    assert result.exit_code == 0, result.output
    assert_escaped(result.output)
    assert "打\\x1b[2J" in result.output


def test_show_log_escapes_said_strings_and_the_summary_escapes_file_names(tmp_path):
    pack = hostile_pack(tmp_path)
    result = run("simulate", str(pack), "--games", "1", "--seed", "2", "--show-log")
    assert result.exit_code == 0, result.output
    assert_escaped(result.output)
    assert "hit\\x1b[2J" in result.output
    broken = pack / "b.spell"
    broken.write_text("card {\n", "utf-8")
    result = run("check", str(pack))
    assert result.exit_code == 1
    assert_escaped(result.output)
    assert "pack\\x1b[2J" in result.output.splitlines()[-1]


def test_a_replay_header_is_escaped_in_errors(tmp_path):
    log = tmp_path / "game.jsonl"
    assert run("simulate", MINI, "--games", "1", "--log", str(log), "--json").exit_code == 0
    lines = log.read_text("utf-8").split("\n")
    header = json.loads(lines[0])
    header["header"]["pack"] = f"/nowhere/{ESC}"
    lines[0] = json.dumps(header)
    log.write_text("\n".join(lines), "utf-8")
    result = run("replay", str(log))
    assert result.exit_code == 2
    assert_escaped(result.output)


# ── item 8: long names and strings ───────────────────────────────────────────────
def diagnostics_of(text: str) -> str:
    result = compile_sources([Source("long.spell", text.encode())], use_cache=False)
    assert not result.ok
    return result.render()


def test_a_diagnostic_quoting_a_long_name_stays_short_with_its_caret_in_place():
    name = "A" * 5000
    source = f"func f() {{ let x = {name}z }}"
    d = Diagnostic("error", f"unknown name `{name}z`", Span("long.spell", 2, 20, 2, 5021), f"did you mean `{name}`?")
    lines = d.render(["", source]).split("\n")
    assert max(map(len, lines)) <= 200
    assert lines[0] == "long.spell:2:20: error: unknown name `" + "A" * 40 + "…`"
    assert lines[3] == "  help: did you mean `" + "A" * 40 + "…`?"
    shown, caret = lines[1], lines[2]
    assert shown[caret.index("^")] == "A" and shown[caret.index("^") - 2] == "="


def test_a_long_name_in_a_pack_gives_short_lines():
    out = diagnostics_of(f'pack p "p"\nfunc f() {{ let x = {"A" * 5000}z }}\n')
    assert max(map(len, out.split("\n"))) <= 200


def test_a_diagnostic_about_a_megabyte_string_stays_short():
    out = diagnostics_of(f'pack p "p"\nfunc f() {{ let y = "{"q" * 1_000_000}" + 1 }}\n')
    assert len(out) < 2000 and max(map(len, out.split("\n"))) <= 200


def test_shortening_keeps_short_quotes_and_clips_the_rest():
    assert shorten_quotes("unknown name `abc`") == "unknown name `abc`"
    assert shorten_quotes("`" + "x" * 100 + "`") == "`" + "x" * 40 + "…`"
    assert clip("y" * 500) == "y" * 199 + "…"
