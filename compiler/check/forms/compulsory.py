"""Compulsory parts and results: a `locked` trigger or a `may { … }` clause inside an optional skill,
a compulsory play (`must MOVE when COND`), and an action's result (`action draw_top() -> card`).
Mixed into Checker (which provides err, expect, hint, block, with_ctx)."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from spellcard.runtime.skill_kinds import ASKING_KINDS as ASKS
from ..scope import Context, Scope


class CompulsoryChecks:
    def locked_trigger(self, d: A.SkillDecl, c: A.TriggerClause) -> None:
        """`on … locked` says a trigger never asks: only an optional skill's triggers ask at all."""
        if c.locked and d.kind not in ASKS:
            self.err(c.event_span, f"`locked` on a trigger of {d.kind} skill `{d.name}`: its triggers never ask anyway",
                     "remove `locked`; it marks the compulsory part of an optional skill", code="compulsory-part")

    def may_stmt(self, st: A.May, scope: Scope) -> None:
        """`may { … }` asks the owner of the trigger it sits in: it needs one, of an optional skill."""
        where = self.ctx.trigger
        if where is None:
            self.err(st.span, "`may` asks the owner of a trigger; here there is none",
                     "write it in an `on ACTION.WINDOW` trigger of a skill; an active skill is chosen already",
                     code="compulsory-part")
        else:
            d, c = where
            if d.kind not in ASKS or c.locked:
                what = "a `locked` trigger" if c.locked else f"{d.kind} skill `{d.name}`"
                self.err(st.span, f"`may` in {what}, which never asks its owner",
                         "drop `may` and keep its block, or make the skill optional", code="compulsory-part")
            elif d.name in self.rule_skills:
                self.err(st.span, f"`may` in skill `{d.name}`, which a mode lists as a table rule: a rule asks no one",
                         "drop `may`, or grant the skill to players (`skills`)", code="compulsory-part")
        self.block(st.body, scope)

    def action_result(self, d: A.ActionDecl) -> None:
        """`-> T`: `event.result` is its result; a parameter of that name would hide it."""
        if d.returns is None:
            return
        self.type_ref(d.returns)
        for p in d.params:
            if p.name == "result":
                self.err(p.span, f"action `{d.name}` gives a result (`-> …`), which its event holds as `result`: "
                                 "a parameter cannot have that name too",
                         "rename the parameter; the result is not an argument", code="action-result")

    def action_call_type(self, d: A.ActionDecl):
        """What a call of the action gives: its event, or its result when it declares one."""
        return ("event", d.name) if d.returns is None else self.s.type_of(d.returns)

    def decl_MustDecl(self, d: A.MustDecl) -> None:
        s = self.s
        for name, span in d.moves:
            if name in s.cards:
                continue
            skill = s.skills.get(name)
            if skill is not None and any(isinstance(c, A.ActiveClause) for c in skill.clauses):
                continue
            if skill is not None:
                self.err(span, f"skill `{name}` has no `active` clause: it is never a play to choose",
                         "a compulsory play names a card or an active skill", code="must-move")
            else:
                moves = [n for n, k in s.skills.items() if any(isinstance(c, A.ActiveClause) for c in k.clauses)]
                self.err(span, f"unknown move `{name}`",
                         did_you_mean(name, list(s.cards) + moves) or "name a card or an active skill",
                         code="must-move")
        if d.phase is not None and d.phase[0] not in s.phases:
            self.err(d.phase[1], f"unknown phase `{d.phase[0]}`", did_you_mean(d.phase[0], s.phases))
        scope = Scope()
        scope.define("player", T.PLAYER, d.span, ("implicit", "v_player"))
        prev = self.with_ctx(Context("value"))
        self.expect(d.cond, T.BOOL, scope, "the condition of a compulsory play")
        self.ctx = prev
