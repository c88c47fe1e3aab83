"""A game log for people: one line per entry, turns and phases as headings, changes highlighted; FacedLog
names each card by its face ("Danmaku♠7") and words each action as its `says` phrase.

The log stores card ids and zone keys so that it stays compact and exact; this module puts names
back on them. It reads only the generic log vocabulary of the runtime (moves, values, actions,
windows, decisions), so it renders any pack's games.
"""
from __future__ import annotations

import json
from typing import Iterable, Iterator, Mapping, Optional

from rich.text import Text

from spellcard.compiler.text.english import english_name, in_english
from spellcard.compiler.text.safe import printable

from .seen_log import HIDDEN, seen_entries

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
        self.setup: dict[str, list[str]] = {}     # before the first round or turn: the skills granted, by holder
        self.started = False
        self.chosen: Mapping[int, tuple] = {}      # GameLog.chosen: the card ids behind a decision's chosen labels
        self.at = 0                                # the index of the entry being read

    def render(self, entries: Iterable[tuple]) -> Iterator[Text]:
        """The entries' lines, read in order from the log's first (the index counts on across calls)."""
        for entry in entries:
            kind, *data = entry
            method = getattr(self, f"_{kind}", None)
            line = method(*data) if method is not None else _text(json.dumps(list(entry), ensure_ascii=False))
            self.at += 1
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
        return self._granted() + Text(f"══ Round {number} ══", style=HEADING)

    def _turn(self, number, player):
        self._forget("turn")
        self.depth = 0
        return self._granted() + _text(f"── Turn {number} · {self.player(player)} ──", style=HEADING)

    def _granted(self) -> Text:
        """The skills the setup granted, one line per holder, once the game starts: setup grants (a
        character's skills, a mode's rules) are not moves a player reads one by one."""
        if self.started:
            return Text()
        self.started = True
        out = Text()
        for who, skills in self.setup.items():       # each line escaped as _text does; the breaks are ours
            out.append(printable(f"{self.player(who)} has {', '.join(skills)}") + "\n", style=DECISION)
        return out

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
                        for k, v in params.items() if said(v))
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
        if not self.started and card is None:
            self.setup.setdefault(player, []).append(skill)
            return None
        via = f" from {self.card(card)}" if card is not None else ""
        return self._line(f"{self.player(player)} gains {skill}{via}", DECISION)

    def _revoke(self, player, skill):
        return self._line(f"{self.player(player)} loses {skill}", DECISION)

    def _fire(self, skill, player):
        return self._line(f"⚡ {self.player(player)}: {skill}", "green")

    def _activate(self, skill, player):
        return self._line(f"⚡ {self.player(player)} activates {skill}", "green")

    def _ask(self, player, what, prompt, answer, chosen):
        ids = self.chosen.get(self.at)
        if ids:             # a card chosen: named by its face (a label names only its kind), unless hidden
            named = [self.card(i[0]) if len(i) == 1 and label not in (HIDDEN, "…") else label
                     for label, i in zip(chosen if isinstance(chosen, list) else [chosen], ids)]
            chosen = named if isinstance(chosen, list) else named[0]
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


LOG_LANGS = ("zh", "en")
"""The languages a log phrases the pack's actions in (`says "中文" / "English"`), by `--lang`."""


def render_game(game, seat: Optional[int] = None, lang: str = "en") -> Iterator[Text]:
    """The lines of a finished game that was played with its log enabled: all of it, or as `seat`
    saw it (the cards it did not know are "a card"); its actions and phases in the pack's words
    in `lang` (the tool's own words stay English)."""
    yield Text("── Setup ──" if seat is None else f"── Setup · as P{seat} saw it ──", style=HEADING)
    log = FacedLog(card_names(game), resets_of(game.pack), game.pack, phrases_of(game.pack, LOG_LANGS.index(lang)),
                   lang=lang)
    log.chosen = game.log.chosen
    yield from log.render(seen_entries(game, seat))


def card_names(game) -> dict:
    """Card ids to their faces as the deck prints them and the tests write them (answers.spec_of:
    "Danmaku♠7"; the kind alone for a deck that lists no attribute), as the cards are when the game ends."""
    from .answers import spec_of

    return {c.id: spec_of(game.pack, c) for c in game.cards}


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
        scores = list(result.scores or ())
        score = "" if not scores else f", score {scores[0]}" if len(set(scores)) == 1 else \
            ", scores " + ", ".join(f"P{seat} {v}" for seat, v in enumerate(scores))
        return _text(f"Winner: {names or 'nobody'} after {_turns(result.turns)}{score}", style=GOOD)
    if result.reason == "turn_limit":
        return Text(f"No winner: turn limit reached after {_turns(result.turns)}", style="yellow")
    return _text(f"Error after {_turns(result.turns)}: {type(result.error).__name__}: {result.error}", style=BAD)


def _turns(n: int) -> str:
    return "1 turn" if n == 1 else f"{n} turns"


def phrases_of(pack, lang: int = 1) -> dict:
    """Each action's `says` phrase, English (1) else Chinese (0), by action name: as the compiled pack
    carries them."""
    out = {}
    for name, a in pack.actions.items():
        says = tuple(a.says or ())
        phrase = (says[lang] if len(says) > lang else "") or next((p for p in says if p), "")
        if phrase:
            out[name] = phrase
    return out


def phase_words(phase, name: str, lang: str) -> str:
    """A phase as a log in `lang` says it: by its label, the pack's own word, where that is in the log's
    language (a Chinese log takes any label: the pack has no other word for it); else by its name, as
    the rules text says a name the pack gives no words in that language: in English as words
    (`draw_phase` is "draw phase"), in Chinese as written."""
    label = phase.label if phase is not None else ""
    if label and (lang == "zh" or in_english(label)):
        return label
    return english_name(name) if lang == "en" else name


class FacedLog(LogRenderer):
    """The log renderer of `replay --show-log`, naming the cards the seat saw by their face, and
    wording an action as the pack's `says` phrase does ("P0 (Reimu) uses Danmaku♠7 on P1 (Marisa)")."""

    def __init__(self, faces: dict, resets, pack, phrases: dict, lang: str = "en"):
        super().__init__({}, resets)
        self.faces, self.pack, self.phrases, self.lang = faces, pack, phrases, lang

    def _phase(self, name, player):
        self._forget("phase")
        return _text(f" ▸ {phase_words(self.pack.phases.get(name), name, self.lang)}", style="bold")

    def card(self, ref) -> str:
        if isinstance(ref, int) and not isinstance(ref, bool):
            return self.faces.get(ref, "?")
        return super().card(ref)

    def _act(self, name, params):
        adef = self.pack.actions.get(name)
        if adef is None:
            return super()._act(name, params)
        slots = {k: self._slot(v, k in adef.cards) for k, v in params.items()}
        phrase, text = self.phrases.get(name), None
        if phrase is not None:
            try:
                text = phrase.format_map(_Slots(slots))
            except (AttributeError, IndexError, KeyError, ValueError):
                text = None
        if text is None:                # as `replay --show-log` writes it, its cards by face
            text = " ".join([name] + [f"{k}={slots[k]}" for k, v in params.items() if said(v)])
        line = self._line(text.rstrip(), "magenta")
        self.depth += 1
        return line

    def _result(self, action, value):
        adef = self.pack.actions.get(action)
        return self._line(f"⇒ {action} gives {self._slot(value, adef is not None and 'result' in adef.cards) or 'none'}",
                          "bold yellow")

    def _slot(self, v, cards: bool) -> str:
        if isinstance(v, list):
            return ", ".join(self._slot(i, cards) for i in v)
        if cards and v is not None and not isinstance(v, str):
            return self.card(v)
        if isinstance(v, str) and v[:1] == "P" and v[1:].isdigit():
            return self.player(v)
        return "" if v is None else v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def said(v) -> bool:
    """Whether a parameter says something: none, false and empty say nothing, but 0 (a number, a
    card's id) does — `0 in (False, …)` holds in Python, so the test is by identity."""
    return not (v is None or v is False or v == [] or v == "")


class _Slots(dict):
    """A phrase's slots: a parameter the entry does not carry is left empty."""

    def __missing__(self, key):
        return ""
