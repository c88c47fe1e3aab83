"""What the rest of a pack's check reads of one declaration (its exports), and the stand-in a file of
skills and characters leaves when it is not read again.

A skill's or a character's body is read by its own checks alone: other declarations' checks and the
whole-pack passes that are not run again after an edit (names, held skills, printed texts) read only
the facts `exports` lists; the others (trigger loops, modes' ends, skills granted twice, names shown
raw, table values used on players) are run again from each declaration's part (facts.py). Any other
declaration (an action, a function, a card, a mode …) is read whole, so its exports are its text
(wherever lines above move it; an any-time point's place too: another one cites it). An edit after
which every declaration exports what it did changes no diagnostic but the edited declarations' own
and the whole-pack passes' (compiler/pack/incremental.py).
"""
from __future__ import annotations

import hashlib

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.loops import Walked

BODIES = (A.SkillDecl, A.CharacterDecl)
_ALTERED = (A.DeckDecl, A.PackDecl)          # lay_over may change these from another file


def text_key(d, lines: list[str]) -> str:
    """A declaration's text and place, with the line above it (where an `# allow` comment may be)."""
    return text_key_at(d.span.plain(), lines)


def text_key_at(span: tuple, lines: list[str]) -> str:
    """text_key of the declaration at `span` (file, line, col, end line, end column)."""
    h = hashlib.sha256(repr(span).encode())
    for line in lines[max(0, span[1] - 2):span[3]]:
        h.update(line.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest()


def exports(d, lines: list[str], walked: Walked, refs: dict, encode) -> tuple:
    """The facts about `d` that other declarations' checks read (see the module's docstring); what
    the whole-pack passes read of it (its errors, trigger edges, grants, ends, names shown raw, table
    values used on players) is its part (compiler/pack/facts.py), which they are run again from."""
    if isinstance(d, A.CardDecl):           # others read its names, printed text, `skills` lists, any-time use,
        return (type(d).__name__, d.name, d.label, bool(d.text),    # and which skills it names (they are held)
                tuple(tuple(n for n, _ in sc.names) for sc in d.skills), d.anytime, _skills_named(d, walked, refs))
    if not isinstance(d, BODIES):           # its text, not where it is (but another any-time point cites that)
        whole = encode(d) if isinstance(d, _ALTERED) else None
        at = text_key(d, lines) if isinstance(d, A.AnytimeDecl) else _moved_key(d, lines)
        return (type(d).__name__, at, repr(whole))
    skills = _skills_named(d, walked, refs)
    # Not where it is: only the whole pack's own diagnostics cite that (`first defined at`, a missing
    # text's place), and a body that moved is checked whole when one is in its file (incremental.recheck).
    common = (type(d).__name__, d.name, d.label, skills)
    if isinstance(d, A.CharacterDecl):
        return common + (tuple(tuple(n for n, _ in sc.names) for sc in d.skills),)
    kinds = tuple(type(c).__name__ for c in d.clauses)    # what a `must` reads: is it an active skill?
    lists = tuple(tuple(n for n, _ in c.names) for c in d.clauses if isinstance(c, A.SkillsClause))
    return common + (d.kind, bool(d.text), lists, kinds)


def _skills_named(d, walked: Walked, refs: dict) -> tuple:
    """The skills `d`'s code names as values (`has_skill(p, X)`): each of them is held (lints.holders)."""
    return tuple(sorted({ref[1] for n in walked[d] for ref in (refs.get(n),) if ref is not None and ref[0] == "skill"}))


def _moved_key(d, lines: list[str]) -> str:
    """text_key as if the declaration started on line 2 (the line above it first, "" on line 1): the
    same wherever lines added or taken out above move it."""
    s = d.span
    return text_key_at((s.file, 2, s.col, s.end_line - s.line + 2, s.end_col), ([""] + lines)[s.line - 1:])


def _lists(clauses) -> tuple:
    return tuple((tuple((n, s.plain()) for n, s in sc.names), sc.span.plain()) for sc in clauses)


# ── stand-ins ─────────────────────────────────────────────────────────────────
def stub(d) -> tuple:
    """A skill or character as the other declarations' checks see it, as plain data."""
    if isinstance(d, A.SkillDecl):
        return ("skill", d.name, d.label, d.kind, d.span.plain(), d.text,
                _lists(c for c in d.clauses if isinstance(c, A.SkillsClause)))
    return ("character", d.name, d.label, d.span.plain(), _lists(d.skills))


def stub_place(x) -> tuple:
    """Where the declaration a stub stands for starts (file, line, column); () for a whole tree."""
    return () if type(x) is not tuple else (x[4] if x[0] == "skill" else x[3])[:3]


def from_stub(x: tuple):
    """The declaration a stub stands for, with no body: only what other declarations read of it."""
    if x[0] == "skill":
        _, name, label, kind, span, text, lists = x
        return A.SkillDecl(name, label, kind, _clauses(lists), Span(*span), text)
    _, name, label, span, lists = x
    return A.CharacterDecl(name, label, (), _clauses(lists), (), Span(*span))


def _clauses(lists: tuple) -> tuple:
    return tuple(A.SkillsClause(tuple((n, Span(*s)) for n, s in names), Span(*span)) for names, span in lists)
