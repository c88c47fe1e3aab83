"""Every choice is a Decision with its legal options listed; an Agent answers with option indices.

Answers are indices so that they log compactly and replay exactly. The game validates every answer
and refuses an illegal one with a reason (see Game.decide).
"""
from __future__ import annotations

import random
import reprlib
from collections import namedtuple
from typing import Any, Optional, Sequence

from .errors import IllegalDecision
from .model import Card, Play, Player

YES_NO = "yes_no"
ONE = "one"          # pick exactly one option
MANY = "many"        # pick between min and max options


class Options(tuple):
    """A decision's options: a tuple, so that no agent can change them, which compares equal to a
    list of the same items, as scenario tests and scripts write them (`d.options == [a, b]`)."""
    __slots__ = ()

    def __eq__(self, other):
        return tuple.__eq__(self, tuple(other) if type(other) is list else other)

    def __ne__(self, other):
        return not self == other

    __hash__ = tuple.__hash__


_tuple_new = tuple.__new__


class Decision(namedtuple("DecisionFields", "player kind what prompt options min max")):
    """Read-only: the agent answering it must not be able to widen its own choice (append an
    option, raise `max`), because the game validates the answer against this very object. A named
    tuple costs little more to make and read than a plain object; frozen attributes set one by one
    cost about three times as much, on a path every decision takes.

    kind: yes_no | one | many; what: cards | players | option | play | order | yes_no."""
    __slots__ = ()

    def __new__(cls, player: Player, kind: str, what: str, prompt: str, options: Sequence,
                min: int = 1, max: int = 1):
        return _tuple_new(cls, (player, kind, what, prompt, Options(options), min, max))

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
    """None if `answer` is legal for `d`, else the reason it is refused.

    Only plain ints, lists and tuples pass (tested with `type`, which an object cannot fake; no
    subclasses, no bools), so checking an answer never runs code of the agent's: a malformed answer
    is refused, never a crash blamed on a rule."""
    n = len(d.options)
    if d.kind == MANY:
        if type(answer) is not list and type(answer) is not tuple:
            return f"expected a list of option numbers, got {shown(answer)}"
        for a in answer:
            if type(a) is not int or not 0 <= a < n:
                return f"no such option: {shown(a)} (there are {n})"
        if len(answer) > 1 and len(set(answer)) != len(answer):   # no set to make for one option
            return "an option was chosen twice"
        if not d.min <= len(answer) <= d.max:
            return f"choose between {d.min} and {d.max} options, not {len(answer)}"
        return None
    if type(answer) is not int:
        return f"expected an option number, got {shown(answer)}"
    if not 0 <= answer < n:
        return f"no such option: {answer} (there are {n})"
    return None


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 3, 8, 8, 4
_SHORT.maxstring = _SHORT.maxother = 40


def shown(answer) -> str:
    """An agent's answer as a short text for a refusal: bounded in length and nesting, and safe from
    an object whose own `repr` raises."""
    try:
        return _SHORT.repr(answer)
    except Exception:
        return f"<a {type(answer).__name__} that cannot be shown>"


class Agent:
    """Answers decisions. It is handed its seat's View (runtime/view/seat.py) and the decision as that
    seat sees it; an agent that needs the whole Game (a scripted test, a replay) says so by setting
    `sees_all = True`, and is handed the Game and the Decision itself. One that reads nothing but a
    decision's shape says so with `shape_only = True`: the game then calls its `pick` and makes no
    view of the decision at all (most decisions of a random game)."""
    sees_all = False
    shape_only = False

    def __init_subclass__(cls, **kwargs):
        # A subclass with its own `answer` reads what that answer reads: it is asked through it, not
        # through an inherited `pick` (a probing test agent, a scripted one), unless it says otherwise.
        super().__init_subclass__(**kwargs)
        if "answer" in cls.__dict__ and "shape_only" not in cls.__dict__:
            cls.shape_only = False

    def answer(self, view, d):
        raise NotImplementedError

    def pick(self, kind: str, what: str, n: int, lo: int, hi: int):
        """The answer to a decision of this kind and `what` among `n` options (`lo` to `hi` of them
        for a MANY one), for a `shape_only` agent: all it is told."""
        raise NotImplementedError

    def refused(self, d: Decision, answer, reason: str) -> None:
        """Told when an answer was illegal; the game asks again."""


class RandomAgent(Agent):
    """Uniformly random legal answers from its own seeded generator."""

    shape_only = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def answer(self, view, d):
        return self.pick(d.kind, d.what, len(d.options), d.min, d.max)

    def pick(self, kind: str, what: str, n: int, lo: int, hi: int):
        """`randrange(n)`, or for a MANY decision `sorted(sample(range(n), randint(lo, hi)))`, drawn
        as CPython's Random draws them (`_randbelow`: `n.bit_length()` bits until one is below n), at
        a fraction of the calls: the very same numbers from the same seed (tests/runtime/test_agents.py)."""
        if kind == MANY:
            return self._many(n, lo, hi)
        rng = self.rng
        if what == "play":
            # Playing on is more useful than passing: pass one time in four when there is a choice.
            if n > 1 and rng.random() < 0.75:
                n -= 1                                  # randrange(n - 1)
            else:
                return n - 1 if n > 1 else 0
        elif n < 1:
            return rng.randrange(n)                     # refused as randrange refuses it
        k = n.bit_length()                              # rng.getrandbits called as a method: no bound
        r = rng.getrandbits(k)                          # method made, and a cheaper call than through one
        while r >= n:
            r = rng.getrandbits(k)
        return r

    def _many(self, n: int, lo: int, hi: int) -> list:
        rng = self.rng
        if lo > hi:
            return sorted(rng.sample(range(n), rng.randint(lo, hi)))   # refused as randint refuses it
        width = hi - lo + 1                             # randint(lo, hi): lo + _randbelow(width)
        b = width.bit_length()
        k = rng.getrandbits(b)
        while k >= width:
            k = rng.getrandbits(b)
        k += lo
        if not 0 <= k <= n or n > 21:                   # beyond sample's pool of 21 or more (or refused)
            return sorted(rng.sample(range(n), k))
        pool = list(range(n))                           # sample's pool: the chosen slot takes the last
        out = []
        for m in range(n, n - k, -1):
            b = m.bit_length()
            j = rng.getrandbits(b)
            while j >= m:
                j = rng.getrandbits(b)
            out.append(pool[j])
            pool[j] = pool[m - 1]
        out.sort()
        return out


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


class ScriptMismatch(Exception):
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

