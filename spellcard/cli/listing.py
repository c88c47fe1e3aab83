"""`spellcard list`: a pack's cards, characters and modes, as tables or JSON."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from spellcard.compiler.text.safe import printable

from .main import load_target, span, with_files

if TYPE_CHECKING:
    from rich.table import Table as RichTable

    from spellcard.runtime.defs import PackDef

@click.command("list")
@click.argument("pack")
@with_files
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
def list_cmd(pack: str, extra: tuple[str, ...], as_json: bool) -> None:
    """List the pack's cards, characters and modes.

    Cards and characters get a column per attribute the pack's `show card` and `show character`
    lines name (without them: the attributes each kind fixes). A card's copies are its entries in
    the pack's first deck, printed as on the card ("♠A").
    """
    pdef = load_target(pack, extra).pack
    data = catalogue(pdef)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, sort_keys=True))
        return
    from rich.console import Console

    console = Console()
    columns = text_columns(pdef.shown)
    for title, rows in (("cards", data["cards"]), ("characters", data["characters"]), ("modes", data["modes"])):
        if rows or title != "characters":       # a game with no characters (The Game, Love Letter) lists none
            console.print(rows_table(title, rows, columns[title]))
    console.print(f"deck: {data['deck_size']} cards")


def catalogue(pack: PackDef) -> dict:
    """The pack's contents as plain data: of cards and characters, the attributes the pack shows;
    card copies come from its first deck."""
    from spellcard.faces import card_face

    deck = next(iter(pack.decks.values()), [])

    def shown(owner: str, attrs: dict) -> dict:
        return {name: attr_value(pack, owner, attrs, name) for name in pack.shown.get(owner, ())}

    return {
        "cards": [{"name": k.name, "label": k.label, "attrs": shown("card", k.attrs),
                   "copies": [card_face(pack, values) for kind, values in deck if kind == k.name]}
                  for k in pack.kinds.values()],
        "characters": [{"name": c.name, "label": c.label, "attrs": shown("character", c.attrs),
                        "skills": list(c.skills)} for c in pack.characters.values()],
        "modes": [{"name": m.name, "label": m.label, "players": [m.min_players, m.max_players], "deck": m.deck}
                  for m in pack.modes.values()],
        "deck_size": len(deck),
    }


def attr_value(pack: PackDef, owner: str, attrs: dict, name: str):
    """A card kind's or character's attribute, or the pack's default when that needs no game."""
    if name in attrs:
        return attrs[name]
    adef = pack.attrs_.get((owner, name))
    if adef is None or adef.default is None:
        return None
    try:
        return adef.default(None, None)
    except Exception:           # a default computed from the game has no value outside one
        return None


def _copies(card: dict) -> str:
    faces = " ".join(c for c in card["copies"] if c)          # a deck of plain copies prints no face
    return (f"{len(card['copies'])}: {faces}" if faces else str(len(card["copies"]))) if card["copies"] else ""


def text_columns(shown: dict) -> dict:
    """Per catalogue section: the column headers and how each cell is read from the JSON row; cards
    and characters get a column per attribute the pack shows."""
    def attrs(owner: str) -> tuple:
        return tuple((name, lambda row, name=name: row["attrs"][name]) for name in shown.get(owner, ()))

    return {
        "cards": (("name", "name"), ("label", "label"), *attrs("card"), ("copies", _copies)),
        "characters": (("name", "name"), ("label", "label"), *attrs("character"),
                       ("skills", lambda c: ", ".join(c["skills"]))),
        "modes": (("name", "name"), ("label", "label"), ("players", lambda m: span(*m["players"])), ("deck", "deck")),
    }


def rows_table(title: str, rows: list[dict], columns: tuple) -> RichTable:
    from rich.table import Table as RichTable
    from rich.text import Text

    t = RichTable(title=title, title_style="bold")
    for header, _ in columns:
        t.add_column(header)
    for row in rows:
        cells = (get(row) if callable(get) else row[get] for _, get in columns)
        t.add_row(*(Text("" if v is None else printable(v)) for v in cells))     # never read as markup
    return t
