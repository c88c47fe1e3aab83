"""The checker's view of a pack as the editor has it: unsaved texts count, unchanged files keep their parse.

Parsing and building dominate the cost of checking THB, so each file keeps its tree until its text
changes (in memory, and on disk across restarts), and a changed file re-parses only the declarations
that changed (chunks.py); collecting names and checking always cover the whole pack, because a change
in one file (a renamed action) can break any other.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.build.builder import read_module
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.text.diagnostics import Diagnostic, Diagnostics
from spellcard.compiler.parse.read import decode
from spellcard.compiler.symbols import Symbols, collect

from .chunks import ChunkedParser
from .packs import PackFiles

PLACEHOLDER = "__spellcard_complete__"


@attrs.define
class Analysis:
    """One check of one pack: what the features read."""
    files: tuple[Path, ...]
    texts: dict                     # path str -> text checked
    modules: dict                   # path str -> A.Module (files that parse)
    syms: Symbols
    checker: Checker
    diagnostics: list               # every Diagnostic, any file

    def lines(self, path: str) -> list[str]:
        return self.texts.get(path, "").split("\n")


class Analyzer:
    def __init__(self) -> None:
        self._parsed: dict[str, tuple[str, Optional[A.Module], Optional[Diagnostic]]] = {}
        self._chunks = ChunkedParser()
        self._good: dict[str, tuple[str, A.Module]] = {}       # the last text of each file that parsed
        self._last: dict[tuple, tuple[tuple, Analysis]] = {}

    def analyze(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Analysis:
        texts = {str(p): text_of(p) or "" for p in pack.files}
        key = pack.files
        stamp = tuple(texts.values())
        last = self._last.get(key)
        if last is not None and last[0] == stamp:
            return last[1]
        diags = Diagnostics()
        modules = {}
        for path, text in texts.items():
            module, problem = self._module(path, text)
            if problem is not None:
                diags.extend([problem])
            if module is not None:
                modules[path] = module
        result = self._check(pack.files, texts, modules, diags)
        self._last[key] = (stamp, result)
        return result

    def last_complete(self, pack: PackFiles, text_of: Callable[[Path], Optional[str]]) -> Analysis:
        """An analysis in which a file that does not parse now counts as it last parsed: the names
        completion offers survive a half-typed line. Its diagnostics are not for showing."""
        current = self.analyze(pack, text_of)
        if len(current.modules) == len(pack.files):
            return current
        modules = dict(current.modules)
        for p in pack.files:
            good = self._good.get(str(p))
            if str(p) not in modules and good is not None:
                modules[str(p)] = good[1]
        texts = {**current.texts, **{k: v[0] for k, v in self._good.items() if k in modules and
                                        k not in current.modules}}
        return self._check(pack.files, texts, modules, Diagnostics())

    def probe(self, pack: PackFiles, text_of, path: str, text: str, line: int, col: int) -> Optional[Analysis]:
        """The pack checked with PLACEHOLDER in place of the word being typed at the cursor (0-based line,
        character), so the checker says what it would be there; None if that text does not parse."""
        lines = text.split("\n")
        head = re.sub(r"\w*$", "", lines[line][:col])
        lines[line] = head + PLACEHOLDER + lines[line][col:]
        patched = "\n".join(lines)
        module = self._chunks.module(path, patched)
        if module is None:
            return None
        rest = self.last_complete(pack, text_of)
        return self._check(pack.files, {**rest.texts, path: patched}, {**rest.modules, path: module},
                           Diagnostics())

    def _check(self, files, texts: dict, modules: dict, diags: Diagnostics) -> Analysis:
        syms = collect(list(modules.values()), diags)
        checker = Checker(syms, diags)
        checker.check_all(list(modules.values()))
        return Analysis(files, texts, modules, syms, checker, diags.sorted())

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
        if module is not None:
            self._good[path] = (text, module)
        return module, problem
