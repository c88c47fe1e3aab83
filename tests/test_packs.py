"""Packs that extend packs, compiled packs with manifests, and packs found by name."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack import registry
from spellcard.compiler.pack.extend import satisfies
from spellcard.compiler.pack.loader import compile_pack, load_pack

VILLAGE = str(Path(__file__).parent.parent / "examples" / "thb_village")
CHARACTER = 'character Nitori "河城荷取" { title = "超妖怪弩級戰艦" hp = 4 skills Find }\n'


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def pack(tmp_path, head: str, body: str = "", name: str = "ext") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.spell").write_text(head + "\n" + body, "utf-8")
    return folder


# ── the pack line ───────────────────────────────────────────────────────────────
def test_the_pack_line_carries_version_description_authors_and_license(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb { version "2.1.0" description "d" authors "A", "B" '
                            'license "CC0-1.0" }', CHARACTER)
    p = load_pack(str(folder))
    assert (p.version, p.description, p.authors, p.license, p.base) == ("2.1.0", "d", ("A", "B"), "CC0-1.0", "thb")


def test_an_extension_plays_its_characters_with_the_base_rules(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb >= "1.0"', CHARACTER)
    result = run("simulate", folder, "--mode", "Duel", "--characters", "Nitori,Mokou", "--games", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["wins"]["by_character"]["Nitori"]["played"] == 2


def test_an_accidental_clash_is_an_error_naming_both_places(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb', 'skill Find "尋找" { active { draw(owner, 1) } }\n')
    result = run("check", folder)
    assert result.exit_code == 1
    assert "pack.spell:2:1: error: `Find` is already defined by the base pack `thb`, at " in result.output
    assert "rules/thb/characters.spell:" in result.output
    assert "write `replace skill Find …` to replace it on purpose" in result.output


def test_replace_takes_the_place_of_the_base_definition(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb',
                  'replace character Koakuma "小惡魔" { title = "圖書管理員" hp = 3 skills Find }\n')
    assert load_pack(str(folder)).characters["Koakuma"].attrs["hp"] == 3
    assert load_pack("thb").characters["Koakuma"].attrs["hp"] == 4


# A pack whose header or body does not fit its base: the exit code and the message that says so.
REFUSED = [
    ('pack ext "Ext" extends thb', 'replace skill Nothing "無" { active { draw(owner, 1) } }\n', 1,
     "`replace skill Nothing`: the base pack `thb` has no skill `Nothing`"),
    ('pack alone "Alone"', 'extend deck standard { Mochi "♡A" }\n', 1,
     "`extend deck` is for a pack that extends another"),
    ('pack ext "Ext" extends thb >= "9.0"', CHARACTER, 1,
     'pack.spell:1:16: error: pack `ext` needs thb >= 9.0; the thb found is version 1.0.0'),
    ('pack ext "Ext" extends thbb', CHARACTER, 2,
     "pack.spell:1: error: the base pack `thbb` is not installed; did you mean `thb`? (packs: bots, esper, thb"),
    ('pack ext "Ext" extends thb', 'skill Odd "怪" { on damage.takn { draw(owner, 1) } }\n', 1,
     "action `damage` has no window `takn`"),     # the checker checks an extension against its base
]


@pytest.mark.parametrize("head, body, code, message", REFUSED)
def test_a_pack_that_does_not_fit_its_base_is_refused_with_a_reason(tmp_path, head, body, code, message):
    result = run("check", pack(tmp_path, head, body))
    assert result.exit_code == code
    assert message in result.output


def test_versions_compare_number_by_number():
    assert satisfies("1.10.0", ">=", "1.9") and not satisfies("1.9", ">=", "1.10")
    assert satisfies("2.0", "!=", "1.0") and satisfies("1.0", None, None)


def test_list_works_on_an_extension():
    result = run("list", VILLAGE, "--json")
    assert result.exit_code == 0, result.output
    assert "Kosuzu" in [c["name"] for c in json.loads(result.output)["characters"]]


# ── compiled packs ──────────────────────────────────────────────────────────────
def compiled(tmp_path, target="thb") -> Path:
    out = tmp_path / "build"
    result = run("compile", target, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_compile_writes_a_module_and_its_manifest(tmp_path):
    out = compiled(tmp_path, VILLAGE)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    p = load_pack(VILLAGE)
    assert manifest["name"] == "thb_village" and manifest["version"] == "1.0.0"
    assert manifest["source_hash"] == p.source_hash
    assert manifest["base"] == {"name": "thb", "version": "1.0.0"}
    assert manifest["compiler"].startswith("spellcard ") and manifest["module"] == "thb_village.py"


def test_compiling_twice_gives_identical_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache1"))      # each compile from scratch
    first = compiled(tmp_path, VILLAGE)
    monkeypatch.setenv("SPELLCARD_CACHE", str(tmp_path / "cache2"))
    monkeypatch.chdir(tmp_path)                 # from another folder: no path may leak into the bytes
    second = tmp_path / "again"
    assert run("compile", VILLAGE, "-o", second).exit_code == 0
    for name in ("thb_village.py", "manifest.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_compiled_folder_is_a_pack_for_simulate_list_and_replay(tmp_path):
    out = compiled(tmp_path)
    sim = run("simulate", out, "--mode", "Duel", "--games", "3", "--log", tmp_path / "g.log", "--json")
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.output)["pack"] == "thb"
    assert run("list", out, "--json").exit_code == 0
    replayed = run("replay", tmp_path / "g.log", "--pack", out)
    assert replayed.exit_code == 0 and "replay matches" in replayed.output


def test_loading_a_compiled_pack_imports_neither_lark_nor_jinja2(tmp_path):
    out = compiled(tmp_path)
    code = ("import sys\n"
            "from spellcard.compiler.pack.loader import load_pack\n"
            f"p = load_pack({str(out)!r})\n"
            "from spellcard.simulate import Table, simulate\n"
            "simulate(Table(p, 'Duel', 2), 2, 0)\n"
            "print(p.name, sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'jinja2')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "thb []"


def test_the_command_line_runs_a_compiled_pack_without_the_compiler(tmp_path):
    out = compiled(tmp_path)
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'jinja2'))))\n"
            f"sys.argv = ['spellcard', 'simulate', {str(out)!r}, '--mode', 'Duel', '--games', '2', '--json']\n"
            "from spellcard.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_a_manifest_from_another_compiler_is_refused(tmp_path):
    out = compiled(tmp_path)
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    manifest["compiler"] = "spellcard 0.0.1 / emit 0"
    (out / "manifest.json").write_text(json.dumps(manifest), "utf-8")
    result = run("simulate", out, "--mode", "Duel", "--games", "1")
    assert result.exit_code == 2
    assert "compiled by spellcard 0.0.1 / emit 0, but this is spellcard" in result.output
    assert "compile the pack again from its sources" in result.output


def test_a_module_changed_after_compiling_is_refused(tmp_path):
    out = compiled(tmp_path)
    module = out / "thb.py"
    module.write_text(module.read_text("utf-8").replace("東方符斗祭", "東方符斗祭!", 1), "utf-8")
    result = run("list", out)
    assert result.exit_code == 2
    assert "thb.py does not match" in result.output and "manifest.json" in result.output


def test_check_asks_for_the_sources_of_a_compiled_folder(tmp_path):
    result = run("check", compiled(tmp_path))
    assert result.exit_code == 2
    assert "a compiled pack has no sources to read" in result.output


# ── logs and replays name the pack exactly ──────────────────────────────────────
def test_a_log_names_pack_version_and_hash_and_a_new_version_is_refused(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb { version "1.0.0" }', CHARACTER)
    log = tmp_path / "g.log"
    assert run("simulate", folder, "--mode", "Duel", "--games", "1", "--log", log).exit_code == 0
    header = json.loads(log.read_text("utf-8").splitlines()[0])["header"]
    assert (header["pack_name"], header["pack_version"]) == ("ext", "1.0.0")
    assert header["source_hash"] == load_pack(str(folder)).source_hash
    spell = folder / "pack.spell"
    spell.write_text(spell.read_text("utf-8").replace('"1.0.0"', '"1.1.0"'), "utf-8")
    result = run("replay", log, "--pack", folder)
    assert result.exit_code == 1
    assert "version 1.0.0 in the log, 1.1.0 now" in result.output


# ── packs by name ───────────────────────────────────────────────────────────────
def test_the_built_in_packs_are_entry_points():
    found = registry.installed()
    assert {"thb", "bots", "esper"} <= set(found)
    assert found["thb"].package == "spellcard.rules.thb"
    assert (found["thb"].sources / "core.spell").is_file()


def test_packs_lists_built_in_packs_with_versions():
    result = run("packs", "--json")
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.output)["packs"]}
    assert rows["thb"]["version"] == "1.0.0" and rows["thb"]["base"] is None and not rows["thb"]["compiled"]


def test_compile_pack_builds_an_extension_by_its_folder_and_the_base_by_name():
    result = compile_pack(VILLAGE, load=False)
    assert result.ok
    assert {s.pack for s in result.sources} == {"", "thb"}


def test_an_extension_given_with_its_own_base_is_named_not_merged_twice():
    result = run("check", "thb", "--with", VILLAGE)
    assert result.exit_code == 2
    assert "extends `thb`, which is already part of the pack; give the extension as the PACK" in result.output


def test_a_designer_file_joins_an_extension_with_with():
    akyuu = str(Path(VILLAGE).parent / "akyuu.spell")
    result = run("simulate", VILLAGE, "--with", akyuu, "--mode", "Duel", "--characters", "Akyuu,Kosuzu",
                 "--games", "1", "--json")
    assert result.exit_code == 0, result.output


def test_a_second_pack_line_in_an_extension_is_reported(tmp_path):
    folder = pack(tmp_path, 'pack ext "Ext" extends thb', CHARACTER)
    (folder / "second.spell").write_text('pack other "Other"\n', "utf-8")
    result = run("check", folder)
    assert result.exit_code == 1
    assert "second.spell:1:1: error: the pack is already named `ext`" in result.output
