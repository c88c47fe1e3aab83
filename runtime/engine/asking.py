"""Asking a player: a mixin of Game, as windows and turns are. An agent is handed what its seat may
see (or, for a shape-only agent, the decision's shape alone); an illegal answer is refused with its
reason and asked again, MAX_REFUSALS times at most."""
from __future__ import annotations

from spellcard.runtime.decisions import MANY, ONE, YES_NO, Decision, shown, validate
from spellcard.runtime.errors import AgentFault, HarnessStop, IllegalDecision, PlayerOut
from spellcard.runtime.faults import ACTION_COST, out_of_work
from spellcard.runtime.log import chosen_cards
from spellcard.runtime.view.seat import view_of

MAX_REFUSALS = 3


class Asking:
    def decide(self, d: Decision):
        """Ask the player's agent; refuse illegal answers with a reason; log what was chosen."""
        player, kind, what, prompt, options, lo, hi = d     # unpacked at once: every decision runs this
        if not player.alive:
            raise PlayerOut(player, prompt)
        self.era += 1
        self.work -= ACTION_COST
        if self.work < 0:
            raise out_of_work(self, "decision")
        n = len(options)
        # Only a single option or a MANY decision can be settled unasked (a scenario's own `_forced`
        # too, by its contract): the rest skip the call.
        answer = self._forced(d) if n == 1 or kind == MANY else None
        if answer is None:
            agent = player.agent
            shape = getattr(agent, "shape_only", False)
            if shape:                                   # it reads the shape alone: no view to make
                table = asked = None
            elif getattr(agent, "sees_all", False):     # a test's or a replay's agent: the whole game
                table, asked = self, d
            else:                                       # a player: what its seat may see
                table = view_of(self, player.seat)
                asked = table.decision(d)
            self.asking = d
            refused = 0                                 # a count, not a range to make: most answers pass at once
            while True:
                try:
                    answer = agent.pick(kind, what, n, lo, hi) if shape else agent.answer(table, asked)
                except Exception as err:
                    raise agent_fault(player.seat, agent, err) from err
                if type(answer) is int and kind != MANY and 0 <= answer < n:   # validate's common case
                    break
                reason = validate(d, answer)
                if reason is None:
                    break
                try:
                    agent.refused(view_of(self, player.seat).decision(d) if shape else asked, answer, reason)
                except Exception as err:
                    raise agent_fault(player.seat, agent, err) from err
                if self.log.enabled:
                    self.log.add("refused", f"P{player.seat}", what, shown(answer), reason)
                refused += 1
                if refused == MAX_REFUSALS:
                    raise IllegalDecision(f"P{player.seat} answered {prompt!r} illegally "
                                          f"{MAX_REFUSALS} times: {reason}")
            self.answers.append(answer)
        if self.log.enabled:
            chosen = bool(answer) if kind == YES_NO else (
                list(map(d.describe, answer)) if kind == MANY else d.describe(answer))
            if kind != YES_NO:
                cards = chosen_cards(d, answer if kind == MANY else [answer])
                if cards:
                    self.log.chosen[len(self.log.entries)] = cards
            self.log.add("ask", f"P{player.seat}", what, prompt, answer, chosen)
        if kind == YES_NO:
            return bool(answer)
        return answer

    @staticmethod
    def _forced(d: Decision):
        """The answer when there is no choice (every option, or the only one: a play may still
        pass), else None. A scenario replaces it on its game, to record what was settled unasked.
        It settles nothing of more than one option but a MANY decision (decide relies on that)."""
        _, kind, what, _, options, lo, hi = d
        if kind == MANY:
            return list(range(hi)) if lo == hi == len(options) else None
        return 0 if kind == ONE and len(options) == 1 and what != "play" else None


def agent_fault(seat: int, agent, err: Exception) -> Exception:
    """What an exception an agent raised stops the game with: an AgentFault naming the seat, the
    agent and its message; the runtime's own stops (a clone that cannot follow the game) and a
    test script's mismatch go on as they are, for the code that waits for them."""
    if isinstance(err, (IllegalDecision, HarnessStop, AgentFault)):
        return err
    return AgentFault(seat, agent, err)

