"""From a sweep's Counts to the balance figures: win rates with Wilson intervals, each against a
baseline that is fair to where the player sat.

The baseline of a row (a character, or a character in one seat or role) is the win rate an average
player would have had in the same places: each of the row's player-games is weighed by the win rate
of its cell (agent, seat and every shown attribute value, such as role and team) over the *other*
characters' games there. So a lord is compared with lords, P0 with P0, and a strong character does
not raise its own bar. A row of at least MIN_PLAYED player-games is flagged when its whole 95%
interval lies above or below that bar.
"""
from __future__ import annotations

import math
from typing import Iterable, Optional

from spellcard.runtime.defs import PackDef
from spellcard.scores import summary as score_summary

from .counts import Counts
from .unfired import held_by, never_ran

Z95 = 1.959963984540054          # the normal quantile of 97.5%: a two-sided 95% interval
MIN_PLAYED = 10
"""Fewer player-games than this flag nothing: one lucky game as a rare seat and role is not news,
and a sweep makes hundreds of such small rows."""


def wilson(won: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike p ± z·√(p(1-p)/n), it stays inside [0, 1]
    and is honest at 0 or n wins and small n, as a new character's first games are."""
    if n == 0:
        return 0.0, 1.0
    p = won / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z / d * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def _r(x: float) -> float:
    return round(x, 4)


def row(won: int, n: int, baseline: Optional[float] = None) -> dict:
    low, high = wilson(won, n)
    out = {"played": n, "won": won, "rate": _r(won / n) if n else 0.0, "low": _r(low), "high": _r(high)}
    if baseline is not None:
        out["baseline"] = _r(baseline)
        out["flag"] = None if n < MIN_PLAYED else "above" if low > baseline else "below" if high < baseline else None
    return out


class Cells:
    """Win totals by cell (agent, seat, attribute values), overall and per character, for the
    leave-one-out baselines."""

    def __init__(self, players: dict):
        self.all: dict = {}
        self.by_character: dict = {}
        for (agent, character, seat, values), (n, w) in sorted(players.items()):
            cell = (agent, seat, values)
            _add(self.all, cell, n, w)
            _add(self.by_character, (character, cell), n, w)

    def rate_without(self, character: str, cell) -> float:
        n, w = self.all[cell]
        own_n, own_w = self.by_character.get((character, cell), (0, 0))
        if n > own_n:
            return (w - own_w) / (n - own_n)
        return w / n                # nobody else sat there: the row is its own baseline, never flagged

    def baseline(self, character: str, keys: Iterable) -> float:
        """The played-weighted mean of the cells' rates without `character`, over a row's keys."""
        total = weighted = 0.0
        for (agent, _, seat, values), n in keys:
            total += n
            weighted += n * self.rate_without(character, (agent, seat, values))
        return weighted / total if total else 0.0


def _add(totals: dict, key, n: int, w: int) -> None:
    row_ = totals.setdefault(key, [0, 0])
    row_[0] += n
    row_[1] += w


def _grouped(players: dict, key_of) -> dict:
    """key_of(player key) -> [played, won], over sorted keys."""
    out: dict = {}
    for k, (n, w) in sorted(players.items()):
        group = key_of(k)
        if group is not None:
            _add(out, group, n, w)
    return out


def analyse(counts: Counts, pack: PackDef, header: dict, sources: Optional[dict] = None) -> dict:
    """The balance figures as plain, JSON-ready data; the same Counts always give the same data.
    `sources` ({path: text}) lets the parts that never ran quote their conditions."""
    players = counts.players
    cells = Cells(players)
    attributes = sorted({name for (_, _, _, values) in players for name, _ in values})
    total = _grouped(players, lambda k: "all").get("all", [0, 0])
    baseline = {
        "rate": _r(total[1] / total[0]) if total[0] else 0.0,
        "by_seat": {f"P{s}": row(w, n) for s, (n, w) in sorted(_grouped(players, lambda k: k[2]).items())},
        "by_attribute": {a: {v: row(w, n) for v, (n, w) in sorted(_grouped(players, _value_of(a)).items())}
                         for a in attributes},
    }
    agents = _grouped(players, lambda k: k[0])
    characters = {}
    outliers = []
    for name in sorted({k[1] for k in players if k[1]}):
        mine = {k: nw for k, nw in sorted(players.items()) if k[1] == name}
        entry = _character_row(cells, name, mine.items())
        entry["label"] = pack.characters[name].label if name in pack.characters else ""
        entry["by_seat"] = {}
        for seat in sorted({k[2] for k in mine}):
            entry["by_seat"][f"P{seat}"] = _character_row(cells, name, [(k, nw) for k, nw in mine.items() if k[2] == seat])
        entry["by_attribute"] = {}
        for a in attributes:
            of = _value_of(a)
            groups = {}
            for value in sorted({of(k) for k in mine} - {None}):
                groups[value] = _character_row(cells, name, [(k, nw) for k, nw in mine.items() if of(k) == value])
            if groups:
                entry["by_attribute"][a] = groups
        characters[name] = entry
        outliers.extend(_flags(name, entry))
    return {
        **header,
        "games": counts.games, "finished": counts.finished, "turn_limit": counts.turn_limit,
        "errors": counts.errors,
        "first_error": None if counts.first_error is None else f"seed {counts.first_error[0]}: {counts.first_error[1]}",
        "confidence": 0.95,
        "baseline": baseline,
        "by_agent": {a: row(w, n) for a, (n, w) in sorted(agents.items())},
        "characters": characters,
        "outliers": sorted(outliers, key=lambda o: (o["where"] != "all", -abs(o["rate"] - o["baseline"]),
                                                    o["character"], o["where"])),
        "skills": _held(_uses(counts.skills, counts.games, _owners(pack)), pack),
        "cards": _uses(counts.cards, counts.games, {}),
        "never_ran": never_ran(pack, held_by(pack, {k[1] for k in players if k[1]}), counts.parts,
                               counts.declined, sources),
        "length": length(counts.lengths),
        "scores": score_summary(counts.scores, pack.score),
    }


def _value_of(attribute: str):
    def of(k):
        return dict(k[3]).get(attribute)
    return of


def _character_row(cells: Cells, name: str, items) -> dict:
    items = list(items)
    n = sum(nw[0] for _, nw in items)
    w = sum(nw[1] for _, nw in items)
    return row(w, n, cells.baseline(name, [(k, nw[0]) for k, nw in items]))


def _flags(name: str, entry: dict) -> list[dict]:
    """Every row of a character whose interval misses its baseline: overall, then by seat, then by
    each attribute value."""
    rows = [("all", entry)] + [(f"seat {s}", r) for s, r in entry["by_seat"].items()] + [
        (f"{a} {v}", r) for a, groups in entry["by_attribute"].items() for v, r in groups.items()]
    return [{"character": name, "where": where, **{k: r[k] for k in ("flag", "rate", "low", "high", "baseline", "played")}}
            for where, r in rows if r["flag"]]


def _owners(pack: PackDef) -> dict:
    """Skill name -> the characters that have it (a card's or a mode's skill has none)."""
    owners: dict = {}
    for c in pack.characters.values():
        for s in c.skills:
            owners.setdefault(s, []).append(c.name)
    return owners


def _held(uses: list[dict], pack: PackDef) -> list[dict]:
    """A skill no character lists says what holds it instead (`rule_of`: the cards and modes), so
    the report can keep the pack's rules out of the characters' skills; `[]`: a rule granted in play."""
    holders: dict = {}
    for c in pack.kinds.values():
        for s in c.skills:
            holders.setdefault(s, []).append(c.name)
    for m in pack.modes.values():
        for s in m.rules + m.skills:
            holders.setdefault(s, []).append(m.name)
    for u in uses:
        if "characters" not in u:
            u["rule_of"] = sorted(set(holders.get(u["name"], [])))
    return uses


def _uses(counts: dict, games: int, owners: dict) -> list[dict]:
    """Most used first (then by name), with uses per game."""
    out = []
    for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        item = {"name": name, "count": n, "per_game": _r(n / games) if games else 0.0}
        if name in owners:
            item["characters"] = owners[name]
        out.append(item)
    return out


def length(lengths: dict) -> dict:
    """The distribution of game lengths in turns: a histogram and its quantiles."""
    if not lengths:
        return {"histogram": [], "games": 0}
    values = sorted(lengths.items())
    games = sum(n for _, n in values)

    def quantile(q: float) -> int:
        rank, seen = q * (games - 1), 0
        for turns, n in values:
            seen += n
            if seen > rank:
                return turns
        return values[-1][0]

    return {"games": games, "histogram": [[t, n] for t, n in values],
            "mean": _r(sum(t * n for t, n in values) / games), "min": values[0][0], "max": values[-1][0],
            "p10": quantile(0.1), "median": quantile(0.5), "p90": quantile(0.9)}
