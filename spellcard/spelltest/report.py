"""A failed test for people: where, expected vs actual, the decisions asked, the log around it."""
from __future__ import annotations

from spellcard.runtime.decisions import MANY, YES_NO
from spellcard.runtime.model import Card, Play, Player

from ..answers import shown_as, spec_of
from ..render import render_game
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .run import Outcome

LOG_LINES = 25


def failure_text(outcome: Outcome, lines: dict) -> str:
    f, test = outcome.failure, outcome.test
    src = lines.get(f.span.file) or []
    out = [f"{f.span.file}:{f.span.line}: {test.title}", f"  {f.message}"]
    if 0 < f.span.line <= len(src):
        out.append(f"  {f.span.line:>4} | {src[f.span.line - 1].strip()}")
    if f.expected is not None:
        out.append(f"  expected: {f.expected}")
    if f.actual is not None:
        out.append(f"  actual:   {f.actual}")
    if outcome.ended:                       # an expectation after the end reads a finished game
        out.append(f"  note:     {outcome.ended}")
    s = outcome.scenario
    if s is not None:
        out.append(f"  mode:     {outcome.mode}")
        if s.decisions:
            out.append("  decisions:")
            out.extend("    " + decision_line(s.pack, d, a, settled) for d, a, settled in s.decisions)
        log = [t.plain for t in render_game(s.game)]
        if len(log) > 1:
            out.append(f"  log (last {min(LOG_LINES, len(log) - 1)} lines):")
            out.extend("    " + line for line in log[-LOG_LINES:])
    return "\n".join(out)


def decision_line(pack, d, answer, settled: bool) -> str:
    who = f"P{d.player.seat}" + (f" ({d.player.character.name})" if d.player.character else "")
    if d.kind == YES_NO:
        chosen = "yes" if answer else "no"
        options = "yes, no"
    else:
        options = ", ".join(option_text(pack, o) for o in d.options)
        picked = answer if d.kind == MANY else [answer]
        chosen = ", ".join(option_text(pack, d.options[i]) for i in picked) or "nothing"
    note = "  (the only answer: not asked)" if settled else ""
    return f'{who} {d.what} "{d.prompt}": {options} → {chosen}{note}'


def option_text(pack, o) -> str:
    if o is None:
        return "pass"
    if isinstance(o, Card):
        return spec_of(pack, o)
    if isinstance(o, Player):
        return o.character.name if o.character else f"P{o.seat}"
    if isinstance(o, Play):
        if o.card is not None:
            return shown_as(pack, o.card) if o.card.virtual and o.card.sources else spec_of(pack, o.card)
        if o.convert is not None:
            return f"{o.convert.skill.name}→{o.convert.as_kind}"
        return o.skill.name if o.skill is not None else "pass"
    return getattr(o, "name", None) or str(o)
