"""A card kind's usability rules as emitted code: each targeting alternative's count (`tn_`), pool
(`tp_`) and, for a pool whose test changes nothing, whether it has some legal target (`tx_`,
stopping at the first); the kind's condition (`tw_`). runtime/builtins_plays.py asks them."""
from __future__ import annotations

from . import ast as A
from . import emit_inline as inline
from .emit import Emitter
from .pure import Purity

PARAMS = "g, v_user, v_card"


def kind_rules(em: Emitter, purity: Purity, name: str, d: A.CardDecl) -> tuple[list, str | None]:
    """The kind's targeting alternatives, as (kind, count, pool, exists) function names, and its condition's."""
    targets = []
    for i, t in enumerate(d.targets):
        if t.kind in ("self", "none"):
            targets.append((t.kind, None, None, None))
        else:
            n = em.add_value_fn(f"tn_{name}_{i}", PARAMS, t.count)
            pool = _pool_fn(em, f"tp_{name}_{i}", t.pool)
            exists = (em.add_exists_fn(f"tx_{name}_{i}", PARAMS, t.pool)
                      if isinstance(t.pool, A.Where) and purity.expr(t.pool.pred) else None)
            targets.append((t.kind, n, pool, exists))
    when = em.add_value_fn(f"tw_{name}", PARAMS, d.when.cond) if d.when else None
    return targets, when


def _pool_fn(em: Emitter, name: str, pool) -> str:
    """A pool: a `where` one as a loop of its own (no _sift call, no comprehension's frame: a pool is
    made for every card used, and for each card listed whose test may change the game)."""
    if not isinstance(pool, A.Where) or pool in em.c.to_list:
        return em.add_value_fn(name, PARAMS, pool)
    at = em.at(pool)
    lines, items = inline.items(em, pool, at) or ([], em.where_items(pool))
    return em.add_def(name, PARAMS, lines + [
        "_pool = []", f"for v_it in {items}:{at}", f"    if {em.expr(pool.pred)}:{at}",
        "        _pool.append(v_it)", "return _pool"], pool, "the legal targets")
