"""Packs by name are read from the installed distributions' entry points without importlib.metadata:
they must be the ones importlib.metadata would give."""
from __future__ import annotations

import os
import sys
from importlib import metadata
from pathlib import Path

from spellcard.compiler.pack import registry


def by_metadata() -> dict:
    found = {}
    points = sorted(metadata.entry_points(group=registry.GROUP),
                    key=lambda ep: (ep.name, ep.dist.name if ep.dist else "", ep.value))
    for ep in points:
        found.setdefault(ep.name, (ep.value, f"{ep.dist.name} {ep.dist.version}"))
    return found


def read() -> dict:
    return {name: (i.package, i.distribution) for name, i in registry.installed().items()}


def dist(root, folder: str, name: str, version: str, points: str, info: str = "METADATA") -> None:
    d = root / folder
    d.mkdir()
    (d / info).write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\nName: not this\n")
    (d / "entry_points.txt").write_text(points)


def test_the_installed_packs_are_the_entry_points_importlib_metadata_finds(tmp_path, monkeypatch):
    assert read() == by_metadata()
    assert read()["thb"] == ("spellcard.rules.thb", f"spellcard {metadata.version('spellcard')}")
    dist(tmp_path, "Aaa_Pack-2.0.dist-info", "Aaa.Pack", "2.0",
         "[console_scripts]\nx = y:z\n\n[spellcard.packs]\n# a comment\nthb = aaa_pack.thb\n z1 = aaa_pack \n")
    (tmp_path / "later").mkdir()
    dist(tmp_path / "later", "aaa.pack-1.0.dist-info", "aaa-pack", "1.0", "[spellcard.packs]\nz2 = shadowed\n")
    dist(tmp_path, "old_pack-0.1.egg-info", "old-pack", "0.1", "[spellcard.packs]\nold = old_pack\n", "PKG-INFO")
    dist(tmp_path, "zzz-1.0.dist-info", "zzz", "1.0", "[spellcard.packs]\nthb = zzz.thb\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "later"), *sys.path,
                                          str(tmp_path / "missing")])
    found = read()
    # Of two distributions naming a pack, the built-in one (issue 27), else the first by name, as
    # importlib.metadata would; of one distribution's two folders, the first.
    assert found == {**by_metadata(), "thb": ("spellcard.rules.thb", f"spellcard {metadata.version('spellcard')}")}
    assert [i.distribution for i in registry.clashes()["thb"]] == [f"spellcard {metadata.version('spellcard')}",
                                                                   "Aaa.Pack 2.0", "zzz 1.0"]
    assert found["z1"] == ("aaa_pack", "Aaa.Pack 2.0") and "z2" not in found
    assert found["old"] == ("old_pack", "old-pack 0.1")


def test_a_pack_folder_is_its_package_folder():
    from importlib import resources

    thb = registry.find("thb")
    assert thb.folder == Path(str(resources.files("spellcard.rules.thb")))
    assert (thb.sources / "core.spell").is_file() and thb.compiled is None


def test_the_packs_are_read_once_until_a_folder_on_the_path_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    before = read()
    scans = []
    monkeypatch.setattr(registry, "_entry_points", lambda real=registry._entry_points: scans.append(1) or real())
    assert read() == before and scans == []             # a command asks several times: one scan
    dist(tmp_path, "new_pack-1.0.dist-info", "new-pack", "1.0", "[spellcard.packs]\nnew = new_pack\n")
    os.utime(tmp_path, ns=(0, os.stat(tmp_path).st_mtime_ns + 1))     # however coarse the clock
    assert read()["new"] == ("new_pack", "new-pack 1.0") and scans == [1]
