"""Granting and revoking skills: a skill instance's triggers, modifiers, actives and conversions
entered into (and taken out of) the game's indexes. A mixin of Game."""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.model import Card, ModInst, Player, SkillInst, TriggerInst


class Skills:
    def grant(self, p: Optional[Player], skill, card: Optional[Card] = None) -> SkillInst:
        """Give `p` a skill (lent by `card` if it comes from equipment). With p=None the table holds it:
        a rule of the game whose triggers belong to no player and run as forced."""
        inst = SkillInst(skill, p, card)
        self.era += 1
        (p.skills if p is not None else self.rules).append(inst)
        for td in skill.triggers:
            t = TriggerInst(td, inst)
            if td.guard is not None:
                self._resolve_guard(t, td.guard)
            inst.triggers.append(t)
            trigs = self.listeners[td.key]
            trigs.append(t)
            if len(trigs) == 1:
                self.triggers[td.key] = trigs
        for md in skill.modifiers:
            m = ModInst(md, inst)
            inst.mods.append(m)
            self._add_modifier(m)
        if p is not None:
            for ad in skill.actives:
                p.actives.append((ad, inst))
            for cd in skill.converts:
                p.converts.append((cd, inst))
        for sub in skill.grants:
            inst.children.append(self.grant(p, self.pack.skills[sub], card))
        if self.log.enabled:
            self.log.add("grant", f"P{p.seat}" if p is not None else "table", skill.name, card.id if card else None)
        return inst

    def _resolve_guard(self, t: TriggerInst, guard: tuple) -> None:
        """The object the guard compares the event parameter with, found once here. A table-held
        trigger's owner is whoever's turn it is, so a guard on the owner stays in its condition."""
        param, same, what, zone = guard
        if what == "table":
            want = self.z[zone]
        elif t.owner is not None:
            want = t.owner if what == "owner" else t.owner.z[zone]
        else:
            t.cond = _guarded(param, same, zone, t.cond)
            return
        t.param, t.want, t.same = param, want, same

    def _add_modifier(self, m: ModInst) -> None:
        """Keep each query's modifiers in layer order, grant order within a layer, so a query runs
        them in one plain loop (queries are hot; granting is not)."""
        mods = self.mods[m.mdef.query]
        i = len(mods)
        while i and mods[i - 1].mdef.layer > m.mdef.layer:
            i -= 1
        mods.insert(i, m)

    def revoke(self, p: Player, inst: SkillInst) -> None:
        self.era += 1
        for child in inst.children:
            self.revoke(p, child)
        for t in inst.triggers:
            trigs = self.listeners[t.tdef.key]
            trigs.remove(t)
            if not trigs:
                del self.triggers[t.tdef.key]
        for m in inst.mods:
            self.mods[m.mdef.query].remove(m)
        if p is None:
            self.rules.remove(inst)
            return
        p.actives = [(a, i) for a, i in p.actives if i is not inst]
        p.converts = [(c, i) for c, i in p.converts if i is not inst]
        if inst in p.skills:
            p.skills.remove(inst)
        if self.log.enabled:
            self.log.add("revoke", f"P{p.seat}", inst.skill.name)

    def _revoke_card(self, p: Player, card: Card) -> None:
        for inst in [i for i in p.skills if i.card is card and i.skill.name in card.kind.skills]:
            self.revoke(p, inst)


def _guarded(param: str, same: bool, zone: Optional[str], rest):
    """A table-held trigger's condition with its owner guard put back in front of the rest."""
    def cond(g, owner, ev, card):
        want = owner if zone is None else owner.z[zone]
        return (ev.p[param] is want) is same and (rest is None or rest(g, owner, ev, card))
    return cond
