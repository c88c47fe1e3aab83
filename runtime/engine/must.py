"""Compulsory plays (`must MOVE when COND`): while a pack's condition holds for the
player choosing a play (in its phase, if it names one), `choose_play` offers only the named moves —
card kinds, or active skills — and no pass. A rule none of whose moves can be made now binds nothing:
the usual plays are offered (a compulsory play is compulsory when it is possible)."""
from __future__ import annotations


def compulsory(g, p, options: list, may_pass: bool) -> tuple[list, bool]:
    """The plays `p` is offered under the pack's `must` rules, and whether a pass is among them."""
    names = set()
    for m in g.pack.musts:
        if (m.phase is None or m.phase == g.phase) and m.cond(g, p):
            names |= m.moves
    if not names:
        return options, may_pass
    kept = [o for o in options if (o.skill.name if o.card is None else o.card.kind.name) in names]
    return (kept, False) if kept else (options, may_pass)
