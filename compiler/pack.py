"""A rule pack from sources to a loaded PackDef: find files, parse, build, check, emit, cache, load."""
from __future__ import annotations

import hashlib
from functools import lru_cache
import json
import marshal
import os
from importlib import resources
from pathlib import Path
from typing import Iterable, Optional

import attrs

from spellcard.runtime.defs import PackDef
from spellcard.runtime.namespace import namespace

from . import ast as A
from .build import build
from .check import Checker
from .lint import Lints, allowed_at, silenced
from .loops import LoopCheck
from .diagnostics import Diagnostic, Diagnostics
from .emit import emit_pack
from .parse import decode, parse
from .symbols import collect

BUILTIN_PACKS = ("thb", "bots", "esper")
COMPILER_VERSION = "1"


class PackNotFound(Exception):
    pass


@attrs.define
class Source:
    path: str
    data: bytes

    @property
    def lines(self) -> list[str]:
        return self.data.decode("utf-8", errors="replace").split("\n")


@attrs.define
class Compiled:
    sources: list
    diagnostics: list
    code: Optional[str] = None
    pack: Optional[PackDef] = None
    cached: bool = False

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)

    def lines_of(self, path: str) -> Optional[list[str]]:
        for s in self.sources:
            if s.path == path:
                return s.lines
        return None

    def render(self, color: bool = False) -> str:
        return "\n".join(d.render(self.lines_of(d.span.file), color) for d in self.diagnostics)


def builtin_pack_dir(name: str) -> Path:
    return Path(str(resources.files("spellcard.rules").joinpath(name)))


def resolve(target: str) -> list[Path]:
    """A pack name, a folder of .spell files, or one .spell file → the files, in a stable order."""
    p = Path(target)
    if not p.exists() and target in BUILTIN_PACKS:
        p = builtin_pack_dir(target)
    if p.is_dir():
        files = sorted(p.glob("*.spell"))
        if not files:
            raise PackNotFound(f"{target}: no .spell files in this folder")
        return files
    if p.is_file():
        return [p]
    raise PackNotFound(f"{target}: no such pack, folder or file (built-in packs: {', '.join(BUILTIN_PACKS)})")


def read_sources(paths: Iterable[Path]) -> list[Source]:
    out = []
    for p in paths:
        try:
            out.append(Source(_display(p), p.read_bytes()))
        except OSError as err:
            raise PackNotFound(f"{p}: {err.strerror}") from None
    return out


def _display(p: Path) -> str:
    try:
        return os.path.relpath(p)
    except ValueError:
        return str(p)


def cache_dir() -> Path:
    root = os.environ.get("SPELLCARD_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "spellcard")
    return Path(root)


@lru_cache(maxsize=1)
def _compiler_digest() -> bytes:
    """The compiler itself is part of every cache key: a changed checker or template recompiles."""
    h = hashlib.sha256(COMPILER_VERSION.encode())
    h.update(resources.files("spellcard.grammar").joinpath("spellcard.lark").read_bytes())
    here = Path(__file__).parent
    runtime = here.parent / "runtime"
    for p in sorted(here.glob("*.py")) + [here / "templates" / "pack.py.j2"] + sorted(runtime.glob("builtins*.py")):
        if p.exists():
            h.update(p.read_bytes())
    return h.digest()


def source_hash(sources: list[Source]) -> str:
    """Same files, same compiler ⇒ same hash, wherever the command runs from."""
    h = hashlib.sha256(_compiler_digest())
    root = _root(sources)
    for s in sources:
        rel = os.path.relpath(s.path, root) if root else os.path.basename(s.path)
        h.update(rel.encode() + b"\0" + s.data + b"\0")
    return h.hexdigest()[:24]


def _root(sources: list[Source]) -> str:
    if len(sources) > 1:
        try:
            return os.path.commonpath([s.path for s in sources])
        except ValueError:
            return ""
    return os.path.dirname(sources[0].path) if sources else ""


def front_end(sources: list[Source]):
    """Parse, build and check: the modules, the checker (for emit) and every diagnostic."""
    diags = Diagnostics()
    modules: list[A.Module] = []
    texts: dict[str, list[str]] = {}
    for src in sources:
        text, problem = decode(src.path, src.data)
        if problem:
            diags.extend([problem])
            continue
        texts[src.path] = text.split("\n")
        tree, problem = parse(src.path, text)
        if problem:
            diags.extend([problem])
            continue
        modules.append(build(src.path, tree))
    syms = collect(modules, diags)
    checker = Checker(syms, diags)
    checker.check_all(modules)
    LoopCheck(syms, checker.refs, diags,      # over the calls that resolved, even after an error
              lambda span, code: allowed_at(texts.get(span.file), span.line, code)).run(modules)
    Lints(syms, checker.refs, diags).run(modules)
    diags.items = [d for d in diags.items if not silenced(d, texts.get(d.span.file))]
    return syms, checker, diags


def compile_sources(sources: list[Source], use_cache: bool = True, load: bool = True) -> Compiled:
    digest = source_hash(sources)
    cdir = cache_dir()
    if use_cache:
        hit = _from_cache(cdir, digest, sources, load)
        if hit is not None:
            return hit
    syms, checker, diags = front_end(sources)
    result = Compiled(sources, diags.sorted())
    if not diags.has_errors:
        result.code = emit_pack(syms, checker, digest, root=_root(sources))
        code_obj = compile(result.code, f"<spellcard:{syms.pack.name}>", "exec")
        if load:
            result.pack = _load(code_obj, result.code)
        if use_cache:
            _to_cache(cdir, digest, result, code_obj)
    elif use_cache:
        _to_cache(cdir, digest, result, None)
    return result


def _load(code_obj, text: str) -> PackDef:
    ns = namespace()
    exec(code_obj, ns)          # the module can reach only the runtime names in `ns`
    pack = ns["PACK"]
    pack.emitted = text.split("\n")
    return pack


def _to_cache(cdir: Path, digest: str, result: Compiled, code_obj) -> None:
    try:
        cdir.mkdir(parents=True, exist_ok=True)
        diags = [attrs.asdict(d) for d in result.diagnostics]
        (cdir / f"{digest}.json").write_text(json.dumps(diags, ensure_ascii=False), "utf-8")
        if code_obj is not None:
            (cdir / f"{digest}.py").write_text(result.code, "utf-8")
            (cdir / f"{digest}.bin").write_bytes(marshal.dumps(code_obj))
    except OSError:
        pass                    # a read-only cache only costs speed


def _from_cache(cdir: Path, digest: str, sources: list[Source], load: bool) -> Optional[Compiled]:
    try:
        raw = json.loads((cdir / f"{digest}.json").read_text("utf-8"))
        diags = [Diagnostic(d["severity"], d["message"], A.Span(**d["span"]), d["help"], d.get("code"))
                 for d in raw]
        result = Compiled(sources, diags, cached=True)
        if not result.ok:
            return result
        result.code = (cdir / f"{digest}.py").read_text("utf-8")
        if load:
            result.pack = _load(marshal.loads((cdir / f"{digest}.bin").read_bytes()), result.code)
        return result
    except (OSError, ValueError, KeyError, TypeError, EOFError):
        return None


def compile_pack(target: str, extra: Iterable[str] = (), use_cache: bool = True, load: bool = True) -> Compiled:
    files = resolve(target)
    for e in extra:
        files.extend(resolve(e))
    return compile_sources(read_sources(files), use_cache=use_cache, load=load)


_LOADED: dict = {}


def load_pack(target: str, extra: Iterable[str] = ()) -> PackDef:
    """A compiled, loaded pack (memoised per process). Raises PackNotFound or PackErrors."""
    key = (target, tuple(extra))
    if key not in _LOADED:
        result = compile_pack(target, extra)
        if not result.ok:
            raise PackErrors(result)
        _LOADED[key] = result.pack
    return _LOADED[key]


class PackErrors(Exception):
    def __init__(self, result: Compiled):
        super().__init__(result.render())
        self.result = result
