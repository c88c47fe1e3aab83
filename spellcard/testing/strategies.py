"""Hypothesis strategies for games of a pack: tables, and an agent whose every answer is drawn.

Every choice a game makes for its players is a hypothesis draw, so when a property breaks,
hypothesis shrinks the game itself: fewer seats, earlier characters, fewer stacked cards, and
answers moved toward the quietest one (no, pass, the fewest and first options). The quiet answer
is what a `.spell` test gives an unscripted decision, so a shrunk game needs few answers written.
"""
from __future__ import annotations

from typing import Optional, Sequence

import attrs
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from spellcard.answers import spec_of
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import MANY, YES_NO, Agent, DeclineAgent
from spellcard.runtime.defs import PackDef
from spellcard.runtime.errors import GameOver, HarnessStop
from spellcard.runtime.model import Card, Play

DRAWN_DECISIONS = 400       # answers drawn one by one; later ones come from a drawn seed (buffer size)
GAME_SEEDS = 2 ** 16        # a table's game seed is drawn below this (shrinks toward 0, a test's default)
MAX_SEATS = 8
_QUIET = DeclineAgent()


@attrs.frozen
class TableSpec:
    """One game to play: the test form's `mode`, `seats`, `seed`, `setup` and `deck top` lines. The
    seed is the game's own (what a mode's set-up deals at random: KOF's draft reads no seat)."""
    mode: str
    seats: tuple[str, ...]
    deck_top: tuple[str, ...] = ()
    seed: int = 0


def focus_characters(pack: PackDef, focus: Sequence[str]) -> list[str]:
    """Characters that bring a focus item to the table: named ones, and holders of a named skill."""
    out: list[str] = []
    for name in focus:
        found = [name] if name in pack.characters else [
            c for c, cd in pack.characters.items() if name in cd.skills]
        for c in found[:1]:
            if c not in out:
                out.append(c)
    return out


def deck_kinds(pack: PackDef, mode: str) -> list[str]:
    deck = pack.modes[mode].deck
    return sorted({kind for kind, _ in pack.decks.get(deck, [])}) if deck else []


def tables(pack, mode: Optional[str] = None, focus: Sequence[str] = (), characters: Optional[Sequence[str]] = None,
           partner: Optional[str] = None, extra: Sequence[str] = ()):
    """The strategy of the pack's tables (`_tables`); `pack` a loaded PackDef or its name or folder
    (loaded with the `extra` files). A name it does not hold is an InvalidArgument, at once."""
    if isinstance(pack, str):
        pack = load_pack(pack, tuple(extra))
    if not pack.modes:
        raise InvalidArgument(f"pack {pack.name} has no modes to play")
    if mode is not None and mode not in pack.modes:
        raise InvalidArgument(f"pack {pack.name} has no mode {mode!r} (it has: {', '.join(pack.modes)})")
    known = set(pack.characters) | set(pack.skills) | set(pack.kinds)
    for name in [*focus, *([partner] if partner is not None else [])]:
        if name not in known:
            raise InvalidArgument(f"{name!r} is no character, skill or card of pack {pack.name}")
    for name in characters or ():
        if name not in pack.characters:
            raise InvalidArgument(f"{name!r} is no character of pack {pack.name}")
    return _tables(pack, mode, tuple(focus), characters, partner)


@st.composite
def _tables(draw, pack: PackDef, mode: Optional[str] = None, focus: Sequence[str] = (),
            characters: Optional[Sequence[str]] = None, partner: Optional[str] = None) -> TableSpec:
    """A table of the pack: a mode, as many seats as it allows, distinct characters (each focus
    character seated with high odds, the first always), and a few cards stacked on the deck
    (focus cards among them). A `partner` (a character, or a card kind) is always there too,
    seated beside the first focus character or stacked on the deck, and three tables in four are
    then one of the smallest the pack plays (its modes seating the fewest, at their fewest), so
    that the two meet often."""
    modes = [mode] if mode else list(pack.modes)
    small = partner is not None and draw(st.integers(0, 3)) != 3
    if small:                                      # the modes that seat the fewest, at their fewest
        fewest = min(pack.modes[x].min_players for x in modes)
        modes = [x for x in modes if pack.modes[x].min_players == fewest]
    m = pack.modes[draw(st.sampled_from(modes))]
    lo, hi = m.min_players, max(min(m.max_players, MAX_SEATS), m.min_players)
    n = lo if small else draw(st.integers(lo, hi))
    if partner is not None and partner not in pack.characters:
        focus = list(focus) + [partner]            # a card kind: stacked like a focus card
        stack_first = partner
    else:
        stack_first = None
    if not pack.characters:                        # the mode's setup seats the players (esper)
        return TableSpec(m.name, tuple(f"P{i}" for i in range(n)),
                         tuple(_stacked(draw, pack, m.name, focus, stack_first)), _game_seed(draw))
    pool = list(characters) if characters is not None else list(pack.characters)
    wanted = focus_characters(pack, focus)
    seated = [c for i, c in enumerate(wanted[:n]) if i == 0 or draw(st.integers(0, 3)) != 0]
    if partner in pack.characters and partner not in seated:
        seated.insert(1, partner)
        seated = seated[:n]
    rest = [c for c in pool if c not in seated]
    seated += draw(st.lists(st.sampled_from(rest), min_size=n - len(seated), max_size=n - len(seated),
                            unique=True)) if len(rest) >= n - len(seated) else rest
    stacked = _stacked(draw, pack, m.name, focus, stack_first)
    order = draw(st.permutations(range(n)))        # who sits where: shrinks to the order drawn
    # A pack with fewer characters than seats (none, in a game without them) seats the rest by
    # number: `P2` at the third seat plays no character.
    seats = tuple(seated[i] if i < len(seated) else f"P{j}" for j, i in enumerate(order))
    return TableSpec(m.name, seats, tuple(stacked), _game_seed(draw))


def _game_seed(draw) -> int:
    """The game's seed: drawn, so that what a mode deals at random varies from game to game (every
    game at seed 0 would deal KOF the same draft); it shrinks toward 0, which a test leaves unsaid."""
    return draw(st.integers(0, GAME_SEEDS - 1), label="game seed")


def _stacked(draw, pack: PackDef, mode: str, focus: Sequence[str], first: Optional[str] = None) -> list[str]:
    """A few cards for the top of the deck, focus cards among them (`first` always)."""
    kinds = deck_kinds(pack, mode)
    cards = [k for k in focus if k in kinds]
    stacked = [k for i, k in enumerate(cards) if i == 0 or k == first or draw(st.booleans())]
    return stacked + (draw(st.lists(st.sampled_from(kinds), max_size=4)) if kinds else [])


def interactions(pack, focus: Sequence[str], mode: Optional[str] = None, extra: Sequence[str] = ()):
    """Tables where the focus items (characters, skills, cards) meet: the first always at the
    table, the others with high odds, among other characters of the pack."""
    return tables(pack, mode=mode, focus=focus, extra=extra)


class Cut(GameOver, HarnessStop):
    """A game cut short past its decision budget while shrinking: it ends undecided, as a game
    that broke nothing, so a shrink step never waits for a long game that went elsewhere. Raised
    by the seat's agent, it is a HarnessStop too, which the engine passes on as it is (not as the
    agent's fault, which would be a break of its own)."""

    def __init__(self):
        super().__init__([])


class DrawnAgent(Agent):
    """Answers every decision with a hypothesis draw; index 0 of a draw is the quiet answer, so
    shrinking quietens the game. Past DRAWN_DECISIONS answers it plays on from a drawn seed; past
    `budget` answers (when shrinking) it cuts the game. Of two cards alike (the same kind and
    face, which a test names alike) it picks the first, so that every answer can be written."""

    def __init__(self, data, counter: list, budget: Optional[int] = None):
        self.data = data
        self.counter = counter            # shared by the table: decisions drawn so far
        self.budget = budget
        self.later: Optional[RandomAgent] = None

    def answer(self, game, d):
        self.counter[0] += 1
        if self.budget is not None and self.counter[0] > self.budget:
            raise Cut()
        if self.counter[0] > DRAWN_DECISIONS:
            if self.later is None:
                self.later = RandomAgent(self.data.draw(st.integers(0, 2 ** 16), label="seed"))
            return first_alike(game.pack, d, self.later.answer(game, d))
        draw = self.data.draw
        n = len(d.options)
        if d.kind == YES_NO:
            return int(draw(st.booleans()))
        if d.kind == MANY:
            k = draw(st.integers(d.min, d.max))
            return first_alike(game.pack, d, sorted(draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k,
                                                                   unique=True))))
        quiet = _QUIET.answer(game, d)
        order = [quiet] + [i for i in range(n) if i != quiet]
        return first_alike(game.pack, d, order[draw(st.integers(0, n - 1))])


def first_alike(pack, d, answer):
    """The answer with each chosen card replaced by the first option alike (an index, or a list)."""
    if d.kind == YES_NO:
        return answer
    many = isinstance(answer, list)
    chosen: list[int] = []
    for i in (answer if many else [answer]):
        spec = _spec(pack, d.options[i])
        if spec is not None:
            i = next(j for j, o in enumerate(d.options) if j not in chosen and _spec(pack, o) == spec)
        chosen.append(i)
    return sorted(chosen) if many else chosen[0]


def _spec(pack, o) -> Optional[str]:
    card = o if isinstance(o, Card) else o.card if isinstance(o, Play) and o.skill is None and o.convert is None \
        else None
    return None if card is None or card.virtual else spec_of(pack, card)
