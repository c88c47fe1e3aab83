"""When a pack offers plays, for the rules text of an active skill: "In your action phase" is THB's
moment, not the language's. The phases of the turn whose rules offer a player their plays
(`choose_play`, in the phase's body or in a pack function or action it calls) are the moment an
active skill can be used; a pack with one such phase names it, any other says "when you play"."""
from __future__ import annotations

from typing import Optional

from spellcard.compiler import ast as A
from spellcard.compiler.emit.bounded import calls_in
from spellcard.compiler.symbols import Symbols

OFFER = "choose_play"


def play_phases(syms: Symbols) -> list[str]:
    """The phases in which plays are offered, in turn order (phases the turn does not list last)."""
    listed = [name for name, _ in syms.turn.phases] if syms.turn else []
    order = listed + [name for name in syms.phases if name not in listed]
    return [name for name in order
            if name in syms.phases and syms.phases[name].body is not None
            and _offers(syms, syms.phases[name].body, set())]


def play_phase(syms: Symbols) -> Optional[str]:
    """The one phase plays are offered in, or None when there are several or none."""
    phases = play_phases(syms)
    return phases[0] if len(phases) == 1 else None


def _offers(syms: Symbols, node, seen: set) -> bool:
    """Does `node` call `choose_play`, itself or through the pack's functions and actions? Each
    function or action is looked into once (`seen`), so a recursive one ends the search."""
    for call in calls_in(node):
        if not isinstance(call.func, A.Name):
            continue
        name = call.func.id
        if name == OFFER:
            return True
        decl = syms.funcs.get(name) or syms.actions.get(name)
        if decl is not None and name not in seen:
            seen.add(name)
            if _offers(syms, decl, seen):
                return True
    return False


def window_kind(syms: Symbols, action: str, window: str) -> str:
    """A window as rules text says it: "before" or "after" the action's effect — where the window
    stands among the action's steps (before its first `do`, or not) — whatever the pack named it
    (THB's `damage.inflict` is before, `damage.taken` after); the runtime's own windows (a turn's
    `start`, a phase's `before`) as they are named."""
    decl = syms.actions.get(action)
    if decl is None or window in ("before", "after"):
        return window
    for step in decl.steps:
        if isinstance(step, A.DoStep):
            return "after"
        if isinstance(step, A.WindowStep) and step.name == window:
            return "before"
    return "after"


def window_says(syms: Symbols, action: str, window: str) -> tuple[str, str]:
    """The window's own words for the moment, Chinese and English (`window taken says "當{target}受到
    傷害後" / "after {target} takes damage"`), the action's parameters as slots; ("", "") when it has
    none (the text then says "before" or "after" the action's phrase: window_kind)."""
    decl = syms.actions.get(action)
    step = next((s for s in decl.steps if isinstance(s, A.WindowStep) and s.name == window), None) if decl else None
    return step.says if step is not None else ("", "")
