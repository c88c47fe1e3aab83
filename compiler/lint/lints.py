"""Warnings for rules that check but cannot do what their designer meant: a skill nobody holds, a
trigger condition its window never meets, a player's trigger that never asks whose event it is.
Each has a stable code (docs/language.md, "What the checker tells you"); a warning is silenced on its
line by a comment naming the code and the reason: `# allow unheld-skill: kept for the 2v2 variant`."""
from __future__ import annotations

import re
from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.text.diagnostics import Diagnostic
from spellcard.compiler.check.loops import error_lines, has_error, nodes_in
from spellcard.compiler.check.narrow import key
from .silent import SilentLints


def holders(modules: list[A.Module], refs: dict) -> tuple[set, set]:
    """The skills something holds (a character, a card, a mode, a skill's grant, a `grant(…)` call),
    and those held only as a mode's table rules. A skill code names as a value counts as held: it
    may be granted through a variable (`grant(p, mode_skill(m))`)."""
    held = {ref[1] for ref in refs.values() if ref[0] == "skill"}
    table, players = set(), set()
    for m in modules:
        held |= m.granted
        players |= m.granted
        for d in m.decls:
            for sc in getattr(d, "rules", ()):
                table.update(n for n, _ in sc.names)
            clauses = list(getattr(d, "skills", ())) + [
                c for c in getattr(d, "clauses", ()) if isinstance(c, A.SkillsClause)]
            for sc in clauses:
                players.update(n for n, _ in sc.names)
    held |= table | players
    return held, table - players


class Lints:
    def __init__(self, syms, refs, diags):
        self.s, self.refs, self.d = syms, refs, diags

    def run(self, modules: list[A.Module]) -> None:
        # What a skill means is asked once it checks: its errors come first, alone.
        broken = error_lines(self.d)
        silent = SilentLints(self.s, self.refs, self.d)
        held = holders(modules, self.refs)
        writes = silent.counters.write_facts(modules)
        for m in modules:
            for d in m.decls:
                self.local(d, broken, held, silent, writes)
        silent.pack_wide(modules, broken)

    def local(self, d, broken: set, held: tuple, silent: SilentLints, writes: tuple) -> None:
        """One declaration's lints, given the skills held (holders) and the pack's counter writes."""
        if isinstance(d, A.SkillDecl) and not has_error(d, broken):
            held_by, table_only = held
            if d.name not in held_by:
                self.d.warning(d.span, f"no character, card or mode holds skill `{d.name}`",
                               "list it in a character's or card's `skills`, or a mode's `skills`/`rules`; "
                               "until then its scenario tests test nothing", code="unheld-skill")
            for c in d.clauses:
                if isinstance(c, A.TriggerClause):
                    self._against_window(c)
                    if d.name not in table_only:
                        self._ownerless(d, c)
        silent.local(d, broken, writes)

    # ── a condition its window never meets ──────────────────────────────────────
    def _against_window(self, c: A.TriggerClause) -> None:
        action = self.s.actions.get(c.action)
        if action is None or c.when is None:
            return
        step = next((st for st in action.steps if isinstance(st, A.WindowStep) and st.name == c.window), None)
        if step is None or step.cond is None:
            return
        params = {p.name for p in action.params}
        window = [a for a in map(lambda e: _atom(e, params, bare=True), _conjuncts(step.cond)) if a]
        for part in _conjuncts(c.when):
            mine = _atom(part, params, bare=False)
            if mine is None:
                continue
            for theirs in window:
                if theirs[0] == mine[0] and not _satisfiable([theirs, mine]):
                    self.d.warning(part.span, f"this never holds in `{c.action}.{c.window}`: the window only "
                                              f"opens when `{_text(theirs)}`",
                                   f"`{c.window}` is the wrong window for this, or the condition is turned round "
                                   f"(its windows: {', '.join(self.s.windows_of(c.action) or ())})",
                                   code="impossible-condition")
                    return

    # ── a player's trigger that never asks whose event it is ─────────────────────
    def _ownerless(self, d: A.SkillDecl, c: A.TriggerClause) -> None:
        if c.action == "round" or self.s.windows_of(c.action) is None:   # a round is no one's
            return
        looked = [c.when] if c.when is not None else []
        looked += [cond for st in c.body.stmts[:1] if isinstance(st, A.If) for cond, _ in st.branches]
        if any(isinstance(n, A.Name) and n.id in ("owner", "card") for e in looked for n in nodes_in(e)):
            return
        token = next((n for e in looked for n in nodes_in(e) if isinstance(n, A.Field)
                      and (("player", n.name) in self.s.counters or ("player", n.name) in self.s.attrs_)), None)
        action = self.s.actions.get(c.action)
        who = next((f"event.{p.name}" for p in (action.params if action else ()) if p.type.name == "player"),
                   "event.target")
        if token is not None:
            help = (f"it fires for any player whose `{token.name}` it tests: if that is meant, put "
                    f"`# allow ownerless-trigger: why` above it; else add `{who} == owner`")
        else:
            help = (f"it fires for every player's event: add `{who} == owner`; or, for any player "
                    f"holding a token, test it (`{who}.mark > 0`) and put `# allow ownerless-trigger: why` above")
        self.d.warning(c.span, f"this trigger of `{d.name}` never asks whether the event is its owner's",
                       help, code="ownerless-trigger")


def _conjuncts(e) -> list:
    if isinstance(e, A.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


_FLIP = {"==": "==", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _atom(e, params: set, bare: bool) -> Optional[tuple]:
    """`field op constant` from a condition part: (field, op, constant key, int value or None)."""
    if isinstance(e, A.Not):
        inner = _atom(e.operand, params, bare)
        if inner and inner[1] == "==" and inner[2] in ("True", "False"):
            return (inner[0], "==", "False" if inner[2] == "True" else "True", None)
        return None
    if not isinstance(e, A.Compare) or e.op not in _FLIP:
        field = _field(e, params, bare)
        return (field, "==", "True", None) if field else None
    for side, other, op in ((e.left, e.right, e.op), (e.right, e.left, _FLIP[e.op])):
        field = _field(side, params, bare)
        const = _constant(other, params)
        if field and const is not None:
            return (field, op, const, other.value if isinstance(other, A.IntLit) else None)
    return None


def _field(e, params: set, bare: bool) -> Optional[str]:
    if bare and isinstance(e, A.Name) and e.id in params:
        return e.id
    if isinstance(e, A.Field) and isinstance(e.obj, A.Name) and e.obj.id == "event":
        return e.name
    return None


def _constant(e, params: set) -> Optional[str]:
    if isinstance(e, (A.NoneLit, A.IntLit, A.StrLit, A.BoolLit)):
        return key(e)
    if isinstance(e, A.Name) and e.id not in params and e.id not in ("owner", "event", "card", "it"):
        return e.id          # an enum member or a kind: a fixed value
    return None


def _holds(op: str, x, c) -> bool:
    if op in ("==", "!="):
        return (x == c) == (op == "==")
    if not (isinstance(x, int) and isinstance(c, int)):
        return True
    return {"<": x < c, "<=": x <= c, ">": x > c, ">=": x >= c}[op]


def _satisfiable(atoms: list) -> bool:
    """Whether one value meets every `field op constant` (the candidates: each constant, its
    neighbours, and something else)."""
    numeric = any(num is not None for _, _, _, num in atoms)
    values: set = set() if numeric else {object()}      # a field compared with a number is one
    for _, _, const, num in atoms:
        if num is not None:
            values |= {num - 1, num, num + 1}
        else:
            values.add(const)
    for x in values:
        if all(_holds(op, x, num if num is not None else const) for _, op, const, num in atoms):
            return True
    return False


def _text(atom) -> str:
    field, op, const, num = atom
    return f"{field} {op} {const.lower() if const in ('True', 'False') else const}"


# ── silencing ─────────────────────────────────────────────────────────────────
_ALLOW = re.compile(r"#\s*allow\s+([a-z][a-z-]*(?:\s*,\s*[a-z][a-z-]*)*)")


def silenced(d: Diagnostic, lines: Optional[list[str]]) -> bool:
    """A warning whose line, or the comment line just above it, says `# allow CODE: why`."""
    if d.is_error or d.code is None:
        return False
    return allowed_at(lines, d.span.line, d.code)


def allowed_at(lines: Optional[list[str]], line: int, code: str) -> bool:
    if lines is None:
        return False
    for n in (line, line - 1):
        if not 1 <= n <= len(lines):
            continue
        text = lines[n - 1]
        if n != line and not text.lstrip().startswith("#"):
            continue
        m = _ALLOW.search(text)
        if m and code in {c.strip() for c in m.group(1).split(",")}:
            return True
    return False
