"""Non-interference of the table's frames: what a seat is sent does not depend on what it may not see.

At decisions of whole games of every pack, the frame of the seat asked (its table, its decision and its
log, as spellcard/table/frames.py builds them) is made, then the identities of every card the seat has
never seen are shuffled among those cards (kind and attributes: where each card is stays), and the
private player values it may not see are shuffled among their holders; the frame made again must be
byte for byte the same. A frame that let one hidden card or value through would differ."""
from __future__ import annotations

import json
import random

import pytest

from spellcard.compiler.pack import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import knows, sees_value, view_of
from spellcard.seen_log import SeatLog, start_zones
from spellcard.table import frames
from spellcard.table.texts import phrases
from tests.table_helpers import LOVE_LETTER

CHECK_EVERY = 5
MAX_CHECKS = 25


PHRASES: dict = {}


def frame_text(game, seat: int, d) -> str:
    faces = frames.Faces(game.pack)
    view = view_of(game, seat)
    state = frames.table_state(faces, view, seat)
    state["decision"] = frames.decision(faces, d, 1)
    state["log"] = frames.SeatLines(game, seat, faces, PHRASES).update()
    return json.dumps(state, ensure_ascii=False, sort_keys=True)


def ints(x, out: set) -> set:
    if isinstance(x, bool):
        return out
    if isinstance(x, int):
        out.add(x)
    elif isinstance(x, (list, tuple)):
        for i in x:
            ints(i, out)
    elif isinstance(x, dict):
        for i in x.values():
            ints(i, out)
    return out


def never_seen(game, seat: int) -> list:
    """The physical cards the seat does not know now and no entry of its seat log ever named."""
    seer = SeatLog(game.pack, start_zones(game), seat, game.log.chosen)
    named = ints(list(seer.render(game.log.entries)), set())
    return [c for c in game.cards if not c.virtual and c.id not in named and not knows(game, seat, c)]


def shuffled(game, seat: int, rng: random.Random):
    """Shuffle what the seat may not see; return how to put it back."""
    cards = never_seen(game, seat)
    faces = [(c.kind, c.a) for c in cards]
    moved = faces[:]
    rng.shuffle(moved)
    for c, (kind, a) in zip(cards, moved):
        c.kind, c.a = kind, a
    secret = []
    for a in game.pack.secrets():
        holders = [p for p in game.players if a.name in p.v and not sees_value(seat, p, a)]
        values = [p.v[a.name] for p in holders]
        rng.shuffle(values)
        for p, v in zip(holders, values):
            secret.append((p, a.name, p.v[a.name]))
            p.v[a.name] = v

    def undo() -> None:
        for c, (kind, a) in zip(cards, faces):
            c.kind, c.a = kind, a
        for p, name, v in secret:
            p.v[name] = v
    return undo, len(cards)


class Checking(RandomAgent):
    shape_only = False
    checks = 0
    shuffled_cards = 0

    def __init__(self, seed: int, rng: random.Random):
        super().__init__(seed)
        self.game = None
        self.asked = 0
        self.check_rng = rng

    def answer(self, view, d):
        self.asked += 1
        if self.asked % CHECK_EVERY == 0 and Checking.checks < MAX_CHECKS:
            game, seat = self.game, view.seat
            before = frame_text(game, seat, d)
            undo, n = shuffled(game, seat, self.check_rng)
            try:
                after = frame_text(game, seat, d)
            finally:
                undo()
            Checking.checks += 1
            Checking.shuffled_cards += n
            assert before == after, f"P{seat}'s frame changed with what it may not see"
        return super().answer(view, d)


@pytest.mark.parametrize("pack, mode, players, seed", [
    (LOVE_LETTER, "Classic", 2, 1), (LOVE_LETTER, "Classic", 4, 2),
    ("thb", "Identity5Mode", 5, 3), ("thb", "Duel", 2, 4), ("bots", None, None, 5), ("esper", None, None, 6)],
    ids=["love_letter-2", "love_letter-4", "thb-Identity5Mode", "thb-Duel", "bots", "esper"])
def test_a_frame_holds_nothing_its_seat_may_not_see(pack, mode, players, seed):
    pdef = load_pack(pack)
    PHRASES.clear()
    PHRASES.update(phrases(pack, ()))             # the log worded as the pack's `says` phrases word it
    mode = mode or next(iter(pdef.modes))
    players = players or pdef.modes[mode].min_players
    rng = random.Random(seed)
    Checking.checks = Checking.shuffled_cards = 0
    agents = [Checking(seed * 10 + s, rng) for s in range(players)]
    game = Game(pdef, mode, players, agents, seed=seed, log=True)
    for a in agents:
        a.game = game
    result = game.play()
    assert result.error is None, result.error
    assert Checking.checks > 0 and Checking.shuffled_cards > 0     # the oracle had hidden cards to move
