"""A game log for people: one line per entry, turns and phases as headings, changes highlighted.

The log stores card ids and zone keys so that it stays compact and exact; this module puts names
back on them. It reads only the generic log vocabulary of the runtime (moves, values, actions,
windows, decisions), so it renders any pack's games.
"""
from __future__ import annotations

import json
from typing import Iterable, Iterator, Mapping, Optional

from rich.text import Text

from spellcard.compiler.text.safe import printable

from .seen_log import seen_entries

HEADING = "bold cyan"
CHANGE = "bold yellow"
DECISION = "dim"
BAD = "bold red"
GOOD = "bold green"
MAX_INDENT = 8          # deeper chains (a rule loop runs to 120) would push lines off the screen


class LogRenderer:
    """Renders entries in order, remembering what earlier entries said (who plays which character,
    the last value of each counter, how deeply actions are nested) to make later lines readable.

    `resets` names, per scope (round, turn, phase), the counters the runtime resets silently at its
    start, as (owner is the table, name): their remembered values are forgotten there.
    """

    def __init__(self, card_names: Mapping[int, str], resets: Optional[Mapping[str, set]] = None):
        self.card_names = card_names
        self.resets = resets or {}
        self.characters: dict[str, str] = {}
        self.values: dict[tuple, object] = {}
        self.depth = 0

    def render(self, entries: Iterable[tuple]) -> Iterator[Text]:
        for entry in entries:
            kind, *data = entry
            method = getattr(self, f"_{kind}", None)
            line = method(*data) if method is not None else _text(json.dumps(list(entry), ensure_ascii=False))
            if line is not None:
                yield line

    # ── names ─────────────────────────────────────────────────────────────────
    def player(self, ref: str) -> str:
        name = self.characters.get(ref)
        return f"{ref} ({name})" if name else ref

    def card(self, ref) -> str:
        if ref is None:                    # a card the seat the log is shown for did not see
            return "a card"
        if isinstance(ref, dict):          # a virtual card: a kind standing for real cards
            return f"{ref['as']} (as {', '.join(self.card(c) for c in ref['of'])})" if ref["of"] else ref["as"]
        return f"{self.card_names.get(ref, '?')}#{ref}"

    @staticmethod
    def zone(key) -> str:
        if key is None:
            return "nowhere"
        name, _, seat = key.partition("@")
        return f"P{seat} {name}" if seat else name

    def _line(self, text: str, style: str = "") -> Text:
        return _text("  " * min(self.depth, MAX_INDENT) + text, style=style)

    # ── one method per log entry kind ───────────────────────────────────────────
    def _forget(self, scope: str) -> None:
        reset = self.resets.get(scope)
        if reset:
            self.values = {k: v for k, v in self.values.items() if (k[0] == "table", k[1]) not in reset}

    def _round(self, number):
        self._forget("round")
        return Text(f"══ Round {number} ══", style=HEADING)

    def _turn(self, number, player):
        self._forget("turn")
        self.depth = 0
        return _text(f"── Turn {number} · {self.player(player)} ──", style=HEADING)

    def _phase(self, name, player):
        self._forget("phase")
        return _text(f" ▸ {name}", style="bold")

    def _move(self, ids, froms, to, where):
        cards = [self.card(i) for i in ids]
        dest = self.zone(to) + (" (bottom)" if where == "bottom" else "")
        if len(set(froms)) == 1:
            return self._line(f"{self.zone(froms[0])} → {dest}: {', '.join(cards)}")
        sourced = ", ".join(f"{c} (from {self.zone(f)})" for c, f in zip(cards, froms))
        return self._line(f"→ {dest}: {sourced}")

    def _set(self, owner, name, value, shows=None):
        key = (owner, name)
        change = f"{_show(self.values[key])} → {_show(value)}" if key in self.values else f"= {_show(value)}"
        self.values[key] = value
        who = owner if owner == "table" else self.player(owner)
        # As a seat saw it: the values this change made public to it (a role shown on death).
        for k, v in (shows or {}).items():
            self.values[(owner, k)] = v
            change += f", {k} = {_show(v)}"
        return self._line(f"{who} {name} {change}", CHANGE)

    def _act(self, name, params):
        # Parameters left empty (none, false, []) say nothing; players are named by their characters.
        args = " ".join(f"{k}={self.player(v) if _is_player(v) else _show(v)}"
                        for k, v in params.items() if v not in (None, False, [], ""))
        line = self._line(f"{name} {args}".rstrip(), "magenta")
        self.depth += 1
        return line

    def _end(self, name, cancelled):
        self.depth = max(0, self.depth - 1)

    def _change(self, action, name, value):
        return self._line(f"↳ {action}.{name} = {_show(value)}", CHANGE)

    def _result(self, action, value):
        return self._line(f"⇒ {action} gives {_show(value)}", CHANGE)

    def _cancel(self, action):
        return self._line(f"✗ {action} cancelled", BAD)

    def _grant(self, player, skill, card):
        via = f" from {self.card(card)}" if card is not None else ""
        return self._line(f"{self.player(player)} gains {skill}{via}", DECISION)

    def _revoke(self, player, skill):
        return self._line(f"{self.player(player)} loses {skill}", DECISION)

    def _fire(self, skill, player):
        return self._line(f"⚡ {self.player(player)}: {skill}", "green")

    def _activate(self, skill, player):
        return self._line(f"⚡ {self.player(player)} activates {skill}", "green")

    def _ask(self, player, what, prompt, answer, chosen):
        return self._line(f"{self.player(player)} {prompt} → {_show(chosen)}", DECISION)

    def _refused(self, player, what, answer, reason):
        return self._line(f"{self.player(player)} {what}: {answer} refused: {reason}", "red")

    def _character(self, player, name):
        self.characters[player] = name
        return self._line(f"{player} is {name}", "bold")

    def _shuffle(self, zone):
        return self._line(f"{self.zone(zone)} shuffled", DECISION)

    def _reveal(self, cards):
        return self._line(f"revealed: {', '.join(self.card(c) for c in cards)}")

    def _show(self, cards, seats):
        return self._line(f"shown to {', '.join(self.player(p) for p in seats)}: "
                          f"{', '.join(self.card(c) for c in cards)}")

    def _say(self, message):
        return self._line(f"“{message}”", "italic")

    def _out(self, player):
        return self._line(f"✝ {self.player(player)} is out", BAD)

    def _back(self, player):
        return self._line(f"{self.player(player)} is back in", GOOD)

    def _round_over(self, number):
        return self._line(f"the rules end round {number} at once")

    def _over(self, winners):
        self.depth = 0
        return _text(f"Game over: {', '.join(self.player(w) for w in winners) or 'nobody'} won", style=GOOD)

    def _error(self, kind, message):
        self.depth = 0
        return _text(f"{kind}: {message}", style=BAD)


def _text(text: str, style: str = "") -> Text:
    """A line that shows pack text (a name, a label, a said string), its control characters escaped."""
    return Text(printable(text), style=style)


def _is_player(v) -> bool:
    return isinstance(v, str) and v.startswith("P") and v[1:].isdigit()


def _show(value) -> str:
    """Values as a rules author writes them: bare text, `none`, JSON for lists and the rest."""
    if isinstance(value, str):
        return value
    return "none" if value is None else json.dumps(value, ensure_ascii=False)


def render_game(game, seat: Optional[int] = None) -> Iterator[Text]:
    """The lines of a finished game that was played with its log enabled: all of it, or as `seat`
    saw it (the cards it did not know are "a card")."""
    yield Text("── Setup ──" if seat is None else f"── Setup · as P{seat} saw it ──", style=HEADING)
    yield from LogRenderer(card_names(game), resets_of(game.pack)).render(seen_entries(game, seat))


def card_names(game) -> dict:
    """Card ids to kind names, as the cards are when the game ends."""
    return {c.id: c.kind.name for c in game.cards}


def resets_of(pack) -> dict[str, set]:
    """Per scope, the counters the runtime resets silently at its start, as (on the table, name)."""
    resets: dict[str, set] = {}
    for (owner, name), cd in pack.counters.items():
        if cd.reset:
            resets.setdefault(cd.reset, set()).add((owner == "table", name))
    return resets


def outcome_line(game, result) -> Text:
    """How the game ended, naming the winners by seat and character."""
    if result.reason == "win":
        names = ", ".join(f"P{p.seat} ({p.character.name})" if p.character else f"P{p.seat}"
                          for p in result.winners)
        return _text(f"Winner: {names or 'nobody'} after {_turns(result.turns)}", style=GOOD)
    if result.reason == "turn_limit":
        return Text(f"No winner: turn limit reached after {_turns(result.turns)}", style="yellow")
    return _text(f"Error after {_turns(result.turns)}: {type(result.error).__name__}: {result.error}", style=BAD)


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"
