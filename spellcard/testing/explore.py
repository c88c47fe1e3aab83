"""`explore`: play many drawn games of a pack, shrink the first that breaks a property, and write
it as a `.spell` test that replays the break.

Hypothesis drives it: each example is a table (strategies.tables) and a game whose every answer
is a draw, so hypothesis's shrinking makes the failing game smaller and quieter. A time budget
ends the search by raising _TimeUp, which shrinks at once to nothing (it draws nothing) and is
told apart from a finding.
"""
from __future__ import annotations

import re
import time
from typing import Callable, Optional, Sequence

import attrs
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from spellcard.compiler.pack import load_pack

from .coverage import Coverage
from .play import Broken, Property, Unplayable, play
from .replay import test_failure
from .strategies import TableSpec, interactions, tables
from .writeout import test_text


class _TimeUp(Exception):
    pass


@attrs.define
class Exploration:
    """What an exploration found: the coverage, and the first broken property (shrunk) if any."""
    coverage: Coverage
    broken: Optional[Broken] = None
    spec: Optional[TableSpec] = None
    test: Optional[str] = None            # the shrunk game as a .spell test
    replayed: Optional[bool] = None       # whether running that test breaks the same property
    examples: int = 0
    seconds: float = 0.0


def explore(pack: str, extra: Sequence[str] = (), focus: Sequence[str] = (), mode: Optional[str] = None,
            examples: Optional[int] = None, seconds: Optional[float] = None, seed: int = 0,
            properties: Sequence[tuple[str, Property]] = (), characters: Optional[Sequence[str]] = None,
            progress: Callable[[int, float], None] = lambda n, t: None) -> Exploration:
    """Explore `pack` (with the `extra` .spell files) for `examples` games or `seconds` of
    search, whichever is given (both: the first reached). Same arguments, same games."""
    compiled = load_pack(pack, tuple(extra))
    strategy = (interactions(compiled, focus, mode) if focus
                else tables(compiled, mode=mode, characters=characters))
    found = Exploration(Coverage(tuple(focus)))
    start = time.monotonic()
    last: dict = {}

    def one_game(data) -> None:
        spent = time.monotonic() - start
        if not last and seconds is not None and spent > seconds:
            raise _TimeUp()
        spec = data.draw(strategy, label="table")
        try:
            played = play(pack, spec, data, extra, properties)
        except Unplayable:
            return
        except Broken as broken:
            last.update(broken=broken, spec=spec)
            raise
        if not last:
            found.examples += 1
            found.coverage.add(played)
            progress(found.examples, spent)

    budget = examples if examples is not None else 10 ** 6
    run = settings(max_examples=budget, deadline=None, database=None, derandomize=False,
                   suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                   phases=[Phase.generate, Phase.shrink])(given(st.data())(one_game))
    try:
        hypothesis_seed(seed)(run)()
    except (_TimeUp, Unsatisfiable):
        pass
    except Broken:
        broken, spec = last["broken"], last["spec"]
        found.broken, found.spec = broken, spec
        found.test = test_text(broken.scenario, spec, f"explore: {_title(broken.message)}",
                               f"Found by `spellcard explore {pack} --seed {seed}`, shrunk.\n"
                               f"{broken.prop}: {_one_line(broken.message)}")
        failure = test_failure(pack, extra, found.test)
        found.replayed = failure is not None and _one_line(broken.message) in _one_line(failure)
    found.seconds = time.monotonic() - start
    return found


def _title(message: str) -> str:
    """A test title from a break: the invariant's own words, without the place it is declared."""
    return _one_line(re.sub(r"^\S+:\d+:\d+: ", "", message), 70).replace('"', "'")


def _one_line(text: str, width: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"
