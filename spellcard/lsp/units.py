"""The server's full check, edit by edit: `spellcard check`'s per-declaration record
(compiler/pack/incremental.py) kept in memory per pack, beside the analysis it came from.

A check whose files all parse starts from the last one's record: when only skills' and characters'
bodies changed (same files, same number of declarations in each, the same names granted), those
declarations are checked and linted again alone, and if each still exports what it did
(compiler/pack/exports.py) every other diagnostic is the record's. Anything else is the whole check,
which leaves a new record. Either way the diagnostics are those of a check from nothing
(tests/lsp/test_units.py holds the server's equal to a cold `spellcard check` over a run of edits).
The checker's types and names for the declarations not checked again are the last analysis's (their
trees are the same objects: chunks.py keeps a declaration's tree while its text is unchanged), and so
are its symbols, with the edited skills and characters put in their places.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.check.loops import nodes_in
from spellcard.compiler.pack import incremental as I
from spellcard.compiler.pack.exports import BODIES
from spellcard.compiler.pack.extend import lay_over
from spellcard.compiler.text.diagnostics import Diagnostics


@attrs.frozen
class Checked:
    """What a full check leaves: the features' inputs, and the record the next check starts from."""
    modules: list                   # laid over
    syms: object
    checker: Checker
    diagnostics: list               # sorted, `allow` comments applied
    record: dict
    texts: dict                     # path -> its text, as checked
    lines: dict                     # path -> its lines
    linted: frozenset               # the plain form of those the loop and lint passes found

    def lints(self) -> frozenset:
        """The ids of the diagnostics the loop and lint passes found (they read the whole pack)."""
        return frozenset(id(d) for d in self.diagnostics if d.plain() in self.linted)


def check(layers: list, texts: dict, last: Optional[Checked], whole: bool = True) -> Optional[Checked]:
    """The pack of `layers` ((base tag, module) per file, every file parsed; `texts`: path -> its text)
    checked, re-checking only what changed since `last` when that can be told (the module's docstring);
    when it cannot, the whole check, or None if not `whole`."""
    lines = _lines(texts, last)
    if last is not None:
        try:
            found = _again(layers, texts, lines, last)
        except (KeyError, IndexError, TypeError, ValueError):
            found = None            # a record of another shape: the whole check
        if found is not None:
            return found
    if not whole:
        return None
    diags, linted = Diagnostics(), set()
    modules = lay_over(layers, diags)
    syms, checker, diags, record = I.check_laid(layers, modules, diags, lines,
                                                {m.path: b"" for _, m in layers}, linted=linted)
    return Checked(modules, syms, checker, diags.sorted(), record, texts, lines, frozenset(linted))


def _lines(texts: dict, last: Optional[Checked]) -> dict:
    """Each file's lines; an unchanged file's are the last check's (splitting every file of a big pack
    again was a tenth of an edit's check)."""
    if last is None:
        return {p: t.split("\n") for p, t in texts.items()}
    return {p: last.lines[p] if last.texts.get(p) == t else t.split("\n") for p, t in texts.items()}


def _again(layers: list, texts: dict, lines: dict, last: Checked) -> Optional[Checked]:
    record = last.record
    if [m.path for _, m in layers] != [f[0] for f in record["files"]]:
        return None
    edited = {p for p in texts if texts[p] != last.texts.get(p)}
    if any(sorted(m.granted) != list(f[2]) for (_, m), f in zip(layers, record["files"]) if m.path in edited):
        return None         # (a file whose text is the last one's is the same tree: chunks.py)
    modules = _laid(layers, last, edited)
    syms = _symbols(last, modules, edited) if modules is not None else None
    modules = modules or lay_over(layers, Diagnostics())    # its diagnostics: the record's
    linted = set(last.linted)
    known = last.checker.refs if syms is not None else None     # (the same trees: _laid)
    found = I.recheck(layers, modules, edited, record, lines, {}, linted, syms, known)
    if found is None:
        return None
    items, kept, checker = found
    diags = Diagnostics()
    diags.items = items
    shown = {x.plain() for x in diags.items}
    return Checked(modules, checker.s, _merged(last, checker, modules, edited), diags.sorted(),
                   kept, texts, lines, frozenset(linted & shown))


def _laid(layers: list, last: Checked, edited: set) -> Optional[list]:
    """What lay_over would make of `layers`, from the last check's: each edited file holds only skills
    and characters, each where one of that name was, so none is dropped or clashes anew. None when
    that cannot be told."""
    if [m.path for _, m in layers] != [m.path for m in last.modules]:
        return None
    out = []
    for (_, layer), was in zip(layers, last.modules):
        if layer.path not in edited:
            out.append(was)
        elif len(layer.decls) == len(was.decls) and all(
                isinstance(d, BODIES) and type(d) is type(w) and d.name == w.name for d, w in zip(layer.decls, was.decls)):
            out.append(A.Module(layer.path, layer.decls, granted=layer.granted))
        else:
            return None
    return out


def _symbols(last: Checked, modules: list, edited: set):
    """The last check's symbols with each edited skill and character in the place of the one it
    replaces (_laid: same files, same names and kinds in the same order), as collecting them again
    would make them; the others are the same objects."""
    s = last.syms
    syms = copy.copy(s)
    syms.skills, syms.characters, syms.top = dict(s.skills), dict(s.characters), dict(s.top)
    for m, was in zip(modules, last.modules):
        if m.path not in edited:
            continue
        for d, w in zip(m.decls, was.decls):
            table = syms.skills if isinstance(d, A.SkillDecl) else syms.characters
            if table.get(d.name) is w:
                table[d.name] = d
            kept = syms.top.get(d.name)
            if kept is not None and kept[1] is w:
                syms.top[d.name] = (kept[0], d)
    return syms


def _merged(last: Checked, checker: Checker, modules: list, edited: set) -> Checker:
    """The checker that checked the changed declarations, with the last analysis's types and names
    of every other node (those of the declarations no longer in the pack dropped), not copied."""
    now = {id(d) for m in modules if m.path in edited for d in m.decls}
    gone = [n for m in last.modules if m.path in edited for d in m.decls if id(d) not in now for n in nodes_in(d)]
    checker.types = replaced(last.checker.types, gone, checker.types)
    checker.refs = replaced(last.checker.refs, gone, checker.refs)
    return checker


# ── the last check's types and names, with some declarations' replaced ─────────
# The checker's types and names (73,000 and 44,000 entries, one per node, in a 2,000-character pack)
# are the last check's for every declaration an edit did not touch. Copying them into new dicts per
# edit was a third of the edit's full check; a `Layered` reads the last one's dict (never changed
# again) under the entries of the declarations checked again, with those of the declarations they
# replaced hidden. Layers do not pile up: a layer over a layer shares its base, and once the replaced
# entries reach a sixteenth of the base they are folded into a new dict.
_MISSING = object()


class Layered(Mapping):
    __slots__ = ("base", "top", "hidden", "_flat")

    def __init__(self, base: Mapping, top: dict, hidden: set | frozenset = frozenset()) -> None:
        self.base, self.top, self.hidden = base, top, hidden     # top wins; hidden keys of base are gone
        # (none of the three is changed once made: analyses made before still read them)
        self._flat: Optional[dict] = None

    def __getitem__(self, key):
        found = self.top.get(key, _MISSING)
        if found is not _MISSING:
            return found
        if key in self.hidden:
            raise KeyError(key)
        return self.base[key]

    def get(self, key, default=None):
        found = self.top.get(key, _MISSING)
        if found is not _MISSING:
            return found
        return default if key in self.hidden else self.base.get(key, default)

    def __contains__(self, key) -> bool:
        return key in self.top or (key not in self.hidden and key in self.base)

    def __iter__(self):
        return iter(self.flat())

    def __len__(self) -> int:
        return len(self.flat())

    def items(self):
        return self.flat().items()

    def flat(self) -> dict:
        """Every entry in one dict, made the first time something walks them all (hover and completion
        do, over the analysis they read; an edit's check never does)."""
        if self._flat is None:
            top, hidden = self.top, self.hidden
            self._flat = {k: v for k, v in self.base.items() if k not in hidden}
            self._flat.update(top)
        return self._flat


def replaced(last: Mapping, gone: Iterable, new: Mapping) -> Mapping:
    """`last` without the keys `gone`, with the entries of `new`; `last` is left as it was."""
    if isinstance(last, Layered):
        base, top, hidden = last.base, dict(last.top), set(last.hidden)
    else:
        base, top, hidden = last, {}, set()
    for key in gone:
        top.pop(key, None)
        hidden.add(key)
    top.update(new)
    if (len(top) + len(hidden)) * 16 > len(base):
        folded = {k: v for k, v in base.items() if k not in hidden}
        folded.update(top)
        return folded
    return Layered(base, top, hidden)
