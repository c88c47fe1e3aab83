"""Actions and their windows: an action runs its steps in order, and at each window the triggers
listening there fire, ordered by priority, then seat from the current player, then the owner's choice
(TIMING.md). A mixin of Game, kept apart so that the engine's hot loop reads in one place."""
from __future__ import annotations

from spellcard.runtime.decisions import ONE, YES_NO, Decision
from spellcard.runtime.defs import ActionDef
from spellcard.runtime.errors import PlayerOut
from spellcard.runtime.faults import ACTION_COST, nested_actions, out_of_work, repeating_tail
from spellcard.runtime.model import Event, TriggerInst

MAX_DEPTH = 120            # nested actions before a chain is called a loop
_new = object.__new__
_ONCE = (None,)


class Windows:
    # ── actions and windows ───────────────────────────────────────────────────
    def run_action(self, adef: ActionDef, args: tuple) -> Event:
        """Run an action given its arguments in parameter order (the runtime's callers: `perform`)."""
        return self.act(adef, dict(zip(adef.params, args)))

    def act(self, adef: ActionDef, p: dict) -> Event:
        """Run an action on its parameters by name: the emitted code's call, with a dict literal.
        The action's body (emitted) runs its windows and steps in order and stops at a cancel."""
        ev = _new(Event)                # Event(adef, p) without the call of its __init__: every action makes one
        ev.action = adef
        ev.p = p
        ev.cancelled = False
        ev.trigger = None
        stack = self.stack
        stack.append(ev)
        self.steps += 1
        self.era += 1
        self.work -= ACTION_COST
        if len(stack) > MAX_DEPTH:
            raise nested_actions(self)
        if self.work < 0:
            raise out_of_work(self, "action")
        logging = self.log.enabled
        if logging:
            self.log.add("act", adef.name, {k: self.ref(v) for k, v in p.items()})
        try:
            adef.body(self, ev)
        finally:
            del stack[-1]
        if logging:
            if adef.result:                 # a result, not an argument: a seat's log hides what it did not see
                self.log.add("result", adef.name, self.ref(p["result"]))
            self.log.add("end", adef.name, ev.cancelled)
        if self.check:
            self.check_invariants()
        return ev

    def dispatch(self, key: str, ev: Event) -> None:
        try:
            trigs = self.triggers[key]      # its callers test `key in g.triggers` first: rarely missing
        except KeyError:
            return
        if len(trigs) == 1:
            # Most windows have one listener: no ordering to do. The list can grow while it fires
            # (a skill granted by its body), and then the general loop below takes over.
            t = trigs[0]
            param = t.param                 # eligible? (as in the loop below)
            if param is not None and (ev.p[param] is t.want) is not t.same:
                return
            owner = t.owner
            if owner is None:
                owner = self.current
            elif not owner.alive:
                return
            limit = t.limit
            if limit is not None and self.uses.get((id(t.tdef), owner.seat, self.serial[limit.scope]), 0) >= limit.count:
                return
            cond = t.cond
            if cond is not None and not cond(self, owner, ev, t.card):
                return
            self._fire(t, ev)
            if ev.cancelled or self.over or len(trigs) == 1 and trigs[0] is t:
                return
            done = (t,)
        else:
            done = ()                   # the triggers fired: few, and none in most windows
        uses, serial, p = self.uses, self.serial, ev.p
        while True:
            eligible = []
            for t in trigs:             # eligible? inline: windows with many listeners are hot
                if t in done:
                    continue
                param = t.param         # the guard first: it rules out most listeners
                if param is not None and (p[param] is t.want) is not t.same:
                    continue
                owner = t.owner
                if owner is None:
                    owner = self.current
                elif not owner.alive:
                    continue
                limit = t.limit
                if limit is not None and uses.get((id(t.tdef), owner.seat, serial[limit.scope]), 0) >= limit.count:
                    continue
                cond = t.cond
                if cond is None or cond(self, owner, ev, t.card):
                    eligible.append(t)
            if not eligible:
                return
            t = eligible[0] if len(eligible) == 1 else self._next(eligible)
            done += (t,)
            self._fire(t, ev)
            if ev.cancelled or self.over:
                return

    def _next(self, eligible: list) -> TriggerInst:
        """The first of two or more eligible triggers (TIMING.md's order)."""
        n = len(self.players)
        cur = self.current.seat
        # Table rules come after the players' own skills of the same priority (TIMING.md).
        best = min(eligible, key=lambda t: (-t.tdef.priority, (t.owner.seat - cur) % n if t.owner else n))
        if best.owner is None:
            return best
        mine = [t for t in eligible if t.owner is best.owner and t.tdef.priority == best.tdef.priority]
        if len(mine) == 1:
            return best
        i = self.decide(Decision(best.owner, ONE, "order", "which first?", mine))
        return mine[i]

    def _fire(self, t: TriggerInst, ev: Event) -> None:
        td = t.tdef
        owner = t.owner if t.owner is not None else self.current
        for _ in range(td.repeat(self, owner, ev, t.card)) if td.repeat is not None else _ONCE:
            if not owner.alive and t.owner is not None or ev.cancelled:
                return
            if td.asks and t.owner is not None:
                if not self.may(owner, td.skill.label):
                    if self.usage is not None:
                        self.usage.declined_part(td)
                    return
            if td.limit is not None:
                self.use(td, owner, td.limit)
            if td.fire_is_use:
                if self.usage is not None:
                    self.usage.fired(td)
                if self.log.enabled:
                    self.log.add("fire", td.skill.name, f"P{t.owner.seat}" if t.owner is not None else "table")
            prev, ev.trigger = ev.trigger, td
            try:
                td.body(self, owner, ev, t.card)
            except PlayerOut as out:
                if out.player is not owner:
                    raise
                return                  # the owner went out during its own trigger
            finally:
                ev.trigger = prev

    def may(self, owner, label: str) -> bool:
        """Does the owner use the skill? Asked before an optional skill's trigger, or where its body
        says `may { … }` (the rest of that trigger is compulsory)."""
        return self.decide(Decision(owner, YES_NO, "yes_no", f"use {label}?", [False, True]))

    def cycle(self) -> list[str]:
        """The repeating tail of the action stack, each frame named `action[skill that fired in it]`;
        empty when the stack does not repeat (runaway work in one place is no cycle of actions).
        The newest frame has had no trigger yet, so it is left out."""
        labels = [f"{e.action.name}" + (f"[{e.trigger.skill.name}]" if e.trigger is not None else "")
                  for e in self.stack[:-1]]
        return repeating_tail(labels)
