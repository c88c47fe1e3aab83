"""The parts of the seated characters' skills that never ran, each with why: the condition that never
held (quoted from the designer's .spell line), or the offers its owner declined.

A part is a trigger, an active or a conversion of a skill ("Skill#i", i its clause's place in the
skill, as the runtime counts it: runtime/engine/usage.py). One that never ran was either offered
and always declined (an optional trigger its owner said no to, an active or conversion its owner
never chose) or never offered: for a trigger, its window never opened with the condition true; for
an active or a conversion, its condition (or, with none, its pool or the moment) never allowed it.
The condition's text comes from the source files, parsed again here (the compiled pack keeps only
places), so the report quotes what the designer wrote, at file:line.
"""
from __future__ import annotations

import re
from typing import Iterable, Optional

import attrs

from spellcard.runtime.defs import ActiveDef, PackDef, TriggerDef
from spellcard.runtime.engine.usage import part


@attrs.frozen
class Clause:
    """Where a part is written and what it waits for."""
    place: str                  # file:line of the clause
    head: str                   # on ACTION.WINDOW | active | convert … as KIND
    condition: str              # the `when` text, whitespace folded; "" when it has none


def sources_of(compiled) -> dict:
    """A compiled pack's source texts by path (`Compiled.sources`), for quoting a condition."""
    return {s.path: s.data.decode("utf-8", errors="replace") for s in compiled.sources}


def held_by(pack: PackDef, characters: Iterable[str]) -> list[str]:
    """The skills of these characters and those their skills come with (`skills A, B`), in order."""
    out: list[str] = []
    todo = [s for c in characters if c in pack.characters for s in pack.characters[c].skills]
    while todo:
        name = todo.pop(0)
        if name in pack.skills and name not in out:
            out.append(name)
            todo.extend(pack.skills[name].grants)
    return out


def parts_of(pack: PackDef, skill: str) -> list:
    s = pack.skills[skill]
    return sorted(s.triggers + s.actives + s.converts, key=lambda d: d.index)


def never_ran(pack: PackDef, held: Iterable[str], parts: dict, declined: dict,
              sources: Optional[dict] = None) -> list[dict]:
    """One entry per part of a held skill that never ran: skill, part, kind, why, and (given the
    sources, {path: text}) place and condition."""
    found = []
    for name in sorted(set(held)):
        for d in parts_of(pack, name):
            key = part(d)
            if parts.get(key, 0):
                continue
            kind = "trigger" if isinstance(d, TriggerDef) else "active" if isinstance(d, ActiveDef) else "conversion"
            found.append({"skill": name, "part": key, "kind": kind, "label": pack.skills[name].label,
                          "offered": declined.get(key, 0), "declined": declined.get(key, 0),
                          "has_condition": d.cond is not None or getattr(d, "guard", None) is not None,
                          "window": getattr(d, "key", "")})
    clauses = clauses_of(sources, {f["skill"] for f in found}) if sources else {}
    for f in found:
        c = clauses.get(f["part"])
        f["place"] = c.place if c else ""
        f["condition"] = c.condition if c else ""
        f["head"] = c.head if c else ""
        f["why"] = why(f)
        del f["has_condition"], f["window"]
    return found


def why(f: dict) -> str:
    """The part's reason in words, the condition quoted when known."""
    if f["declined"]:
        return f"offered {_times(f['offered'])}, declined {'once' if f['declined'] == 1 else f['declined']}"
    cond = f"`{f['condition']}`" if f["condition"] else "its condition"
    if f["kind"] == "trigger":
        if f["has_condition"]:
            return f"never held: {cond} (when {f['window']} opened)"
        return f"{f['window']} never opened while it was held"
    if f["has_condition"]:
        return f"never offered: {cond} never held when its owner could {'play' if f['kind'] == 'active' else 'convert'}"
    return "never offered: no moment or cards allowed it"


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def line(f: dict) -> str:
    """One line of a text report: `Skill#i (trigger) at file:line: why`."""
    where = f" at {f['place']}" if f["place"] else ""
    return f"{f['part']} ({f['kind']}){where}: {f['why']}"


def clauses_of(sources: dict, skills: set) -> dict:
    """"Skill#i" -> Clause for the parts of `skills`, from the files that declare them."""
    from spellcard.compiler import ast as A
    from spellcard.compiler.build.reader import read_module
    out: dict = {}
    if not skills:
        return out
    pattern = re.compile(r"\bskill\s+(" + "|".join(sorted(map(re.escape, skills))) + r")\b")
    for path, text in sources.items():
        if not pattern.search(text):
            continue                    # parse only the files that declare one
        module, _ = read_module(path, text)
        if module is None:
            continue
        lines = text.split("\n")
        for decl in module.decls:
            if isinstance(decl, A.SkillDecl) and decl.name in skills:
                for i, c in enumerate(decl.clauses):
                    head = _head(A, c)
                    if head is not None:
                        cond = _text(lines, c.when.span) if c.when is not None else ""
                        out[f"{decl.name}#{i}"] = Clause(f"{path}:{c.span.line}", head, cond)
    return out


def _head(A, c) -> Optional[str]:
    if isinstance(c, A.TriggerClause):
        return f"on {c.action}.{c.window}"
    if isinstance(c, A.ActiveClause):
        return "active"
    if isinstance(c, A.ConvertClause):
        return f"convert {c.count} as {c.as_kind}"
    return None


def _text(lines: list[str], span) -> str:
    """The source between a span's ends (columns are 1-based, the end exclusive), on one line."""
    if span.line == span.end_line:
        text = lines[span.line - 1][span.col - 1:span.end_col - 1]
    else:
        text = "\n".join([lines[span.line - 1][span.col - 1:], *lines[span.line:span.end_line - 1],
                          lines[span.end_line - 1][:span.end_col - 1]])
    return " ".join(text.split())
