"""The summary's tables are drawn as rich's Table draws them, byte for byte, with colour and without,
wide or narrow (a table that does not fit is rich's own)."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from spellcard.text_table import TextTable

RATES = [("",), ("played", "", "right"), ("won", "", "right"), ("rate", "", "right")]
TABLES = [
    ("wins by seat", True, RATES, [("P0", "200", "96", "48.0%"), ("P1", "2", "1", "50.5%")]),
    (None, False, [("", "bold"), ("", "", "right")], [("games", "200"), ("finished (won)", "200"), ("events/s", "13104")]),
    ("wins by character", True, RATES, [("灵梦", "200", "96", "48.0%"), ("Reimu Hakurei, long named", "2", "1", "50.5%"),
                                         ("", "0", "0", "0.0%"), ("[bold]x[/]", "1", "1", "100.0%")]),
    ("wins by an attribute with a name longer than its table", True, RATES[:2], [("x", "1")]),
    ("wins by role", True, RATES, []),
    ("wins by [b]markup[/b]  spaced ", True, RATES[:2], [("", "")]),      # rich's own: an empty column
]


def printed(renderable, width: int, colour: bool) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=colour, color_system="truecolor" if colour else None,
                      emoji=False)
    console.print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("title, header, columns, rows", TABLES)
def test_a_text_table_prints_as_richs_table(title, header, columns, rows):
    table = TextTable(title=title, show_header=header)
    for column in columns:
        table.add_column(*column)
    for row in rows:
        table.add_row(*row)
    for width in (120, 80, 36, 20, 9):
        for colour in (False, True):
            assert printed(table, width, colour) == printed(table.as_rich(), width, colour), (width, colour)
