"""Interaction coverage: what the explored games exercised, and what they never did.

An item is a character, skill or card kind; it was *in* a game when a character sat at the
table, a skill's trigger fired or a card of the kind was used (an action ran with it). Two focus
items *met* when both were in one game. Windows count when a rule listened there.
"""
from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
import attrs

from .play import Played


@attrs.define
class Coverage:
    focus: tuple = ()
    games: int = 0
    decisions: int = 0
    fired: Counter = attrs.Factory(Counter)        # skill -> games it fired in
    windows: Counter = attrs.Factory(Counter)      # action.window -> games a rule listened there
    used: Counter = attrs.Factory(Counter)         # card kind -> games it was used in
    seated: Counter = attrs.Factory(Counter)       # character -> games it sat in
    held: set = attrs.Factory(set)                 # skills of every character seated
    met: Counter = attrs.Factory(Counter)          # (focus item, focus item) -> games they met in

    def add(self, played: Played) -> None:
        s = played.scenario
        self.games += 1
        self.decisions += sum(1 for _, _, forced in s.decisions if not forced)
        fired, used = set(), set()
        kind_of = {c.id: c.kind.name for c in s.game.cards}
        for line in s.log():
            entry = json.loads(line)
            if entry[0] == "fire":
                fired.add(entry[1])
            elif entry[0] == "act":
                for key, value in entry[2].items():
                    if "card" in key:
                        used.update(_kinds(value, kind_of))
        self.fired.update(fired)
        self.used.update(used)
        self.windows.update(played.windows)
        seated = {c for c in played.spec.seats if c in s.pack.characters}    # not a seat by number
        self.seated.update(seated)
        for c in seated:
            self.held.update(s.pack.characters[c].skills)
        present = seated | fired | used
        self.met.update(pair for pair in combinations(self.focus, 2) if set(pair) <= present)

    def never(self) -> dict:
        """What no game exercised: focus items, pairs of them, and skills held but never fired."""
        return {"focus items": [f for f in self.focus if not (self.fired[f] or self.used[f] or self.seated[f])],
                "focus pairs": [f"{a} + {b}" for a, b in combinations(self.focus, 2) if not self.met[(a, b)]],
                "skills held, never fired": sorted(self.held - set(self.fired))}

    def as_json(self) -> dict:
        return {"games": self.games, "decisions": self.decisions, "fired": dict(self.fired.most_common()),
                "windows": dict(self.windows.most_common()), "used": dict(self.used.most_common()),
                "seated": dict(self.seated.most_common()),
                "met": {f"{a} + {b}": n for (a, b), n in self.met.items()}, "never": self.never()}


def _kinds(ref, kind_of: dict) -> list[str]:
    """The card kinds a logged card parameter names: an id, a virtual card, or a list of them."""
    if isinstance(ref, list):
        return [k for r in ref for k in _kinds(r, kind_of)]
    if isinstance(ref, dict) and "as" in ref:
        return [ref["as"]]
    return [kind_of[ref]] if isinstance(ref, int) and ref in kind_of else []
