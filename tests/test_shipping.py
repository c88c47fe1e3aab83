"""`spellcard build` makes a standard wheel; installed in a fresh environment, the pack runs by name.

The fresh environment is a new venv that sees this checkout's spellcard (its site folder added by a
.pth line, as `pip install spellcard` would provide it) and gets the pack's wheel through pip, offline.
"""
import json
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

VILLAGE = str(Path(__file__).parent.parent / "examples" / "thb_village")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    result = CliRunner().invoke(cli, ["build", VILLAGE, "-o", str(dist)])
    assert result.exit_code == 0, result.output
    return Path(result.output.strip().splitlines()[-1])


def test_the_wheel_holds_sources_module_manifest_and_the_entry_point(wheel):
    assert wheel.name == "spellcard_pack_thb_village-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry_points = z.read("spellcard_pack_thb_village-1.0.0.dist-info/entry_points.txt").decode()
        metadata = z.read("spellcard_pack_thb_village-1.0.0.dist-info/METADATA").decode()
    assert {"spellcard_pack_thb_village/thb_village.py", "spellcard_pack_thb_village/manifest.json",
            "spellcard_pack_thb_village/sources/pack.spell",
            "spellcard_pack_thb_village/sources/characters.spell"} <= names
    assert "spellcard_pack_thb_village/sources/core.spell" not in names       # THB stays in THB's package
    assert "[spellcard.packs]\nthb_village = spellcard_pack_thb_village" in entry_points
    assert "License-Expression: MIT" in metadata and "Requires-Dist: spellcard==" in metadata


def test_building_twice_gives_the_same_wheel(wheel, tmp_path):
    result = CliRunner().invoke(cli, ["build", VILLAGE, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / wheel.name).read_bytes() == wheel.read_bytes()


def test_build_refuses_a_license_a_wheel_cannot_carry(tmp_path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "pack.spell").write_text('pack p "P" extends thb { license "my own" }\n', "utf-8")
    result = CliRunner().invoke(cli, ["build", str(tmp_path / "p"), "-o", str(tmp_path / "d")])
    assert result.exit_code == 1
    assert "license 'my own' is not an SPDX expression" in result.output


def test_installed_in_a_fresh_venv_the_pack_is_listed_simulated_and_replayed_by_name(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    here = sysconfig.get_paths()["purelib"]
    Path(site, "spellcard_here.pth").write_text(f"import site; site.addsitedir({here!r})\n", "utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
                    "--no-deps", str(wheel)], check=True, timeout=300)

    def spellcard(*args):
        return subprocess.run([python, "-m", "spellcard", *args], capture_output=True, text=True,
                              timeout=300, cwd=tmp_path)

    listed = spellcard("packs", "--json")
    assert listed.returncode == 0, listed.stderr
    rows = {r["name"]: r for r in json.loads(listed.stdout)["packs"]}
    assert rows["thb_village"]["version"] == "1.0.0" and rows["thb_village"]["base"] == "thb 1.0.0"
    assert rows["thb_village"]["compiled"] and rows["thb_village"]["installed_by"] == "spellcard-pack-thb-village 1.0.0"
    assert rows["thb"]["version"] == "1.0.0"

    played = spellcard("simulate", "thb_village", "--mode", "Duel", "--characters", "Kosuzu,Sumireko",
                       "--games", "3", "--log", "game.log", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["pack"] == "thb_village"
    header = json.loads((tmp_path / "game.log").read_text("utf-8").splitlines()[0])["header"]
    assert (header["pack"], header["pack_name"], header["pack_version"]) == ("thb_village", "thb_village", "1.0.0")

    replayed = spellcard("replay", "game.log")
    assert replayed.returncode == 0, replayed.stderr
    assert "replay matches" in replayed.stdout

    further = tmp_path / "further"             # the installed pack is a base like any other
    further.mkdir()
    (further / "pack.spell").write_text('pack further "F" extends thb_village >= "1.0"\n'
                                        'character Akyuu2 "稗田阿求" { title = "t" hp = 3 skills Lending }\n', "utf-8")
    checked = spellcard("simulate", "further", "--mode", "Duel", "--characters", "Akyuu2,Kosuzu", "--games", "1",
                        "--json")
    assert checked.returncode == 0, checked.stderr
