"""Interaction coverage: what the explored games exercised, and what they never did.

An item is a character, skill or card kind; it was *in* a game when a character sat at the
table, a skill was used (a trigger fired, an active skill was activated, a conversion made a
card: every kind of skill, limited and awakening ones included) or a card of the kind was used
(an action ran with it). Two focus items *met* when both were in one game. Windows count when a
rule listened there. The game that broke a property counts too: coverage is of every game played
before the break, and that one.

With a partner search (pairs.py), each pair of the focus and a partner has its own figures: met
(both at the table), interacted (both took part in one chain of windows, a skill of either
acting: chains.py), both acted (a skill of each acted in one chain) and broke (they interacted
in the breaking game).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Optional

import attrs

from spellcard.balance.unfired import held_by, never_ran

from .chains import both_acted, card_interacted, chains, interacted
from .pairs import Pairs
from .play import Played


@attrs.define
class Coverage:
    focus: tuple = ()
    games: int = 0
    decisions: int = 0
    fired: Counter = attrs.Factory(Counter)        # skill -> games it was used in (fired, activated, converted with)
    windows: Counter = attrs.Factory(Counter)      # action.window -> games a rule listened there
    used: Counter = attrs.Factory(Counter)         # card kind -> games it was used in
    seated: Counter = attrs.Factory(Counter)       # character -> games it sat in
    held: set = attrs.Factory(set)                 # skills of every character seated
    parts: Counter = attrs.Factory(Counter)        # "Skill#i" -> times that trigger, active or conversion ran
    declined: Counter = attrs.Factory(Counter)     # "Skill#i" -> times its owner was offered it and said no
    met: Counter = attrs.Factory(Counter)          # (focus item, focus item) -> games they met in
    pairs: Optional[Pairs] = None                  # the partner search's figures, when there is one
    focus_character: Optional[str] = None          # the character the partners are paired with

    def add(self, played: Played, broke: bool = False) -> None:
        s = played.scenario
        self.games += 1
        self.decisions += sum(1 for _, _, forced in s.decisions if not forced)
        used, ran_with = set(), set()
        kind_of = {c.id: c.kind.name for c in s.game.cards}
        for entry in s.game.log.entries:         # as logged, before JSON: the same values
            if entry[0] == "act":
                for key, value in entry[2].items():
                    if "card" in key:
                        used.update(_kinds(value, kind_of))
                    if key == "card":
                        ran_with.update(_kinds(value, kind_of))
        fired = set(played.skills)
        if played.usage is not None:
            self.parts.update(played.usage.parts)
            self.declined.update(played.usage.declined)
        self.fired.update(fired)
        self.used.update(used)
        self.windows.update(played.windows)
        seated = {c for c in played.spec.seats if c in s.pack.characters}    # not a seat the setup fills
        self.seated.update(seated)
        for c in seated:
            self.held.update(s.pack.characters[c].skills)
        present = seated | fired | used
        self.met.update(pair for pair in combinations(self.focus, 2) if set(pair) <= present)
        if self.pairs is not None:
            self._pairs(played, kind_of, ran_with, broke)

    def _pairs(self, played: Played, kind_of: dict, used: set, broke: bool) -> None:
        """The pairs this game seated (a character) or had (a card kind: stacked on the deck, or an
        action's `card`: used, or the card a damage came from), and those that interacted in it."""
        seats = played.spec.seats
        pack = played.scenario.pack
        if self.focus_character not in seats:
            return
        me = seats.index(self.focus_character)
        present = [p for p in self.pairs.partners if p in seats or p in played.spec.deck_top or p in used]
        skills_of_kind = {k: set(pack.kinds[k].skills) for k in present if k in pack.kinds}
        done, both = set(), set()
        for chain in chains(played.scenario.game.log.entries):
            for p in present:
                if p in both:
                    continue
                if p in seats:
                    if interacted(chain, me, seats.index(p)):
                        done.add(p)
                        if both_acted(chain, me, seats.index(p)):
                            both.add(p)
                elif card_interacted(chain, me, p, kind_of, skills_of_kind):
                    done.add(p)
                    if me in chain.skilled and chain.skills & skills_of_kind.get(p, set()):
                        both.add(p)
        interacting = [p for p in present if p in done]
        self.pairs.record(present, interacting, interacting if broke else (),
                          [p for p in present if p in both])

    def observable(self, pack) -> set:
        """Skills a game can be seen to use: those with a trigger, an active part or a conversion
        (one that only modifies a value or grants others is used through those)."""
        return {n for n in self.held if n in pack.skills and (
            pack.skills[n].triggers or pack.skills[n].actives or pack.skills[n].converts)}

    def never(self, pack=None) -> dict:
        """What no game exercised: focus items, pairs of them, and skills held but never used."""
        out = {"focus items": [f for f in self.focus if not (self.fired[f] or self.used[f] or self.seated[f])],
               "focus pairs": [f"{a} + {b}" for a, b in combinations(self.focus, 2) if not self.met[(a, b)]]}
        observable = self.observable(pack) if pack is not None else self.held
        out["skills held, never used"] = sorted(observable - set(self.fired))
        if pack is not None:
            out["skills held, not observable (they modify values)"] = sorted(self.held - observable)
        if self.pairs is not None:
            out["partners never met"] = [p for p, st in self.pairs.stats.items() if not st.met]
        return out

    def never_ran(self, pack, sources: Optional[dict] = None) -> list[dict]:
        """The parts of the seated characters' skills that never ran, each with why (unfired.py)."""
        return never_ran(pack, held_by(pack, self.seated), self.parts, self.declined, sources)

    def as_json(self, pack=None, sources: Optional[dict] = None) -> dict:
        out = {"games": self.games, "decisions": self.decisions, "fired": dict(self.fired.most_common()),
               "windows": dict(self.windows.most_common()), "used": dict(self.used.most_common()),
               "seated": dict(self.seated.most_common()),
               "met": {f"{a} + {b}": n for (a, b), n in self.met.items()}, "never": self.never(pack)}
        if pack is not None:
            out["never_ran"] = self.never_ran(pack, sources)
        if self.pairs is not None:
            out["pairs"] = {"focus": self.focus_character, "covered": self.pairs.covered(),
                            "partners": len(self.pairs.partners),
                            "each": {p: st.as_json() for p, st in self.pairs.stats.items()}}
        return out


def _kinds(ref, kind_of: dict) -> list[str]:
    """The card kinds a logged card parameter names: an id, a virtual card, or a list of them."""
    if isinstance(ref, list):
        return [k for r in ref for k in _kinds(r, kind_of)]
    if isinstance(ref, dict) and "as" in ref:
        return [ref["as"]]
    return [kind_of[ref]] if isinstance(ref, int) and ref in kind_of else []
