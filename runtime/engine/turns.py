"""Turns, phases and rounds: the course of a game from its first round to its end. A mixin of Game."""
from __future__ import annotations

from spellcard.runtime.errors import AgentFault, GameOver, IllegalDecision, InvariantBroken, PackFault, RoundOver, RuleLoop
from spellcard.runtime.faults import locate, too_deep
from spellcard.runtime.model import Event, Player

from .outcome import final_places, final_scores

_new = object.__new__


class TurnLimit(Exception):
    """The mode's turn limit was reached: the game ends undecided."""


class Result:
    __slots__ = ("winners", "turns", "rounds", "reason", "error", "steps", "scores", "places")

    def __init__(self, winners, turns, rounds, reason, error=None, steps=0, scores=None, places=None):
        self.winners = winners
        self.turns = turns
        self.rounds = rounds
        self.reason = reason        # win | turn_limit | error
        self.error = error
        self.steps = steps
        self.scores = scores        # per seat, when the pack declares a score (runtime/engine/outcome.py)
        self.places = places        # per seat (1 = first), when the rules or a player score give them


class Turns:
    # ── turns, phases, rounds ─────────────────────────────────────────────────
    def next_living(self, p: Player) -> Player:
        n = len(self.players)
        for step in range(1, n + 1):
            q = self.players[(p.seat + step) % n]
            if q.alive:
                return q
        return p

    def living_from(self, p: Player) -> list[Player]:
        """Living players in seat order from `p` (a fresh list; the order is cached until someone
        leaves or returns, see set_alive)."""
        return list(self.ring(p))

    def ring(self, p: Player) -> list[Player]:
        """The cached list living_from copies: for the runtime's own reading, never to be changed."""
        living = self._living
        seat = p.seat
        if seat in living:
            return living[seat]
        n = len(self.players)
        order = living[seat] = [q for q in (self.players[(seat + i) % n] for i in range(n)) if q.alive]
        return order

    def set_alive(self, p: Player, alive: bool) -> None:
        p.alive = alive
        self.era += 1
        self._living.clear()
        self.seat_distances.clear()

    def _reset_counters(self, scope: str) -> None:
        """Counters of the scope start afresh. Most scopes have nothing to do most times (no counter
        changed since, none with an initial value of its own): the callers test that first."""
        zero, other, changed = self._resets[scope]
        self.era += 1
        if changed:                         # the other players' counters of the scope are 0 still
            for p in changed:
                p.v.update(zero)
            changed.clear()
        for cd in other:
            if cd.owner == "table":
                self.v[cd.name] = cd.init(self, None)
            else:
                for p in self.players:
                    p.v[cd.name] = cd.init(self, p)

    def run_phase(self, player: Player, name: str) -> None:
        self.serial["phase"] += 1
        _, other, changed = self._resets["phase"]
        if changed or other:
            self._reset_counters("phase")
        prev, self.phase = self.phase, name
        self.era += 1
        if self.log.enabled:
            self.log.add("phase", name, f"P{player.seat}")
        action, before, start, end, body = self._phase_runs[name]
        ev = _new(Event)                    # as Windows.act makes its events: no call of __init__
        ev.action = action
        ev.p = {"player": player, "phase": name}
        ev.cancelled = False
        ev.trigger = None
        self.stack.append(ev)
        triggers = self.triggers             # most of a phase's windows have no listener: a test, no call
        try:
            if "phase.before" in triggers:
                self.dispatch("phase.before", ev)
            if not ev.cancelled and before in triggers:
                self.dispatch(before, ev)
            if not ev.cancelled and name not in self.skipped:
                if "phase.start" in triggers:
                    self.dispatch("phase.start", ev)
                if start in triggers:
                    self.dispatch(start, ev)
                if body is not None and player.alive:
                    body(self, player)
                if end in triggers:
                    self.dispatch(end, ev)
                if "phase.end" in triggers:
                    self.dispatch("phase.end", ev)
        finally:
            del self.stack[-1]
            self.phase = prev
            self.era += 1

    def run_turn(self, player: Player) -> None:
        self.current = player
        self.era += 1
        self.turns += 1
        self.serial["turn"] += 1
        _, other, changed = self._resets["turn"]
        if changed or other:
            self._reset_counters("turn")
        self.skipped = set()
        if self.log.enabled:
            self.log.add("turn", self.turns, f"P{player.seat}")
        ev = _new(Event)
        ev.action = self._turn
        ev.p = {"player": player}
        ev.cancelled = False
        ev.trigger = None
        self.stack.append(ev)
        triggers = self.triggers
        try:
            if "turn.start" in triggers:
                self.dispatch("turn.start", ev)
            for name in self.pack.turn:
                if not player.alive:
                    break
                self.run_phase(player, name)
            if "turn.end" in triggers:
                self.dispatch("turn.end", ev)
        finally:
            del self.stack[-1]

    def _round_event(self, window: str) -> None:
        key = f"round.{window}"
        if key not in self.triggers:
            return
        ev = Event(self._round, {"number": self.rounds})
        self.stack.append(ev)
        try:
            self.dispatch(key, ev)
        finally:
            self.stack.pop()

    def play(self, setup=None) -> Result:
        """Run the game to its end. `setup(g)` replaces the mode's own setup (scenario tests).

        A game played from the mode's own setup is `whole`: its seed and answers rebuild it, so a
        searching agent may clone it (runtime/agents/clone.py). `on_end(result)`, when set, is handed the
        result (None if the game was left by an exception): how a forked clone reports and exits."""
        result = None
        try:
            result = self._play_to_end(setup)
            return result
        finally:
            self.asking = None          # no decision is waiting on a stack any more: clones replay
            if self.on_end is not None:
                self.on_end(result)

    def _play_to_end(self, setup) -> Result:
        self.whole = setup is None
        turn_limit = self.mode.turn_limit if self.mode else 500
        try:
            try:
                self.start(setup)
                player = self.current
                start = player.seat
                while True:
                    try:
                        self.begin_round()
                        if self.schedule:
                            self._scheduled_round(turn_limit)
                        else:
                            player = self._seat_round(player, start, turn_limit)
                    except RoundOver as over:
                        self.schedule.clear()
                        nxt = over.args[0] if over.args else None
                        player = nxt if nxt is not None and nxt.alive else self.next_living(self.current)
                        start = player.seat         # the new round goes round from here
                        if self.log.enabled:
                            self.log.add("round_over", self.rounds)
                    self._round_event("end")
            except TurnLimit:
                scores = final_scores(self)
                return Result([], self.turns, self.rounds, "turn_limit", steps=self.steps, scores=scores,
                              places=final_places(self, scores, None))
            except GameOver as over:
                self.over = True
                if self.log.enabled:
                    self.log.add("over", [f"P{p.seat}" for p in over.winners])
                scores = final_scores(self)
                return Result(list(over.winners), self.turns, self.rounds, "win", steps=self.steps,
                              scores=scores, places=final_places(self, scores, over.placings))
        except (RuleLoop, IllegalDecision, InvariantBroken, PackFault, AgentFault) as err:
            return self._failed(err)
        except RecursionError as err:   # nesting deeper than Python allows, under the depth limits
            return self._failed(too_deep(err, self.pack))
        except Exception as err:        # rule code that went wrong (a PackError too): name its .spell place
            return self._failed(locate(err, self.pack))

    def begin_round(self) -> None:
        """A new round: usage limits and counters of round scope start afresh; round.start opens."""
        self.rounds += 1
        self.era += 1
        self.serial["round"] += 1
        _, other, changed = self._resets["round"]
        if changed or other:
            self._reset_counters("round")
        if self.log.enabled:
            self.log.add("round", self.rounds)
        self._round_event("start")

    def _seat_round(self, player: Player, start: int, turn_limit: int) -> Player:
        """A round in seat order: every living player once, from `player` round to the starting seat."""
        while True:
            if self.turns >= turn_limit:
                raise TurnLimit()
            self.run_turn(player)
            player, wrapped = self._advance(player, start)
            if wrapped:
                return player

    def _scheduled_round(self, turn_limit: int) -> None:
        """A round whose turns the rules listed at round.start (schedule_turn), in that order."""
        while self.schedule:
            p = self.schedule.pop(0)
            if not p.alive:
                continue
            if self.turns >= turn_limit:
                raise TurnLimit()
            self.run_turn(p)

    def _failed(self, err: Exception) -> Result:
        if self.log.enabled:
            self.log.add("error", type(err).__name__, str(err))
        return Result([], self.turns, self.rounds, "error", error=err, steps=self.steps)

    def _advance(self, player: Player, start: int) -> tuple[Player, bool]:
        n = len(self.players)
        wrapped = False
        seat = player.seat
        for _ in range(n):
            seat = (seat + 1) % n
            if seat == start:
                wrapped = True
            if self.players[seat].alive:
                return self.players[seat], wrapped
        return player, True
