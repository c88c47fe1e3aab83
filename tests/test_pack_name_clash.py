"""Issue 27, defect 8: an installed pack named like a built-in one (`thb`) silently replaced it when
its distribution sorted first. The built-in pack keeps its name, every command that looks the name
up says on stderr which distributions clash and which wins, and the other is reachable as
`DISTRIBUTION:NAME`."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
MINI = ROOT / "tests" / "data" / "mini"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder on the path holding a distribution `Aaa.Pack` whose entry point `thb` is the mini pack."""
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(MINI, root / "aaa_pack")
    (root / "aaa_pack" / "__init__.py").write_text("")
    info = root / "Aaa_Pack-2.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: Aaa.Pack\nVersion: 2.0\n")
    (info / "entry_points.txt").write_text("[spellcard.packs]\nthb = aaa_pack\n")
    return root


def spellcard(site: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "SPELLCARD_CACHE": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "spellcard", *args], capture_output=True, text=True,
                          timeout=300, env=env, cwd=tmp_path)


def test_the_built_in_pack_keeps_its_name_and_the_clash_is_said(site, tmp_path):
    done = spellcard(site, tmp_path, "list", "thb", "--json")
    assert done.returncode == 0, done.stderr
    assert "Reimu" in [c["name"] for c in json.loads(done.stdout)["characters"]]     # THB's, not the other
    [warning] = done.stderr.strip().split("\n")
    assert warning.startswith("warning: 2 installed distributions name the pack `thb`: spellcard ")
    assert "(built in)" in warning and "Aaa.Pack 2.0" in warning and "`aaa-pack:thb`" in warning
    assert "using spellcard " in warning


def test_the_other_is_chosen_by_its_distribution(site, tmp_path):
    done = spellcard(site, tmp_path, "simulate", "Aaa.Pack:thb", "--games", "2", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    listed = spellcard(site, tmp_path, "list", "aaa-pack:thb", "--json")
    assert "Reimu" not in [c["name"] for c in json.loads(listed.stdout)["characters"]]
