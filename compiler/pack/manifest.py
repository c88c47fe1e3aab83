"""Compiled packs: the folder `spellcard compile` writes, and loading it with the runtime alone.

The folder holds the generated module and `manifest.json`, which says what it is (name, version,
source hash, the base it extends) and who made it (the compiler version). Both are written with
no timestamps and in a fixed order, so the same sources give the same bytes. A loader trusts
nothing it has not checked: a module from another compiler, or one that no longer matches its
manifest, is refused rather than run. This module imports neither Lark nor jinja2.
"""
from __future__ import annotations

import hashlib
import json
import marshal
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from spellcard.atomic import replacing_folder, write_bytes
from spellcard.runtime.limits import MAX_MANIFEST_BYTES, MAX_MODULE_BYTES, kb

from . import cache_trim
from .module_code import compile_module, run_module

if TYPE_CHECKING:
    from spellcard.runtime.defs import PackDef

COMPILER_VERSION = "6"
"""The emitted code's contract with the runtime; bump it when a pack compiled before cannot run."""

MANIFEST = "manifest.json"


class ManifestProblem(Exception):
    """A compiled pack that must not be run as it is."""


@lru_cache(maxsize=1)
def compiler_version() -> str:
    """"spellcard 0.1.0 / emit 2": the release that compiled a pack, and the code contract it used."""
    from importlib import metadata

    try:
        release = metadata.version("spellcard")
    except metadata.PackageNotFoundError:
        release = "unknown"
    return f"spellcard {release} / emit {COMPILER_VERSION}"


def manifest_of(pack: PackDef, code: str) -> dict:
    """What `compile` writes beside the module."""
    return {
        "name": pack.name,
        "title": pack.title,
        "version": pack.version,
        "base": {"name": pack.base, "version": pack.base_version} if pack.base else None,
        "source_hash": pack.source_hash,
        "compiler": compiler_version(),
        "module": f"{pack.name}.py",
        "module_sha256": hashlib.sha256(code.encode("utf-8")).hexdigest(),
        "description": pack.description,
        "authors": list(pack.authors),
        "license": pack.license,
    }


def write_compiled(out_dir: Path, pack: PackDef, code: str) -> Path:
    """The module and its manifest, byte for byte the same for the same sources and compiler. Both
    are written in a folder beside `out_dir` and moved in once whole: a failed write leaves the
    previous compiled pack as it was (and one moved in half would fail its manifest's hash)."""
    text = json.dumps(manifest_of(pack, code), ensure_ascii=False, sort_keys=True, indent=2) + "\n"
    with replacing_folder(out_dir) as staged:
        (staged / f"{pack.name}.py").write_bytes(code.encode("utf-8"))
        (staged / MANIFEST).write_bytes(text.encode("utf-8"))
    return out_dir / f"{pack.name}.py"


def is_compiled(folder: Path) -> bool:
    return (folder / MANIFEST).is_file()


def read_manifest(folder: Path) -> dict:
    path = folder / MANIFEST
    try:
        data = json.loads(_read_at_most(path, MAX_MANIFEST_BYTES).decode("utf-8"))
    except (OSError, ValueError) as err:
        raise ManifestProblem(f"{path}: not a readable manifest ({err})") from None
    missing = [k for k in ("name", "version", "source_hash", "compiler", "module", "module_sha256")
               if not isinstance(data, dict) or k not in data]
    if missing:
        raise ManifestProblem(f"{path}: the manifest lacks {', '.join(missing)}")
    return data


def load_compiled(folder: Path, code_cache: Optional[Path] = None) -> tuple[PackDef, str, dict]:
    """The pack a compiled folder holds, its module's text and its manifest, after every check.
    `code_cache` keeps the module's bytecode, keyed by the hash of its checked bytes: a large
    module is compiled to bytecode once, not at every start."""
    manifest = read_manifest(folder)
    where = folder / MANIFEST
    if manifest["compiler"] != compiler_version():
        raise ManifestProblem(f"{where}: compiled by {manifest['compiler']}, but this is {compiler_version()}; "
                              "compile the pack again from its sources")
    module = folder / Path(str(manifest["module"])).name
    try:
        data = _read_at_most(module, MAX_MODULE_BYTES)
    except OSError as err:
        raise ManifestProblem(f"{module}: {err.strerror}") from None
    if hashlib.sha256(data).hexdigest() != manifest["module_sha256"]:
        raise ManifestProblem(f"{module} does not match {where} (changed after it was compiled?); "
                              "compile the pack again from its sources")
    text = data.decode("utf-8")
    pack = load_module(_bytecode(text, manifest, code_cache), text)
    mismatch = _differs(pack, manifest)
    if mismatch:
        raise ManifestProblem(f"{module} is not the pack {where} describes ({mismatch})")
    return pack, text, manifest


def _read_at_most(path: Path, limit: int) -> bytes:
    """A compiled pack's file, refused by its size before it is read (runtime/limits.py)."""
    with open(path, "rb") as f:
        if os.fstat(f.fileno()).st_size > limit:
            raise ManifestProblem(f"{path}: larger than {kb(limit)}, more than a compiled pack holds")
        data = f.read(limit + 1)        # a file that grew since is still cut at the limit
    if len(data) > limit:
        raise ManifestProblem(f"{path}: larger than {kb(limit)}, more than a compiled pack holds")
    return data


def _bytecode(text: str, manifest: dict, code_cache: Optional[Path]):
    """The module's code object: from the cache when an entry there passes its check, else compiled
    (and kept). An entry is the SHA-256 of its name and its payload, then the payload (marshal's
    bytes): one that was changed, cut short or copied from another module's is compiled again, never
    handed to marshal (a flipped bit in bytecode can change a game silently, or crash the process).
    Kept and checked, it halves the start-up of a one-game `simulate` of a compiled THB (0.15 s
    against 0.30 s compiling it each time)."""
    path = code_cache / f"{manifest['module_sha256']}.{sys.implementation.cache_tag}.pieces.bin" if code_cache else None
    if path is not None:
        try:
            raw = path.read_bytes()
            if _seal(path.name, raw[32:]) == raw[:32]:
                code_obj = marshal.loads(raw[32:])
                cache_trim.used(path)
                return code_obj
        except (OSError, ValueError, EOFError, TypeError):
            pass
    code_obj = compile_module(text, f"<spellcard:{manifest['name']}>")
    if path is not None:
        try:
            code_cache.mkdir(parents=True, exist_ok=True)
            payload = marshal.dumps(code_obj)
            write_bytes(path, _seal(path.name, payload) + payload)
            cache_trim.wrote(32 + len(payload))
        except OSError:
            pass                # a read-only cache only costs speed
    return code_obj


def _seal(name: str, payload: bytes) -> bytes:
    return hashlib.sha256(name.encode() + b"\0" + payload).digest()


def _differs(pack: PackDef, manifest: dict) -> Optional[str]:
    for field, value in (("name", pack.name), ("version", pack.version), ("source_hash", pack.source_hash)):
        if manifest[field] != value:
            return f"{field} {value!r} in the module, {manifest[field]!r} in the manifest"
    return None


def load_module(code: tuple, text: str, places: Optional[dict] = None, place_files: tuple = ()) -> PackDef:
    """Run a module's code (compile_module's pieces) and hand back the pack it defines. `places`: the
    module's line → place table, given as data when its code leaves the table's statements out
    (compiler/pack/parts.py)."""
    from spellcard.runtime.engine.namespace import namespace     # the runtime: `check` runs no pack

    ns = namespace()
    run_module(code, ns)
    pack = ns["PACK"]
    if places is not None:
        pack.places.update(places)
        pack.place_files = place_files
    pack.emitted = text.split("\n")
    return pack
