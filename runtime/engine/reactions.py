"""Reactions: "any other player, in turn order, may respond" (a challenge, a block, a counter).

A pack declares each one at a window (`reaction NAME "label" on ACTION.WINDOW { … }`). When the window
opens, its trigger — a table rule of the reaction's priority, so ordered among the skills listening
there as any trigger is — offers the players it asks, one by one in order, a yes/no in the pack's own
words. The player it is `against` (whose move it answers) is never asked; without `ask`, everyone else
living is, in seat order from the one after them. A player who says yes runs the response, which sees
them as `player` and the window's action as `event` (it may change or cancel it); with `first`, the
window then closes, else the next player is asked. Nothing stops asking but a cancelled event or the
end of the game. A response that runs an action whose window has a reaction opens that one inside it:
a block that can itself be challenged needs nothing more (actions nest 120 deep at most).

A reaction logs `fire NAME P<seat>` and counts as used (balance's counts) when someone responds, not
when its window opens and everyone declines.
"""
from __future__ import annotations

from spellcard.runtime.decisions import YES_NO, Decision
from spellcard.runtime.defs import ReactionDef, SkillDef, TriggerDef
from spellcard.runtime.errors import PlayerOut
from spellcard.runtime.model import Player

from .cards import once_a_pack

KIND = "reaction"           # the kind of the table rule that opens a reaction
_KEY = ("reactions",)       # its rules' entry in the pack's TEMPLATES


def reaction_rules(pack) -> list[SkillDef]:
    """One table rule per reaction of the pack, in declaration order, each with the one trigger that
    opens it at its window. They read the pack's reactions alone (who is asked is worked out when the
    window opens), so they are made once a pack, kept in its TEMPLATES, and every game grants the same."""
    return once_a_pack(pack, _KEY, lambda: [_rule(rd) for rd in pack.reactions])


def _rule(rd: ReactionDef) -> SkillDef:
    rule = SkillDef(rd.name, rd.label, KIND)
    rule.triggers.append(TriggerDef(rule, 0, rd.key, _opener(rd), priority=rd.priority, fire_is_use=False))
    return rule


def _opener(rd: ReactionDef):
    return lambda g, owner, ev, card: respond(g, rd, ev)


def asked(g, rd: ReactionDef, ev) -> list[Player]:
    """Who `rd` asks at `ev`, in order: living, each once, never the player it is against."""
    against = rd.against(g, ev) if rd.against is not None else None
    if rd.ask is None:
        return [] if against is None else [q for q in g.ring(against) if q is not against]
    who = rd.ask(g, ev)
    if who is None:
        return []
    out = []
    for q in ([who] if isinstance(who, Player) else who):
        if q is not against and q.alive and q not in out:
            out.append(q)
    return out


def respond(g, rd: ReactionDef, ev) -> None:
    for p in asked(g, rd, ev):
        if ev.cancelled or g.over:
            return
        if not p.alive or rd.cond is not None and not rd.cond(g, p, ev):
            continue
        prompt = rd.prompt(g, p, ev) if rd.prompt is not None else rd.label + "?"
        if not g.decide(Decision(p, YES_NO, "yes_no", prompt, [False, True])):
            continue
        if g.usage is not None:
            g.usage.skill(rd)
        if g.log.enabled:
            g.log.add("fire", rd.name, f"P{p.seat}")
        try:
            rd.body(g, p, ev)
        except PlayerOut as out:
            if out.player is not p:
                raise               # the responder went out during their own response: it just ends
        if rd.first:
            return
