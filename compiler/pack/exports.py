"""What the rest of a pack's check reads of one declaration (its exports), and the stand-in a file of
skills and characters leaves when it is not read again.

A skill's or a character's body is read by its own checks alone: other declarations' checks and the
whole-pack passes (names, held skills, printed texts, trigger loops, modes' ends, skills granted
twice, table values used on players) read only the facts `exports` lists. Any other declaration
(an action, a function, a card, a mode …) is read whole, so its exports are its text and place. An
edit after which every declaration exports what it did changes no diagnostic but the edited
declarations' own (compiler/pack/incremental.py).
"""
from __future__ import annotations

import hashlib

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.loops import LoopCheck, Walked

BODIES = (A.SkillDecl, A.CharacterDecl)
_ALTERED = (A.DeckDecl, A.PackDecl)          # lay_over may change these from another file


def span_of(s: Span) -> tuple:
    return (s.file, s.line, s.col, s.end_line, s.end_col)


def text_key(d, lines: list[str]) -> str:
    """A declaration's text and place, with the line above it (where an `# allow` comment may be)."""
    return text_key_at(span_of(d.span), lines)


def text_key_at(span: tuple, lines: list[str]) -> str:
    """text_key of the declaration at `span` (file, line, col, end line, end column)."""
    h = hashlib.sha256(repr(span).encode())
    for line in lines[max(0, span[1] - 2):span[3]]:
        h.update(line.encode("utf-8", "surrogatepass") + b"\n")
    return h.hexdigest()


def exports(d, lines: list[str], walked: Walked, refs: dict, loops: LoopCheck, errors: bool, on_player: dict,
            encode, ends: set) -> tuple:
    """The facts about `d` that anything but its own checks reads (see the module's docstring).
    `errors`: its own checks found an error; `on_player`: its uses of table values on players; `ends`:
    what can end the game (silent.game_enders): of its calls a mode's end reads only whether one is."""
    used = tuple(sorted((name, tuple(span_of(s) for s in spans)) for name, spans in on_player.items()))
    if not isinstance(d, BODIES):
        whole = encode(d) if isinstance(d, _ALTERED) else None
        return (type(d).__name__, text_key(d, lines), repr(whole), errors, used)
    nodes = walked[d]
    skills = tuple(sorted({ref[1] for n in nodes for ref in (refs.get(n),) if ref is not None and ref[0] == "skill"}))
    ends_game = bool(A.callees(walked.of(d, A.Call)) & ends)
    # Where it starts (what other diagnostics cite: `first defined at`, a missing text's place), not
    # where it ends: a character's hit points 9 → 10 moves no other diagnostic.
    common = (type(d).__name__, d.name, d.label, (d.span.file, d.span.line, d.span.col), errors, used, skills,
              ends_game)
    if isinstance(d, A.CharacterDecl):
        return common + (tuple(tuple(n for n, _ in sc.names) for sc in d.skills),)
    again = []                                  # what the granted-twice lint reads
    for n in walked.of(d, A.SkillsClause, A.Call):
        if isinstance(n, A.SkillsClause):
            again.append(tuple((g, span_of(sp)) for g, sp in n.names))
        elif A.callee(n) == "grant" and len(n.args) == 2 \
                and isinstance(n.args[0].value, A.Name) and n.args[1].value is not None:
            target = n.args[1].value
            again.append((n.args[0].value.id, getattr(target, "id", None), span_of(target.span)))
    # The trigger graph's part (its window, bounded, the actions it opens, endless): a loop diagnostic
    # names the triggers on it and stands at one, so one that names this skill is made again whole
    # (incremental._again); the graph as it was, none names it, and none can come.
    triggers = tuple((c.action, c.window, _edges(loops.facts(d, c))) for c in d.clauses if isinstance(c, A.TriggerClause))
    kinds = tuple(type(c).__name__ for c in d.clauses)    # what a `must` reads: is it an active skill?
    return common + (d.kind, bool(d.text), _lists(c for c in d.clauses if isinstance(c, A.SkillsClause)),
                     tuple(again), triggers, kinds)


def _edges(facts: tuple) -> tuple:
    """A trigger's loop facts without the names its body calls to open each action (a loop's text)."""
    return facts if facts[0] else (False, tuple(action for action, _ in facts[1]), facts[2])


def _lists(clauses) -> tuple:
    return tuple((tuple((n, span_of(s)) for n, s in sc.names), span_of(sc.span)) for sc in clauses)


# ── stand-ins ─────────────────────────────────────────────────────────────────
def stub(d) -> tuple:
    """A skill or character as the other declarations' checks see it, as plain data."""
    if isinstance(d, A.SkillDecl):
        return ("skill", d.name, d.label, d.kind, span_of(d.span), d.text,
                _lists(c for c in d.clauses if isinstance(c, A.SkillsClause)))
    return ("character", d.name, d.label, span_of(d.span), _lists(d.skills))


def from_stub(x: tuple):
    """The declaration a stub stands for, with no body: only what other declarations read of it."""
    if x[0] == "skill":
        _, name, label, kind, span, text, lists = x
        return A.SkillDecl(name, label, kind, _clauses(lists), Span(*span), text)
    _, name, label, span, lists = x
    return A.CharacterDecl(name, label, (), _clauses(lists), (), Span(*span))


def _clauses(lists: tuple) -> tuple:
    return tuple(A.SkillsClause(tuple((n, Span(*s)) for n, s in names), Span(*span)) for names, span in lists)
