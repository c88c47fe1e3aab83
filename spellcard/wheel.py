"""`spellcard build`: a pack as a standard wheel, made by setuptools through the `build` frontend.

The wheel holds one Python package, `spellcard_pack_<name>`: the pack's own `.spell` files in
`sources/` (so that other packs can extend it and designers can read it), the compiled module and
its manifest (so that it runs without the compiler), and an entry point in group `spellcard.packs`
(so that `spellcard packs`, `simulate NAME` and `extends NAME` find it once installed).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from build import BuildException, BuildBackendException, ProjectBuilder
from packaging.licenses import InvalidLicenseExpression, canonicalize_license_expression

from spellcard.atomic import replacing_folder
from spellcard.compiler.pack.loader import Compiled
from spellcard.compiler.pack.manifest import compiler_version, write_compiled
from spellcard.compiler.pack.registry import GROUP
from spellcard.runtime.defs import PackDef

REPRODUCIBLE_EPOCH = "315532800"
"""1980-01-01, the earliest time a zip can hold: every file in the wheel carries it, not the clock's."""


class BuildProblem(Exception):
    pass


def package_name(pack: PackDef) -> str:
    return f"spellcard_pack_{pack.name}"


def distribution_name(pack: PackDef) -> str:
    return f"spellcard-pack-{pack.name.replace('_', '-')}"


def build_wheel(result: Compiled, readme: Path | None, out_dir: Path) -> Path:
    """Stage the package in a temporary folder, let the build backend make the wheel, return its path."""
    pack = result.pack
    if pack.license:
        try:
            canonicalize_license_expression(pack.license)
        except InvalidLicenseExpression:
            raise BuildProblem(f"license {pack.license!r} is not an SPDX expression; a wheel needs one "
                               'like "MIT", "CC-BY-4.0" or "LicenseRef-Proprietary"') from None
    with tempfile.TemporaryDirectory(prefix="spellcard-build-") as tmp:
        stage = Path(tmp)
        pkg = stage / package_name(pack)
        write_compiled(pkg, pack, result.code)
        (pkg / "__init__.py").write_text(f'"""The Spellcard pack `{pack.name}` ({pack.title}), '
                                         f'version {pack.version}."""\n', "utf-8")
        own = pkg / "sources"
        own.mkdir()
        for s in result.sources:
            if not s.pack:                  # the base's files stay in the base's own package
                (own / Path(s.path).name).write_bytes(s.data)
        if readme is not None:
            shutil.copyfile(readme, own / "README.md")
        (stage / "pyproject.toml").write_text(pyproject(pack), "utf-8")
        builder = ProjectBuilder(stage, python_executable=sys.executable, runner=_reproducible)
        try:
            with replacing_folder(out_dir) as staged:   # the wheel appears whole, or the previous one stays
                wheel = Path(builder.build("wheel", staged.resolve()))
        except (BuildException, BuildBackendException) as err:
            raise BuildProblem(f"the build backend failed: {err}") from None
        return out_dir.resolve() / wheel.name


def _reproducible(cmd, cwd=None, extra_environ=None):
    """Runs a build hook with the fixed date, and keeps its chatter unless it fails."""
    env = {**os.environ, **(extra_environ or {}), "SOURCE_DATE_EPOCH": REPRODUCIBLE_EPOCH}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise BuildProblem(f"the build backend failed:\n{tail}")


def pyproject(pack: PackDef) -> str:
    """The staged project's metadata, from the pack line; the pack needs the compiler release it was built by."""
    release = compiler_version().split()[1]
    project = {
        "name": distribution_name(pack),
        "version": pack.version,
        "description": pack.description or pack.title,
        "requires-python": ">=3.11",
        "dependencies": [f"spellcard=={release}"] if release != "unknown" else ["spellcard"],
    }
    lines = ["[build-system]", 'requires = ["setuptools>=77"]', 'build-backend = "setuptools.build_meta"', "",
             "[project]"]
    lines += [f"{k} = {_toml(v)}" for k, v in project.items()]
    if pack.authors:
        lines.append("authors = [" + ", ".join("{ name = %s }" % _toml(a) for a in pack.authors) + "]")
    if pack.license:
        lines.append(f"license = {_toml(pack.license)}")
    lines += ["", f'[project.entry-points."{GROUP}"]', f"{pack.name} = {_toml(package_name(pack))}", "",
              "[tool.setuptools]", f"packages = [{_toml(package_name(pack))}, {_toml(package_name(pack) + '.sources')}]",
              "", "[tool.setuptools.package-data]", f'{_toml(package_name(pack))} = ["manifest.json"]',
              f'{_toml(package_name(pack) + ".sources")} = ["*.spell", "README.md"]', ""]
    return "\n".join(lines)


def _toml(value) -> str:
    """A TOML string or array: JSON's escapes are TOML's for these."""
    return json.dumps(value, ensure_ascii=False)
