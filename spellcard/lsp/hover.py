"""What hovering a name shows: a signature and its doc for calls, meaning and event fields for windows,
the rules text for skills and cards, the type for everything else. All of it comes from the pack's own
source (its comments are its documentation) and the built-ins' signatures and docstrings."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.symbols import STRUCTURAL_EVENTS, STRUCTURAL_WINDOWS
from spellcard.runtime.builtins import FUNCTIONS, SIGNATURES

from .analysis import Analysis
from .index import Index, Occurrence

_KEYWORD = {A.FuncDecl: "func", A.ActionDecl: "action", A.QueryDecl: "query", A.HookDecl: "hook"}


def hover_text(a: Analysis, idx: Index, occ: Occurrence) -> Optional[str]:
    key = occ.key
    if key is None:
        return _typed(a, occ)
    if key[0] == "builtin":
        return builtin_doc(key[1])
    if key[0] == "window":
        return _window(a, idx, key[1], key[2])
    if key[0] == "field":
        return _field(a, key[1], key[2])
    if key[0] == "local":                  # a parameter shows its declaration; a `let`, its uses' type
        if isinstance(occ.node, A.Param):
            return _code(_source(a, occ.node.span))
        if occ.node is not None:
            return _typed(a, occ)
        uses = [o for o in idx.occurrences(key[1].file) if o.key == key and o.node is not None]
        return next(filter(None, (_typed(a, o) for o in uses)), None)
    found = idx.defs.get(key)
    if found is None and key[1] in STRUCTURAL_EVENTS:
        fields = ", ".join(f"`{n}`: {T.show(t)}" for n, t in STRUCTURAL_EVENTS[key[1]])
        return _code(f"on {key[1]}.…") + (f"\n\nevents the runtime itself opens around every {key[1]}; "
                                          f"windows: {', '.join(STRUCTURAL_WINDOWS[key[1]])}; fields: {fields}")
    if found is None:
        return _typed(a, occ)
    span, decl = found
    lines = a.lines(span.file)
    if key[0] == "member":
        enum = next(e for e in a.syms.enums.values() if decl in e.members)
        label = f' "{decl.label}"' if decl.label else ""
        return _code(f"{decl.name}{label}") + f"\n\na member of enum `{enum.name}`"
    if key[0] == "attr":
        return _code(_source(a, decl.span).split("#")[0].strip()) + _doc(lines, decl.span, trailing=True)
    if type(decl) in _KEYWORD:
        windows = a.syms.windows_of(decl.name) if isinstance(decl, A.ActionDecl) else None
        listing = f"\n\nwindows: {', '.join(windows)}" if windows else ""
        return _code(signature(a, decl)) + _doc(lines, decl.span) + listing
    if isinstance(decl, (A.CardDecl, A.SkillDecl, A.ModeDecl, A.ReactionDecl)):
        return _code(_first_line(a, decl)) + _printed(a, decl) + _doc(lines, decl.span)
    if isinstance(decl, A.CharacterDecl) and decl.span.line == decl.span.end_line:
        return _code(_source(a, decl.span)) + _doc(lines, decl.span)
    if isinstance(decl, (A.CharacterDecl, A.PhaseDecl)):
        return _code(_first_line(a, decl)) + _doc(lines, decl.span)
    return _code(_first_line(a, decl)) + _doc(lines, decl.span, trailing=True)


def _printed(a: Analysis, decl) -> str:
    """The printed text, then the rules text generated from the definition, so a mismatch shows."""
    from spellcard.compiler.text.rules import rules_text
    generated = rules_text(a.syms, decl)
    printed = f"\n\n{decl.text}" if decl.text else ""
    return printed + f"\n\n*rules text:* {generated['zh']}\n\n*rules text (en):* {generated['en']}"


def builtin_doc(name: str) -> str:
    doc = (getattr(FUNCTIONS.get(name), "__doc__", None) or "").strip()
    first = doc.split("\n\n")[0].replace("\n", " ") if doc else ""
    return _code(SIGNATURES[name]) + (f"\n\n{first}" if first else "\n\nbuilt-in")


def signature(a: Analysis, decl) -> str:
    """`func name(p: type = default, …) -> type`, as written (parameters sliced from the source)."""
    params = ", ".join(_source(a, p.span) for p in decl.params)
    out = f"{_KEYWORD[type(decl)]} {decl.name}({params})"
    returns = getattr(decl, "returns", None)
    return out + (f" -> {_source(a, returns.span)}" if returns is not None else "")


def _window(a: Analysis, idx: Index, action: str, window: str) -> str:
    fields = a.syms.event_fields(action)
    listing = "\n".join(f"- `{n}`: {T.show(t)}" for n, t in fields.items())
    found = idx.defs.get(("window", action, window))
    meaning = ""
    if found is not None:
        span, step = found
        said = " / ".join(filter(None, step.says))          # the window's own words, then its comment
        doc = _doc(a.lines(span.file), step.span, trailing=True)
        if not doc:                                         # or the action's, when the window has none
            doc = _doc(a.lines(span.file), idx.defs[("top", action)][1].span)
        meaning = (f"\n\n{said}" if said else "") + doc
    elif action in STRUCTURAL_WINDOWS or action in a.syms.phases:
        meaning = f"\n\nopened by the runtime at the {window} of each {action if action in STRUCTURAL_EVENTS else 'phase ' + action}"
    return _code(f"on {action}.{window}") + meaning + (f"\n\nevent fields:\n{listing}" if listing else "")


def _field(a: Analysis, action: str, field: str) -> str:
    t = a.syms.event_fields(action).get(field)
    return _code(f"event.{field}: {T.show(t) if t is not None else 'anything'}") + f"\n\na field of `{action}` events"


def _typed(a: Analysis, occ: Occurrence) -> Optional[str]:
    node = occ.node
    t = a.checker.types.get(node) if node is not None else None
    if t is None and a.checker.refs.get(node) == ("set_local", getattr(node, "id", None)):
        t = _local_type(a, node)          # an assigned local is typed where it is read
    if t is None:
        return None
    name = node.id if isinstance(node, A.Name) else node.name if isinstance(node, A.Field) else None
    return _code(f"{name}: {T.show(t)}") if name else None


def _local_type(a: Analysis, node: A.Name):
    """The type of the nearest read of the same local above (or else below) the assignment."""
    reads = [(abs(n.span.line - node.span.line) + (n.span.line > node.span.line) * 1000, t)
             for n, t in a.checker.types.items()
             if isinstance(n, A.Name) and n.id == node.id and n.span.file == node.span.file
             and a.checker.refs.get(n) == ("local", node.id)]
    return min(reads, key=lambda r: r[0])[1] if reads else None


def _code(text: str) -> str:
    return f"```spellcard\n{text}\n```"


def _source(a: Analysis, span: A.Span) -> str:
    lines = a.lines(span.file)
    if span.line == span.end_line:
        return lines[span.line - 1][span.col - 1:span.end_col - 1]
    parts = [lines[span.line - 1][span.col - 1:]] + lines[span.line:span.end_line - 1] \
        + [lines[span.end_line - 1][:span.end_col - 1]]
    return " ".join(p.strip() for p in parts)


def _first_line(a: Analysis, decl) -> str:
    line = a.lines(decl.span.file)[decl.span.line - 1][decl.span.col - 1:]
    return line.split("{")[0].split("#")[0].strip()


_RULE = re.compile(r"^\s*#\s?[─━-]{2,}")


def _doc(lines: list[str], span: A.Span, trailing: bool = False) -> str:
    """The comment block right above a declaration (its rules text), or the comment ending its line."""
    out = []
    ln = span.line - 1
    while ln >= 1 and lines[ln - 1].lstrip().startswith("#") and not _RULE.match(lines[ln - 1]):
        out.insert(0, lines[ln - 1].lstrip()[1:].strip())
        ln -= 1
    if not out and trailing and 1 <= span.line <= len(lines):
        m = re.search(r"#\s*(.*)$", _strip_strings(lines[span.line - 1]))
        if m:
            out = [lines[span.line - 1][m.start(1):].strip()]
    return ("\n\n" + "\n".join(out)) if out else ""


def _strip_strings(line: str) -> str:
    """The line with string contents blanked (a `#` inside quotes starts no comment), same length."""
    return re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: '"' + " " * (len(m.group()) - 2) + '"', line)
