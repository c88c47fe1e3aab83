"""Tables of plain text for people, drawn as rich's Table draws them, and the simulate summary's.

rich's Table lays out any renderable in any cell: it measures, pads and renders each cell through
its general machinery, about a thousand calls per row, which made printing a 200-game simulate's
summary cost more than a game. These cells are all one line of plain text, so a table that fits the
width is drawn here, segment for segment as rich's Table would draw it (tests/test_text_table.py
holds the two to the same bytes, with and without colour); any other is drawn by rich's Table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from spellcard.compiler.text.safe import printable

if TYPE_CHECKING:
    from rich.table import Table


class TextTable:
    """The part of rich.table.Table the summary uses: a bold title, a bold header row (or none),
    columns of one-line text, each with a style and left or right justified, in the default box."""

    def __init__(self, title: Optional[str] = None, show_header: bool = True):
        self.title = title
        self.show_header = show_header
        self.columns: list[tuple[str, str, str]] = []      # (header, style, justify)
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str = "", style: str = "", justify: str = "left") -> None:
        self.columns.append((header, style, justify))

    def add_row(self, *cells: str) -> None:
        self.rows.append(cells)

    def as_rich(self) -> Table:
        """The same table as rich's Table (the cells as Text: no markup is read in them). Imported only
        for a table that does not fit: rich.table brings fractions and decimal, 3% of a short simulate."""
        from rich.table import Table

        t = Table(title=self.title, title_style="bold", show_header=self.show_header)
        for header, style, justify in self.columns:
            t.add_column(header, style=style or None, justify=justify)
        for row in self.rows:
            t.add_row(*(Text(c) for c in row))
        return t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = [(h for h, _, _ in self.columns)] if self.show_header else []
        texts = [*lines, *self.rows]
        widths = [max(cell_len(t) for t in column) + 2 for column in zip(*texts)]   # a space each side
        table_width = sum(widths) + len(widths) + 1
        title = self.title or ""
        plain = not any("\n" in t or "\r" in t for row in self.rows for t in row)
        if (not widths or 2 in widths or table_width > options.max_width or cell_len(title) > table_width
                or title != title.strip() or "  " in title or "[" in title or not plain):
            yield self.as_rich()            # wrapped, shrunk, marked up or an empty column: rich lays it out
            return
        yield from self._segments(console, options, widths, table_width)

    def _segments(self, console: Console, options: ConsoleOptions, widths: list[int],
                  table_width: int) -> RenderResult:
        new_line = Segment.line()
        if self.title:
            excess = table_width - cell_len(self.title)
            centred = " " * (excess // 2) + self.title + " " * (excess - excess // 2)
            yield Segment(centred, console.get_style("bold"))
            yield new_line
        border = Style.null()
        drawn = box.HEAVY_HEAD.substitute(options, safe=console.safe_box)
        if not self.show_header:
            drawn = drawn.get_plain_headed_box()
        yield Segment(drawn.get_top(widths), border)
        yield new_line
        ends = [(drawn.head_left, drawn.head_vertical, drawn.head_right),
                (drawn.mid_left, drawn.mid_vertical, drawn.mid_right),
                (drawn.foot_left, drawn.foot_vertical, drawn.foot_right)]
        header_style = console.get_style("table.header")
        styles = [console.get_style(style) if style else Style.null() for _, style, _ in self.columns]
        rows = [(tuple(h for h, _, _ in self.columns), [header_style] * len(widths))] if self.show_header else []
        rows += [(row, styles) for row in self.rows]
        for index, (cells, cell_styles) in enumerate(rows):
            left, divider, right = ends[0 if index == 0 else 2 if index == len(rows) - 1 else 1]
            yield Segment(left, border)
            for i, (text, width, style, (_, _, justify)) in enumerate(zip(cells, widths, cell_styles, self.columns)):
                if i:
                    yield Segment(divider, border)
                room = " " * (width - 2 - cell_len(text))
                yield Segment(" ", style)
                yield Segment(room + text if justify == "right" else text + room, style)
                yield Segment(" ", style)
            yield Segment(right, border)
            yield new_line
            if index == 0 and self.show_header:
                yield Segment(drawn.get_row(widths, "head", edge=True), border)
                yield new_line
        yield Segment(drawn.get_bottom(widths), border)
        yield new_line


# ── the simulate summary ──────────────────────────────────────────────────────────
def print_summary(console: Console, s: dict) -> None:
    """A simulate's summary (Tally.summary) for people: the overview, then wins by each grouping."""
    console.print(f"{s['pack']} · {s['mode']} · {s['players']} players · seed {s['seed']}",
                  style="bold", highlight=False)
    overview = TextTable(show_header=False)
    overview.add_column(style="bold")
    overview.add_column(justify="right")
    rows = [("games", s["games"]), ("finished (won)", s["finished"]), ("turn limit", s["turn_limit"]),
            ("errors", s["errors"]), ("mean turns", s["mean_turns"]),
            ("games/s", s["games_per_second"]), ("events/s", s["events_per_second"])]
    for name, value in rows:
        overview.add_row(name, str(value))
    console.print(overview)
    if s["first_error"]:
        console.print(Text("first error: ", style="bold red") + Text(printable(s["first_error"])), highlight=False)
    wins = s["wins"]
    by_agent = (("agent", wins["by_agent"]),) if len(wins["by_agent"]) > 1 else ()
    groups = (("seat", wins["by_seat"]), *by_agent, *wins["by_attribute"].items(),
              ("character", wins["by_character"]))
    for title, rates in groups:
        if rates:
            console.print(rate_table(f"wins by {title}", rates))


def rate_table(title: str, rates: dict) -> TextTable:
    t = TextTable(title=title)
    t.add_column("")
    for col in ("played", "won", "rate"):
        t.add_column(col, justify="right")
    for name, r in rates.items():
        t.add_row(printable(name), str(r["played"]), str(r["won"]), f"{100 * r['rate']:.1f}%")
    return t
