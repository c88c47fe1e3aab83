"""The balance figures as one HTML file: jinja2 with inline SVG charts, no scripts and no links out
(the shared stylesheet, spellcard/doc/templates/style.css, is carried inline),
so it opens offline, mails as one attachment, prints, and is the same bytes for the same figures.

The charts are drawn here as coordinates (the template only places them): an interval chart per
table of win rates, bar charts for skills and cards, and a histogram of game lengths.
"""
from __future__ import annotations

from importlib import resources

import attrs
import jinja2

from spellcard.doc.embed import static

LABEL_W = 210                   # the names' column, left of every chart
PLOT_W = 520                    # the 0–100% axis
ROW_H = 18
TOP = 22                        # room for the axis labels
TOP_USES = 30                   # skills and cards shown in the bar charts (the table lists all)


@attrs.frozen
class Mark:
    """One row of an interval chart: the interval, the rate and the baseline, in pixels."""
    y: float
    name: str
    low: float
    high: float
    rate: float
    baseline: float | None
    flag: str | None
    title: str


def x_of(rate: float) -> float:
    return round(LABEL_W + rate * PLOT_W, 1)


def interval_chart(rows: dict, names: dict | None = None) -> dict:
    """Rows of {played, won, rate, low, high[, baseline, flag]}, the most above their baseline first."""
    def gap(item):
        name, r = item
        return (-(r["rate"] - r.get("baseline", r["rate"])), name)

    marks = []
    for i, (name, r) in enumerate(sorted(rows.items(), key=gap)):
        shown = names.get(name, name) if names else name
        base = r.get("baseline")
        title = (f"{shown}: {100 * r['rate']:.1f}% of {r['played']} (95% {100 * r['low']:.1f}–{100 * r['high']:.1f}%)"
                 + (f", baseline {100 * base:.1f}%" if base is not None else ""))
        marks.append(Mark(TOP + i * ROW_H + ROW_H / 2, shown, x_of(r["low"]), x_of(r["high"]), x_of(r["rate"]),
                          None if base is None else x_of(base), r.get("flag"), title))
    ticks = [(x_of(t / 4), f"{25 * t}%") for t in range(5)]
    return {"marks": marks, "ticks": ticks, "width": LABEL_W + PLOT_W + 20, "height": TOP + len(marks) * ROW_H + 6,
            "top": TOP, "bottom": TOP + len(marks) * ROW_H, "name_x": LABEL_W - 5}


def bar_chart(uses: list[dict]) -> dict:
    """Horizontal bars of uses per game, for the most used TOP_USES."""
    shown = uses[:TOP_USES]
    most = max((u["per_game"] for u in shown), default=0) or 1
    bars = [{"y": TOP + i * ROW_H, "name": u["name"], "w": round(u["per_game"] / most * PLOT_W, 1),
             "value": u["per_game"]} for i, u in enumerate(shown)]
    return {"bars": bars, "label_w": LABEL_W, "width": LABEL_W + PLOT_W + 60, "height": TOP + len(bars) * ROW_H + 6}


def histogram(length: dict) -> dict:
    """Games by length in turns, one bar per turn count from the shortest to the longest game."""
    counts = dict((t, n) for t, n in length.get("histogram", []))
    if not counts:
        return {"bars": [], "width": 0, "height": 0, "labels": []}
    lo, hi = min(counts), max(counts)
    span = hi - lo + 1
    w = max(2.0, min(24.0, PLOT_W / span))
    most = max(counts.values())
    height = 160
    bars = [{"x": round(40 + (t - lo) * w, 1), "w": round(max(1.0, w - 1), 1),
             "h": round(counts.get(t, 0) / most * height, 1), "turns": t, "games": counts.get(t, 0)}
            for t in range(lo, hi + 1)]
    step = max(1, span // 8)
    labels = [(round(40 + (t - lo) * w + w / 2, 1), t) for t in range(lo, hi + 1, step)]
    return {"bars": bars, "labels": labels, "base": height + 10, "width": round(40 + span * w + 20),
            "height": height + 34, "most": most}


def render_report(data: dict) -> str:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(
            lambda name: resources.files("spellcard.balance").joinpath("templates", name).read_text("utf-8")),
        autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    # The chart of skills is the characters': a card's, a mode's or an engine-internal rule is listed apart.
    skills = [s for s in data["skills"] if "characters" in s]
    rules = [s for s in data["skills"] if "characters" not in s]
    labels = {name: f"{c['label']} {name}" if c.get("label") else name for name, c in data["characters"].items()}
    charts = {
        "characters": interval_chart(data["characters"], labels) if data["characters"] else None,
        "seats": interval_chart(data["baseline"]["by_seat"]),
        "attributes": {a: interval_chart(rows) for a, rows in data["baseline"]["by_attribute"].items()},
        "agents": interval_chart(data["by_agent"]) if len(data["by_agent"]) > 1 else None,
        "skills": bar_chart(skills),
        "cards": bar_chart(data["cards"]),
        "length": histogram(data["length"]),
    }
    return env.get_template("report.html.j2").render(d=data, charts=charts, labels=labels, skills=skills,
                                                     rules=rules, css=static("style.css"))
