"""Counters against the code that reads and writes them: a condition on a counter the window comes
right after resetting (never true), and a bound (`hp max self.max_hp`) lowered by hand in a skill where
the pack has a function that lowers it and does what must go with it."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.check.loops import nodes_in

_WIDER = {"phase": "turn", "turn": "round"}


class CounterLints:
    def __init__(self, syms, diags, atoms, walked):
        self.s, self.d = syms, diags
        self.walked = walked         # each declaration's nodes (loops.Walked)
        self._atoms = atoms          # a condition part -> [(subject, op, constant)] (SilentLints._atoms)

    # ── a condition on a counter its reset has just put back ──────────────────────
    _FRESH = {("turn", "start"): "turn", ("round", "start"): "round", ("phase", "start"): "phase",
              ("phase", "before"): "phase"}

    def fresh(self, d: A.SkillDecl) -> None:
        for c in d.clauses:
            if isinstance(c, A.TriggerClause) and c.when is not None:
                self._fresh_counter(d, c)

    def _fresh_counter(self, d: A.SkillDecl, c: A.TriggerClause) -> None:
        action = "phase" if c.action in self.s.phases else c.action      # `draw_phase.start`
        scope = self._FRESH.get((action, c.window))
        if scope is None:
            return
        for part in _conjuncts(c.when):
            atoms = self._atoms(part)
            if not atoms or len(atoms) != 1:
                continue
            subject, op, const = atoms[0]
            name = subject.rsplit(".", 1)[-1]
            owner = "player" if "." in subject else "table"
            decl = self.s.counters.get((owner, name))
            if decl is None or decl.reset != scope or not isinstance(const, int) or isinstance(const, bool):
                continue
            init = decl.init.value if isinstance(decl.init, A.IntLit) else 0 if decl.init is None else None
            if init is not None and not _holds(op, init, const):
                self.d.warning(part.span, f"`{name}` is reset to {init} as each {scope} starts, so this never "
                                          f"holds in `{c.action}.{c.window}`",
                               f"check it before the reset (e.g. at `{scope}.end`), or reset it less often "
                               f"(`reset {_WIDER.get(scope, 'round')}`, or no `reset`)", code="reset-condition")

    # ── a bound lowered by hand where the pack has a function for it ───────────────
    def write_facts(self, modules) -> tuple:
        """What the pack's own functions and actions do to its bounded counters: (the counters another's
        `max` names -> that other, the first function or action lowering each, the actions moving each)."""
        decls = [d for m in modules for d in m.decls]
        bounds = {}                  # a player counter another's `max` names -> that other counter
        for (owner, name), c in self.s.counters.items():
            for n in nodes_in(c.max) if owner == "player" and c.max is not None else ():
                if isinstance(n, A.Field) and isinstance(n.obj, A.Name) and n.obj.id == "self":
                    bounds.setdefault(n.name, name)
        bounded = {name for (owner, name), c in self.s.counters.items()
                   if owner == "player" and c.max is not None and name not in bounds}
        helpers: dict = {}           # such a counter -> the first function or action of the pack lowering it
        moves: dict = {}             # (a bounded counter, "+=" or "-=") -> the pack's actions that change it so
        for d in decls:
            if isinstance(d, (A.FuncDecl, A.ActionDecl)):
                for n in self.walked[d]:
                    if _lowers(n) in bounds:
                        helpers.setdefault(_lowers(n), d.name)
                    step = _step(n)
                    if isinstance(d, A.ActionDecl) and step and step[0] in bounded and d.name not in moves.get(step, ()):
                        moves.setdefault(step, []).append(d.name)
        return bounds, helpers, moves

    # ── a bound lowered by hand where the pack has a function for it ───────────────
    def bounded_in(self, d, facts: tuple) -> None:
        """A skill's or card's (without errors) counters lowered or moved by hand (write_facts)."""
        bounds, helpers, moves = facts
        if not helpers and not moves:
            return
        for n in self.walked.of(d, A.Assign, A.AugAssign):
            name, step = _lowers(n), _step(n)
            if name in helpers:
                self.d.warning(n.span, f"`{name}` bounds `{bounds[name]}`: lowered by hand, `{bounds[name]}` "
                                       f"may stay above it, and what `{helpers[name]}` does besides is skipped",
                               f"call `{helpers[name]}(…)`, which the pack offers for it", code="bounded-write")
            elif step in moves:
                acts = moves[step][:3]
                self.d.warning(n.span, f"`{step[0]}` changed by hand: no window of "
                                       f"{' or '.join(f'`{a}`' for a in acts)} opens, so no skill hears it",
                               f"call {' or '.join(f'`{a}(…)`' for a in acts)}, which the pack offers for it",
                               code="bounded-write")


def _holds(op: str, x, c) -> bool:
    if op in ("==", "!="):
        return (x == c) == (op == "==")
    return {"<": x < c, "<=": x <= c, ">": x > c, ">=": x >= c}[op]


def _lowers(n) -> Optional[str]:
    """The player counter a statement lowers or sets (`p.max_hp -= 1`, `p.max_hp = 2`), if any."""
    if isinstance(n, A.AugAssign) and n.op == "-=" or isinstance(n, A.Assign):
        if isinstance(n.target, A.Field):
            return n.target.name
    return None


def _step(n) -> Optional[tuple]:
    """(counter, "+=" or "-=") for `p.hp -= 1`, `p.hp += 1`."""
    if isinstance(n, A.AugAssign) and isinstance(n.target, A.Field):
        return (n.target.name, n.op)
    return None


def _conjuncts(e) -> list:
    if isinstance(e, A.BoolOp) and e.op == "and":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]
