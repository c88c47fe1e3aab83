"""A card kind's usability rules as emitted code: each targeting alternative's count (`tn_`) and
pool (`tp_`), and whether a card of the kind may be used (`tu_`: its condition, then a legal
target). runtime/builtins/plays.py asks them."""
from __future__ import annotations

from spellcard.compiler import ast as A
from . import inline as inline
from .emitter import Emitter
from .pure import Purity

PARAMS = "g, v_user, v_card"


def kind_rules(em: Emitter, purity: Purity, name: str, d: A.CardDecl) -> tuple[list, str | None]:
    """The kind's targeting alternatives, as (kind, count, pool) function names, and its `tu_`."""
    targets = []
    for i, t in enumerate(d.targets):
        if t.kind in ("self", "none"):
            targets.append((t.kind, None, None))
        else:
            targets.append((t.kind, em.add_value_fn(f"tn_{name}_{i}", PARAMS, t.count),
                            _pool_fn(em, f"tp_{name}_{i}", t.pool)))
    return targets, _fits_fn(em, purity, name, d, [pool for _, _, pool in targets])


def _fits_fn(em: Emitter, purity: Purity, name: str, d: A.CardDecl, pools: list) -> str | None:
    """Whether a card of the kind may be used, `card_allowed` aside: its condition holds and some
    alternative has a legal target, a pool whose test changes nothing stopping at the first that
    passes. None when there is nothing to ask (no condition, a first alternative `self` or `none`),
    or no alternative at all (the runtime tells the two apart by the kind's targets)."""
    if not d.targets or d.when is None and d.targets[0].kind in ("self", "none"):
        return None
    lines = []
    if d.when is not None:
        lines += [f"if not ({em.expr(d.when.cond)}):{em.at(d.when.cond)}", "    return False"]
    for t, pool in zip(d.targets, pools):
        if t.kind in ("self", "none"):
            lines.append("return True")
            break
        at = em.at(t.pool)
        if isinstance(t.pool, A.Where) and purity.expr(t.pool.pred):
            lines += em.first_passing(t.pool)
        elif isinstance(t.pool, A.Where):   # every candidate tested, as listing them would
            lines += [f"if {pool}(g, v_user, v_card):{at}", "    return True"]
        else:
            lines += [f"if {em.expr(t.pool)}:{at}", "    return True"]
    else:
        lines.append("return False")
    return em.add_def(f"tu_{name}", PARAMS, lines, d,
                      f"card {name}: may it be used? (the first legal target is enough)")


def _pool_fn(em: Emitter, name: str, pool) -> str:
    """A pool: a `where` one as a loop of its own (no _sift call, no comprehension's frame: a pool is
    made for every card used, and for each card listed whose test may change the game)."""
    if not isinstance(pool, A.Where) or pool in em.c.to_list:
        return em.add_value_fn(name, PARAMS, pool)
    at = em.at(pool)
    lines, items = inline.items(em, pool, at) or ([], em.where_items(pool))
    return em.add_def(name, PARAMS, lines + [
        "_pool = []", f"for {inline.item_var(pool)} in {items}:{at}", f"    if {em.expr(pool.pred)}:{at}",
        f"        _pool.append({inline.item_var(pool)})", "return _pool"], pool, "the legal targets")
