"""`explore`: play many drawn games of a pack, shrink the first that breaks a property, and write
it as a `.spell` test that replays the break.

Hypothesis drives the search: each example is a table (strategies.tables) and a game whose every
answer is a draw. Once a game breaks, shrinking has a time of its own (SHRINK_SECONDS, within
`seconds` when that is given): first hypothesis's shrinker, which can seat fewer players and
quieten answers, for a share of it, each of its games cut past a budget of decisions; then delta
debugging on the written test's answers (shrink.py), whose every step is a run of the test, so
the test saved is one proved to replay the break. A time limit stops hypothesis by raising
_TimeUp.

With one focus character the search goes by pairs (pairs.py): the focus beside one partner at a
time, each pair's turn a hypothesis run of its own (BATCH games, a seed of its own), so that
hypothesis's games are a function of its draws alone and its shrinker keeps the partner.
"""
from __future__ import annotations

import hashlib
import re
import time
from typing import Callable, Optional, Sequence

import attrs
from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky, Unsatisfiable

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.decisions import DeclineAgent

from .coverage import Coverage
from .moment import moment_test
from .play import Broken, Property, Unplayable, play
from .replay import test_failure
from .shrink import shrink_answers, signature
from .pairs import Pairs
from .strategies import TableSpec, deck_kinds, focus_characters, interactions, tables
from .writeout import script_of, test_text

SHRINK_SECONDS = 90.0       # shrinking stops by then (by default), keeping the smallest test proved so far
MIN_SHRINK_SECONDS = 15.0   # ... and has at least this long, when the search used up `seconds`
HYPOTHESIS_SHARE = 0.4      # the part of it hypothesis's shrinker gets; delta debugging the rest
BATCH = 2                   # games of one hypothesis run of the partner search (one pair's turn)
_QUIET = DeclineAgent()


class _TimeUp(BaseException):
    """Time is up: not an Exception, so hypothesis stops at once instead of taking it for a
    failure to shrink."""


class ExploreFault(BaseException):
    """explore's own bookkeeping failed (the coverage of a game): raised past hypothesis, which would
    otherwise take it for a broken game and shrink it for minutes."""


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
    found_after: Optional[float] = None   # seconds of search before the break


@attrs.define
class _Finding:
    """The smallest game so far that broke the first property broken, while shrinking."""
    broken: Broken
    spec: TableSpec
    at: float                             # when it was first found
    budget: int                           # decisions a shrink step's game may draw before it is cut
    size: tuple = ()

    def offer(self, broken: Broken, spec: TableSpec) -> None:
        size = _size(broken, spec)
        if signature(broken.message) == signature(self.broken.message) and size < self.size:
            self.broken, self.spec, self.size = broken, spec, size


def explore(pack: str, extra: Sequence[str] = (), focus: Sequence[str] = (), mode: Optional[str] = None,
            examples: Optional[int] = None, seconds: Optional[float] = None, seed: int = 0,
            properties: Sequence[tuple[str, Property]] = (), characters: Optional[Sequence[str]] = None,
            progress: Callable[[int, float, Optional[Pairs]], None] = lambda n, t, pairs: None,
            shrink_seconds: float = SHRINK_SECONDS, against: Optional[Sequence[str]] = None,
            per_pair: Optional[int] = None) -> Exploration:
    """Explore `pack` (with the `extra` .spell files) for `examples` games or `seconds` of
    search, whichever is given (both: the first reached), then shrink a break for at most
    `shrink_seconds`: within `seconds` too, when given, but for at least MIN_SHRINK_SECONDS
    (or `shrink_seconds`, if less). Same arguments, same games; a shrink cut short by its time
    saves a longer test.

    With one focus item that is (or belongs to) a character, or with `against` given, the search
    is by partner (pairs.py): every game seats the focus character beside one partner of
    `against` (default: `partners(...)`, every other character, then every card kind), at most
    `per_pair` games each (the search ends once every pair had them). `progress(games, seconds,
    pairs)` is called after every game."""
    compiled = load_pack(pack, tuple(extra))
    pairs = _pairs(compiled, focus, against, per_pair, mode)
    found = Exploration(Coverage(tuple(focus)))
    if pairs is not None:
        found.coverage.pairs, found.coverage.focus_character = pairs, focus_characters(compiled, focus)[0]
    start = time.monotonic()
    finding: list[_Finding] = []

    def shrink_end() -> float:
        at = finding[0].at
        window = shrink_seconds
        if seconds is not None:
            window = min(window, max(start + seconds - at, min(MIN_SHRINK_SECONDS, shrink_seconds)))
        return at + window

    def search(strategy, budget: int, run_seed: int, partner: Optional[str] = None, skip_first: bool = False):
        """One hypothesis run of `budget` games drawn from `strategy` (and its shrink, if one breaks)."""
        calls = [0]

        def one_game(data) -> None:
            now = time.monotonic()
            if not finding and seconds is not None and now - start > seconds:
                raise _TimeUp()
            if finding and now > finding[0].at + HYPOTHESIS_SHARE * (shrink_end() - finding[0].at):
                raise _TimeUp()
            calls[0] += 1
            spec = data.draw(strategy, label="table")
            if skip_first and calls[0] == 1 and not finding:
                reject()                    # hypothesis's first game, all quiet, the same in every run: no meeting
            try:
                played = play(pack, spec, data, extra, properties, finding[0].budget if finding else None)
            except Unplayable:
                return
            except Broken as broken:
                if finding:
                    finding[0].offer(broken, spec)
                else:
                    size = _size(broken, spec)
                    finding.append(_Finding(broken, spec, time.monotonic(), 2 * size[2] + 100, size))
                    found.examples += 1             # the breaking game counts in the figures too
                    if pairs is not None and partner is not None:
                        pairs.scheduled(partner)
                    if broken.played is not None:
                        _count(found.coverage, broken.played, True)
                raise
            if not finding:
                found.examples += 1
                if pairs is not None and partner is not None:
                    pairs.scheduled(partner)
                _count(found.coverage, played, False)
                progress(found.examples, now - start, pairs)

        run = settings(max_examples=budget, deadline=None, database=None, derandomize=False,
                       suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
                       phases=[Phase.generate, Phase.shrink])(given(st.data())(one_game))
        try:
            hypothesis_seed(run_seed)(run)()
        except (_TimeUp, Unsatisfiable, Broken, Flaky):
            pass

    total = examples if examples is not None else 10 ** 6
    if pairs is None:
        search(interactions(compiled, focus, mode) if focus else tables(compiled, mode=mode, characters=characters),
               total, seed)
    else:
        runs: dict[str, int] = {}
        while not finding and found.examples < total and (seconds is None or time.monotonic() - start < seconds):
            partner = pairs.next()
            if partner is None:             # every pair has had its games
                break
            n = runs[partner] = runs.get(partner, 0) + 1
            games = min(BATCH, total - found.examples)
            if pairs.per_pair is not None:
                games = min(games, pairs.per_pair - pairs.stats[partner].games)
            before = pairs.stats[partner].games
            search(tables(compiled, mode=mode, focus=focus, characters=characters, partner=partner), games,
                   _run_seed(seed, partner, n), partner, skip_first=True)
            if pairs.stats[partner].games == before and not finding:
                pairs.scheduled(partner)    # no game could be played: its turn is spent all the same
    if finding:
        found.found_after = finding[0].at - start
        _write(found, finding[0], pack, extra, seed, shrink_end())
    found.seconds = time.monotonic() - start
    return found


def _count(coverage: Coverage, played, broke: bool) -> None:
    try:
        coverage.add(played, broke=broke)
    except Exception as err:
        raise ExploreFault(f"{type(err).__name__}: {err}") from err


def _run_seed(seed: int, partner: str, n: int) -> int:
    """The seed of a pair's n-th hypothesis run: its own games, the same for the same seed."""
    return int.from_bytes(hashlib.sha256(f"{seed}/{partner}/{n}".encode()).digest()[:8], "big")


def partners(pack, focus_character: str, mode: Optional[str] = None) -> list[str]:
    """Every partner of the focus character: the pack's other characters, then the card kinds of
    the decks its modes (or `mode`) play with."""
    kinds = sorted({k for m in ([mode] if mode else pack.modes) for k in deck_kinds(pack, m)})
    return [c for c in pack.characters if c != focus_character] + kinds


def _pairs(pack, focus: Sequence[str], against: Optional[Sequence[str]], per_pair: Optional[int],
           mode: Optional[str]) -> Optional[Pairs]:
    """The partner search, when there is one: `against` given, or one focus item of a character."""
    chars = focus_characters(pack, focus)
    if not chars or (against is None and len(focus) != 1):
        return None
    every = partners(pack, chars[0], mode)
    chosen = every if against is None or list(against) == ["all"] else [p for p in against if p != chars[0]]
    return Pairs(chosen, per_pair, later=frozenset(p for p in chosen if p not in pack.characters)) if chosen else None


def _write(found: Exploration, f: _Finding, pack: str, extra: Sequence[str], seed: int, deadline: float) -> None:
    """The finding shrunk by delta debugging, written as a test, and whether that test replays it."""
    broken, spec = f.broken, f.spec
    found.broken, found.spec = broken, spec
    title, what = f"explore: {_title(broken.message)}", f"{broken.prop}: {_one_line(broken.message)}"
    found.test = moment_test(pack, extra, spec, broken, title,
                             f"Found by `spellcard explore {pack} --seed {seed}`: the moment it broke.\n{what}",
                             deadline, f.budget)
    if found.test is None:              # no moment reproduces it: the whole game
        script = script_of(pack, extra, spec, broken.scenario) if broken.scenario is not None else []
        shrunk = shrink_answers(pack, extra, spec, script, broken.message, deadline, f.budget)
        found.test = test_text(spec, shrunk if shrunk is not None else script, title,
                               f"Found by `spellcard explore {pack} --seed {seed}`, shrunk.\n{what}")
    failure = test_failure(pack, extra, found.test)
    found.replayed = failure is not None and signature(broken.message) in signature(failure)


def _size(broken: Broken, spec: TableSpec) -> tuple:
    """How big a broken game is to write: seats, answers that are not the quiet one, answers."""
    s = broken.scenario
    asked = [(d, a) for d, a, forced in (s.decisions if s is not None else []) if not forced]
    return (len(spec.seats), sum(1 for d, a in asked if a != _QUIET.answer(s.game, d)), len(asked),
            len(spec.deck_top))


def _title(message: str) -> str:
    """A test title from a break: the invariant's own words, without the place it is declared."""
    return _one_line(re.sub(r"^\S+:\d+:\d+: ", "", message), 70).replace('"', "'")


def _one_line(text: str, width: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "…"
