"""Agents that answer from a record: a test's script (ScriptedAgent) and a logged game's answers
(ReplayAgent). Both see the whole game: a script names the very cards and players of it."""
from __future__ import annotations

from typing import Optional, Sequence

from spellcard.runtime.decisions import MANY, YES_NO, Agent, DeclineAgent, Decision, label, shown
from spellcard.runtime.errors import HarnessStop, IllegalDecision
from spellcard.runtime.model import Card, Play, Player


def _match(d: Decision, want) -> Optional[int]:
    for i, o in enumerate(d.options):
        if o is want:
            return i
        if isinstance(o, Play) and want is not None and (o.card is want or (
                o.card is not None and o.card.virtual and want in o.card.sources)):
            return i
        if isinstance(want, str) and label(o) == want:
            return i
        if isinstance(want, str) and isinstance(o, Play) and o.skill is not None and o.skill.name == want:
            return i
        if isinstance(want, str) and isinstance(o, Play) and o.card is not None and o.card.virtual \
                and o.card.via is not None and o.card.via.name == want:
            return i
    return None


class ScriptedAgent(Agent):
    """Answers from a script, in order; when the script runs out, falls back to another agent.

    A script entry may be: True/False (yes/no), a Card, a Player, a name (card kind, character,
    skill or option text), "pass", a list of those (multi-choice), or a function of the decision.
    """

    sees_all = True         # a script names the very cards and players of the game

    def __init__(self, script: Sequence = (), fallback: Optional[Agent] = None):
        self.script = list(script)
        self.fallback = fallback or DeclineAgent()
        self.log: list[Decision] = []

    def answer(self, game, d: Decision):
        self.log.append(d)
        if not self.script:
            return self.fallback.answer(game, d)
        return self.resolve(d, self.script.pop(0))

    def resolve(self, d: Decision, want):
        """The option indices that answer `d` with `want`; ScriptMismatch if it fits no option."""
        if callable(want) and not isinstance(want, (Card, Player)):
            return want(d)
        if d.kind == YES_NO:
            if not isinstance(want, bool):
                raise ScriptMismatch(d, want)
            return int(want)
        if d.kind == MANY:
            items = want if isinstance(want, (list, tuple)) else [want]
            out = []
            for w in items:
                i = self.match(d, w, out)
                if i is None or i in out:
                    raise ScriptMismatch(d, w)
                out.append(i)
            return out
        if want == "pass" and d.what == "play" and d.options[-1] is None:   # a compulsory play has no pass
            return len(d.options) - 1
        i = self.match(d, want, [])
        if i is None:
            raise ScriptMismatch(d, want)
        return i

    def match(self, d: Decision, want, taken: list) -> Optional[int]:
        return _match(d, want)


class ScriptMismatch(HarnessStop):
    def __init__(self, d: Decision, want):
        opts = ", ".join(label(o) for o in d.options)
        super().__init__(f"script answer {want!r} does not fit {d!r}; options: {opts}")


class ReplayAgent(Agent):
    """Gives back the answers a logged game recorded, in order. A recorded answer the game refuses
    means the log does not fit this game: that ends the replay at once, naming the answer."""

    sees_all = True         # it reads nothing, and gives back what was recorded

    def __init__(self, answers: list):
        self._left = list(reversed(answers))     # popped from the end: a long log replays in linear time
        self.given = 0

    @property
    def answers(self) -> list:
        """The recorded answers not given yet, in order."""
        return self._left[::-1]

    def answer(self, game, d: Decision):
        if not self._left:
            raise ReplayDiverged("the log has no more answers")
        self.given += 1
        return self._left.pop()

    def refused(self, d: Decision, answer, reason: str) -> None:
        raise ReplayDiverged(f"recorded answer {self.given} ({shown(answer)}) does not fit "
                             f"P{d.player.seat}'s decision {d.prompt!r}: {reason}")


class ReplayDiverged(IllegalDecision):
    """The recorded answers do not fit the game being replayed: the log, not a rule, is at fault."""
