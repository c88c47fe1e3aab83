"""Checking again only what an edit touched.

Every check leaves a record in the cache: per file, its bytes' hash and, per declaration, the
diagnostics its own checks found (the checker's and the lints') and its exports (exports.py: what
the rest of the check reads of it), and the whole pack's diagnostics (names, trigger loops, printed
texts, modes' ends …). The next `check` of the same files reads again only the files that changed
and those that declare anything but skills and characters (the actions, functions, cards and modes
every check reads); a file of skills and characters that did not change stands in as the names and
`skills` lists the others read (exports.stub), not parsed, decoded or checked. The declarations read
again are checked and linted again alone; if each exports what it did, no other diagnostic can have
changed, and the record's are kept. Otherwise (a name, a signature, an action's windows, a file
added …) the pack is checked whole, as always. Either way the diagnostics are those of a check from
nothing (tests/test_incremental.py holds the two equal over a run of edits).

A record is plain data (marshal) behind a SHA-256 of its name and payload, written beside and renamed
into place: a record that was changed, cut short or copied over another is a miss, never run.
"""
from __future__ import annotations

import hashlib
import marshal
import os
from pathlib import Path
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.check.loops import LoopCheck, error_lines
from spellcard.compiler.lint.lints import Lints, allowed_at, holders, silenced
from spellcard.compiler.lint.silent import SilentLints
from spellcard.compiler.symbols import collect
from spellcard.compiler.text.diagnostics import Diagnostic, Diagnostics

from . import module_cache
from .exports import BODIES, exports, from_stub, stub
from .extend import lay_over

FORMAT = b"units 1"


class _Run:
    """One check's declarations, each diagnostic marked with the declaration whose checks found it."""

    def __init__(self, diags: Diagnostics) -> None:
        self.d = diags
        self.owner: list = []          # per item: the declaration's number, or -1 for the whole pack's

    def mark(self, who: int) -> None:
        self.owner.extend([who] * (len(self.d.items) - len(self.owner)))

    def of(self, who: int) -> list:
        return [x for x, o in zip(self.d.items, self.owner) if o == who]


def check_all(layers: list, texts: dict, datas: dict):
    """The whole pack checked, as `spellcard check` always did: (symbols, checker, diagnostics, record)."""
    diags = Diagnostics()
    run = _Run(diags)
    modules = lay_over(layers, diags)
    syms = collect(modules, diags)
    checker = Checker(syms, diags)
    checker.prepare(modules)
    decls = [d for m in modules for d in m.decls]
    run.mark(-1)
    uses, merged = [], {}
    for i, d in enumerate(decls):
        checker.on_player = {}
        checker.check_decl(d)
        run.mark(i)
        uses.append(checker.on_player)
        for name, spans in checker.on_player.items():
            merged.setdefault(name, []).extend(spans)
    checker.on_player = merged
    checker.finish()
    loops = LoopCheck(syms, checker.refs, diags, _allowed(texts))    # over the calls that resolved
    loops.run(modules)
    run.mark(-1)
    lints, silent = Lints(syms, checker.refs, diags), SilentLints(syms, checker.refs, diags)
    broken = error_lines(diags)     # what a declaration means is asked once it checks (the lints: no errors)
    held = holders(modules, checker.refs)
    writes = silent.counters.write_facts(modules)
    for i, d in enumerate(decls):
        lints.local(d, broken, held, silent, writes)
        run.mark(i)
    silent.pack_wide(modules, broken)
    run.mark(-1)
    units = []
    for i, d in enumerate(decls):
        mine = run.of(i)
        units.append((exports(d, texts.get(d.span.file, []), silent.walked, checker.refs, loops,
                              any(x.is_error for x in mine), uses[i], _encode), [_plain(x) for x in mine]))
    record = {"files": _files(layers, modules, datas, units), "glob": [_plain(x) for x in run.of(-1)],
              "held": (sorted(held[0]), sorted(held[1]))}
    diags.items = [x for x in diags.items if not silenced(x, texts.get(x.span.file))]
    return syms, checker, diags, record


def check_again(sources: list, texts: dict, cdir: Path, compiler: bytes) -> Optional[tuple[list, dict]]:
    """The diagnostics of `sources` from the last check's record, checking again only what changed
    (the module's docstring), and the record to keep; None when the pack must be checked whole."""
    record = load(cdir, compiler, [s.path for s in sources])
    if record is None or [f[0] for f in record["files"]] != [s.path for s in sources]:
        return None
    layers, again = [], set()
    for src, (path, sha, granted, stubs, _) in zip(sources, record["files"]):
        if stubs is not None and sha == _sha(src.data):
            module = A.Module(path, tuple(from_stub(x) for x in stubs), granted=frozenset(granted))
        else:
            module = _module(src, texts, cdir, compiler)
            if module is None:
                return None
            again.add(path)
        layers.append((src.pack, module))
    scratch = Diagnostics()                 # the whole pack's diagnostics: the record's are kept
    run = _Run(scratch)
    modules = lay_over(layers, scratch)
    if [(m.path, len(m.decls)) for m in modules] != [(f[0], len(f[4])) for f in record["files"]]:
        return None
    syms = collect(modules, scratch)
    checker = Checker(syms, scratch)
    checker.prepare(modules)
    run.mark(-1)
    decls = [d for m in modules if m.path in again for d in m.decls]
    uses = []
    for i, d in enumerate(decls):
        checker.on_player = {}
        checker.check_decl(d)
        run.mark(i)
        uses.append(checker.on_player)
    old = {f[0]: f for f in record["files"]}
    kept = [x for m in modules if m.path not in again for u in old[m.path][4] for x in u[1]] + record["glob"]
    broken = {(x.span.file, x.span.line) for i in range(len(decls)) for x in run.of(i) if x.is_error} \
        | {(x[2][0], x[2][1]) for x in kept if x[0] == "error"}
    lints, silent = Lints(syms, checker.refs, scratch), SilentLints(syms, checker.refs, scratch)
    held = (set(record["held"][0]), set(record["held"][1]))
    writes = silent.counters.write_facts(modules)
    loops = LoopCheck(syms, checker.refs, Diagnostics(), _allowed(texts))
    checked = len(scratch.items)
    fresh = {}
    for i, d in enumerate(decls):
        lints.local(d, broken, held, silent, writes)
        mine = run.of(i) + scratch.items[checked:]
        del scratch.items[checked:]
        fresh[id(d)] = (exports(d, texts.get(d.span.file, []), silent.walked, checker.refs, loops,
                                any(x.is_error for x in mine), uses[i], _encode), [_plain(x) for x in mine])
    units = []
    for m in modules:
        for j, d in enumerate(m.decls):
            was = old[m.path][4][j]
            now = fresh.get(id(d), was)
            if now[0] != was[0]:
                return None                 # it exports something else: the pack is checked whole
            units.append(now)
    if any(frozenset(old[m.path][2]) != m.granted for m in modules if m.path in again):
        return None
    items = [Diagnostic(*x[:2], Span(*x[2]), *x[3:]) for u in units for x in u[1]] \
        + [Diagnostic(*x[:2], Span(*x[2]), *x[3:]) for x in record["glob"]]
    new = dict(record, files=_files(layers, modules, {s.path: s.data for s in sources}, units))
    return [x for x in items if not silenced(x, texts.get(x.span.file))], new


def _module(src, texts: dict, cdir: Path, compiler: bytes) -> Optional[A.Module]:
    """A file's tree, from the module cache or parsed (None: it does not parse; the whole check says so)."""
    from spellcard.compiler.build.reader import read_module

    kept = module_cache.entry(cdir, compiler, src.path, src.data)
    module = module_cache.load(kept)
    if module is None:
        module, problem = read_module(src.path, "\n".join(texts[src.path]))
        if problem is not None:
            return None
        module_cache.store(kept, module)
    return module


def _files(layers: list, modules: list, datas: dict, units: list) -> list:
    """Per file: its path, its bytes' hash, its names granted, its stand-ins (a file of skills and
    characters only) and its declarations' (exports, diagnostics)."""
    out, at = [], 0
    by_path = {layer.path: layer for _, layer in layers}
    for m in modules:
        layer = by_path[m.path]
        bodies = not layer.tests and all(isinstance(d, BODIES) for d in layer.decls)
        out.append((m.path, _sha(datas[m.path]), sorted(layer.granted),
                    [stub(d) for d in layer.decls] if bodies else None, units[at:at + len(m.decls)]))
        at += len(m.decls)
    return out


def _allowed(texts: dict):
    return lambda span, code: allowed_at(texts.get(span.file), span.line, code)


def _plain(x: Diagnostic) -> tuple:
    s = x.span
    return (x.severity, x.message, (s.file, s.line, s.col, s.end_line, s.end_col), x.help, x.code)


def _encode(d) -> object:
    return module_cache._encode(d, module_cache._fields())


def _sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


# ── the record on disk ─────────────────────────────────────────────────────────
def _entry(cdir: Path, compiler: bytes, paths: list) -> Path:
    h = hashlib.sha256(compiler + FORMAT)
    for p in paths:
        h.update(p.encode("utf-8", "surrogatepass") + b"\0")
    return cdir / "units" / f"{h.hexdigest()[:32]}.bin"


def _seal(file: Path, payload: bytes) -> bytes:
    return hashlib.sha256(file.name.encode() + b"\0" + payload).digest()


def load(cdir: Path, compiler: bytes, paths: list) -> Optional[dict]:
    file = _entry(cdir, compiler, paths)
    try:
        raw = file.read_bytes()
        if _seal(file, raw[32:]) != raw[:32]:
            return None
        record = marshal.loads(raw[32:])
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return record if isinstance(record, dict) and {"files", "glob", "held"} <= record.keys() else None


def store(cdir: Path, compiler: bytes, paths: list, record: dict) -> None:
    file = _entry(cdir, compiler, paths)
    try:
        payload = marshal.dumps(record)
        file.parent.mkdir(parents=True, exist_ok=True)
        part = file.with_name(f"{file.name}.{os.getpid()}.part")
        part.write_bytes(_seal(file, payload) + payload)
        os.replace(part, file)
    except (OSError, ValueError):
        pass                    # a read-only cache only costs speed
