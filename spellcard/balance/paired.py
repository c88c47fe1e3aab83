"""The figures of `balance --focus`: the character's win rate and the baseline's, each with its 95%
Wilson interval, and their difference with a 95% interval for paired proportions.

The two rates are measured on the same (seed, seat) pairs, so their difference is not that of two
independent samples: the deal and the seat push both the same way, and an interval that ignored it
would be too wide. Newcombe's method 10 (Newcombe 1998, "Improved confidence intervals for the
difference between binomial proportions based on paired data", Statistics in Medicine 17:2635)
builds it from the two Wilson intervals and the pairs' correlation; like them it stays inside
[-1, 1] and is honest for few pairs and rates near 0 or 1. No library in the environment computes
it (statsmodels, which has paired tests, is not a dependency), so it is written out here.
"""
from __future__ import annotations

import math
from typing import Optional

from spellcard.runtime.defs import PackDef

from .focus import BASE, BOTH, FOCUS, NEITHER, FocusCounts
from .stats import MIN_PLAYED, _r, wilson
from .unfired import held_by, never_ran, parts_of


def newcombe_paired(both: int, first_only: int, second_only: int, neither: int) -> tuple[float, float]:
    """The 95% interval of p(first) - p(second) from paired yes/no outcomes (method 10)."""
    a, b, c, d = both, first_only, second_only, neither
    n = a + b + c + d
    if n == 0:
        return -1.0, 1.0
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n)
    l2, u2 = wilson(a + c, n)
    spread = (a + b) * (c + d) * (a + c) * (b + d)
    if spread == 0:
        phi = 0.0
    else:                       # the continuity-corrected correlation of the pairs, as Newcombe's method 10
        ad_bc = a * d - b * c
        phi = (max(ad_bc - n / 2, 0.0) if ad_bc > 0 else ad_bc) / math.sqrt(spread)
    diff = p1 - p2
    low = diff - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = diff + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return max(-1.0, low), min(1.0, high)


def compare(row: list) -> dict:
    """A seat's (or all seats') pairs: the rates, their intervals, the difference and its flag."""
    a, b, c, d = row[BOTH], row[FOCUS], row[BASE], row[NEITHER]
    n = a + b + c + d
    fl, fh = wilson(a + b, n)
    bl, bh = wilson(a + c, n)
    dl, dh = newcombe_paired(a, b, c, d)
    flag = None if n < MIN_PLAYED else "above" if dl > 0 else "below" if dh < 0 else None
    return {"pairs": n, "won": a + b, "rate": _r((a + b) / n) if n else 0.0, "low": _r(fl), "high": _r(fh),
            "baseline": {"won": a + c, "rate": _r((a + c) / n) if n else 0.0, "low": _r(bl), "high": _r(bh)},
            "difference": {"value": _r((b - c) / n) if n else 0.0, "low": _r(dl), "high": _r(dh)},
            "flag": flag}


def focus_figures(counts: FocusCounts, pack: PackDef, header: dict, sources: Optional[dict] = None) -> dict:
    """The --focus figures as plain, JSON-ready data; the same counts always give the same data."""
    total = [sum(row[i] for row in counts.pairs.values()) for i in range(4)]
    character = counts.character
    first = counts.first_error
    held = held_by(pack, [character])
    return {
        **header,
        "focus": character,
        "label": pack.characters[character].label,
        "seeds": counts.seeds, "games": counts.games, "errors": counts.errors, "dropped": counts.dropped,
        "first_error": None if first is None else
        f"seed {first[0]} ({'baseline game' if first[1] < 0 else f'{character} at P{first[1]}'}): {first[2]}",
        "confidence": 0.95,
        "all": compare(total),
        "by_seat": {f"P{s}": compare(row) for s, row in sorted(counts.pairs.items())},
        "parts": sum(len(parts_of(pack, s)) for s in held),   # triggers, actives, conversions
        "never_ran": never_ran(pack, held, counts.parts, counts.declined, sources),
    }
