"""The simulate summary for people: rich's own tables, with names shown as written."""
from __future__ import annotations

import io

from rich.console import Console

from spellcard.summary import print_summary

RATE = {"played": 2, "won": 1, "rate": 0.5}


def summary(**wins) -> dict:
    return {"pack": "p", "mode": "M", "players": 2, "seed": 1, "games": 2, "finished": 2, "turn_limit": 0,
            "errors": 0, "mean_turns": 3.5, "games_per_second": 10.0, "events_per_second": 100,
            "first_error": None,
            "wins": {"by_seat": {"P0": RATE}, "by_agent": {"random": RATE}, "by_attribute": wins,
                     "by_character": {"灵梦": RATE, "[b]markup[/b]": RATE}}}


def test_names_and_titles_print_as_written_not_as_markup():
    out = io.StringIO()
    print_summary(Console(file=out, width=100, color_system=None), summary(**{"[i]team[/i]": {"red": RATE}}))
    text = out.getvalue()
    assert "[b]markup[/b]" in text and "wins by [i]team[/i]" in text and "灵梦" in text
    assert "50.0%" in text and "wins by agent" not in text      # one agent: no table by agent


def test_a_narrow_terminal_still_gets_every_row():
    out = io.StringIO()
    print_summary(Console(file=out, width=30, color_system=None), summary())
    text = out.getvalue()
    assert "P0" in text and "灵梦" in text and "turn limit" in text
