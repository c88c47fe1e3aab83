"""Checking again only what an edit touched.

Every check leaves a record in the cache: per file, its bytes' hash and, per declaration, the
diagnostics its own checks found (the checker's and the lints'), its exports (exports.py: what other
declarations' checks read of it) and its part (facts.py: what the whole-pack passes read of it), the
whole pack's diagnostics that no edit of a skill's or character's body can change (names, printed
texts …), and what the whole pack tells each declaration (Checker.prepared, the counters' write
facts, what can end the game, the skills held). The next `check` of the same files reads again only
the files that changed; in a file that did not change, each skill and character stands in as the
names and `skills` lists the others read (exports.stub), not parsed, decoded or checked, and every
other declaration comes whole from the record. The declarations read again are checked and linted
again alone; if each exports what it did, no other declaration's diagnostics can have changed, and
the whole-pack passes (trigger loops, table values on players, skills granted twice, modes' ends,
names shown raw) run again over the record's parts and the edited declarations' new ones. Otherwise
(a name, a signature, a function's body, an action's windows, a file added …) the pack is checked
whole, as always. Either way the diagnostics are those of a check from nothing
(tests/test_incremental.py holds the two equal over a run of edits).

A record is plain data (marshal) behind a SHA-256 of its name and payload, written beside and renamed
into place: a record that was changed, cut short or copied over another is a miss, never run.
"""
from __future__ import annotations

import hashlib
import marshal
from collections import ChainMap
from pathlib import Path
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.check.loops import LoopCheck, error_lines, nodes_in
from spellcard.compiler.check.printed import check_printed
from spellcard.compiler.lint.lints import Lints, allowed_at, holders, silenced
from spellcard.compiler.lint.silent import SilentLints, game_enders
from spellcard.compiler.symbols import collect
from spellcard.compiler.text.diagnostics import Diagnostic, Diagnostics

from . import facts as F, module_cache
from .exports import BODIES, exports, from_stub, stub, stub_place, text_key, text_key_at
from .extend import lay_over

FORMAT = b"units 7"


def check_all(layers: list, texts: dict, datas: dict, keep: bool = True, lint: bool = True):
    """The whole pack checked, as `spellcard check` always did: (symbols, checker, diagnostics, record);
    the record (None unless `keep`) is what the next check starts from. Without `lint`: the checker
    alone, for the emitter, of a pack whose diagnostics the last check kept (no record)."""
    diags = Diagnostics()
    return check_laid(layers, lay_over(layers, diags), diags, texts, datas, keep, lint=lint)


def check_laid(layers: list, modules: list, diags: Diagnostics, texts: dict, datas: dict, keep: bool = True,
               linted: Optional[set] = None, lint: bool = True):
    """`check_all` of `layers` already laid over into `modules` (the language server keeps those);
    `linted`, if given, gets the plain form of what the loop and lint passes found."""
    run = F.Marks(diags)
    syms = collect(modules, diags)
    checker = Checker(syms, diags)
    checker.prepare(modules)
    decls = [d for m in modules for d in m.decls]
    run.mark(-1)
    uses = []
    for i, d in enumerate(decls):
        checker.on_player = {}
        checker.check_decl(d)
        run.mark(i)
        uses.append(F.uses(checker.on_player))
    checker.check_turn()
    check_printed(syms, diags)
    run.mark(-1)                    # the whole pack's diagnostics the record keeps; the others come from parts
    F.table_values(checker, [(None, None, u) for u in uses])
    run.mark(-2)
    if not lint:
        return syms, checker, diags, None
    loops = LoopCheck(syms, checker.refs, diags, _allowed(texts))    # over the calls that resolved
    parts = [(None, loops.facts(d) if isinstance(d, A.SkillDecl) else None, u) for d, u in zip(decls, uses)]
    first_lint = len(diags.items)
    F.loops(parts, error_lines(diags), diags)
    run.mark(-3)
    broken = error_lines(diags)
    lints, silent = Lints(syms, checker.refs, diags), SilentLints(syms, checker.refs, diags)
    held = holders(modules, checker.refs)
    writes = silent.counters.write_facts(modules)
    ends = game_enders(decls, silent.walked)
    for i, d in enumerate(decls):
        lints.local(d, broken, held, silent, writes)    # what a declaration means is asked once it checks
        run.mark(i)
    parts = [(silent.part(d, ends, keep or not broken), *p[1:]) for d, p in zip(decls, parts)]
    F.lints(silent, parts, broken)
    run.mark(-3)
    if linted is not None:
        linted.update(x.plain() for x in diags.items[first_lint:])
    if not keep:
        diags.items = [x for x in diags.items if not silenced(x, texts.get(x.span.file))]
        return syms, checker, diags, None
    units = []
    for i, d in enumerate(decls):
        lines = texts.get(d.span.file, [])
        units.append((text_key(d, lines), exports(d, lines, silent.walked, checker.refs, module_cache.encode_node),
                      [x.plain() for x in run.of(i)]))
    record = {"files": _files(layers, modules, datas, units), "glob": [x.plain() for x in run.of(-1)],
              "held": (sorted(held[0]), sorted(held[1])), "facts": (checker.prepared(), writes, sorted(ends)),
              "parts": F.stored(modules, parts), "passes": ([x.plain() for x in run.of(-2)],
                                                             [x.plain() for x in run.of(-3)])}
    diags.items = [x for x in diags.items if not silenced(x, texts.get(x.span.file))]
    return syms, checker, diags, record


def check_sources(decoded, cdir: Path, compiler: bytes) -> Optional[Diagnostics]:
    """`check_again` from the sources as the loader read them (`decoded`: each source, its text, a
    problem): None too when a file is larger than the checker takes or is not text, which the whole
    check tells."""
    sources, texts = [], {}
    for src, text, problem in decoded:
        if problem is not None:
            return None
        sources.append(src)
        texts[src.path] = text.split("\n")
    try:
        found = check_again(sources, texts, cdir, compiler)
    except (KeyError, IndexError, TypeError, ValueError, EOFError, RecursionError):
        found = None                # a record of another shape: the whole check, never a traceback
    if found is None:
        return None
    diags = Diagnostics()
    diags.items, record = found
    store(cdir, compiler, [s.path for s in sources], record)
    return diags


def check_again(sources: list, texts: dict, cdir: Path, compiler: bytes) -> Optional[tuple[list, dict]]:
    """The diagnostics of `sources` from the last check's record, checking again only what changed
    (the module's docstring), and the record to keep; None when the pack must be checked whole."""
    record = load(cdir, compiler, [s.path for s in sources])
    if record is None or [f[0] for f in record["files"]] != [s.path for s in sources]:
        return None
    layers, read = [], set()
    for src, (path, data, granted, stands, _, keyed) in zip(sources, record["files"]):
        if data == src.data and stands is not None:
            module = A.Module(path, tuple(map(_stand_in, marshal.loads(stands))), granted=frozenset(granted))
        else:
            module = _module(src, data, (stands, keyed), texts, cdir, compiler)
            if module is None or data != src.data and frozenset(granted) != module.granted:
                return None
            read.add(path)
        layers.append((src.pack, module))
    modules = lay_over(layers, Diagnostics())      # its diagnostics: the record's are kept
    found = recheck(layers, modules, read, record, texts, {s.path: s.data for s in sources})
    return None if found is None else found[:2]


def recheck(layers: list, modules: list, read: set, record: dict, texts: dict, datas: dict,
            linted: Optional[set] = None, syms=None, known=None) -> Optional[tuple[list, dict, Checker]]:
    """After an edit of the files `read` (laid over as `modules`): the pack's diagnostics, the record to
    keep and the checker that checked the edited declarations again; None when one is read whole by
    others or exports something else (the whole pack must be checked). `check` and the language server
    (spellcard/lsp/units.py) both come here; the server passes `syms`, its last check's symbols with the
    changed declarations put in, and `known`, the names that check resolved in the others."""
    if [(m.path, len(m.decls)) for m in modules] != [(f[0], len(f[4])) for f in record["files"]]:
        return None
    old = {f[0]: _units(f) for f in record["files"] if f[0] in read}
    where = {id(d): u for m in modules if m.path in read for d, u in zip(m.decls, old[m.path])
             if text_key(d, texts.get(d.span.file, [])) != u[0]}
    changed = [d for m in modules if m.path in read for d in m.decls if id(d) in where]
    if _moved(modules, read, record, where):
        return None                         # its place cited (a declaration read whole: its text, exports.py)
    found = _again(modules, changed, where, record, texts, linted, syms, known)
    if found is None:
        return None
    fresh, parts, computed, checker = found
    files, items = [], []
    for (_, layer), m, was in zip(layers, modules, record["files"]):
        if m.path in read:
            units = [fresh.get(id(d), u) for d, u in zip(m.decls, old[m.path])]
            was = _file(layer, m, datas.get(m.path, b""), units)
        files.append(was)
        items.extend(Diagnostic.from_plain(x) for found in was[4] for x in found)
    items.extend(Diagnostic.from_plain(x) for x in record["glob"])
    items.extend(computed[0] + computed[1])
    return ([x for x in items if not silenced(x, texts.get(x.span.file))],
            dict(record, files=files, parts=parts, passes=tuple(list(map(Diagnostic.plain, c)) for c in computed)), checker)


def _again(modules: list, changed: list, where: dict, record: dict, texts: dict,
           linted: Optional[set] = None, syms=None, known=None) -> Optional[tuple]:
    """The changed declarations checked and linted alone (`where`: id -> its last unit) and the whole-pack
    passes run again from the parts (facts.py): (id -> new unit, parts, the passes' diagnostics, the
    checker); None if a changed one exports something else. What the whole pack tells each one (prepared,
    write facts, ends, held) is the record's: if the edited export what they did, it stands."""
    scratch = Diagnostics()
    run = F.Marks(scratch)
    syms = syms if syms is not None else collect(modules, scratch)
    checker = Checker(syms, scratch)
    prepared, writes, ends = record["facts"]
    checker.prepare_from(prepared)
    run.mark(-1)
    uses = []
    for i, d in enumerate(changed):
        checker.on_player = {}
        checker.check_decl(d)
        run.mark(i)
        uses.append(checker.on_player)
    if known is None and any(isinstance(c, A.TriggerClause) for d in changed for c in getattr(d, "clauses", ())):
        checker.on_player = {}
        for d in [*syms.funcs.values(), *syms.actions.values()]:     # what the loop search follows
            checker.check_decl(d)
    run.mark(-1)
    refs = checker.refs if known is None else ChainMap(checker.refs, known)
    lints, silent = Lints(syms, refs, scratch), SilentLints(syms, refs, scratch)
    loops, ends = LoopCheck(syms, refs, Diagnostics(), _allowed(texts)), set(ends)
    out = {}
    for i, d in enumerate(changed):
        lines = texts.get(d.span.file, [])
        out[id(d)] = (text_key(d, lines), exports(d, lines, silent.walked, refs, module_cache.encode_node))
        if out[id(d)][1] != where[id(d)][1]:
            return None
    mine = {id(d): F.part(d, silent, loops, ends, F.uses(u)) for d, u in zip(changed, uses)}
    errors = {id(d): _errors(map(Diagnostic.plain, run.of(i))) for i, d in enumerate(changed)}
    parts, stored = F.again(modules, record["parts"], mine, lambda d: _errors(where[id(d)][2]) == errors[id(d)])
    gone = {id(u[2]) for u in where.values()}         # the changed ones' last diagnostics
    kept = _errors(record["glob"]) | {x for f in record["files"] for found in f[4] if id(found) not in gone
                                      for x in _errors(found)}
    broken = F.before_lints(checker, parts, kept, run, record["passes"] if parts is None else None)
    held = (set(record["held"][0]), set(record["held"][1]))
    checked = [len(run.of(i)) for i in range(len(changed))]
    for i, d in enumerate(changed):
        lints.local(d, broken, held, silent, writes)
        run.mark(i)
    if parts is not None:               # (else the passes' diagnostics stand: F.again)
        F.lints(silent, parts, broken)
    run.mark(-3)
    if linted is not None:
        linted.update(x.plain() for i, n in enumerate(checked) for x in run.of(i)[n:])
        linted.update(x.plain() for x in run.of(-3))
    fresh = {id(d): out[id(d)] + ([x.plain() for x in run.of(i)],) for i, d in enumerate(changed)}
    return fresh, stored, (run.of(-2), run.of(-3)), checker


def _moved(modules: list, read: set, record: dict, where: dict) -> bool:
    """An edited body that starts elsewhere than it did (lines added above it), in a file the whole
    pack's kept diagnostics stand in or name (`first declared at`, a missing text): they would move."""
    cited = [f for f in record["files"] if f[0] in read and any(
        x[2][0] == f[0] or f[0] in x[1] or f[0] in (x[3] or "") for x in record["glob"])]
    for f, m in ((f, m) for f in cited for m in modules if m.path == f[0]):
        stands = marshal.loads(f[3]) if f[3] is not None else ()
        if len(stands) != len(m.decls) or any(id(d) in where and stub_place(x) != (d.span.file, d.span.line, d.span.col)
               for d, x in zip(m.decls, stands)):
            return True
    return False


def _errors(found: list) -> set:
    return {(x[2][0], x[2][1]) for x in found if x[0] == "error"}


def _stand_in(x):
    """A declaration of an unchanged file as the record keeps it: a stand-in, or the whole tree."""
    return from_stub(x) if type(x) is tuple else module_cache.decode_node(x)


def _module(src, was: bytes, last: tuple, texts: dict, cdir: Path, compiler: bytes) -> Optional[A.Module]:
    """An edited file's tree: its entry in the module cache (kept under its bytes; or its last entry
    with the declarations the edit touched parsed again alone; or parsed whole), each declaration the
    edit did not touch as the record (`last`: its stand-ins and keys) holds it, so only the touched
    ones are decoded. None: it does not parse (the whole check says so)."""
    from spellcard.compiler.build.reader import read_module

    lines = texts[src.path]
    at = module_cache.entry(cdir, compiler, src.path, src.data)
    kept = module_cache.load_kept(at)
    if kept is None:
        kept = _edited(src.path, lines, module_cache.entry(cdir, compiler, src.path, was), was)
        if kept is None:
            module, problem = read_module(src.path, "\n".join(lines))
            if problem is None:
                module_cache.store(at, module)
            return module if problem is None else None
        module_cache.store_kept(at, kept)
    stands, keyed = last
    stands = marshal.loads(stands) if stands is not None and keyed is not None else ()
    keys = [k for k, _ in marshal.loads(keyed)] if stands else ()
    if len(stands) != len(kept.spans) or len(keys) != len(stands):
        return kept.module()
    return A.Module(src.path, tuple(_stand_in(x) if key == text_key_at(span, lines) else kept.decl(i)
                                    for i, (x, key, span) in enumerate(zip(stands, keys, kept.spans))),
                    granted=kept.granted)


def _edited(path: str, lines: list[str], entry: Path, was: bytes) -> Optional[module_cache.Kept]:
    """The file's last entry (in the module cache under its last bytes, `was`), with the lines the edit
    changed, widened to whole declarations, parsed alone and put in their place: an edit that keeps
    the file's line count, in a file with no tests. None when that cannot be told."""
    from spellcard.compiler.build.reader import read_module
    from spellcard.compiler.parse.read import decode

    old = module_cache.load_kept(entry)
    text, problem = decode(path, was)
    if old is None or problem is not None or old.tests or text.count("\n") + 1 != len(lines):
        return None
    diff = [i + 1 for i, (a, b) in enumerate(zip(text.split("\n"), lines)) if a != b]
    if not diff:
        return old
    low, high = diff[0], diff[-1]
    widened = True
    while widened:
        widened = False
        for s in old.spans:
            if s[1] <= high and s[3] >= low and (s[1] < low or s[3] > high):
                low, high, widened = min(low, s[1]), max(high, s[3]), True
    part, problem = read_module(path, "\n" * (low - 1) + "\n".join(lines[low - 1:high]))
    if problem is not None or part.tests:
        return None
    new = old.replaced(low, high, part)
    # What the replaced declarations granted, the new ones still grant: the file's names stand, with theirs
    # added, and the rest of the file is not decoded.
    replaced = _granted(old.decl(i) for i, s in enumerate(old.spans) if low <= s[1] <= high)
    new.granted = frozenset(old.granted | part.granted if replaced <= part.granted
                            else _granted(new.decl(i) for i in range(len(new.blobs))))
    return new


def _granted(decls) -> set:
    """The names code passes to `grant(…)` (as the tree's builder gathers them for a file)."""
    return {a.value.id for d in decls for n in nodes_in(d)
            if A.callee(n) == "grant"
            for a in n.args if isinstance(a.value, A.Name)}


def _files(layers: list, modules: list, datas: dict, units: list) -> list:
    """Per file: its path, its bytes, its names granted, its stand-ins (a file of skills and characters
    only) and its declarations' (text key, exports, diagnostics)."""
    out, at = [], 0
    by_path = {layer.path: layer for _, layer in layers}
    for m in modules:
        out.append(_file(by_path[m.path], m, datas[m.path], units[at:at + len(m.decls)]))
        at += len(m.decls)
    return out


def _file(layer: A.Module, m: A.Module, data: bytes, units: list) -> tuple:
    """A file's entry in the record: its path, bytes, names granted, its declarations as the next check
    reads them while the file is unchanged (a skill or character as the others see it, exports.stub;
    anything else whole, as the module cache holds trees; None: the file read from that cache), the
    diagnostics of each, and each one's (text key, exports). Its `test` blocks are left out: `check`
    does not read them. The stand-ins and the keys are kept marshalled: a check after an edit reads
    the keys of the edited files alone, and writes again only what it made."""
    try:
        stands = marshal.dumps([stub(d) if isinstance(d, BODIES) else module_cache.encode_node(d)
                                for d in layer.decls])
    except (TypeError, ValueError, RecursionError):
        stands = None           # a tree the cache's format cannot hold: the file is read whole
    try:
        keyed = marshal.dumps([(u[0], u[1]) for u in units])
    except ValueError:
        keyed = None            # a record that cannot be read: the next check is whole
    return (m.path, data, sorted(layer.granted), stands, [u[2] for u in units], keyed)


def _units(f: tuple) -> list:
    """A file's units (text key, exports, diagnostics), from its entry in the record."""
    return [(key, out, found) for (key, out), found in zip(marshal.loads(f[5]), f[4])]


def _allowed(texts: dict):
    return lambda span, code: allowed_at(texts.get(span.file), span.line, code)


# ── the record on disk ─────────────────────────────────────────────────────────
def _entry(cdir: Path, compiler: bytes, paths: list) -> Path:
    h = hashlib.sha256(compiler + FORMAT)
    for p in paths:
        h.update(p.encode("utf-8", "surrogatepass") + b"\0")
    return cdir / "units" / f"{h.hexdigest()[:32]}.bin"


def load(cdir: Path, compiler: bytes, paths: list) -> Optional[dict]:
    record = module_cache.read_sealed(_entry(cdir, compiler, paths))
    return record if isinstance(record, dict) and {"files", "glob", "held", "facts", "parts", "passes"} <= record.keys() else None


def store(cdir: Path, compiler: bytes, paths: list, record: dict) -> None:
    try:
        module_cache.write_sealed(_entry(cdir, compiler, paths), record)
    except ValueError:
        pass                    # a record marshal cannot hold only costs speed
