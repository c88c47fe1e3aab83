"""Every choice is a Decision with its legal options listed; an Agent answers with option indices.

Answers are indices so that they log compactly and replay exactly. The game validates every answer
and refuses an illegal one with a reason (see Game.decide).
"""
from __future__ import annotations

import reprlib
from collections import namedtuple
from typing import Any, Optional, Sequence

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
