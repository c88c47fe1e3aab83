"""A scenario harness for 异能斗技 (rules/esper): each player has three character CARDS, so the
generic Scenario (one character per seat) is extended to seat a roster per player.

    s = Esper(("Anna", "Yuri", "Lisalina"), ("GuanZixiao", "Lantis", "Anna"))
    anna = s.ch(0, "Anna")
    s.energy(0, "Coffee", "Coffee")
    s.answer(0, "IgnitePassion", s.ch(1, "Lantis"))
    s.act(anna)                     # Anna's character turn
    assert s.hp(s.ch(1, "Lantis")) == 9
"""
from __future__ import annotations

from typing import Optional, Sequence

from spellcard.runtime.builtins.card_state import b_set_card_value
from spellcard.runtime.model import Card, Play
from spellcard.scenario import Scenario

MINE = ("Anna", "Yuri", "Lisalina")
THEIRS = ("GuanZixiao", "Lantis", "Anna")


class Esper(Scenario):
    def __init__(self, mine: Sequence[str] = MINE, theirs: Sequence[str] = THEIRS, seed: int = 0,
                 build: bool = True):
        self._rosters = (tuple(mine), tuple(theirs))
        self._build = build
        super().__init__("esper", ["P0", "P1"], mode="Duel", seed=seed, deck_zone="box")

    def _setup(self, g, _names) -> None:
        g.build_deck("box")          # one collection per player
        g.build_deck("box")
        if not self._build:
            return
        for p, names in zip(g.players, self._rosters):
            self.pack.funcs["seat_characters"](g, p, [self.card(n) for n in names])
        g.set_value(None, "initiative", g.players[0])

    # ── reading ─────────────────────────────────────────────────────────────────
    def ch(self, seat: int, name: str) -> Card:
        """Player `seat`'s character `name` (living or fallen)."""
        for zone in ("roster", "fallen"):
            for c in self.p(seat).z[zone].cards:
                if c.kind.name == name:
                    return c
        raise AssertionError(f"P{seat} has no {name}")

    def val(self, c: Card, name: str) -> int:
        return getattr(self.game, "card_values", {}).get((c.id, name), 0)

    def hp(self, c: Card) -> int:
        return self.val(c, "hp")

    def block(self, c: Card) -> int:
        return self.val(c, "block")

    def table(self, name: str):
        return self.game.v[name]

    def env_levels(self) -> dict:
        return {s: self.game.v["env_" + s] for s in ("hot", "cold", "dry", "wet")}

    def living(self, c: Card) -> bool:
        return c.zone is c.owner.z["roster"] if c.owner else False

    def untapped(self, seat: int) -> int:
        return sum(1 for c in self.p(seat).z["resources"].cards if not self.val(c, "tapped"))

    def said(self) -> list[str]:
        return [line for line in self.log() if line.startswith('["say"')]

    # ── arranging ───────────────────────────────────────────────────────────────
    def _put(self, seat: int, zone: str, specs: Sequence[str]) -> list[Card]:
        """Like Scenario._put, but one card at a time, so that a kind may be named twice."""
        out = []
        for spec in specs:
            c = self.card(spec)
            self.game.move([c], self.p(seat).z[zone])
            out.append(c)
        return out

    def setv(self, c: Card, name: str, value: int) -> None:
        b_set_card_value(self.game, c, name, value)

    def front(self, c: Card, slot: int) -> None:
        self.setv(c, "front", slot)

    def energy(self, seat: int, *kinds: str, tapped: bool = False) -> list[Card]:
        """Put resource cards straight into player `seat`'s resource zone (upright unless `tapped`)."""
        cards = self.zone(seat, "resources", *(kinds or ("Coffee",)))
        for c in cards:
            self.setv(c, "tapped", 1 if tapped else 0)
        return cards

    def env(self, **levels: int) -> None:
        for status, n in levels.items():
            self.game.set_value(None, "env_" + status, n)

    def library(self, seat: int, *specs: str) -> list[Card]:
        return self.zone(seat, "library", *specs)

    # ── running ─────────────────────────────────────────────────────────────────
    def act(self, c: Card) -> None:
        """Character `c` takes a character turn (角色回合): a runtime turn of its player, with `c`
        next in the round's queue, as RoundFlow schedules it."""
        g = self.game
        g.set_value(None, "queue", [c])
        self._run(lambda: g.run_turn(c.owner))

    def during(self, c: Card, fn):
        """Run `fn()` with `c` acting (as in its turn), without running the turn."""
        g = self.game
        g.current = c.owner
        g.set_value(None, "acting", c)
        try:
            return self._run(fn)
        finally:
            g.set_value(None, "acting", None)

    def prepare(self, seat: int) -> None:
        """Player `seat`'s 准备阶段."""
        self.phase(seat, "round_prepare_phase")

    def round(self) -> None:
        """One whole round, as Game.play runs it: round.start (准备阶段, 角色回合分配阶段), the
        character turns it scheduled, round.end (结束清算)."""
        g = self.game
        g.rounds += 1
        g.serial["round"] += 1
        self._run(lambda: g._round_event("start"))
        self._run(lambda: g._scheduled_round(10 ** 6))
        self._run(lambda: g._round_event("end"))

    def func(self, name: str, *args):
        return self.call(name, *args)


def plays(s: Esper, seat: int) -> list[list[str]]:
    """The option labels of every play decision player `seat` was asked, in order."""
    out = []
    for d in s.agents[seat].log:
        if d.what == "play":
            out.append([_label(o) for o in d.options])
    return out


def _label(o) -> str:
    if o is None:
        return "pass"
    if isinstance(o, Play):
        return o.card.kind.name if o.card is not None else o.skill.name
    return str(o)


def asked(s: Esper, seat: int, prompt: Optional[str] = None) -> list:
    return [d for d in s.agents[seat].log if prompt is None or prompt in d.prompt]
