"""A simulate's summary for people: the overview, then wins by each grouping, as rich tables.

Drawn with rich's public Table (cells given as Text, so no markup is read in a name). Its general
layout costs more than one-line cells need, but it is a few tables per command: measured in the
commit that made it so, against a copy of rich's drawing that it replaces.
"""
from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from spellcard.compiler.text.safe import printable
from spellcard.scores import score_tables


def print_summary(console: Console, s: dict) -> None:
    """A simulate's summary (Tally.summary) for people: the overview, then wins by each grouping."""
    console.print(f"{s['pack']} · {s['mode']} · {s['players']} players · seed {s['seed']}",
                  style="bold", highlight=False)
    overview = Table(show_header=False)
    overview.add_column(style="bold")
    overview.add_column(justify="right")
    rows = [("games", s["games"]), ("finished", s["finished"]), ("turn limit", s["turn_limit"]),
            ("errors", s["errors"]), ("mean turns", s["mean_turns"]),
            ("games/s", s["games_per_second"]), ("events/s", s["events_per_second"])]
    for name, value in rows:
        overview.add_row(name, str(value))
    console.print(overview)
    if s["first_error"]:
        console.print(Text("first error: ", style="bold red") + Text(printable(s["first_error"])), highlight=False)
    wins = s["wins"]
    by_agent = (("agent", wins["by_agent"]),) if len(wins["by_agent"]) > 1 else ()
    labels = wins.get("labels", {})             # an enum member by the pack's label (間諜, not `spy`)
    by_attribute = [(name, {labels.get(v, v): r for v, r in rates.items()}) for name, rates in wins["by_attribute"].items()]
    groups = (("seat", wins["by_seat"]), *by_agent, *by_attribute, ("character", wins["by_character"]))
    for title, rates in groups:
        if rates:
            console.print(rate_table(f"wins by {title}", rates))
    for table in score_tables(s.get("scores")):
        console.print(table)


def rate_table(title: str, rates: dict) -> Table:
    t = Table(title=Text(printable(title)), title_style="bold")
    t.add_column("")
    for col in ("played", "won", "rate"):
        t.add_column(col, justify="right")
    for name, r in rates.items():
        t.add_row(Text(printable(name)), str(r["played"]), str(r["won"]), f"{100 * r['rate']:.1f}%")
    return t
