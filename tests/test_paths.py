"""A pack's file names, as diagnostics write them: what os.path.relpath gives, worked out once per folder."""
from __future__ import annotations

import os

import pytest

from spellcard.compiler.pack.paths import relative

CASES = [("/tmp/a/b.spell", "/work/main"), ("/work/main/x/y.spell", "/work/main"), ("/work/main/y.spell", "/work"),
         ("rel/z.spell", "/work/main"), ("../q/z.spell", "/work/main"), ("a/../b/c.spell", "/work"),
         ("/work/main/c.spell", "/work/main/sub"), ("x.spell", "/work/main/sub"), ("./x.spell", "/work/main")]


@pytest.mark.parametrize("path, root", CASES)
def test_a_files_name_from_a_folder_is_relpaths(path, root):
    cwd = "/work/main"
    assert relative(path, root, cwd) == os.path.relpath(os.path.join(cwd, path), os.path.join(cwd, root))


def test_the_files_of_one_folder_each_keep_their_own_name():
    names = [relative(f"/elsewhere/pack/f{i}.spell", "/work/main", "/work/main") for i in range(3)]
    assert names == [f"../../elsewhere/pack/f{i}.spell" for i in range(3)]
