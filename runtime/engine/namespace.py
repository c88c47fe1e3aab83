"""The names a compiled pack module may use, and nothing else: it runs with empty __builtins__."""
from __future__ import annotations

from spellcard.runtime.builtins import FUNCTIONS
from spellcard.runtime.defs import (ActionDef, ActiveDef, AnytimeDef, AttrDef, CardKind, CharacterDef, ConvertDef, CounterDef, Limit,
                   ModeDef, ModifierDef, MustDef, PackDef, PhaseDef, ReactionDef, ScoreDef, SkillDef, TargetRule, TriggerDef, ZoneDef)
from spellcard.runtime.errors import PackError
from spellcard.runtime.faults import out_of_work
from spellcard.runtime.limits import MAX_LIST, MAX_TEXT, SizeLimit
from spellcard.runtime.model import Card, Zone


def _seq(x) -> list:
    if x is None:
        return []
    return list(x.cards) if isinstance(x, Zone) else x


def _list(x) -> list:
    return list(x.cards) if isinstance(x, Zone) else list(x)


def _range(n) -> range:
    return range(n if n > 0 else 0)


def _index(xs, i):
    return xs[i] if 0 <= i < len(xs) else None


def _concat(a, b) -> list:
    # _seq(a) + _seq(b), without two calls on a hot path (lists are what it mostly gets)
    out = (a if a.__class__ is list else _seq(a)) + (b if b.__class__ is list else _seq(b))
    if len(out) > MAX_LIST:         # `xs = xs + xs` in a loop would otherwise grow until memory runs out
        raise SizeLimit(f"a list grew to {len(out)} items; lists hold at most {MAX_LIST}")
    return out


def _cat(a, b) -> str:
    out = a + b
    if len(out) > MAX_TEXT:         # `s = s + s` in a loop would otherwise grow until memory runs out
        raise SizeLimit(f"a text grew to {len(out)} characters; texts hold at most {MAX_TEXT}")
    return out


def _minus(a, b) -> list:
    # Identity, as `is` (b's items live on). One item to drop is the usual case (a card moved from
    # what is left): a plain `is not` spares building the set.
    a = a if a.__class__ is list else _seq(a)
    b = b if b.__class__ is list else _seq(b)
    if not b:                       # nothing to drop (`pool - presets()` with none preset): a copy, no loop
        return a[:]
    if len(b) == 1:
        y = b[0]
        return [x for x in a if x is not y]
    drop = set(map(id, b))
    return [x for x in a if id(x) not in drop]


def _div(a, b):
    if b == 0:
        raise PackError("division by zero")
    return a // b


def _mod(a, b):
    if b == 0:
        raise PackError("division by zero")
    return a % b


def _hook(g, card, name, args):
    """Run a card's implementation of a pack hook; a kind without one does nothing."""
    if card is None:
        return None
    fn = card.kind.hooks.get(name)
    return fn(g, card, *args) if fn is not None else None


def _dyn(obj, name):
    """Field access on a value whose type the checker could not know (only after a reported error)."""
    for store in ("v", "a", "p"):
        d = getattr(obj, store, None) if store in getattr(type(obj), "__slots__", ()) else None
        if isinstance(d, dict) and name in d:
            return d[name]
    raise PackError(f"no field {name!r} on {obj!r}")


def _dyn_set(g, obj, name, value):
    if isinstance(getattr(obj, "p", None), dict):
        g.set_event(obj, name, value)
    else:
        g.set_value(obj, name, value)


def _sift(g, xs, cost: int):
    """The items a `where` tests, each costing the test's units of the game's work budget."""
    g.work -= len(xs) * cost
    if g.work < 0:
        raise out_of_work(g, "where")
    return xs


def _sift_seq(g, x, cost: int):
    """_sift of _seq(x) in one call: a zone's cards (a snapshot), a list, or nothing for none."""
    xs = [] if x is None else list(x.cards) if isinstance(x, Zone) else x
    g.work -= len(xs) * cost
    if g.work < 0:
        raise out_of_work(g, "where")
    return xs


def _out_of_work(g, what: str):
    """A loop round or call found the game's work budget spent, or calls nested too deep."""
    raise out_of_work(g, what)


def _result(ev):
    """The result of an action declared `-> T` (not `T?`): one that ended without one is a fault."""
    value = ev.p["result"]
    if value is None:
        raise PackError(f"action `{ev.action.name}` ended with no result, though it is declared to give one "
                        f"(declare `-> T?` if it may not)")
    return value


def _zero(g, owner):
    return 0


_MISS = object()
"""No value remembered (Game.memo): a remembered value may itself be none."""


def namespace() -> dict:
    ns = {"__builtins__": {}}
    for cls in (ActionDef, ActiveDef, AnytimeDef, AttrDef, CardKind, CharacterDef, ConvertDef, CounterDef, Limit,
                ModeDef, ModifierDef, MustDef, PackDef, PhaseDef, ReactionDef, ScoreDef, SkillDef, TargetRule, TriggerDef, ZoneDef):
        ns[cls.__name__] = cls
    for fn in (_seq, _list, _range, _index, _concat, _cat, _minus, _div, _mod, _hook, _dyn, _dyn_set, _sift, _sift_seq,
               _out_of_work, _zero, _result):
        ns[fn.__name__] = fn
    ns["_len"] = len
    ns["_any"] = any                # `count(xs where test) > 0` with a pure test (compiler/emit.some_of)
    ns["_MISS"] = _MISS
    for name, fn in FUNCTIONS.items():
        ns["b_" + name] = fn
    return ns


__all__ = ["namespace", "Card"]
