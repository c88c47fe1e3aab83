"""Every choice is a Decision with its legal options listed; an Agent answers with option indices.

Answers are indices so that they log compactly and replay exactly. The game validates every answer
and refuses an illegal one with a reason (see Game.decide).
"""
from __future__ import annotations

import random
from typing import Any, Optional, Sequence

from .model import Card, Play, Player

YES_NO = "yes_no"
ONE = "one"          # pick exactly one option
MANY = "many"        # pick between min and max options


class Decision:
    __slots__ = ("player", "kind", "what", "prompt", "options", "min", "max")

    def __init__(self, player: Player, kind: str, what: str, prompt: str, options: Sequence,
                 min: int = 1, max: int = 1):
        self.player = player
        self.kind = kind          # yes_no | one | many
        self.what = what          # cards | players | option | play | order | yes_no
        self.prompt = prompt
        self.options = list(options)
        self.min = min
        self.max = max

    def describe(self, i: int) -> str:
        return label(self.options[i])

    def __repr__(self) -> str:
        return f"<decision P{self.player.seat} {self.what} {self.prompt!r} {len(self.options)} options>"


def label(o: Any) -> str:
    if isinstance(o, Card):
        return o.kind.name
    if isinstance(o, Player):
        return o.character.name if o.character else f"P{o.seat}"
    if isinstance(o, Play):
        if o.card is not None:
            return o.card.kind.name
        if o.convert is not None:
            return f"{o.convert.skill.name}→{o.convert.as_kind}"
        return o.skill.name if o.skill is not None else "pass"
    if o is None:
        return "pass"
    if hasattr(o, "tdef"):
        return o.tdef.skill.name
    if hasattr(o, "name"):
        return o.name
    return str(o)


def validate(d: Decision, answer) -> Optional[str]:
    """None if `answer` is legal for `d`, else the reason it is refused."""
    n = len(d.options)
    if d.kind == MANY:
        if not isinstance(answer, (list, tuple)):
            return "expected a list of option numbers"
        if len(set(answer)) != len(answer):
            return "an option was chosen twice"
        if not d.min <= len(answer) <= d.max:
            return f"choose between {d.min} and {d.max} options, not {len(answer)}"
        bad = [a for a in answer if not isinstance(a, int) or isinstance(a, bool) or not 0 <= a < n]
        return f"no such option: {bad[0]!r}" if bad else None
    if not isinstance(answer, int) or isinstance(answer, bool):
        return f"expected an option number, got {answer!r}"
    if not 0 <= answer < n:
        return f"no such option: {answer} (there are {n})"
    return None


class Agent:
    def answer(self, game, d: Decision):
        raise NotImplementedError

    def refused(self, d: Decision, answer, reason: str) -> None:
        """Told when an answer was illegal; the game asks again."""


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def answer(self, game, d: Decision):
        rng = self.rng
        if d.kind == MANY:
            k = rng.randint(d.min, d.max)
            return sorted(rng.sample(range(len(d.options)), k))
        if d.what == "play":
            # Playing on is more useful than passing: pass one time in four when there is a choice.
            if len(d.options) > 1 and rng.random() < 0.75:
                return rng.randrange(len(d.options) - 1)
            return len(d.options) - 1 if len(d.options) > 1 else 0
        return rng.randrange(len(d.options))


class GreedyAgent(RandomAgent):
    """A random agent that always acts: it uses a skill when asked, plays while it can, and answers
    requests for a card when it has one. It knows no game; it only never holds back, which ends
    games sooner than plain random play (and plays legal moves, as every agent must)."""

    def answer(self, game, d: Decision):
        rng = self.rng
        if d.kind == YES_NO:
            return 1
        if d.kind == MANY:
            return sorted(rng.sample(range(len(d.options)), d.max))
        acting = [i for i, o in enumerate(d.options) if o is not None]
        return rng.choice(acting) if acting else len(d.options) - 1


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


class DeclineAgent(Agent):
    """Says no, passes, and picks the fewest and first options: the quietest legal player."""

    def answer(self, game, d: Decision):
        if d.kind == YES_NO:
            return 0
        if d.kind == MANY:
            return list(range(d.min))
        if None in d.options:               # "pass" / "no card": decline
            return d.options.index(None)
        return 0


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
        if want == "pass" and d.what == "play":
            return len(d.options) - 1
        i = self.match(d, want, [])
        if i is None:
            raise ScriptMismatch(d, want)
        return i

    def match(self, d: Decision, want, taken: list) -> Optional[int]:
        return _match(d, want)


class ScriptMismatch(Exception):
    def __init__(self, d: Decision, want):
        opts = ", ".join(label(o) for o in d.options)
        super().__init__(f"script answer {want!r} does not fit {d!r}; options: {opts}")


class ReplayAgent(Agent):
    """Gives back the answers a logged game recorded, in order."""

    def __init__(self, answers: list):
        self.answers = list(answers)

    def answer(self, game, d: Decision):
        if not self.answers:
            raise ReplayDiverged("the log has no more answers")
        return self.answers.pop(0)


class ReplayDiverged(Exception):
    pass

