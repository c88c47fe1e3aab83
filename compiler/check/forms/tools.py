"""`show`, `harness`, `search` and `wording`: what the tools print of a pack, what the scenario harness
needs of it, the budget the search agent plays its games with unless a command line says otherwise,
and the phrases its printed texts use (which the wording lints read them by).

The tools know no game either: `spellcard list` prints the card and character attributes a pack
shows, `spellcard simulate` groups wins by the player attributes it shows, and the scenario
harness deals from the zone and seats with the function the pack names. A pack that declares no
`show` gets a default worked out from its declarations (`shown_attrs`).
"""
from __future__ import annotations

from typing import Optional

from spellcard.runtime.agents.search_options import POLICY_NAMES

from spellcard.compiler import ast as A
from spellcard.compiler import types as T
from spellcard.compiler.text.diagnostics import did_you_mean
from spellcard.compiler.lint.phrasing import KEYS as WORDING_KEYS, PHASE, SCOPES, TURN_KEYS
from ..scope import _listing
from spellcard.compiler.symbols import BUILTINS

SHOWN_OWNERS = ("card", "character", "player")
HARNESS_KEYS = ("deck", "seat")
SCORE_OWNERS = ("player", "table")
SEARCH_KEYS = ("rollouts", "policy")      # never `ms`: a pack's games stay reproducible
GROUPABLE = (T.INT, T.BOOL, T.TEXT)       # and enums: values a person reads in a table of wins


class ToolChecks:
    """Checker methods for `show` and `harness` (mixed into the Checker)."""

    def decl_ShowDecl(self, d: A.ShowDecl):
        if d.owner not in SHOWN_OWNERS:
            self.err(d.span, f"`show` lists card, character or player attributes, not {d.owner} ones",
                     "cards and characters are shown by `spellcard list`; `spellcard simulate` groups wins "
                     "by the players'")
            return
        for name, span in d.names:
            decl = self.s.attr(d.owner, name)
            if decl is None:
                self._unknown_shown(d.owner, name, span)
            elif d.owner == "player":
                typ = T.strip(self.s.type_of(decl.type))
                if typ not in GROUPABLE and not _is_enum(typ):
                    self.err(span, f"wins cannot be grouped by `{name}`, which is {T.show(typ)}",
                             "show a player attribute that is an enum, bool, int or text")
            else:
                self._fixed_per_kind(d.owner, name, decl, span)

    def _unknown_shown(self, owner: str, name: str, span) -> None:
        known = [n for (o, n) in self.s.attrs_ if o == owner]
        help = did_you_mean(name, known)
        if help is None and (owner, name) in self.s.counters:
            help = "it is a counter, which changes in play; `show` lists attributes"
        self.err(span, f"`{name}` is not a {owner} attribute",
                 help or f"the pack's {owner} attributes are: {_listing(known) or 'none'}")

    def _fixed_per_kind(self, owner: str, name: str, decl: A.AttrDecl, span) -> None:
        """`list` prints one value per card kind or character, so the attribute must have one."""
        listed_by = next((deck for deck, dd in self.s.decks.items() if name in dd.attrs), None)
        if owner == "card" and listed_by is not None:
            self.err(span, f"`{name}` differs from copy to copy (deck `{listed_by}` lists it)",
                     "`spellcard list` prints it in each card's copies")
        elif decl.default is not None and not self._constant(decl.default):
            self.err(span, f"`{name}` is worked out for each {owner}, not fixed by its kind",
                     f"show an attribute that the {owner} declarations set")

    def decl_HarnessDecl(self, d: A.HarnessDecl):
        for item in d.items:
            if item.key == "deck":
                self._harness_deck(item)
            elif item.key == "seat":
                self._harness_seat(item)
            else:
                self.err(item.span, f"unknown harness setting `{item.key}`",
                         did_you_mean(item.key, HARNESS_KEYS) or f"the settings are: {', '.join(HARNESS_KEYS)}")

    def decl_SearchDecl(self, d: A.SearchDecl):
        for item in d.items:
            if item.key == "rollouts":
                if not isinstance(item.value, int) or item.value < 1:
                    self.err(item.value_span, f"rollouts are a number of at least 1, not `{item.value}`",
                             "e.g. `search rollouts = 8`: the rollouts per decision")
            elif item.key == "policy":
                if item.value not in POLICY_NAMES:
                    self.err(item.value_span, f"unknown rollout policy `{item.value}`",
                             did_you_mean(str(item.value), sorted(POLICY_NAMES))
                             or f"the policies are: {', '.join(sorted(POLICY_NAMES))}")
            else:
                help = did_you_mean(item.key, SEARCH_KEYS) or f"the settings are: {', '.join(SEARCH_KEYS)}"
                if item.key == "ms":
                    help = "a time budget would make the pack's games differ from run to run; pass --search-ms"
                self.err(item.span, f"unknown search setting `{item.key}`", help)

    def decl_WordingDecl(self, d: A.WordingDecl):
        """A known phrasing, `once` with the scope it counts in, and no empty phrase."""
        if d.key not in WORDING_KEYS:
            self.err(d.span, f"unknown wording `{d.key}`",
                     did_you_mean(d.key, WORDING_KEYS) or f"the wordings are: {', '.join(WORDING_KEYS)}")
        elif (d.key == "once") != (d.scope is not None and d.scope in SCOPES):
            self.err(d.span, f"`wording once` names what it counts in: {', '.join(SCOPES)}" if d.key == "once"
                     else f"only `wording once` names a scope, not `{d.key} {d.scope}`",
                     'e.g. `wording once turn: "once per turn"`: the phrase as the texts print it')
        for phrase, span in d.phrases:
            if not phrase.replace(PHASE, "").strip():
                self.err(span, "a wording phrase says nothing", "write the words the texts use")
            elif PHASE in phrase and d.key not in TURN_KEYS:
                self.err(span, f"only a turn's wording ({', '.join(TURN_KEYS)}) names a phase `{PHASE}`",
                         f"write the `{d.key}` phrase out")

    def decl_ScoreDecl(self, d: A.ScoreDecl):
        """A player or table counter or `int` attribute: what each player (or the table) scores."""
        if d.owner not in SCORE_OWNERS:
            self.err(d.span, f"a game's score is a player or table value, not a {d.owner} one",
                     "`score player tokens` (each player's own) or `score table fireworks` (everyone's)")
            return
        if (d.owner, d.name) in self.s.counters:
            return
        decl = self.s.attr(d.owner, d.name)
        if decl is None:
            known = [n for (o, n) in [*self.s.counters, *self.s.attrs_] if o == d.owner]
            self.err(d.name_span, f"`{d.name}` is not a {d.owner} counter or attribute",
                     did_you_mean(d.name, known) or f"the {d.owner}'s counters and attributes are: "
                     f"{_listing(known) or 'none'}")
        elif T.strip(self.s.type_of(decl.type)) != T.INT:
            self.err(d.name_span, f"a score is a number; `{d.name}` is {T.show(self.s.type_of(decl.type))}",
                     f"score a {d.owner} counter or an `int` attribute")

    def _harness_deck(self, item: A.HarnessItem) -> None:
        zone = self.s.zones.get(item.value)
        tables = [z for z, zd in self.s.zones.items() if zd.owner == "table"]
        if zone is None:
            self.err(item.value_span, f"unknown zone `{item.value}`",
                     did_you_mean(item.value, tables) or f"the table's zones are: {_listing(tables) or 'none'}")
        elif zone.owner != "table":
            self.err(item.value_span, f"`{item.value}` is each player's zone; the deck is a table zone",
                     f"the table's zones are: {_listing(tables) or 'none'}")

    def _harness_seat(self, item: A.HarnessItem) -> None:
        params = seat_params(self.s, item.value)
        if params is None:
            self.err(item.value_span, f"unknown function `{item.value}`",
                     did_you_mean(item.value, [*self.s.funcs, "set_character"])
                     or "name a function (p: player, c: character), or the built-in `set_character`")
            return
        required = [t for t, has_default in params if not has_default]
        if [T.strip(t) for t in required] not in ([T.PLAYER, T.CHARACTER], [T.PLAYER, T.list_of(T.CARD)]):
            shown = ", ".join(T.show(t) for t in required)
            self.err(item.value_span, f"the harness seats a character with a function of (player, character), "
                     f"or character cards with one of (player, cards); "
                     f"`{item.value}` takes ({shown})",
                     "declare one, e.g. `func seat(p: player, c: character) { set_character(p, c) … }`, "
                     "or name the built-in `set_character`")


def _is_enum(t) -> bool:
    return isinstance(t, tuple) and t[0] == "enum"


def seat_params(s, name: str):
    """[(type, has a default)] of a pack function or a built-in, or None if there is neither."""
    if name in s.funcs:
        return [(s.type_of(p.type), p.default is not None) for p in s.funcs[name].params]
    if name in BUILTINS:
        return [(t, default is not None) for _, t, default in BUILTINS[name].params]
    return None


def shown_attrs(s, checker) -> dict:
    """Per owner (card, character, player), the attributes the tools show: those of the pack's
    `show` lines, in the order read, else every card attribute its kinds fix (not those a deck lists per copy, nor those worked out
    per card), every character attribute, and every player attribute that is an enum."""
    per_copy = {a for dd in s.decks.values() for a in dd.attrs}

    def fixed(d: A.AttrDecl) -> bool:
        return d.default is None or checker._constant(d.default)

    derived = {
        "card": [n for (o, n), d in s.attrs_.items() if o == "card" and n not in per_copy and fixed(d)],
        "character": [n for (o, n), d in s.attrs_.items() if o == "character" and fixed(d)],
        "player": [n for (o, n), d in s.attrs_.items() if o == "player" and _is_enum(T.strip(s.type_of(d.type)))],
    }
    return {owner: list(s.shows[owner]) if owner in s.shows else derived[owner] for owner in SHOWN_OWNERS}


def search_defaults(s) -> dict:
    """The pack's `search` settings, as the search agent takes them (SearchAgent's keywords)."""
    return {key: item.value for key, item in s.search.items()}


def score_code(s) -> Optional[str]:
    """The pack's score as the emitted module constructs it (runtime/defs.py ScoreDef), or None."""
    d = s.score
    if d is None:
        return None
    held = s.counters.get((d.owner, d.name)) or s.attrs_.get((d.owner, d.name))
    label = getattr(held, "label", "") or ""          # what the reports call it (`counter player points "罰分"`)
    return f"ScoreDef({d.owner!r}, {d.name!r}, {d.lowest!r}, {label!r})"


def harness_code(s) -> tuple:
    """The harness's deck zone (a name) and seating function (emitted code), or None for each."""
    deck = s.harness.get("deck")
    seat = s.harness.get("seat")
    seat_fn = None
    if seat is not None:
        seat_fn = f"f_{seat.value}" if seat.value in s.funcs else f"b_{seat.value}"
    return (deck.value if deck else None), seat_fn
