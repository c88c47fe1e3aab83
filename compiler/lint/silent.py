"""Warnings for code that checks and runs but can never do part of what it says: a branch no value
reaches, an option compared with a text no `choose_option` offers, a skill a character holds twice,
a mode that never ends. What a skill's text says against its code is wording.py's; counters, bounds.py's.
Each has a stable code (docs/language.md, "What the checker tells you"), silenced like every lint."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.ast.base import Span
from spellcard.compiler.check.loops import Walked, has_error, nodes_in
from spellcard.compiler.check.narrow import key
from .bounds import CounterLints
from .phrasing import Phrasing
from .raw_names import RawNames
from .wording import check_wording

_FLIP = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
_FIXED = ("enum", "kind", "skill", "character", "phase", "zone")


class SilentLints:
    def __init__(self, syms, refs, diags):
        self.s, self.refs, self.d = syms, refs, diags
        self.walked = Walked()
        self.counters = CounterLints(self.s, self.d, self._atoms, self.walked)
        self.phrasing = Phrasing.of(self.s)      # the pack's own words for its texts (`wording`)
        self.raw = RawNames(self.s, self.d, self.walked)      # the names its rules text shows as written

    # Each declaration's lints (`local`, given what the pack's functions and actions do to counters:
    # CounterLints.write_facts) apart from the whole pack's (`pack_wide`), so that a declaration
    # checked again is linted again alone (compiler/pack/incremental.py).
    def local(self, d, broken: set, writes: tuple) -> None:
        if has_error(d, broken):
            return
        walked = self.walked         # walked once, read by every pass
        lets = walked.of(d, A.Let)
        texts = {n.name: found for n in lets for found in (_texts(n.value),) if found}
        for n in walked.of(d, A.Assign, A.AugAssign):    # a list changed after its `let` may offer more
            if isinstance(n.target, A.Name):
                texts.pop(n.target.id, None)
        for n in walked.of(d, A.If):
            self._dead_branches(n)
        options = {n.name: offered for n in lets for offered in (_offers(n.value, texts),) if offered is not None}
        if options:
            self._unknown_options(d, options, texts)
        if isinstance(d, (A.SkillDecl, A.CardDecl)):
            self.counters.bounded_in(d, writes)
        if isinstance(d, A.SkillDecl):
            check_wording(d, self.d, self.phrasing, self.s.phases, walked.of(d, A.StrLit))
            self.counters.fresh(d)

    def pack_wide(self, modules: list[A.Module], broken: set) -> None:
        decls = [d for m in modules for d in m.decls]
        ends = game_enders(decls, self.walked)
        self.from_parts([self.part(d, ends, raw=not broken) for d in decls], broken)

    def from_parts(self, parts: list, broken: set) -> None:
        """The whole pack's lints from each declaration's part (`part`, in the pack's order): a check
        after an edit runs them again from the record's parts and the edited declarations'."""
        _held_twice(parts, self.d)
        if not broken:               # how a game ends, and what the rules text reads, once the pack checks
            endless_modes(parts, self.d)
            self.raw.run([(p[0], p[1], p[3]) for p in parts])

    def part(self, d, ends: set, raw: bool = True) -> tuple:
        """What the whole pack's lints read of one declaration, as plain data: its kind and name,
        whether it can end the game (`ends`: game_enders), the names its rules text shows as written
        (with `raw`), and a skill's grants and `skills` lists (in the order they are written), a
        character's skills, a mode's own skills and rules, place and turn limit; and where it starts
        (the passes' diagnostics at a declaration, a name shown raw, stand where it is)."""
        extra: tuple = ()
        if isinstance(d, A.SkillDecl):
            extra = tuple(self._grants(d))
        elif isinstance(d, A.CharacterDecl):
            extra = tuple(n for sc in d.skills for n, _ in sc.names)
        elif isinstance(d, A.ModeDecl):
            extra = (tuple(n for sc in d.rules + d.skills for n, _ in sc.names), d.span.plain(), d.turn_limit)
        return (type(d).__name__, getattr(d, "name", ""), bool(A.callees(self.walked[d]) & ends),
                self.raw.of(d) if raw else (), extra, (d.span.line, d.span.col))

    def _grants(self, sk: A.SkillDecl):
        """(a skill, where, whether a `skills` list names it) for each skill `sk` lists or grants its owner."""
        for n in self.walked[sk]:
            if isinstance(n, A.SkillsClause):
                yield from ((g, sp.plain(), True) for g, sp in n.names)
            elif A.callee(n) == "grant" and len(n.args) == 2 and isinstance(n.args[0].value, A.Name) \
                    and n.args[0].value.id == "owner" and isinstance(n.args[1].value, A.Name):
                yield n.args[1].value.id, n.args[1].value.span.plain(), False

    # ── an elif no value reaches ─────────────────────────────────────────────────
    def _dead_branches(self, st: A.If) -> None:
        seen: list = []
        for cond, _ in st.branches:
            mine = self._atoms(cond)
            if mine is not None:
                for prev_cond, prev in seen:
                    if _implies(mine, prev):
                        self.d.warning(cond.span, f"this branch is never taken: whenever this holds, the "
                                                  f"condition at line {prev_cond.span.line} already did",
                                       "the earlier branch takes every such value: put the narrower test first, "
                                       "or fix the compared value", code="dead-branch")
                        break
                seen.append((cond, mine))

    def _atoms(self, e) -> Optional[list]:
        if isinstance(e, A.BoolOp) and e.op == "and":
            left, right = self._atoms(e.left), self._atoms(e.right)
            return left + right if left is not None and right is not None else None
        if isinstance(e, A.Compare) and e.op in _FLIP:
            for side, other, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIP[e.op])):
                const = self._constant(other)
                subject = key(side) if self._settled(side) else None
                if const is not None and subject is not None and self._constant(side) is None:
                    return [(subject, op, const)]
            return None
        if isinstance(e, A.Not):
            inner = self._atoms(e.operand)
            if inner and len(inner) == 1 and inner[0][1:] == ("==", True):
                return [(inner[0][0], "==", False)]
            return None
        subject = key(e) if isinstance(e, (A.Name, A.Field, A.Call)) and self._settled(e) else None
        return [(subject, "==", True)] if subject is not None else None

    def _settled(self, e) -> bool:
        """Whether an expression gives the same value each time one `if … elif` reads it: no decision,
        draw of chance, action or pack function (which may ask or act) in it."""
        moving = self.s.funcs.keys() | self.s.actions.keys()
        return not any(name.startswith(_ASKS) or name in moving for name in A.callees(nodes_in(e)))

    def _constant(self, e):
        if isinstance(e, (A.IntLit, A.StrLit, A.BoolLit)):
            return e.value
        if isinstance(e, A.Neg) and isinstance(e.operand, A.IntLit):
            return -e.operand.value
        if isinstance(e, A.NoneLit):
            return ("none",)
        ref = self.refs.get(e)
        if isinstance(e, (A.Name, A.Field)) and ref is not None and ref[0] in _FIXED:
            return ("name", ref[-1])
        return None

    # ── an option no choose_option offers ────────────────────────────────────────
    def _unknown_options(self, d, options: dict, texts: dict) -> None:
        assigned = {n.target.id for n in self.walked.of(d, A.Assign, A.AugAssign) if isinstance(n.target, A.Name)}
        for n in self.walked.of(d, A.Compare):
            if n.op not in ("==", "!="):
                continue
            for side, other in ((n.left, n.right), (n.right, n.left)):
                offered = options.get(side.id) if isinstance(side, A.Name) and side.id not in assigned \
                    else _offers(side, texts)
                if offered and isinstance(other, A.StrLit) and other.value not in offered:
                    near = _nearest(other.value, offered)
                    self.d.warning(other.span, f"no `choose_option` here offers \"{other.value}\", so this "
                                               f"is {'never' if n.op == '==' else 'always'} true",
                                   f"its options: {', '.join(chr(34) + o + chr(34) for o in offered)}"
                                   + (f"; did you mean \"{near}\"?" if near else ""), code="unknown-option")

_ASKS = ("ask", "choose", "random", "shuffled", "sample", "pick")


def _texts(e) -> Optional[list]:
    """A list literal of texts, `["摸牌", "回復"]`."""
    if isinstance(e, A.ListLit) and e.items and all(isinstance(x, A.StrLit) for x in e.items):
        return [x.value for x in e.items]
    return None


def _offers(e, texts: dict) -> Optional[list]:
    """The texts a `choose_option(p, ["…", …], …)` (or an `if … then` of it and a text) can give; the
    list may be a name `let` bound to a list of texts (`texts`)."""
    if isinstance(e, A.IfExpr):
        a, b = _offers(e.then, texts), _offers(e.else_, texts)
        if a is not None or b is not None:
            one = a if a is not None else ([e.then.value] if isinstance(e.then, A.StrLit) else None)
            two = b if b is not None else ([e.else_.value] if isinstance(e.else_, A.StrLit) else None)
            return one + [x for x in two if x not in one] if one is not None and two is not None else None
        return None
    if A.callee(e) == "choose_option" and len(e.args) >= 2:
        items = e.args[1].value
        return texts.get(items.id) if isinstance(items, A.Name) else _texts(items)
    return None


def _nearest(text: str, offered: list) -> Optional[str]:
    import difflib
    close = difflib.get_close_matches(text, offered, n=1, cutoff=0.4)
    return close[0] if close else None


def _holds(op: str, x, c) -> bool:
    if op in ("==", "!="):
        return (x == c) == (op == "==")
    if not (isinstance(x, int) and isinstance(c, int)) or isinstance(x, bool) or isinstance(c, bool):
        return True
    return {"<": x < c, "<=": x <= c, ">": x > c, ">=": x >= c}[op]


def _implies(mine: list, prev: list) -> bool:
    """Whether every value meeting `mine` meets `prev` too (each of `prev`'s subjects is one of `mine`'s)."""
    subjects = {s for s, _, _ in prev}
    if not subjects <= {s for s, _, _ in mine}:
        return False
    for subject in subjects:
        atoms = [a for a in mine if a[0] == subject]
        needed = [a for a in prev if a[0] == subject]
        values: set = {object()}
        for _, _, c in atoms + needed:
            values.add(c)
            if isinstance(c, int) and not isinstance(c, bool):
                values |= {c - 1, c + 1}
        if any(all(_holds(op, x, c) for _, op, c in atoms) and not all(_holds(op, x, c) for _, op, c in needed)
               for x in values):
            return False
    return True


def game_enders(decls: list, walked: Walked) -> set[str]:
    """`end_game` and the pack's functions and actions that can reach it: all a mode's end reads of
    what a declaration calls (and so all the incremental check compares of a skill's calls)."""
    calls = {d.name: A.callees(walked[d]) for d in decls if isinstance(d, (A.FuncDecl, A.ActionDecl))}
    ends = {"end_game"}
    grew = True
    while grew:
        grew = False
        for name, names in calls.items():
            if name not in ends and names & ends:
                ends.add(name)
                grew = True
    return ends


def endless_modes(parts: list, diags) -> None:
    """A mode none of whose code (its setup and rules, and the pack's shared rules) can reach
    `end_game`: every game runs to the turn limit with no winner. From the declarations' parts
    (SilentLints.part), each of which says whether it can end the game."""
    modes = [p for p in parts if p[0] == "ModeDecl"]
    own = {mode[1]: set(mode[4][0]) for mode in modes}
    for mode in modes:
        others = set().union(*(names for name, names in own.items() if name != mode[1])) - own[mode[1]]
        if mode[2] or any(p[2] for p in parts if p[0] not in ("ModeDecl", "FuncDecl", "ActionDecl")
                          and not (p[0] == "SkillDecl" and p[1] in others)):
            continue
        enders = [p[1] for p in parts if p[0] == "SkillDecl" and p[1] in others and p[2]]
        how = (f"list a rule that ends it in `rules` (other modes use {', '.join(f'`{n}`' for n in enders[:3])})"
               if enders else "call `end_game(winners)` where the game is won")
        diags.warning(Span(*mode[4][1]), f"nothing mode `{mode[1]}` runs can end the game: its setup, its rules and "
                                         "the pack's shared rules never reach `end_game`",
                      f"its games all run to the turn limit ({mode[4][2]}) with no winner: {how}",
                      code="endless-mode")


def _held_twice(parts: list, diags) -> None:
    """A skill a character lists and another of its skills grants it again (or lists it in `skills`)."""
    skills = {p[1]: p for p in parts if p[0] == "SkillDecl"}
    for ch in parts:
        if ch[0] != "CharacterDecl":
            continue
        listed = dict.fromkeys(ch[4])
        for name in listed:
            sk = skills.get(name)
            for g, sp, in_list in sk[4] if sk is not None else ():
                if g in listed and not (in_list and g == name):
                    diags.warning(Span(*sp), f"`{ch[1]}` already lists `{g}`, and `{name}` grants it again",
                                  f"a skill a character starts with needs no grant: take `{g}` out of "
                                  f"`{ch[1]}`'s `skills` if `{name}` is what gives it", code="granted-twice")

