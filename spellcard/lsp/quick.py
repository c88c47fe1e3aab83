"""Diagnostics for a keystroke in milliseconds, before the whole pack is checked again.

Checking all of THB after every keystroke costs 50 ms of CPU on an idle machine, several times that
on a busy one. Most keystrokes change one skill's, card's or character's body and leave every name the
pack declares as it was: then no other declaration's diagnostics can change, and only the changed
declarations are checked (against the names of the last full check) while the other diagnostics are
kept (moved with their lines when the keystroke adds or removes lines), and so are the lint and loop
passes' warnings (they read the whole pack: a keystroke that mends one leaves it shown until the full
check). A keystroke that leaves the file not parsing shows the syntax error at once, with the other
files' diagnostics as they were. Anything else (a declaration added, removed or renamed, a function's
signature, an action's windows) takes the full check; and the full check always follows once the
typing pauses, so what stays on screen is exactly `spellcard check`'s.
"""
from __future__ import annotations

from typing import Optional

import attrs

from spellcard.compiler import ast as A
from spellcard.compiler.build.reader import read_module
from spellcard.compiler.check.checker import Checker
from spellcard.compiler.lint.lints import silenced

from .chunks import ChunkedParser, split
from .halfway import check_alone

BODIES = (A.SkillDecl, A.CardDecl, A.CharacterDecl)     # declarations whose body no other one reads


def _order(d) -> tuple:
    return (d.span.file, d.span.line, d.span.col, d.message)


@attrs.frozen
class Keystroke:
    diagnostics: list
    module: Optional[A.Module] = None       # the file's new tree, when it parses
    checker: Optional[Checker] = None       # its changed declarations checked


def keystroke(prev, path: str, text: str, chunks: ChunkedParser) -> Optional[Keystroke]:
    """The diagnostics of the pack of full analysis `prev` with file `path` now holding `text` (every
    other file as `prev` had it), when a keystroke's worth of checking can tell them; else None."""
    if text.count("\n") != prev.texts[path].count("\n"):
        return _moved(prev, path, text)
    module = chunks.module(path, text)
    if module is None:
        problem = chunks.problems.get(path)
        if problem is None:
            return None
        return Keystroke(sorted([d for d in prev.diagnostics if d.span.file != path] + [problem], key=_order))
    old = prev.modules.get(path)
    if old is None or len(old.decls) != len(module.decls):
        return None
    changed = []
    for was, now in zip(old.decls, module.decls):
        if was is now:
            continue
        if type(was) is not type(now) or not isinstance(now, BODIES) or was.name != now.name \
                or (was.span.line, was.span.end_line) != (now.span.line, now.span.end_line):
            return None
        changed.append(now)
    checker, found = check_alone(prev, A.Module(path, tuple(changed)))
    lines = text.split("\n")
    spans = [(d.span.line, d.span.end_line) for d in changed]
    kept = [d for d in prev.diagnostics if d.span.file != path or id(d) in prev.lints
            or not any(a <= d.span.line <= b for a, b in spans)]
    return Keystroke(sorted(kept + [d for d in found.items if not silenced(d, lines)], key=_order), module, checker)


def _moved(prev, path: str, text: str) -> Optional[Keystroke]:
    """A keystroke that adds or removes lines: the declarations it touched are parsed and checked,
    those below it are not parsed again (their diagnostics move with them); the file's tree is left
    to the full check."""
    before = prev.texts[path]
    old, new = split(before), split(text)
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail][1] == new[-1 - tail][1]:
        tail += 1
    old_mid, new_mid = old[head:len(old) - tail], new[head:len(new) - tail]
    if not old_mid or not new_mid:
        return None
    low, high = old_mid[0][0], old_mid[-1][0] + old_mid[-1][1].count("\n")
    others = [d for d in prev.diagnostics if d.span.file != path]
    decls: list = []
    for first, chunk in new_mid:
        module, problem = read_module(path, "\n" * (first - 1) + chunk)
        if problem is not None:
            return Keystroke(sorted(others + [problem], key=_order))
        decls.extend(module.decls)
    was = [d for d in prev.modules[path].decls if low <= d.span.line <= high]
    if len(was) != len(decls) or any(type(a) is not type(b) or not isinstance(b, BODIES) or a.name != b.name
                                     for a, b in zip(was, decls)):
        return None
    _, found = check_alone(prev, A.Module(path, tuple(decls)))
    delta = text.count("\n") - before.count("\n")
    kept = []
    for d in prev.diagnostics:
        if d.span.file == path and d.span.line > high:
            d = attrs.evolve(d, span=attrs.evolve(d.span, line=d.span.line + delta, end_line=d.span.end_line + delta))
        elif d.span.file == path and d.span.line >= low and id(d) not in prev.lints:
            continue
        kept.append(d)
    lines = text.split("\n")
    return Keystroke(sorted(kept + [d for d in found.items if not silenced(d, lines)], key=_order))
