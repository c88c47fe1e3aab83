"""Scores and places over a batch of games: per-game distributions, means with 95% intervals, by
seat and by agent, for `simulate` and `balance` alike (a pack's `score` line, docs/language.md).

Kept as integer histograms (value -> games), so that batches played anywhere add up to the same
figures (balance's Dask sweep); floats are made only at the end, from sorted keys.
"""
from __future__ import annotations

import math
from typing import Optional

import attrs

Z95 = 1.959963984540054          # the normal quantile of 97.5%: a two-sided 95% interval


@attrs.define
class ScoreCounts:
    """Each seat's and agent's scores and places over the games that had them."""
    by_seat: dict = attrs.Factory(dict)         # seat -> {score: games}
    by_agent: dict = attrs.Factory(dict)        # agent name -> {score: player-games}
    places_by_seat: dict = attrs.Factory(dict)  # seat -> {place: games}
    places_by_agent: dict = attrs.Factory(dict)

    def add(self, result, agent_at) -> None:
        """One game's result; `agent_at(seat)` names the agent that played the seat."""
        for what, by_seat, by_agent in (("scores", self.by_seat, self.by_agent),
                                        ("places", self.places_by_seat, self.places_by_agent)):
            values = getattr(result, what, None)
            if values is None:
                continue
            for seat, value in enumerate(values):
                _bump(by_seat.setdefault(seat, {}), value, 1)
                _bump(by_agent.setdefault(agent_at(seat), {}), value, 1)

    def merge(self, other: "ScoreCounts") -> "ScoreCounts":
        for name in ("by_seat", "by_agent", "places_by_seat", "places_by_agent"):
            mine = getattr(self, name)
            for key, hist in getattr(other, name).items():
                for value, n in hist.items():
                    _bump(mine.setdefault(key, {}), value, n)
        return self


def _bump(hist: dict, key, n: int) -> None:
    hist[key] = hist.get(key, 0) + n


def describe(hist: dict) -> dict:
    """A histogram's games, mean with its 95% interval (mean ± 1.96 standard errors, from the
    sample's standard deviation: a normal approximation, fair from a few dozen games), sd, min,
    median, max, and the histogram itself as [value, games] pairs."""
    values = sorted(hist.items())
    n = sum(k for _, k in values)
    if n == 0:
        return {"games": 0, "histogram": []}
    mean = sum(v * k for v, k in values) / n
    var = sum(k * (v - mean) ** 2 for v, k in values) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n) if n > 1 else math.inf
    return {"games": n, "mean": _r(mean), "low": _r(mean - half) if n > 1 else None,
            "high": _r(mean + half) if n > 1 else None, "sd": _r(math.sqrt(var)),
            "min": values[0][0], "median": _median(values, n), "max": values[-1][0],
            "histogram": [[v, k] for v, k in values]}


def _median(values: list, n: int):
    """The lower median (a value some game had)."""
    seen = 0
    for v, k in values:
        seen += k
        if 2 * seen >= n:
            return v
    return values[-1][0]


def _r(x: float) -> float:
    return round(x, 4)


def summary(counts: ScoreCounts, score) -> Optional[dict]:
    """The `scores` section of simulate's and balance's JSON, or None when no game had a score or
    places. `score` is the pack's ScoreDef (what is counted, whether the lowest is best, whether the
    table shares it), or None for a game placed by its rules alone."""
    if not counts.by_seat and not counts.places_by_seat:
        return None
    out: dict = {"measure": None if score is None else score.name,
                 "label": None if score is None else score.label or score.name,     # what the tables call it
                 "shared": score is not None and score.owner == "table",
                 "best": "lowest" if score is not None and score.lowest else "highest"}
    if counts.by_seat:
        out["by_seat"] = {f"P{seat}": describe(h) for seat, h in sorted(counts.by_seat.items())}
        out["by_agent"] = {a: describe(h) for a, h in sorted(counts.by_agent.items())}
    if counts.places_by_seat:
        out["places"] = {"by_seat": {f"P{seat}": describe(h) for seat, h in sorted(counts.places_by_seat.items())},
                         "by_agent": {a: describe(h) for a, h in sorted(counts.places_by_agent.items())}}
    return out


def score_tables(scores: Optional[dict]) -> list:
    """Rich tables of a `scores` section: by seat, then by agent when more than one played, then
    the places likewise. A score the table shares is one row: every seat's is the same."""
    if not scores:
        return []
    what = scores.get("label") or scores["measure"] or "score"
    best = " (lowest best)" if scores["best"] == "lowest" else ""
    out = []
    if "by_seat" in scores:
        if scores["shared"]:
            first = next(iter(scores["by_seat"].values()))
            out.append(stat_table(f"{what}, the table's score{best}", {"table": first}))
        else:
            out.append(stat_table(f"{what} by seat{best}", scores["by_seat"]))
            if len(scores["by_agent"]) > 1:
                out.append(stat_table(f"{what} by agent{best}", scores["by_agent"]))
    if "places" in scores:
        out.append(stat_table("place by seat (1 = first)", scores["places"]["by_seat"]))
        if len(scores["places"]["by_agent"]) > 1:
            out.append(stat_table("place by agent (1 = first)", scores["places"]["by_agent"]))
    return out


def stat_table(title: str, rows: dict):
    """A table of described distributions: games, mean, its 95% interval, min, median, max."""
    from rich.table import Table
    from rich.text import Text

    from spellcard.compiler.text.safe import printable

    t = Table(title=Text(printable(title)), title_style="bold")
    t.add_column("")
    for col in ("games", "mean", "95% interval", "min", "median", "max"):
        t.add_column(col, justify="right")
    for name, d in rows.items():
        if not d["games"]:
            continue
        interval = "–" if d["low"] is None else f"{_num(d['low'])}–{_num(d['high'])}"
        t.add_row(Text(printable(str(name))), str(d["games"]), _num(d["mean"]), interval,
                  str(d["min"]), str(d["median"]), str(d["max"]))
    return t


def _num(x: float) -> str:
    return f"{x:.2f}"
