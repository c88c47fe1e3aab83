"""What may come next at the cursor: read from the text before it (which rarely parses while typing)
and the pack's names from the last check in which every file parsed."""
from __future__ import annotations

import re
from typing import Callable, Optional

from lsprotocol import types as L

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.check.exprs import CARD_FIELDS, NAMED_FIELDS, PLAY_FIELDS, PLAYER_FIELDS, ZONE_FIELDS
from spellcard.compiler.symbols import BUILTINS, STRUCTURAL_EVENTS
from spellcard.compiler.text.safe import code_marks

from .analysis import PLACEHOLDER, Analysis
from .hover import builtin_doc, signature
from .index import Index

K = L.CompletionItemKind
DECLARATIONS = ("pack", "enum", "attr", "counter", "zone", "hook", "query", "action", "func", "phase", "turn",
                "card", "skill", "character", "deck", "mode", "reaction")
CLAUSES = {
    "skill": ("on", "active", "convert", "modify", "skills", "when", "limit", "priority", "repeat", "per", "locked"),
    "card": ("target", "when", "skills"),
    "character": ("skills", "tags"),
    "mode": ("players", "deck", "without", "skills", "rules", "setup", "turn_limit"),
    "action": ("window", "do", "when"),
}
STATEMENTS = ("let", "if", "elif", "else", "for", "in", "repeat", "while", "return", "stop", "break", "continue",
              "cancel", "may", "and", "or", "not", "where", "map", "then", "true", "false", "none")
IMPLICIT = ("owner", "event", "card", "user", "target", "it", "current", "self", "value")

# name lists that follow a keyword: (pattern of the text before the cursor, what to offer)
_AFTER = (
    (re.compile(r"\b(?:skills|rules)\s+(?:\w+\s*,\s*)*\w*$"), "skills"),
    (re.compile(r"\bas\s+\w*$"), "cards"),
    (re.compile(r"\bwithout\s+(?:\w+\s*,\s*)*\w*$"), "cards"),
    (re.compile(r"^\s*turn\s+(?:\w+\s*,\s*)*\w*$"), "phases"),
    (re.compile(r"\bmodify\s+\w*$"), "queries"),
)
_WINDOW = re.compile(r"\bon\s+(\w+)\.(\w*)$")
_EVENT = re.compile(r"\bon\s+(\w*)$")
_FIELD = re.compile(r"([A-Za-z_]\w*)\.(\w*)$")


def complete(a: Analysis, text: str, line: int, col: int,
             probe: Callable[[str, int, int], Optional[Analysis]]) -> list[L.CompletionItem]:
    """Items for the cursor at 0-based `line`, character `col` of `text`; `probe(text, line, col)` is
    the pack checked with a placeholder for the word at the cursor (None if that does not parse)."""
    lines = text.split("\n")
    before = lines[line][:col] if line < len(lines) else ""
    if _in_comment_or_string(before):
        return []
    s = a.syms
    m = _WINDOW.search(before)
    if m:
        windows = s.windows_of(m.group(1)) or ()
        return [_item(w, K.Event, f"{m.group(1)}.{w}") for w in windows]
    m = _EVENT.search(before)
    if m:
        return [_item(n, K.Event, "action" if n in s.actions else "phase" if n in s.phases else "runtime")
                for n in s.event_sources()]
    m = _FIELD.search(before)
    if m:
        t = _type_before_dot(probe(text, line, col))
        if t is None:
            t = _guess(a, m.group(1), lines, line)
        return [_item(n, K.Field, T.show(ft)) for n, ft in fields_of(a, t).items()]
    for pattern, what in _AFTER:
        if pattern.search(before):
            return _named(a, what)
    context = _context(text, sum(len(x) + 1 for x in lines[:line]) + col)
    if context is None:
        return [_item(w, K.Keyword) for w in DECLARATIONS]
    if context in CLAUSES:
        items = [_item(w, K.Keyword) for w in CLAUSES[context]]
        if context == "card":
            items += [_item(h, K.Method, "hook") for h in s.hooks]
        return items
    p = probe(text, line, col)
    wanted = _wanted(p)
    if wanted is not None:
        return _named(a, wanted)
    return (_locals(p) + [_item(w, K.Keyword) for w in STATEMENTS] + [_item(n, K.Variable) for n in IMPLICIT]
            + callables(a) + [i for what in ("cards", "skills", "characters", "phases", "zones", "members")
                              for i in _named(a, what)])


def fields_of(a: Analysis, t) -> dict:
    """The fields a value of type `t` has, with their types."""
    s, base = a.syms, T.strip(t)
    if base == T.PLAYER:
        out = {n: s.type_of(d.type) for (o, n), d in s.attrs_.items() if o == "player"}
        out.update({n: T.INT for (o, n) in s.counters if o == "player"})
        out.update({z: T.ZONE for z, d in s.zones.items() if d.owner == "player"})
        return {**out, **PLAYER_FIELDS}
    if base == T.CARD:
        out = {n: s.type_of(d.type) for (o, n), d in s.attrs_.items() if o == "card"}
        out.update({h: T.VOID for h in s.hooks})
        return {**out, **CARD_FIELDS}
    if base in (T.KIND, T.CHARACTER):
        owner = "card" if base == T.KIND else "character"
        return {**{n: s.type_of(d.type) for (o, n), d in s.attrs_.items() if o == owner}, **NAMED_FIELDS}
    if base == T.SKILL:
        return dict(NAMED_FIELDS)
    if isinstance(base, tuple) and base[0] == "event":
        return {**s.event_fields(base[1]), "cancelled": T.BOOL}
    if isinstance(base, tuple) and base[0] == "enumtype" and base[1] in s.enums:
        return {m.name: ("enum", base[1]) for m in s.enums[base[1]].members}
    return {T.PLAY: PLAY_FIELDS, T.ZONE: ZONE_FIELDS}.get(base, {})


def callables(a: Analysis) -> list[L.CompletionItem]:
    """Built-ins and the pack's functions, actions and queries, each with a snippet of its required
    parameters."""
    out = []
    for name, sig in sorted(BUILTINS.items()):
        required = [p[0] for p in sig.params if p[2] is None]
        out.append(_item(name, K.Function, builtin_doc(name).split("\n")[1], _snippet(name, required)))
    for table, kind in ((a.syms.funcs, K.Function), (a.syms.actions, K.Event), (a.syms.queries, K.Function)):
        for name, d in sorted(table.items()):
            required = [p.name for p in d.params if p.default is None]
            out.append(_item(name, kind, signature(a, d), _snippet(name, required)))
    return out


def _snippet(name: str, params: list[str]) -> str:
    return f"{name}(" + ", ".join(f"${{{i}:{p}}}" for i, p in enumerate(params, 1)) + ")$0"


def _named(a: Analysis, what: str) -> list[L.CompletionItem]:
    s = a.syms
    table = {"skills": (s.skills, K.Class), "cards": (s.cards, K.Class), "characters": (s.characters, K.Class),
             "phases": (s.phases, K.EnumMember), "queries": (s.queries, K.Function),
             "zones": ({z: d for z, d in s.zones.items() if d.owner == "table"}, K.Variable),
             "members": ({m: None for m in s.members}, K.EnumMember)}[what]
    return [_item(n, table[1], getattr(d, "label", None) or what[:-1]) for n, d in sorted(table[0].items())]


def _item(label: str, kind, detail: Optional[str] = None, snippet: Optional[str] = None) -> L.CompletionItem:
    return L.CompletionItem(label=label, kind=kind, detail=detail, insert_text=snippet,
                            insert_text_format=L.InsertTextFormat.Snippet if snippet else None)


def _type_before_dot(p: Optional[Analysis]):
    for node, t in (p.checker.types.items() if p is not None else ()):
        if isinstance(node, A.Field) and node.name == PLACEHOLDER:
            return p.checker.types.get(node.obj)
    return None


_UNKNOWN = re.compile(rf"unknown (card|skill|character|phase|zone) `{PLACEHOLDER}`")


def _wanted(p: Optional[Analysis]) -> Optional[str]:
    """Which names the checker expects at the cursor (it reports the placeholder as an unknown card,
    skill, character, phase or zone), if it expects one of those."""
    for d in (p.diagnostics if p is not None else ()):
        m = _UNKNOWN.match(d.message)
        if m:
            return m.group(1) + "s"
    return None


def _locals(p: Optional[Analysis]) -> list[L.CompletionItem]:
    """The `let`s, `for` variables and parameters bound above the cursor in its declaration."""
    here = next((n for n in (p.checker.types if p is not None else ()) if isinstance(n, A.Name)
                 and n.id == PLACEHOLDER), None)
    if here is None:
        return []
    at = (here.span.line, here.span.col)
    decl = next((d for d in p.modules[here.span.file].decls
                 if (d.span.line, d.span.col) <= at <= (d.span.end_line, d.span.end_col)), None)
    if decl is None:
        return []
    seen: dict[str, str] = {}
    for o in Index(p).occurrences(here.span.file):
        if o.is_def and o.key[0] == "local" and (decl.span.line, decl.span.col) <= (o.span.line, o.span.col) < at:
            name = p.lines(o.span.file)[o.span.line - 1][o.span.col - 1:o.span.end_col - 1]
            seen[name] = "local"
    return [_item(n, K.Variable, d) for n, d in seen.items()]


def _in_comment_or_string(before: str) -> bool:
    """Whether the cursor, after `before` on its line, is inside a comment or a string: a mark put
    at the cursor is code only if neither is still open there."""
    return not any(i == len(before) for i, _ in code_marks(before + "\0", "\0"))


def _guess(a: Analysis, name: str, lines: list[str], line: int):
    """The type of `name` when the text does not parse: `owner` is a player; `event` is the event of
    the nearest `on …` or action above; any other name, as the last check typed it in this file."""
    if name == "owner":
        return T.PLAYER
    if name == "event":
        for ln in range(line, -1, -1):
            m = re.search(r"\bon\s+(\w+)\.\w+|^\s*action\s+(\w+)", lines[ln])
            if m:
                return ("event", m.group(1) or m.group(2))
        return None
    for node, t in a.checker.types.items():
        if isinstance(node, A.Name) and node.id == name and abs(node.span.line - 1 - line) < 30:
            return t
    return None


def _context(text: str, offset: int) -> Optional[str]:
    """The declaration or clause the cursor is directly inside: None at top level, the declaration's
    keyword in its braces, "block" in code."""
    stack: list[str] = []
    start_of_decl = 0
    for i, ch in code_marks(text, "{}\n", end=offset):
        if ch == "{":
            if not stack:
                word = re.match(r"\s*(\w+)", text[start_of_decl:i])
                stack.append(word.group(1) if word else "block")
            else:
                stack.append("block")
        elif ch == "}" and stack:
            stack.pop()
            if not stack:
                start_of_decl = i + 1
        elif ch == "\n" and not stack and (re.match(r"[ \t]*(\w+)", text[i + 1:i + 40]) or [None, None])[1] \
                in DECLARATIONS:
            start_of_decl = i + 1           # a header may run over lines: the last declaration word counts
    return stack[-1] if stack else None
