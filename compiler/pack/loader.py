"""A rule pack from sources to a loaded PackDef: find files, parse, build, check, emit, cache, load."""
from __future__ import annotations

import gc
import hashlib
from contextlib import contextmanager
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator, Optional

import attrs

from spellcard.runtime.limits import MAX_PACK_BYTES, MAX_SOURCE_BYTES, kb

from . import cache_trim, pack_entry, registry
from spellcard.compiler.ast.base import Span
from .cache_key import _compiler_digest, cache_dir
from .compiled import Compiled, Source
from .manifest import ManifestProblem, is_compiled, load_compiled, load_module
from .paths import identity, relative, root_of

if TYPE_CHECKING:
    from spellcard.runtime.defs import PackDef

    from spellcard.compiler.text.diagnostics import Diagnostic

# The tree, parser, checker and emitter (and so Lark and jinja2) are imported only when sources are
# compiled: a compiled pack, or one whose compiled module is cached, loads with the runtime alone.


class PackNotFound(Exception):
    pass


class CompiledRefused(PackNotFound):
    """A compiled pack whose manifest does not vouch for it."""


def resolve(target: str) -> list[Path]:
    """A pack name, a folder of .spell files, or one .spell file → the files, in a stable order."""
    p = Path(target)
    found = registry.find(target) if not p.exists() else None
    if found is not None:
        p = found.sources
    if p.is_dir():
        files = sorted(p.glob("*.spell"), key=lambda f: f.name)     # one folder's: by name
        if not files and is_compiled(p):
            raise PackNotFound(f"{target}: a compiled pack has no sources to read; "
                               "give the folder it was compiled from")
        if not files:
            raise PackNotFound(f"{target}: no .spell files in this folder")
        return files
    if p.is_file():
        return [p]
    hint = registry.close_to(target)
    raise PackNotFound(f"{target}: no such pack, folder or file{f'; {hint}' if hint else ''} "
                       f"(packs: {', '.join(registry.installed())})")


def compiled_folder(target: str) -> Optional[Path]:
    """The compiled folder a PACK names: a folder `compile` wrote, or an installed pack that ships one."""
    p = Path(target)
    if p.is_dir():
        return p if is_compiled(p) else None
    if not p.exists():
        found = registry.find(target)
        return found.compiled if found is not None else None
    return None


def with_bases(sources: list[Source], seen: tuple = ()) -> list[Source]:
    """The files of the pack each `pack … extends BASE` line names, deepest base first, then `sources`."""
    for s in sources:
        named = registry.base_named_in(s.data.decode("utf-8", errors="replace")) if b"extends" in s.data else None
        if named is None:
            continue
        base, line = named
        if base in seen:
            raise PackNotFound(f"{s.path}:{line}: error: packs that extend each other: "
                               f"{' → '.join(seen + (base,))}")
        try:
            files = resolve(base)
        except PackNotFound:
            hint = registry.close_to(base)
            raise PackNotFound(f"{s.path}:{line}: error: the base pack `{base}` is not installed"
                               f"{f'; {hint}' if hint else ''} (packs: {', '.join(registry.installed())})") from None
        have = {identity(x.path) for x in sources} - {None}
        if any(identity(f) in have for f in files):
            raise PackNotFound(f"{s.path}:{line}: error: this file extends `{base}`, which is already part "
                               "of the pack; give the extension as the PACK, not with --with")
        lower = with_bases(read_sources(files), seen + (base,))
        tagged = [attrs.evolve(b, pack=b.pack or base) for b in lower]
        return tagged + sources
    return sources


def read_sources(paths: Iterable[Path]) -> list[Source]:
    """Each file's bytes, read no further than one byte past MAX_SOURCE_BYTES (enough for the
    checker to refuse it) however large the file is."""
    cwd = os.getcwd()
    return [Source(_display(p, cwd), read_bounded(p)) for p in paths]


def read_bounded(p: Path) -> bytes:
    """A source file's bytes, no more than one past MAX_SOURCE_BYTES: enough to refuse it (parse.too_large)."""
    try:
        with open(p, "rb") as f:
            return f.read(MAX_SOURCE_BYTES + 1)
    except OSError as err:
        raise PackNotFound(f"{p}: {err.strerror}") from None


def _display(p: Path, cwd: str) -> str:
    """A file's name as diagnostics write it: relative to the working folder."""
    path = os.fspath(p)
    plain = not os.path.isabs(path) and os.path.normpath(path) == path and not path.startswith("..")
    return path if plain else relative(path, cwd, cwd)


def source_hash(sources: list[Source]) -> str:
    """Same files, same compiler ⇒ same hash, wherever the command runs from."""
    h = hashlib.sha256(_compiler_digest())
    cwd = os.getcwd()
    for tag in dict.fromkeys(s.pack for s in sources):      # a base's files, wherever it is installed
        group = [s for s in sources if s.pack == tag]
        root = root_of(group)
        if tag:
            h.update(b"base\0" + tag.encode() + b"\0")
        for s in group:
            rel = relative(s.path, root, cwd) if root else os.path.basename(s.path)
            h.update(rel.encode() + b"\0" + s.data + b"\0")
    return h.hexdigest()[:24]


def base_names(sources: list[Source]) -> dict:
    """A base's files as `thb/core.spell` in the emitted module: the same bytes wherever it is installed."""
    out = {}
    for tag in {s.pack for s in sources if s.pack}:
        group = [s for s in sources if s.pack == tag]
        root = root_of(group)
        out.update({s.path: f"{tag}/{os.path.relpath(s.path, root) if root else os.path.basename(s.path)}"
                    for s in group})
    return out


def front_end(sources: list[Source], cache: Optional[Path] = None):
    """Parse, build and check: the modules, the checker (for emit) and every diagnostic. With a
    cache folder, each file's built module is kept there, and a file seen before is not parsed."""
    return front_end_recorded(sources, cache)[:3]


def front_end_recorded(sources: list[Source], cache: Optional[Path] = None, lint: bool = True):
    """front_end's, and the record the next check reads (incremental.py; None if a file did not parse);
    without `lint`, for the emitter of a pack whose diagnostics are known: no lint, no record."""
    with _cycles_collected_after():
        return _front_end(sources, cache, lint)


@contextmanager
def _cycles_collected_after():
    """The front end makes some 100,000 objects that nearly all stay alive (the trees, the symbols),
    and little garbage in cycles: the cycle collector's passes over them took a sixth of a cold
    check. It waits until the front end is done (and is left off if it was off)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _front_end(sources: list[Source], cache: Optional[Path], lint: bool = True):
    from spellcard.compiler.build.reader import read_module
    from spellcard.compiler.text.diagnostics import Diagnostics
    from . import incremental, module_cache

    diags = Diagnostics()
    modules: list = []                      # (the pack it comes from, its tree)
    texts: dict[str, list[str]] = {}
    for src, text, problem in decoded(sources):
        if problem:
            diags.extend([problem])
            continue
        texts[src.path] = text.split("\n")
        kept = module_cache.entry(cache, _compiler_digest(), src.path, src.data) if cache else None
        module = module_cache.load(kept) if kept else None
        if module is None:
            module, problem = read_module(src.path, text)
            if problem:
                diags.extend([problem])
                continue
            if kept:
                module_cache.store(kept, module)
        modules.append((src.pack, module))
    syms, checker, checked, record = incremental.check_all(modules, texts, {s.path: s.data for s in sources},
                                                           keep=cache is not None and lint, lint=lint)
    checked.items[:0] = diags.items         # the files that could not be read come first
    return syms, checker, checked, (record if len(modules) == len(sources) else None)


def decoded(sources: list[Source]) -> Iterator[tuple[Source, Optional[str], Optional[Diagnostic]]]:
    """Each source's text, or what keeps it from the checker (it or the pack so far too large, not
    text), told before the work: the whole check and the check after an edit read the files this way."""
    from spellcard.compiler.parse.read import decode

    total = 0
    for src in sources:
        total += len(src.data)
        problem = size_problem(src, total)
        text, problem = (None, problem) if problem else decode(src.path, src.data)
        yield src, text, problem


def size_problem(src: Source, total: int) -> Optional[Diagnostic]:
    """A file, or the pack so far, larger than the checker takes (see runtime/limits.py)."""
    from spellcard.compiler.parse.read import too_large
    from spellcard.compiler.text.diagnostics import Diagnostic

    if len(src.data) > MAX_SOURCE_BYTES:
        return too_large(src.path, len(src.data))
    if total > MAX_PACK_BYTES:
        return Diagnostic("error", f"with this file the pack's sources pass {kb(MAX_PACK_BYTES)}, the most a pack "
                                   "may hold", Span(src.path, 1, 1, 1, 2),
                          "2,000 characters with their skills take about 1.2 MB; "
                          "see docs/language.md, Limits")
    return None


def compile_sources(sources: list[Source], use_cache: bool = True, load: bool = True) -> Compiled:
    """The pack checked (and, to `load` it, emitted and loaded), through the cache; the cache is then
    kept under its budget (cache_trim)."""
    try:
        return _compile_sources(sources, use_cache, load)
    finally:
        if use_cache:
            cache_trim.settle(cache_dir())


def _compile_sources(sources: list[Source], use_cache: bool, load: bool) -> Compiled:
    digest = source_hash(sources)
    cdir = cache_dir()
    known = None                # the last check's diagnostics, the pack still to emit: it lints nothing
    if use_cache:
        hit = pack_entry.read(cdir, digest, sources, load)
        if hit is not None and (hit.pack is not None or not load or not hit.ok):
            return hit
        known = hit
    if use_cache and not load:          # `check`: only what changed since the last, if it can be told
        from . import incremental
        with _cycles_collected_after():
            again = incremental.check_sources(decoded(sources), cdir, _compiler_digest())
        if again is not None:
            result = Compiled(sources, again.sorted())
            pack_entry.write(cdir, digest, result, None)
            return result
    syms, checker, diags, record = front_end_recorded(sources, cdir if use_cache else None, lint=known is None)
    if use_cache and record is not None:
        from . import incremental
        incremental.store(cdir, _compiler_digest(), [s.path for s in sources], record)
    result = Compiled(sources, diags.sorted() if known is None or diags.has_errors else known.diagnostics)
    code_obj = None
    if load and not diags.has_errors:   # `check` emits nothing: the first run that loads the pack does
        from .parts import build
        own = [s for s in sources if not s.pack]
        with _cycles_collected_after():     # as the front end: what it makes lives on, or is no cycle
            built = build(syms, checker, {s.path: s.data for s in sources}, digest, root_of(own),
                          base_names(sources), cdir if use_cache else None, _compiler_digest())
        del syms, checker               # the trees and symbols, before the module is loaded
        result.code, result.emitted = built.text, built.emitted
        code_obj = (built.code, built.places, built.place_files)
        result.pack = load_module(built.code, result.code, built.places, built.place_files)
    if use_cache:
        pack_entry.write(cdir, digest, result, code_obj)
    return result


def compile_pack(target: str, extra: Iterable[str] = (), use_cache: bool = True, load: bool = True) -> Compiled:
    """A pack from its sources (and its base's), or, to run it, from its compiled folder."""
    extra = list(extra)
    compiled = compiled_folder(target) if load else None
    if compiled is not None and (not extra or Path(target).exists()):
        if extra:
            raise PackNotFound(f"{target}: --with joins sources, and a compiled pack has none; "
                               "compile the pack with the files added instead")
        try:
            pack, code, _ = load_compiled(compiled, code_cache=cache_dir())
        except ManifestProblem as err:
            raise CompiledRefused(str(err)) from None
        finally:
            cache_trim.settle(cache_dir())
        return Compiled([], [], code=code, pack=pack)
    files = resolve(target)
    for e in extra:
        files.extend(resolve(e))
    return compile_sources(with_bases(read_sources(files)), use_cache=use_cache, load=load)


_LOADED: dict = {}


def load_pack(target: str, extra: Iterable[str] = ()) -> PackDef:
    """A compiled, loaded pack (memoised per process). Raises PackNotFound or PackErrors."""
    return loaded(target, extra).pack


def loaded(target: str, extra: Iterable[str] = ()) -> Compiled:
    """load_pack's compilation, its sources with it (for a tool that quotes them): memoised per
    process, so a command that needs both compiles once. Raises PackNotFound or PackErrors."""
    key = (target, tuple(extra))
    if key not in _LOADED:
        result = compile_pack(target, extra)
        if not result.ok:
            raise PackErrors(result)
        _LOADED[key] = result
    return _LOADED[key]


class PackErrors(Exception):
    def __init__(self, result: Compiled):
        super().__init__(result.render())
        self.result = result
