"""The checker's view of a pack as the editor has it: unsaved texts count, unchanged files keep their parse.

Parsing and building dominate the cost of checking THB, so each file keeps its tree until its text
changes (in memory, and on disk across restarts), and a changed file re-parses only the declarations
that changed (chunks.py); the full check starts from the last one's per-declaration record (units.py)
and checks whole whatever an edit may reach beyond itself (a renamed action can break any other file).
The steps after parsing are `spellcard check`'s (a base pack laid under, the loop and lint passes,
`allow` comments), so the editor shows what it says.
A file larger than the checker takes is refused before it is parsed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.build.reader import read_module
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.lint.lints import Lints, allowed_at, silenced
from spellcard.compiler.check.loops import LoopCheck
from spellcard.compiler.pack.extend import lay_over
from spellcard.compiler.parse.read import decode
from spellcard.compiler.text.diagnostics import Diagnostic, Diagnostics
from spellcard.compiler.symbols import Symbols, collect

from . import quick, units
from .chunks import ChunkedParser
from spellcard.lsp.guard import too_large
from spellcard.lsp.halfway import PLACEHOLDER, partial_module
from .packs import PackFiles

__all__ = ["PLACEHOLDER", "Analysis", "Analyzer"]


@attrs.define
class Analysis:
    """One check of one pack: what the features read."""
    files: tuple[Path, ...]
    texts: dict                     # path str -> text checked
    modules: dict                   # path str -> A.Module (files that parse)
    syms: Symbols
    checker: Checker
    diagnostics: list               # every Diagnostic, any file
    lints: frozenset = frozenset()  # ids of those the loop and lint passes found (they read the whole pack)
    units: Optional[units.Checked] = None   # the full check's record, which the next one starts from
    _lines: dict = attrs.field(factory=dict, repr=False)    # path -> its lines, split once asked

    def lines(self, path: str) -> list[str]:
        """The file's lines (every diagnostic's range and every symbol asks: split once per analysis)."""
        found = self._lines.get(path)
        if found is None:
            found = self._lines[path] = self.texts.get(path, "").split("\n")
        return found


class Analyzer:
    def __init__(self) -> None:
        self._parsed: dict[str, tuple[str, Optional[A.Module], Optional[Diagnostic]]] = {}
        self._chunks = ChunkedParser()
        self._pieces: dict[str, dict] = {}                      # path -> its declarations parsed alone
        self._last: dict[tuple, tuple[tuple, Analysis]] = {}
        self._navigable: dict[tuple, tuple[tuple, Analysis]] = {}
        self._recent: dict[tuple, Analysis] = {}
        self._full: dict[tuple, Analysis] = {}                  # the last analysis in which every file parsed
        self._keystroke: dict[tuple, tuple[tuple, Analysis]] = {}  # the last full one with a keystroke's changes
        self._units: dict[tuple, units.Checked] = {}            # the last full check's record, in memory

    def analyze(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Analysis:
        texts, stamp = self.texts(pack, text_of)
        return self.cached(pack, stamp) or self._analyze(pack, texts, stamp)

    def texts(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> tuple[dict, tuple]:
        """Each file's text as the editor has it, and the stamp the caches are keyed by."""
        texts = {str(p): text_of(p) or "" for p in pack.files}
        return texts, tuple(texts.values())

    def cached(self, pack: PackFiles, stamp: tuple) -> Optional[Analysis]:
        last = self._last.get(pack.files)
        return last[1] if last is not None and last[0] == stamp else None

    def _analyze(self, pack: PackFiles, texts: dict, stamp: tuple) -> Analysis:
        return self.remember(pack, stamp, self.check(pack, texts, *self.parse(texts)))

    def parse(self, texts: dict) -> tuple[dict, Diagnostics]:
        """Every file's tree (kept parses reused), each file's size checked before it is parsed."""
        diags = Diagnostics()
        modules = {}
        total = 0
        for path, text in texts.items():
            problem, size = too_large(path, text, total)       # before any parse
            total += size
            module = None
            if problem is None:
                module, problem = self._module(path, text)
            if problem is not None:
                diags.extend([problem])
            if module is not None:
                modules[path] = module
        return modules, diags

    def check(self, pack: PackFiles, texts: dict, modules: dict, diags: Diagnostics,
              whole: bool = True) -> Optional[Analysis]:
        """The checking of parsed files, as `spellcard check` does it. It touches none of this object's
        state, so it may run on another thread while the server answers (the server's full check).
        When every file parses, only what changed since the last one is checked again (units.py);
        when more must be checked, the whole pack is, or, if not `whole`, nothing (None)."""
        if diags.items or len(modules) != len(texts):
            return self._check(pack, texts, modules, diags, full=True) if whole else None
        tags = dict(pack.bases)
        done = units.check([(tags.get(Path(p), ""), m) for p, m in modules.items()], texts,
                           self._units.get(pack.files), whole)
        if done is None:
            return None
        return Analysis(pack.files, texts, {m.path: m for m in done.modules}, done.syms, done.checker,
                        done.diagnostics, done.lints(), units=done)

    def remember(self, pack: PackFiles, stamp: tuple, result: Analysis) -> Analysis:
        key = pack.files
        self._last[key] = (stamp, result)
        if result.units is not None:
            self._units[key] = result.units
        if len(result.modules) == len(result.texts):
            self._recent[key] = self._full[key] = result
        return result

    def at_once(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Optional[Analysis]:
        """The full check, made now when it costs a keystroke's worth: every file parses and only
        skills' and characters' bodies changed since the last full check, each still exporting what
        it did (units.py); else None (then `quick`, and the full check once the typing pauses)."""
        last = self._units.get(pack.files)
        if last is None:
            return None
        texts, stamp = self.texts(pack, text_of)
        found = self.cached(pack, stamp)
        if found is not None:
            return found
        for path, text in texts.items():        # a changed file that does not parse: its error is told
            if text != last.texts.get(path) and (  # by parsing it whole, which is not a keystroke's worth
                    too_large(path, text)[0] is not None or self._chunks.module(path, text) is None):
                return None
        done = self.check(pack, texts, *self.parse(texts), whole=False)
        return self.remember(pack, stamp, done) if done is not None else None

    def quick(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]], path: str) -> Optional[Analysis]:
        """The last full analysis with the diagnostics of a keystroke in file `path` (quick.py), when
        only that file changed since and a keystroke's checking can tell them; else None."""
        prev = self._full.get(pack.files)
        if prev is None or path not in prev.texts:
            return None
        texts = {str(p): text_of(p) or "" for p in pack.files}
        if any(texts[p] != prev.texts.get(p) for p in texts if p != path):
            return None
        text = texts[path]
        if too_large(path, text)[0] is not None or "\x00" in text or text.startswith("\ufeff"):
            return None
        found = quick.keystroke(prev, path, text, self._chunks)
        if found is None:
            return None
        if found.module is None:
            return Analysis(prev.files, texts, prev.modules, prev.syms, prev.checker, found.diagnostics, prev.lints)
        checker = Checker(prev.syms, Diagnostics())     # the last full check's results, with the keystroke's
        checker.types = units.replaced(prev.checker.types, (), found.checker.types)
        checker.refs = units.replaced(prev.checker.refs, (), found.checker.refs)
        result = Analysis(prev.files, texts, {**prev.modules, path: found.module}, prev.syms, checker,
                          found.diagnostics, prev.lints)
        self._keystroke[pack.files] = (tuple(texts.values()), result)
        return result

    def navigable(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Analysis:
        """The analysis hover, definition and the outline read: a file that does not parse counts
        as its declarations that still do, where they are now; right after a keystroke, the last full
        check with that keystroke's declarations checked. Its diagnostics are not for showing."""
        texts, stamp = self.texts(pack, text_of)
        current = self.cached(pack, stamp)
        keyed = self._keystroke.get(pack.files)
        if current is None and keyed is not None and keyed[0] == stamp:
            return keyed[1]
        current = current or self._analyze(pack, texts, stamp)
        broken = [p for p in current.texts if p not in current.modules]
        if not broken:
            return current
        last = self._navigable.get(pack.files)
        if last is not None and last[0] == stamp:
            return last[1]
        modules = dict(current.modules)
        for path in broken:
            text = current.texts[path]
            if too_large(path, text)[0] is None:
                module = partial_module(path, text, self._pieces.setdefault(path, {}))
                if module is not None:
                    modules[path] = module
        result = self._check(pack, current.texts, modules, Diagnostics())
        self._navigable[pack.files] = (stamp, result)
        self._recent[pack.files] = result
        return result

    def recent(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Analysis:
        """The latest analysis made of the pack, however much has been typed since: completion reads
        the pack's names from it at once, rather than wait for the pack to be checked again."""
        found = self._recent.get(pack.files)
        return found if found is not None else self.navigable(pack, text_of)

    def _check(self, pack: PackFiles, texts: dict, modules: dict, diags: Diagnostics,
               full: bool = False) -> Analysis:
        tags = dict(pack.bases)
        laid = lay_over([(tags.get(Path(p), ""), m) for p, m in modules.items()], diags)
        syms = collect(laid, diags)
        checker = Checker(syms, diags)
        checker.check_all(laid)
        checked = len(diags.items)
        if full:                            # what `spellcard check` adds; completion's probes skip it
            lines = {p: t.split("\n") for p, t in texts.items()}
            LoopCheck(syms, checker.refs, diags,
                      lambda span, code: allowed_at(lines.get(span.file), span.line, code)).run(laid)
            Lints(syms, checker.refs, diags).run(laid)
            diags.items = [d for d in diags.items if not silenced(d, lines.get(d.span.file))]
        lints = frozenset(id(d) for d in diags.items[checked:])
        return Analysis(pack.files, texts, {m.path: m for m in laid}, syms, checker, diags.sorted(), lints)

    def _module(self, path: str, text: str) -> tuple[Optional[A.Module], Optional[Diagnostic]]:
        hit = self._parsed.get(path)
        if hit is not None and hit[0] == text:
            return hit[1], hit[2]
        module = None
        decoded, problem = decode(path, text.encode("utf-8", errors="surrogatepass"))
        if problem is None:
            module = self._chunks.module(path, decoded)
            if module is None:                      # the whole file, for `spellcard check`'s message
                module, problem = read_module(path, decoded)
        self._parsed[path] = (text, module, problem)
        return module, problem
