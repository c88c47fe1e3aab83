"""Scenario tests for designers: seat characters, deal exact cards, script answers, run, assert.

    s = Scenario("thb", ["Marisa", "Reimu"])
    s.hand(1, "Graze♡2")
    s.hp(1, 2)
    s.answer(0, "Borrow", "Reimu", ...)          # what player 0 will choose, in order
    s.phase(0, "action_phase")
    assert s.hp_of(1) == 2

Cards come from the mode's real deck (so suits, ranks and card conservation are real): "Danmaku" is
any copy of that kind, "Danmaku♠7" one exact copy. Unscripted decisions get the quietest legal
answer (no, pass, the fewest and first options), so a test scripts only what it is about. A decision
with a single legal answer (the only possible target, say) is never asked, so it is not scripted.
"""
from __future__ import annotations

import json
from typing import Iterable, Optional, Sequence

from spellcard.compiler.pack import load_pack
from spellcard.runtime.decisions import DeclineAgent, ScriptedAgent, label
from spellcard.runtime.errors import GameOver
from spellcard.runtime.game import Game, RoundOver
from spellcard.runtime.model import Card, Player

from .faces import card_face


class ScenarioError(Exception):
    pass


class Scenario:
    def __init__(self, pack: str, characters: Sequence[str], mode: Optional[str] = None, seed: int = 0,
                 deck_zone: Optional[str] = None, extra: Iterable[str] = (), current: int = 0):
        self.pack = load_pack(pack, tuple(extra))
        self.mode_name = mode or self._default_mode(len(characters))
        self.agents = [ScriptedAgent([], DeclineAgent()) for _ in characters]
        self.game = Game(self.pack, self.mode_name, len(characters), self.agents, seed=seed,
                         log=True, check_invariants=True)
        self.deck = self.game.z[deck_zone or self._deck_zone()]
        self.winners: Optional[list] = None      # set when the game ends
        self.round_ended = False                  # set when the rules end the round at once
        self.game.start(setup=lambda g: self._setup(g, characters))
        self.game.current = self.game.players[current]

    # ── set-up ──────────────────────────────────────────────────────────────
    def _default_mode(self, n: int) -> str:
        """A mode made for this many players, else the first: a scenario uses only the mode's
        rules and deck, never its setup, so any number of seats works."""
        if not self.pack.modes:
            raise ScenarioError(f"pack {self.pack.name} has no modes")
        for m in self.pack.modes.values():
            if m.min_players <= n <= m.max_players:
                return m.name
        return next(iter(self.pack.modes))

    def _deck_zone(self) -> str:
        if self.pack.harness_deck is None:
            raise ScenarioError(f"pack {self.pack.name} does not say which zone is the deck: declare "
                                "`harness deck = ZONE` in it (or pass deck_zone=)")
        return self.pack.harness_deck

    def _setup(self, g: Game, characters: Sequence[str]) -> None:
        g.build_deck(self.deck.name)
        seat = self.pack.harness_seat
        for p, name in zip(g.players, characters):
            if name not in self.pack.characters:
                raise ScenarioError(f"unknown character {name!r}")
            if seat is None:
                raise ScenarioError(f"pack {self.pack.name} does not say how a test seats a character: declare "
                                    "`harness seat = FUNCTION` in it, a function (p: player, c: character) "
                                    "such as the built-in `set_character`")
            seat(g, p, self.pack.characters[name])

    # ── the table ─────────────────────────────────────────────────────────────
    def p(self, seat: int) -> Player:
        return self.game.players[seat]

    def card(self, spec: str, taken: Sequence[Card] = ()) -> Card:
        """A card still in the deck matching `spec` ("Danmaku" or "Danmaku♠7"), other than `taken`."""
        kind = max((k for k in self.pack.kinds if spec.startswith(k)), key=len, default=None)
        if kind is None:
            raise ScenarioError(f"unknown card kind in {spec!r}")
        face = spec[len(kind):]
        deck_attrs = self._deck_attrs()
        for c in reversed(self.deck.cards):
            if c.kind.name == kind and c not in taken and (not face or card_face(self.pack, {a: c.a[a] for a in deck_attrs}) == face):
                return c
        raise ScenarioError(f"no {spec} left in the deck")

    def _deck_attrs(self) -> list[str]:
        entries = self.pack.decks.get(self.game.mode.deck, []) if self.game.mode else []
        return list(entries[0][1]) if entries else []

    def _put(self, seat: int, zone: str, specs: Sequence[str]) -> list[Card]:
        cards = []
        for spec in specs:                  # one at a time: "Strike", "Strike" is two copies
            c = self.card(spec)
            self.game.move([c], self.p(seat).z[zone])
            cards.append(c)
        return cards

    def hand(self, seat: int, *specs: str) -> list[Card]:
        return self._put(seat, self.pack.hand_zone, specs)

    def zone(self, seat: int, zone: str, *specs: str) -> list[Card]:
        """Put cards straight into a player's zone (equipment through `equip`, so its skills apply)."""
        return self._put(seat, zone, specs)

    def equip(self, seat: int, *specs: str) -> list[Card]:
        out = []
        for spec in specs:
            c = self.card(spec)
            self.game.perform("equip", player=self.p(seat), card=c)
            out.append(c)
        return out

    def deck_top(self, *specs: str) -> list[Card]:
        """Stack the deck: the first spec ends up on top."""
        cards: list[Card] = []
        for spec in specs:                  # "Strike", "Strike" is two copies
            cards.append(self.card(spec, cards))
        for c in reversed(cards):
            self.deck.cards.remove(c)
            self.deck.cards.append(c)
        return cards

    def set(self, seat: int, **values) -> None:
        """Set counters or attributes of a player: s.set(1, hp=2, drunk=True)."""
        for name, value in values.items():
            self.game.set_value(self.p(seat), name, value)

    def answer(self, seat: int, *answers) -> None:
        self.agents[seat].script.extend(answers)

    # ── running ─────────────────────────────────────────────────────────────
    def _run(self, fn):
        try:
            return fn()
        except GameOver as over:
            self.winners = list(over.winners)
        except RoundOver:
            self.round_ended = True
        return None

    def new_round(self) -> None:
        """Start a new round (its round.start rules run; once-per-round limits start afresh)."""
        self._run(self.game.begin_round)

    def turn(self, seat: int) -> None:
        self._run(lambda: self.game.run_turn(self.p(seat)))

    def phase(self, seat: int, name: str) -> None:
        self.game.current = self.p(seat)
        self._run(lambda: self.game.run_phase(self.p(seat), name))

    def perform(self, action: str, **kwargs):
        return self._run(lambda: self.game.perform(action, **kwargs))

    def call(self, func: str, *args):
        return self._run(lambda: self.pack.funcs[func](self.game, *args))

    def use(self, seat: int, card: Card, targets: Sequence[int] = ()):
        """`seat` uses `card` (already in hand) on the given seats, as from the action phase."""
        return self.perform("use_card", user=self.p(seat), card=card, targets=[self.p(t) for t in targets])

    # ── reading the outcome ───────────────────────────────────────────────────
    def value(self, seat: int, name: str):
        return self.p(seat).v[name]

    def cards_in(self, seat: int, zone: Optional[str] = None) -> list[str]:
        return [c.kind.name for c in self.p(seat).z[zone or self.pack.hand_zone].cards]

    def query(self, name: str, *args):
        """The value of one of the pack's queries now, with every modifier applied."""
        return self.game.query(name, *args)

    def asked(self, seat: int, what: Optional[str] = None, prompt: Optional[str] = None) -> list:
        """The decisions put to `seat` so far (a decision with one legal answer is never put),
        of one sort (`play`, `cards`, `yes_no` …) and/or whose prompt contains `prompt`."""
        return [d for d in self.agents[seat].log
                if (what is None or d.what == what) and (prompt is None or prompt in d.prompt)]

    def offered(self, seat: int, what: str = "play") -> list[str]:
        """The options of `seat`'s latest decision of that sort, by name ("pass" for passing)."""
        decisions = self.asked(seat, what)
        return [label(o) for o in decisions[-1].options] if decisions else []

    def events(self, action: str) -> list[dict]:
        """The parameters of every run of `action`, as the log recorded them."""
        return [e[2] for e in map(json.loads, self.log()) if e[0] == "act" and e[1] == action]

    def fired(self, skill: str) -> int:
        """How many times `skill`'s triggers fired."""
        return sum(1 for e in map(json.loads, self.log()) if e[:2] == ["fire", skill])

    def unscripted(self) -> list:
        """Answers scripted but never asked for: a test that scripted them expected them to be used."""
        return [(i, a.script) for i, a in enumerate(self.agents) if a.script]

    def log(self) -> list[str]:
        return self.game.log.lines()
