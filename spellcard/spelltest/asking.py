"""`X is never asked …` and `X is never offered …`: what must NOT have been put to a seat. A failure
names the decisions that were, so the report shows why the expectation failed."""
from __future__ import annotations

from ..answers import Policy
from . import nodes as T
from .report import decision_line
from .values import show


class Asking:
    """Mixed into the Runner (it provides s, seat(), want())."""

    def never(self, cond):
        s = self.s
        seat = self.seat(cond.who)
        if isinstance(cond, T.NeverAsked):
            shown = None
            if cond.about is not None:
                thing = s.pack.skills.get(cond.about) or s.pack.kinds.get(cond.about)
                shown = thing.label if thing is not None else cond.about
            fits = Policy(cond.sort, cond.prompt, shown, None).fits
            hits = [d for d in s.agents[seat].log if fits(d)]
            what = " ".join(x for x in (cond.sort, f'"{cond.prompt}"' if cond.prompt else None,
                                        f"about {cond.about}" if cond.about else None) if x) or "anything"
            return not hits, f"never asked {what}", self.asked_lines(hits) or "never asked"
        want = self.want(cond.option)
        agent = s.agents[seat]
        hits = [d for d, _, _ in s.decisions if d.player.seat == seat and any(agent.fits(o, want) for o in d.options)]
        shown = want if isinstance(want, str) else show(s.pack, want)
        return not hits, f"never offered {shown}", self.asked_lines(hits) or "never offered"

    def asked_lines(self, decisions) -> str:
        if not decisions:
            return ""
        said = {id(d): (a, settled) for d, a, settled in self.s.decisions}
        lines = [decision_line(self.s.pack, d, *said.get(id(d), (None, False))) for d in decisions[:5]]
        more = f" (and {len(decisions) - 5} more)" if len(decisions) > 5 else ""
        return "asked: " + "; ".join(lines) + more
