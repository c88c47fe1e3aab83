"""The whole-pack passes of a check, run from each declaration's part: what those passes read of it, as
plain data that the check's record keeps (compiler/pack/incremental.py).

A declaration's part is (SilentLints.part: its kind, name, whether it can end the game, the names its
rules text shows as written, a skill's grants and lists, a character's skills, a mode's own;
LoopCheck.facts of a skill: its lines and each trigger's edges in the trigger graph; its uses of
table values on players). The table values used on players, the trigger loops, the skills granted
twice, the modes that never end and the names shown raw are found from the parts alone, in the
pack's order, by the whole check and by a check after an edit alike: after an edit, the parts of the
declarations it did not touch are the record's, and the passes run again over them and the edited
ones' (milliseconds, where checking the whole pack again took most of a cold check).
"""
from __future__ import annotations

import marshal

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.loops import error_lines, trigger_loops
from spellcard.compiler.text.diagnostics import Diagnostic


class Marks:
    """One check's diagnostics, each marked with whose checks found it: a declaration's number, -1 for
    the whole pack's that the record keeps, -2 and -3 for the passes run from the parts (-3: the loop
    and lint passes)."""

    def __init__(self, diags) -> None:
        self.d = diags
        self.owner: list = []          # per item: its mark

    def mark(self, who: int) -> None:
        self.owner.extend([who] * (len(self.d.items) - len(self.owner)))

    def of(self, who: int) -> list:
        return [x for x, o in zip(self.d.items, self.owner) if o == who]


def uses(on_player: dict) -> tuple:
    """A declaration's uses of table values on players (Checker.on_player), as plain data."""
    return tuple((name, tuple(s.plain() for s in spans)) for name, spans in on_player.items())


def part(d, silent, loops, ends: set, used: tuple) -> tuple:
    """One declaration's part (the module's docstring); `ends`: what can end the game (game_enders)."""
    return (silent.part(d, ends), loops.facts(d) if isinstance(d, A.SkillDecl) else None, used)


def stored(modules: list, parts: list) -> list:
    """The declarations' parts as the record keeps them: per file, a marshalled list of each one's
    marshalled part (a check after an edit decodes the edited declarations' alone while the passes'
    diagnostics stand, and writes again only the files whose parts changed)."""
    out, at = [], 0
    for m in modules:
        out.append(marshal.dumps([marshal.dumps(p) for p in parts[at:at + len(m.decls)]]))
        at += len(m.decls)
    return out


def again(modules: list, kept: list, mine: dict, same_errors) -> tuple:
    """After an edit: every declaration's part, with the edited ones' (`mine`: id -> its part) in
    place, or None when each edited one's part and error lines (`same_errors`(declaration)) are what
    they were, so the passes' diagnostics stand; and the record's parts anew (`kept`: the last)."""
    edited = {i for i, m in enumerate(modules) if any(id(d) in mine for d in m.decls)}
    files = [marshal.loads(b) if i in edited else None for i, b in enumerate(kept)]
    if all(marshal.loads(x) == mine[id(d)] and same_errors(d) for i in edited
           for d, x in zip(modules[i].decls, files[i]) if id(d) in mine):
        return None, kept
    files = [f if f is None else [marshal.dumps(mine[id(d)]) if id(d) in mine else x for d, x in zip(m.decls, f)]
             for m, f in zip(modules, files)]
    parts = [marshal.loads(x) for f, b in zip(files, kept) for x in (marshal.loads(b) if f is None else f)]
    return parts, [b if f is None else marshal.dumps(f) for f, b in zip(files, kept)]


def table_values(checker, parts: list) -> None:
    """The table values used on players (Checker.report_table_values_on_players), from the parts."""
    merged: dict = {}
    for p in parts:
        for name, spans in p[2]:
            merged.setdefault(name, []).extend(Span(*s) for s in spans)
    checker.on_player = merged
    checker.report_table_values_on_players()


def loops(parts: list, broken: set, diags) -> None:
    """The trigger loops (loops.trigger_loops), from the skills' parts; `broken`: the lines with errors."""
    trigger_loops([p[1] for p in parts if p[1] is not None], broken, diags)


def lints(silent, parts: list, broken: set) -> None:
    """The lints of the whole pack (granted twice; with no error: modes that never end, names shown raw)."""
    silent.from_parts([p[0] for p in parts], broken)


def before_lints(checker, parts: list, kept: set, marks: Marks, last=None) -> set:
    """After an edit: table values and trigger loops from the parts (marked -2 and -3), or, when nothing
    they read changed, `last` (the record's plain diagnostics of every pass: the lints' too, which
    are warnings); `kept`: the error lines of the declarations not checked again. The lines with
    errors after them, which the lints wait for."""
    if last is None:
        table_values(checker, parts)
        marks.mark(-2)
        loops(parts, kept | error_lines(marks.d), marks.d)
    else:
        marks.d.items.extend(Diagnostic.from_plain(x) for x in last[0])
        marks.mark(-2)
        marks.d.items.extend(Diagnostic.from_plain(x) for x in last[1])
    marks.mark(-3)
    return kept | error_lines(marks.d)
