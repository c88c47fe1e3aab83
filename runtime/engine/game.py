"""The generic timing-window engine.

A game is players around a table, zones of cards, counters, and actions that pass through their
declared windows. Triggers are indexed by window key; the engine orders simultaneous ones by
priority, then seat from the current player, then the owner's choice, re-checking eligibility after
each. Nothing here knows which game is being played.
"""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Optional, Sequence

from .asking import MAX_REFUSALS, Asking
from spellcard.runtime.decisions import Agent, DeclineAgent, Decision
from spellcard.runtime.defs import ActionDef, PackDef
from spellcard.runtime.errors import Breach, InvariantBroken, PackError, PackFault, RoundOver, RuleLoop
from spellcard.runtime.faults import CHANGE_COST, WORK_BUDGET, locate
from .anytime import anytime_rule
from .reactions import reaction_rules
from .cards import TEMPLATES, Cards
from spellcard.runtime.log import GameLog
from spellcard.runtime.model import Card, Event, Player, SkillInst, Zone
from spellcard.runtime.view.seat import View, carry
from .namespace import _zero
from .skills import Skills
from .turns import Result, TurnLimit, Turns
from .windows import MAX_DEPTH, Windows

__all__ = ["Game", "Result", "RoundOver", "TurnLimit", "MAX_DEPTH", "MAX_REFUSALS"]



def _structural_action(name: str, params: tuple[str, ...]) -> ActionDef:
    """A phase, turn or round as the action its event names: turns.py runs its windows itself."""
    return ActionDef(name, params)


def _game_tables(pack: PackDef, templates: dict) -> tuple:
    """Once a pack (kept in its TEMPLATES), what every game reads and none changes: per reset scope, the
    player counters that start at 0 (most) and the rest; the table's and the players' counters by name,
    for set_value (no key tuple to make); per phase, what Turns.run_phase needs (the action its event
    names, its windows, its body); the turn's and the round's actions."""
    resets = {}
    for s in ("phase", "turn", "round"):
        cs = [c for c in pack.counters.values() if c.reset == s]
        zero = [c.name for c in cs if c.owner == "player" and c.init is _zero]
        resets[s] = (dict.fromkeys(zero, 0), [c for c in cs if c.name not in zero or c.owner != "player"])
    counter_defs = tuple({n: cd for (o, n), cd in pack.counters.items() if o == owner}
                         for owner in ("table", "player"))
    phase_runs = {
        name: (_structural_action(name, ("player", "phase")), f"{name}.before", f"{name}.start",
               f"{name}.end", ph.body)
        for name, ph in pack.phases.items()}
    t = templates[("game",)] = (resets, counter_defs, phase_runs, _structural_action("turn", ("player",)),
                             _structural_action("round", ("number",)))
    return t


class Game(Asking, Skills, Windows, Turns, Cards):
    # The state __init__ sets, in slots: Python 3.11 keeps at most 30 attributes of an instance out of
    # a dict, and once a game's dict is made, reading its state and calling its methods (`g.act(…)`)
    # cost more: 3.8% of a random game's instructions. Anything else set on a game (a scenario's
    # `_forced`) still goes to its dict; tests/runtime/test_engine.py checks a played game sets nothing else.
    __slots__ = ("pack", "mode", "seed", "rng", "log", "answers", "check", "presets", "players", "z", "v",
                 "triggers", "listeners", "mods", "stack", "uses", "serial", "current", "phase", "skipped", "schedule",
                 "card_values", "known", "stamp", "views", "virtual_templates", "turns", "rounds", "steps", "work",
                 "depth", "fault", "cards", "rules", "over", "anytime_open", "era", "memo", "memo_era",
                 "usage", "whole", "asking", "on_end", "_resets", "_living", "seat_distances", "_templates",
                 "_phase_runs", "_turn", "_round", "_counter_defs", "invariants")

    def __init__(self, pack: PackDef, mode: Optional[str], n_players: int, agents: Sequence[Agent] = (),
                 seed: int = 0, log: bool = False, check_invariants: bool = False,
                 characters: Sequence[Optional[str]] = ()):
        self.pack = pack
        self.mode = pack.modes[mode] if mode else None
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = GameLog(enabled=log)
        self.answers: list = []
        self.check = check_invariants
        self.invariants = pack.invariants                   # the pack's `invariant`s checked (a test may check fewer)
        # Characters fixed in advance per seat (a simulation's --characters); the pack's own
        # choosing code asks for them with `preset_character`.
        self.presets = {seat: pack.characters[name] for seat, name in enumerate(characters) if name}
        self.players = [Player(i) for i in range(n_players)]
        for p, agent in zip(self.players, list(agents) + [None] * n_players):
            p.agent = agent or DeclineAgent()
        self.z: dict[str, Zone] = {}
        self.v: dict = {}                                   # table counters and attributes
        # Per window key, its listeners: `listeners` keeps every key's list for the whole game (a window
        # firing holds on to it and sees triggers granted meanwhile), `triggers` only the non-empty ones,
        # so "does anyone listen here?" is `key in g.triggers`, no call (Skills.grant/revoke keep both).
        self.listeners: dict[str, list] = defaultdict(list)
        self.triggers: dict[str, list] = {}
        self.mods: dict[str, list] = defaultdict(list)
        self.stack: list[Event] = []
        self.uses: dict = defaultdict(int)
        self.serial = {"phase": 0, "turn": 0, "round": 0, "game": 0}
        self.current: Player = self.players[0]
        self.phase: Optional[str] = None
        self.skipped: set = set()
        self.schedule: list[Player] = []                    # this round's turns, when the rules list them
        self.card_values: dict = {}                         # per-card values (builtins_card_state)
        self.known: dict[int, set] = {}                     # seat -> the stamps of the cards shown to it (runtime/view/seat.py)
        self.stamp = 0                                      # the last stamp given to a card (Card.stamp)
        self.views: dict[int, View] = {}                    # seat -> its View, made when first asked
        self.turns = 0
        self.rounds = 0
        self.steps = 0                                      # actions run
        self.work = WORK_BUDGET                             # loop rounds, calls and actions left to spend
        self.depth = 0                                      # pack functions now running, nested
        self.fault: Optional[Exception] = None              # a rule that failed while the game was made
        self.cards: list[Card] = []
        self.rules: list[SkillInst] = []
        self.over = False
        self.anytime_open = False                           # an any-time pass is under way (runtime/engine/anytime.py)
        # Query results remembered while plays are listed (builtins.plays): valid while `era` stays as
        # it was. Every change of state, decision, random draw and log entry moves `era` on, and a
        # result whose computation moved it is not kept, so remembering one changes no game.
        self.era = 0
        self.memo: Optional[dict] = None
        self.memo_era = 0
        self.usage = None                                   # a runtime.usage.Usage, when counting is asked for
        self.whole = False                                  # played by play() from the mode's own setup
        self.asking: Optional[Decision] = None              # the decision an agent is answering
        self.on_end = None                                  # fn(Result | None) when play() ends (runtime/agents/clone.py)
        self._living: dict[int, list] = {}                 # seat -> living players from it (Turns.ring)
        self.seat_distances: dict = {}                      # (seat, seat) -> steps (b_seat_distance)
        self._templates: dict = TEMPLATES.setdefault(pack, {})
        self.virtual_templates: dict = self._templates.setdefault(("virtual",), {})  # per kind (builtins._virtual_template)
        resets, self._counter_defs, self._phase_runs, self._turn, self._round = (
            self._templates[("game",)] if ("game",) in self._templates else _game_tables(pack, self._templates))
        # Per scope, the players set_value changed a counter of since (only theirs are reset: Turns._reset_counters).
        self._resets = {s: (zero, other, set()) for s, (zero, other) in resets.items()}
        self._make_zones()
        try:
            self._init_counters()
        except RuleLoop as err:         # reported when the game starts, like any rule fault
            self.fault = err
        except Exception as err:
            fault = locate(err, pack)
            self.fault = PackFault(fault.where, err, f"{fault.sentence}, while the game was being made "
                                                     "(attribute defaults first, then counters' initial values)")

    # ── set-up ────────────────────────────────────────────────────────────────
    def _make_zones(self) -> None:
        for zd in self.pack.zones.values():
            if zd.owner == "table":
                self.z[zd.name] = Zone(zd.name, None, zd.visibility, zd.grants)
            else:
                for p in self.players:
                    p.z[zd.name] = Zone(zd.name, p, zd.visibility, zd.grants)

    def _init_counters(self) -> None:
        table, players = [(self.v, None)], [(p.v, p) for p in self.players]
        for key in (("table", "attrs"), ("player", "attrs"), ("table", "counters"), ("player", "counters")):
            runs = self._templates[key] if key in self._templates else self._default_runs(key)
            owners = table if key[0] == "table" else players
            for values, lists, name, fn in runs:
                for store, _ in owners:
                    store.update(values)
                    for n in lists:
                        store[n] = values[n].copy()
                if fn is not None:
                    for store, it in owners:
                        store[name] = fn(self, it)

    def _default_runs(self, key: tuple) -> list:
        """Once a pack, per (owner, "attrs" | "counters"): those of the owner in order, as runs of (the
        values set without a call: AttrDef.fixed, a counter starting at 0; the names among them of lists
        each owner gets its own copy of; the name and function of the one computed next, or None)."""
        owner, what = key
        runs, values, lists = [], {}, []
        for d in self.pack.attrs_of(owner) if what == "attrs" else self.pack.counters_of(owner):
            fn = d.default if what == "attrs" else d.init
            if fn is None or fn is _zero or what == "attrs" and d.fixed:
                values[d.name] = 0 if fn is _zero else d.value if fn is not None else None
                if what == "attrs" and d.fixed == "list":
                    lists.append(d.name)
            else:
                runs.append((values, tuple(lists), d.name, fn))
                values, lists = {}, []
        if values:
            runs.append((values, tuple(lists), None, None))
        self._templates[key] = runs
        return runs

    # ── the log ───────────────────────────────────────────────────────────────
    def ref(self, x):
        if isinstance(x, Player):
            return f"P{x.seat}"
        if isinstance(x, Card):
            return x.ref()
        if isinstance(x, Zone):
            return x.key
        if isinstance(x, (list, tuple)):
            return [self.ref(i) for i in x]
        if isinstance(x, Event):
            return f"<{x.action.name}>"
        if hasattr(x, "name") and not isinstance(x, str):
            return x.name
        return x

    # ── state changes (every one is logged) ─────────────────────────────────
    def move(self, cards: Sequence[Card], to: Zone, bottom: bool = False) -> None:
        for c in cards:
            if c.virtual:
                physical, stand_ins = _sources(cards, to)
                if not physical:
                    return
                break
        else:                               # physical cards alone (most moves)
            if not cards:
                return
            # A zone's own list (its cards all stand in it) is copied: the loop below takes from it.
            held = cards[0].zone
            physical, stand_ins = list(cards) if held is not None and held.cards is cards else cards, ()
        self.era += 1
        self.work -= CHANGE_COST            # a state change: a log entry when the game is logged
        for c in physical:
            if c.base is not None:          # leaving the place where it stood as another card
                c.kind, c.a = c.base
                c.base = None
        for v in stand_ins:                 # a converted card placed in a player's zone stands as its new kind
            src = v.sources[0]
            src.base = (src.kind, src.a)
            src.kind, src.a = v.kind, dict(v.a)
        froms = []
        dest = to.cards
        stamp = self.stamp
        for c in physical:
            src = c.zone
            froms.append(src)
            if src is not None:
                held = src.cards            # from the top, as a draw takes: no search from the bottom
                del held[-1 if held[-1] is c else held.index(c)]
                if src.grants and src.owner is not None and src is not to:
                    self._revoke_card(src.owner, c)
            c.zone = to
            if src is to and self.known:    # put back inside its own zone: whoever knew it still does
                carry(self.known, c.stamp, stamp + 1)
            c.stamp = stamp = stamp + 1     # moved: what any other seat was shown of it is forgotten (view.py)
            if bottom:
                dest.insert(0, c)
            else:
                dest.append(c)
        self.stamp = stamp
        if self.log.enabled:
            self.log.add("move", [c.id for c in physical], [f.key if f is not None else None for f in froms], to.key,
                         "bottom" if bottom else "top")
        if to.grants and to.owner is not None:
            for c, src in zip(physical, froms):
                if src is not to:
                    for sname in c.kind.skills:
                        self.grant(to.owner, self.pack.skills[sname], c)

    def set_value(self, owner, name: str, value) -> None:
        """Set a counter (clamped to its bounds) or an attribute of a player or the table."""
        if owner is None:
            store, cdefs = self.v, self._counter_defs[0]
        else:
            store, cdefs = owner.v, self._counter_defs[1]
        cdef = cdefs[name] if name in cdefs else None
        if cdef is not None:
            if cdef.max is not None:
                hi = cdef.max(self, owner)
                if value > hi:
                    value = hi
            if cdef.min is not None:
                lo = cdef.min(self, owner)
                if value < lo:
                    value = lo
        if (store[name] if name in store else None) == value:
            return
        store[name] = value
        if cdef is not None and cdef.reset is not None and owner is not None:
            self._resets[cdef.reset][2].add(owner)
        self.era += 1
        self.work -= CHANGE_COST            # a state change: a log entry when the game is logged
        if self.log.enabled:
            self.log.add("set", self.ref(owner) if owner is not None else "table", name, self.ref(value))

    def cancel(self, ev: Event) -> None:
        ev.cancelled = True
        self.era += 1
        if self.log.enabled:
            self.log.add("cancel", ev.action.name)

    def set_event(self, ev: Event, name: str, value) -> None:
        """Change an event's parameter. The emitted code writes these steps in place (Emitter._WRITE)."""
        ev.p[name] = value
        self.era += 1
        if self.log.enabled:
            self.log_change(ev, name)

    def log_change(self, ev: Event, name: str) -> None:
        if name == "result" and ev.action.result:     # a result is logged once, as its action ends
            return
        self.log.add("change", ev.action.name, name, self.ref(ev.p[name]))

    # ── usage limits: counted per scope serial, so nothing needs resetting ─────
    def used(self, d, owner: Player, limit) -> int:
        return self.uses.get((id(d), owner.seat, self.serial[limit.scope]), 0)

    def use(self, d, owner: Player, limit) -> None:
        self.era += 1
        self.uses[(id(d), owner.seat, self.serial[limit.scope])] += 1

    # ── queries ─────────────────────────────────────────────────────────────────
    def query(self, name: str, *args):
        return self.pack.queries[name](self, *args)

    def start(self, setup=None) -> None:
        """The mode's rules and skills, then its setup — or `setup(g)` instead (scenario tests)."""
        if self.fault is not None:
            raise self.fault
        if self.pack.anytime:
            self.grant(None, anytime_rule(self.pack))
        for rule in reaction_rules(self.pack):
            self.grant(None, rule)
        if self.mode:
            for sname in self.mode.rules:
                self.grant(None, self.pack.skills[sname])
            for sname in self.mode.skills:
                for p in self.players:
                    self.grant(p, self.pack.skills[sname])
        if setup is not None:
            setup(self)
        elif self.mode and self.mode.setup:
            self.mode.setup(self)

    def perform(self, action: str, **kwargs) -> Event:
        """Run a pack action by name with keyword arguments (defaults filled in): for tools and tests."""
        adef = self.pack.actions[action]
        unknown = set(kwargs) - set(adef.params)
        if unknown:
            raise PackError(f"action {action} has no parameter {sorted(unknown)[0]}")
        args = []
        for name in adef.params:
            if name in kwargs:
                args.append(kwargs[name])
            elif name in adef.defaults:
                args.append(adef.defaults[name](self))
            else:
                raise PackError(f"action {action} needs {name}")
        return self.run_action(adef, tuple(args))

    # ── invariants ──────────────────────────────────────────────────────────────
    def all_zones(self) -> list[Zone]:
        zones = list(self.z.values())
        for p in self.players:
            zones.extend(p.z.values())
        return zones

    def check_invariants(self) -> None:
        seen = 0
        for zone in self.all_zones():
            for c in zone.cards:
                if c.zone is not zone:
                    raise InvariantBroken(f"{c!r} is listed in {zone.key} but thinks it is in "
                                          f"{c.zone.key if c.zone else None}")
            seen += len(zone.cards)
        if seen != len(self.cards):
            raise InvariantBroken(f"{len(self.cards)} cards exist but {seen} are in zones")
        for (owner, name), cd in self.pack.counters.items():
            targets = [None] if owner == "table" else self.players
            for p in targets:
                value = (self.v if p is None else p.v)[name]
                if cd.max is not None and value > cd.max(self, p):
                    raise InvariantBroken(f"{name} of {p} is {value}, above its maximum",
                                          Breach(name, getattr(p, "seat", None), True))
                if cd.min is not None and value < cd.min(self, p):
                    raise InvariantBroken(f"{name} of {p} is {value}, below its minimum",
                                          Breach(name, getattr(p, "seat", None)))
        for text, holds, where in self.invariants:
            if not holds(self):
                raise InvariantBroken(f'{where}: invariant "{text}" is broken', Breach(invariant=text))


def _sources(cards: Sequence[Card], to: Zone) -> tuple[list, list]:
    """The physical cards a move of `cards` moves (a virtual card's sources), and the converted cards
    that stand in a player's zone as their new kind."""
    physical = []
    stand_ins = []
    for c in cards:
        if not c.virtual:
            physical.append(c)
            continue
        physical.extend(c.sources)
        if len(c.sources) == 1 and to.owner is not None:
            stand_ins.append(c)
    return physical, stand_ins
