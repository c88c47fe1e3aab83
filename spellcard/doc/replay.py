"""`spellcard replay LOG --html OUT`: one self-contained page that steps through a logged game.

The page carries, for the whole game and for each seat (with --seat N, for seat N alone), every log
entry's readable line and the moves as that seat saw them (spellcard/seen_log.py); its script rebuilds the table at any step from
the start: each zone's cards (those the seat did not know as a count of face-down cards), each
player's character and values, whose turn it is. No server, no external file: it opens from disk.
"""
from __future__ import annotations

import json
from typing import Optional

from spellcard.compiler.text.safe import printable

from ..atomic import write_text
from ..render import FacedLog, card_names, phrases_of, resets_of
from ..seen_log import SeatLog, start_zones
from .embed import json_for_html, static
from .site import _env


def viewer_data(game, header: dict, sealed: Optional[int] = None) -> dict:
    """Plain data for the page: the table's zones and players, and one view per seat plus the whole
    game; or, `sealed` to a seat, that seat's view alone, naming only the cards it knew at some step
    (a page to hand to that player: nothing in it tells a card it did not see)."""
    names = card_names(game)
    start = start_zones(game)
    zones = [{"key": z.key, "name": z.name, "owner": z.owner.seat if z.owner is not None else None,
              "visibility": z.visibility} for z in game.all_zones()]
    if sealed is None:
        views = {"all": _view(game, names, start, None)}
        for p in game.players:
            views[str(p.seat)] = _view(game, names, start, p.seat)
    else:
        views = {str(sealed): _view(game, names, start, sealed)}
        names = {cid: names[cid] for cid in _named(views[str(sealed)])}
    return {"title": f"{header.get('pack_name', game.pack.name)} · {header['mode']} · seed {header['seed']}",
            "players": len(game.players), "zones": zones, "cards": {str(k): v for k, v in names.items()},
            "views": views}


def _named(view: dict) -> set:
    """The card ids a seat's view names: those it knew at the start, and in any move it saw."""
    ids = {cid for slot in view["init"].values() for cid in slot["ids"]}
    for step in view["steps"]:
        if "m" in step:
            ids.update(cid for cid in step["m"][2] + step["m"][3] if cid is not None)
    return ids


def _view(game, names: dict, start: dict, seat: Optional[int]) -> dict:
    """Per entry its line and, for a move, (from zones, to zone, ids seen leaving, ids known after);
    the starting zones as known ids and a count of the rest."""
    renderer = FacedLog(names, resets_of(game.pack), game.pack, phrases_of(game.pack))
    renderer.chosen = game.log.chosen
    seer = SeatLog(game.pack, start, seat, game.log.chosen) if seat is not None else None
    init: dict = {}
    for cid, key in sorted(start.items()):
        slot = init.setdefault(key or "", {"ids": [], "hidden": 0})
        if seer is None or seer.knows(cid):
            slot["ids"].append(cid)
        else:
            slot["hidden"] += 1
    steps = []
    for raw in game.log.entries:
        entry = next(iter(seer.render([raw]))) if seer is not None else raw
        line = next(iter(renderer.render([entry])), None)
        step = {"t": printable(line.plain) if line is not None else "", "k": raw[0]}
        if raw[0] == "move":
            after = [cid if seer is None or seer.knows(cid) else None for cid in raw[1]]
            step["m"] = [raw[2], raw[3], list(entry[1]), after]
        elif raw[0] == "set":            # as the seat saw it: a hidden value reads unknown
            step["s"] = [[entry[1], entry[2], _plain(entry[3])]] + [
                [entry[1], k, _plain(v)] for k, v in (entry[4] if len(entry) > 4 else {}).items()]
        elif raw[0] in ("character", "turn", "out"):
            step["p"] = list(raw[1:])
        steps.append(step)
    return {"init": init, "steps": steps}


def _plain(value):
    return value if isinstance(value, (int, str, bool, type(None))) else json.dumps(value, ensure_ascii=False)


def write_viewer(out: str, game, header: dict, seat: Optional[int]) -> None:
    data = viewer_data(game, header, seat)
    page = _env().get_template("replay.html.j2").render(
        title=data["title"], data=json_for_html(data), seat="all" if seat is None else str(seat),
        players=len(game.players), css=static("style.css"), script=static("replay.js"))
    write_text(out, page)          # beside, then renamed into place: never a cut page
