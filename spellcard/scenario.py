"""Scenario tests for designers: seat characters, deal exact cards, script answers, run, assert.

    >>> s = Scenario("thb", ["Marisa", "Koakuma"], mode="Duel")
    >>> _ = s.hand(1, "Mochi♡3")
    >>> s.answer(0, "Borrow", "pass")              # what player 0 will choose, in order
    >>> s.phase(0, "action_phase")
    >>> s.cards_in(0), s.value(0, "hp")
    (['Mochi'], 3)

Cards come from the mode's real deck (so suits, ranks and card conservation are real): "Danmaku" is
any copy of that kind, "Danmaku♠7" one exact copy; answers name cards the same way. Unscripted
decisions get the quietest legal answer (no, pass, the fewest and first options), so a test scripts
only what it is about. `s.when(...)` answers by what is asked instead of in order. A decision with
a single legal answer (the only possible target, say) is settled without asking; it is recorded
(`s.asked`), and a scripted answer aimed at it is used up there. The `.spell` tests of
`spellcard test` (spellcard/spelltest/) run on this harness. Misspelt names get a did-you-mean.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Optional, Sequence

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.decisions import label
from spellcard.runtime.errors import GameOver
from spellcard.runtime.engine.game import Game, RoundOver, TurnLimit
from spellcard.runtime.model import Card, Player

from .answers import Policy, TestAgent
from .faces import CardPattern, card_face, printed_specs
from .suggest import did_you_mean


def declared_in(where: str, files: Iterable[str]) -> bool:
    """Whether the place `where` ("file:line:col") is in one of `files` (files, or folders of them)."""
    declared = Path(where.rsplit(":", 2)[0]).resolve()
    for f in files:
        root = Path(f).resolve()
        if declared == root or root in declared.parents:
            return True
    return False


class ScenarioError(Exception):
    pass


def seat_takes_cards(pack) -> bool:
    """Whether the pack's `harness seat` seats a list of character cards (player, cards), as a game
    whose characters are cards does (esper's three per seat), rather than one character."""
    name = getattr(pack.harness_seat, "__name__", "")
    sig = pack.signatures.get(("func", name[2:])) if name.startswith("f_") else None
    return bool(sig) and len(sig) >= 2 and sig[1][1] == "cards"


def unknown(what: str, name: str, known: Iterable[str]) -> ScenarioError:
    """`unknown skill 'Borow'; did you mean `Borrow`?` — every misspelt name in a test says so."""
    hint = did_you_mean(name, known)
    return ScenarioError(f"unknown {what} {name!r}" + (f"; {hint}" if hint else ""))


class Scenario:
    def __init__(self, pack: str, characters: Sequence, mode: Optional[str] = None, seed: int = 0,
                 deck_zone: Optional[str] = None, extra: Iterable[str] = (), current: int = 0,
                 setup: bool = False, invariants_of_extra: bool = True):
        """`characters`: one per seat, or several for one seat as a tuple or "A+B". `setup=True`
        runs the mode's own setup (roles, dealing), with the named characters as the seats' picks.
        `invariants_of_extra=False` checks only the invariants the pack's own files declare, not
        those of the `extra` files (a tester's, which the pack's own tests never asked for)."""
        self.pack = load_pack(pack, tuple(extra))
        if mode is not None and mode not in self.pack.modes:
            raise unknown("mode", mode, self.pack.modes)
        self.mode_name = mode or self._default_mode(len(characters))
        seats = [tuple(c.split("+")) if isinstance(c, str) else tuple(c) for c in characters]
        # A seat written by its own number (`P0` first, `P1` second) plays no character: a game
        # without characters (a card game where every player is alike), or a seat the mode's setup fills.
        seats = [() if names == (f"P{i}",) else names for i, names in enumerate(seats)]
        by_cards = seat_takes_cards(self.pack)
        for names in seats:
            for name in names:
                if name not in self.pack.characters and not (deck_zone and name.startswith("P")) \
                        and not (by_cards and name in self.pack.kinds):
                    raise unknown("character", name, self.pack.characters)
        self.seated_cards: list = []            # character cards a seat was written with (by_cards)
        self.decisions: list = []               # (decision, answer, settled alone), in the order asked
        self.agents = [TestAgent(self.pack, self.decisions) for _ in seats]
        self.game = Game(self.pack, self.mode_name, len(seats), self.agents, seed=seed,
                         log=True, check_invariants=True,
                         characters=[names[0] if setup and names and names[0] in self.pack.characters else None
                                     for names in seats])
        self.game._forced = self._forced        # record what the game settles without asking
        if not invariants_of_extra and extra:
            self.game.invariants = [iv for iv in self.pack.invariants if not declared_in(iv[2], extra)]
        self.deck = self.game.z[deck_zone or self._deck_zone()]
        self.winners: Optional[list] = None      # set when the game ends
        self.round_ended = False                  # set when the rules end the round at once
        self.error: Optional[Exception] = None   # a rule fault caught by run(…, catch=True)
        self.ended: Optional[tuple] = None       # when the game ended: (turn, round, current seat, the last rule fired)
        if setup:
            self._run(self.game.start)
        else:
            self.game.start(setup=lambda g: self._setup(g, seats))
            self.game.current = self.game.players[current]

    def _forced(self, d):
        answer = Game._forced(d)
        if answer is not None:
            self.agents[d.player.seat].saw_forced(d, answer)
        return answer

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

    def _setup(self, g: Game, seats: Sequence[tuple]) -> None:
        for _ in range(g.mode.deck_builds if g.mode else 1):   # one collection per player: as the mode's setup builds it
            g.build_deck(self.deck.name)
        seat = self.pack.harness_seat
        if seat is None and any(seats):
            raise ScenarioError(f"pack {self.pack.name} does not say how a test seats a character: declare "
                                "`harness seat = FUNCTION` in it, a function (p: player, c: character) "
                                "such as the built-in `set_character`")
        for p, names in zip(g.players, seats):
            if names and seat_takes_cards(self.pack):     # characters that are cards (esper): one call per seat
                cards = [self.card(n) for n in names]
                self.seated_cards.extend(cards)
                seat(g, p, cards)
                continue
            for i, name in enumerate(names):
                c = self.pack.characters[name]
                if i == 0:
                    seat(g, p, c)
                else:                       # a seat's further characters bring their skills too
                    for sname in c.skills:
                        g.grant(p, self.pack.skills[sname])

    # ── the table ─────────────────────────────────────────────────────────────
    def p(self, seat: int) -> Player:
        return self.game.players[seat]

    def card(self, spec: str, taken: Sequence[Card] = ()) -> Card:
        """A card still in the deck matching `spec` ("Danmaku" or "Danmaku♠7", or a CardPattern), other than `taken`."""
        if isinstance(spec, CardPattern):
            found = next((c for c in reversed(self.deck.cards) if c not in taken and spec.fits(c)), None)
            if found is None:
                raise ScenarioError(f"no {spec} left in the deck")
            return found
        kind = max((k for k in self.pack.kinds if spec.startswith(k)), key=len, default=None)
        if kind is None or (spec[len(kind):].isascii() and spec != kind and spec not in printed_specs(self.pack)):
            raise unknown("card", spec.rstrip("♠♣♡♢♥♦0123456789AJQK"), self.pack.kinds)
        face = spec[len(kind):]
        deck_attrs = self._deck_attrs()
        for c in reversed(self.deck.cards):
            if c.kind.name == kind and c not in taken and (not face or card_face(self.pack, {a: c.a[a] for a in deck_attrs}) == face):
                return c
        faces = sorted({card_face(self.pack, {a: c.a[a] for a in deck_attrs}) for c in self.deck.cards
                        if c.kind.name == kind})
        raise ScenarioError(f"no {spec} left in the deck" + (f" (it holds {kind} {', '.join(faces)})" if faces else ""))

    def _deck_attrs(self) -> list[str]:
        entries = self.pack.decks.get(self.game.mode.deck, []) if self.game.mode else []
        return list(entries[0][1]) if entries else []

    def _put(self, seat: Optional[int], zone: str, specs: Sequence[str]) -> list[Card]:
        zones = self.game.z if seat is None else self.p(seat).z
        if zone not in zones:
            raise unknown("table zone" if seat is None else "player zone", zone, zones)
        cards = []
        for spec in specs:                  # one at a time: "Strike", "Strike" is two copies
            c = self.card(spec)
            self.game.move([c], zones[zone])
            cards.append(c)
        return cards

    def hand(self, seat: int, *specs: str) -> list[Card]:
        return self._put(seat, self.pack.hand_zone, specs)

    def zone(self, seat: Optional[int], zone: str, *specs: str) -> list[Card]:
        """Put cards straight into a player's zone, or a table zone with seat None (equipment goes
        through `equip`, so its skills apply)."""
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

    def set(self, seat: Optional[int], **values) -> None:
        """Set counters or attributes of a player (or the table, seat None): s.set(1, hp=2, drunk=True).
        A value outside a counter's bounds is an error, never silently clamped."""
        owner = None if seat is None else self.p(seat)
        scope = "table" if owner is None else "player"
        for name, value in values.items():
            cdef = self.pack.counters.get((scope, name))
            if cdef is None and (scope, name) not in self.pack.attrs_:
                known = [n for (o, n) in list(self.pack.counters) + list(self.pack.attrs_) if o == scope]
                raise unknown(f"{scope} value", name, known)
            if cdef is not None:
                lo = cdef.min(self.game, owner) if cdef.min else None
                hi = cdef.max(self.game, owner) if cdef.max else None
                if (lo is not None and value < lo) or (hi is not None and value > hi):
                    raise ScenarioError(f"{name} = {value} is outside its bounds ({lo} .. {hi})")
            self.game.set_value(owner, name, value)

    def answer(self, seat: int, *answers) -> None:
        """What `seat` answers, in order: yes/no as True/False, cards by object or spec ("Graze♡2"),
        players, names (card kind, character, skill, option text), "pass", lists for several."""
        self.agents[seat].script.extend(answers)

    def when(self, seat: int, answer, what: Optional[str] = None, prompt: Optional[str] = None,
             about: Optional[str] = None, always: bool = False) -> Policy:
        """Answer by what is asked: a decision of sort `what` (cards, players, yes_no…), whose prompt
        contains `prompt` and/or the display name of skill or card `about`; once unless `always`."""
        shown = None
        if about is not None:
            thing = self.pack.skills.get(about) or self.pack.kinds.get(about)
            if thing is None:
                raise unknown("skill or card", about, list(self.pack.skills) + list(self.pack.kinds))
            shown = thing.label
        policy = Policy(what, prompt, shown, answer, always)
        self.agents[seat].policies.append(policy)
        return policy

    # ── running ─────────────────────────────────────────────────────────────
    def _run(self, fn):
        try:
            return fn()
        except GameOver as over:
            self.winners = list(over.winners)
            self.ended = self._ending()
        except RoundOver:
            self.round_ended = True
        return None

    def _ending(self) -> tuple:
        fired = next((e[1] for e in map(json.loads, reversed(self.log())) if e[0] == "fire"), None)
        g = self.game
        return g.turns, g.rounds, g.current.seat if g.current is not None else None, fired

    def new_round(self) -> None:
        """Start a new round (its round.start rules run; once-per-round limits start afresh)."""
        self._run(self.game.begin_round)

    def play_on(self, max_rounds: int = 200) -> None:
        """Play whole rounds from the current player until the game ends (or `max_rounds`). The
        mode's turn limit ends it undecided (no winners), as it ends a simulated game."""
        g = self.game
        player, limit = g.current, g.mode.turn_limit if g.mode else 500
        for _ in range(max_rounds):
            if self.winners is not None:
                return
            self.round_ended = False
            self._run(g.begin_round)
            if self.winners is None and not self.round_ended:
                try:
                    self._run(lambda: g._scheduled_round(limit) if g.schedule else g._seat_round(player, player.seat, limit))
                except TurnLimit:
                    self.winners = []
                    self.ended = (*self._ending()[:3], f"the mode's turn limit ({limit} turns)")
                    return
            if self.round_ended:
                g.schedule.clear()
            if self.winners is None:
                player = g.next_living(g.current)
                self._run(lambda: g._round_event("end"))

    def turn(self, seat: int) -> None:
        self._run(lambda: self.game.run_turn(self.p(seat)))

    def phase(self, seat: int, name: str) -> None:
        if name not in self.pack.phases:
            raise unknown("phase", name, self.pack.phases)
        self.game.current = self.p(seat)
        self._run(lambda: self.game.run_phase(self.p(seat), name))

    def perform(self, action: str, **kwargs):
        if action not in self.pack.actions:
            raise unknown("action", action, self.pack.actions)
        return self._run(lambda: self.game.perform(action, **kwargs))

    def call(self, func: str, *args):
        if func not in self.pack.funcs:
            raise unknown("function", func, self.pack.funcs)
        return self._run(lambda: self.pack.funcs[func](self.game, *args))

    def use(self, seat: int, card: Card, targets: Sequence[int] = ()):
        """`seat` uses `card` (already in hand) on the given seats, as from the action phase."""
        return self.perform("use_card", user=self.p(seat), card=card, targets=[self.p(t) for t in targets])

    # ── reading the outcome ───────────────────────────────────────────────────
    def value(self, seat: int, name: str):
        return self.p(seat).v[name]

    def cards_in(self, seat: Optional[int], zone: Optional[str] = None) -> list[str]:
        """The kinds of the cards of a player's zone (the hand by default), or of a table zone
        (seat None): s.cards_in(None, "discard_pile")."""
        return [c.kind.name for c in self.zone_cards(seat, zone)]

    def zone_cards(self, seat: Optional[int], zone: Optional[str] = None) -> list[Card]:
        zones = self.game.z if seat is None else self.p(seat).z
        name = zone or self.pack.hand_zone
        if name not in zones:
            raise unknown("zone", name, zones)
        return list(zones[name].cards)

    def holds(self, seat: int, skill: str) -> bool:
        if skill not in self.pack.skills:
            raise unknown("skill", skill, self.pack.skills)
        return any(i.skill.name == skill for i in self.p(seat).skills)

    def query(self, name: str, *args):
        """The value of one of the pack's queries now, with every modifier applied."""
        return self.game.query(name, *args)

    def asked(self, seat: int, what: Optional[str] = None, prompt: Optional[str] = None,
              settled: bool = False) -> list:
        """The decisions put to `seat` so far, of one sort (`play`, `cards`, `yes_no` …) and/or whose
        prompt contains `prompt`; with `settled`, also those the game settled alone (one legal answer)."""
        pool = ([d for d, _, _ in self.decisions if d.player.seat == seat] if settled
                else self.agents[seat].log)
        return [d for d in pool if (what is None or d.what == what) and (prompt is None or prompt in d.prompt)]

    def offered(self, seat: int, what: str = "play") -> list[str]:
        """The options of `seat`'s latest decision of that sort, by name ("pass" for passing)."""
        decisions = self.asked(seat, what)
        return [label(o) for o in decisions[-1].options] if decisions else []

    def ever_offered(self, seat: int, option, what: Optional[str] = None) -> bool:
        """Whether any decision of `seat` (of sort `what`) offered `option` (a name, spec or object):
        `assert not s.ever_offered(0, "Borrow")` says a skill was not offered."""
        agent = self.agents[seat]
        return any(agent.fits(o, option) for d in self.asked(seat, what) for o in d.options)

    def events(self, action: str) -> list[dict]:
        """The parameters of every run of `action`, as the log recorded them, and the `result` of one
        that gives a result (`-> T`), as it ended."""
        runs, open_ = [], []
        for e in map(json.loads, self.log()):
            if e[0] == "act":
                open_.append(dict(e[2]) if e[1] == action else None)
                if e[1] == action:
                    runs.append(open_[-1])
            elif e[0] == "result" and open_ and open_[-1] is not None:
                open_[-1]["result"] = e[2]
            elif e[0] == "end" and open_:
                open_.pop()
        return runs

    def fired(self, skill: str) -> int:
        """How many times `skill`'s triggers fired (a name that is no skill is an error, not 0)."""
        if skill not in self.pack.skills:
            raise unknown("skill", skill, self.pack.skills)
        return sum(1 for e in map(json.loads, self.log()) if e[:2] == ["fire", skill])

    def unscripted(self) -> list:
        """Answers scripted but never asked for: a test that scripted them expected them to be used."""
        return [(i, a.script) for i, a in enumerate(self.agents) if a.script]

    def unused_policies(self) -> list:
        return [(i, p) for i, a in enumerate(self.agents) for p in a.policies if not p.used]

    def log(self) -> list[str]:
        return self.game.log.lines()
