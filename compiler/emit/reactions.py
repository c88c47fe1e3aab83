"""A pack's reactions as the emitted module constructs them (runtime/defs.py ReactionDef): each clause
a function of the game, the player asked and the window's event (runtime/engine/reactions.py)."""
from __future__ import annotations

from spellcard.compiler import ast as A
from spellcard.compiler.symbols import Symbols


def reactions(em, s: Symbols) -> list[str]:
    """`ReactionDef(…)` for each reaction, in declaration order."""
    out = []
    for name, d in s.reactions.items():
        asked = "g, v_player, v_event"
        body = em.add_def(f"rx_{name}", asked, em.block(d.body or A.Block((), d.span)), d.body or d,
                          f"reaction {name}: the response")
        parts = [repr(name), repr(d.label), repr(f"{d.action}.{d.window}"), body]
        if d.against is not None:
            parts.append("against=" + em.add_value_fn(f"rxa_{name}", "g, v_event", d.against,
                                                      f"reaction {name}: whom it answers"))
        if d.ask is not None:
            parts.append("ask=" + em.add_value_fn(f"rxk_{name}", "g, v_event", d.ask, f"reaction {name}: who is asked"))
        parts.append(f"first={d.mode != 'each'}")
        if d.prompt is not None:
            parts.append("prompt=" + em.add_value_fn(f"rxp_{name}", asked, d.prompt, f"reaction {name}: the prompt"))
        if d.when is not None:
            parts.append("cond=" + em.add_value_fn(f"rxw_{name}", asked, d.when, f"reaction {name}: is this player asked?"))
        if d.priority:
            parts.append(f"priority={d.priority}")
        out.append(f"ReactionDef({', '.join(parts)})")
    return out
