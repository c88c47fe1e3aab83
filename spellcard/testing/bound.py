"""Shrinking with a time limit, for a tester's hypothesis test of games.

Hypothesis shrinks a failing game by playing smaller ones, each a whole game, for up to five
minutes (its own limit, reached with a warning). Inside `bounded`, play() bounds that: after the
first break every game is cut past twice the decisions of the game that broke (plus 100), as one
that broke nothing, and once `shrink_seconds` have passed since the first break play() raises
TimeUp, a BaseException, which stops hypothesis at once (explore stops it alike; hypothesis may
raise it as the context of a FlakyStrategyDefinition, a game it knew stopping early); `bounded` then
raises the latest break of the same property (hypothesis tries only smaller games, so it is the
smallest found by then), its `.spell` test noted on it.
"""
from __future__ import annotations

import functools
import time
from contextvars import ContextVar
from typing import Optional

import attrs
from hypothesis import HealthCheck, is_hypothesis_test, settings

from .spelled import SpellNote

MAX_EXAMPLES = 25
SHRINK_SECONDS = 20.0
HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
_CURRENT: ContextVar[Optional["Bound"]] = ContextVar("spellcard_testing_bound", default=None)


class TimeUp(BaseException):
    """The shrink time is up: not an Exception, so hypothesis stops instead of taking it for a failure."""


def current() -> Optional["Bound"]:
    """The bound of the `bounded` test running now, if any."""
    return _CURRENT.get()


@attrs.define
class Bound:
    """One run of a `bounded` test: when its first break came, and the smallest break since."""
    seconds: float
    first: Optional[float] = None           # when the first break was found
    best: Optional[Exception] = None        # the latest break of the first one's property
    budget: Optional[int] = None            # drawn answers a game may take before it is cut

    def on_time(self) -> None:
        if self.first is not None and time.monotonic() > self.first + self.seconds:
            raise TimeUp()

    def offer(self, broken, drawn: int) -> None:
        if self.best is None:
            self.first, self.budget = time.monotonic(), 2 * drawn + 100
        elif broken.prop != self.best.prop:
            return
        self.best = broken

    def report(self) -> Exception:
        broken = self.best
        broken.add_note(f"(shrinking stopped after {self.seconds:g} s, bounded(shrink_seconds=…): "
                        "the smallest failing game found by then)")
        broken.add_note(SpellNote(broken).text())
        return broken


def _time_up(err: Optional[BaseException]) -> bool:
    """TimeUp, or what hypothesis made of it: stopped amid a game its tree expected to go on, it
    raises FlakyStrategyDefinition with the TimeUp as context."""
    while err is not None:
        if isinstance(err, TimeUp):
            return True
        err = err.__context__
    return False


def bounded(max_examples: int = MAX_EXAMPLES, shrink_seconds: float = SHRINK_SECONDS, **more):
    """Above `@given`: hypothesis settings for games (`max_examples`, no per-example deadline, the
    health checks a whole game trips by its size off; `more` are other settings) and a shrink time,
    `shrink_seconds` from the first break found in play()."""
    if max_examples < 1 or shrink_seconds <= 0:
        raise ValueError("bounded() needs max_examples >= 1 and shrink_seconds > 0")
    chosen = {"max_examples": max_examples, "deadline": None, "suppress_health_check": HEALTH, **more}

    def decorate(test):
        if not is_hypothesis_test(test):
            raise TypeError(f"@bounded goes above @given: {getattr(test, '__name__', test)!r} is no hypothesis test")
        configured = settings(**chosen)(test)

        @functools.wraps(configured)
        def run(*args, **kwargs):
            bound = Bound(shrink_seconds)
            token = _CURRENT.set(bound)
            try:
                return configured(*args, **kwargs)
            except BaseException as err:
                if _time_up(err):
                    raise bound.report() from None
                raise
            finally:
                _CURRENT.reset(token)
        return run
    return decorate
