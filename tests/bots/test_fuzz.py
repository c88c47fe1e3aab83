"""Random games of 东方幻想合战: every invariant after every action, every game ends with a winner.

The runtime's invariants (Game.check_invariants, after every action when check_invariants=True): each
card in exactly one zone, every counter within its declared bounds (体力 and 灵力 within their
ceilings, nothing below 0), and a player who is out is never asked anything. On top of those, a
checking agent looks at the table before every decision for the rules of this pack:

* 体力/灵力 never stand above their maximum except as the excess a lowered maximum left
  (hp_ceiling == max(max_hp, hp)), and never below 0;
* 环境区：本区域只能容纳1张环境牌; at most one 武器 and one 防具 per player;
* a player who is out holds no cards; the 80 cards are all somewhere.

Every game must end in a win: the modes' turn limits (1000 and 2000) are a safety net only, far above
the longest random game seen (about 450 turns for nine players).
"""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import Agent
from spellcard.runtime.engine.game import Game
from spellcard.simulate import Table, simulate

from .._helpers import assert_replays_exactly, random_game

TABLES = [("Free", 2), ("Free", 3), ("Free", 4),
          ("Identity", 5), ("Identity", 6), ("Identity", 7), ("Identity", 8), ("Identity", 9)]


class CheckingAgent(Agent):
    """A RandomAgent that checks the pack's own invariants whenever it is asked something."""
    sees_all = True         # it checks the whole table


    def __init__(self, seed: int):
        self.random = RandomAgent(seed)

    def answer(self, game, d):
        check_table(game)
        return self.random.answer(game, d)


def check_table(g: Game) -> None:
    assert len(g.z["environment_zone"].cards) <= 1
    for p in g.players:
        v = p.v
        assert v["hp"] >= 0 and v["spirit"] >= 0
        assert v["hp_ceiling"] == max(v["max_hp"], v["hp"]), (p, v)
        assert v["spirit_ceiling"] == max(v["max_spirit"], v["spirit"]), (p, v)
        slots = [c.a["subtype"] for c in p.z["equip_zone"].cards]
        assert slots.count("weapon") <= 1 and slots.count("armor") <= 1
        if not p.alive:
            assert not any(z.cards for z in p.z.values()), f"{p} is out but holds cards"


def play(mode: str, n: int, seed: int, log: bool = False) -> Game:
    return random_game("bots", mode, n, seed, CheckingAgent, log=log)


def assert_sound(g: Game) -> None:
    r = g.result
    assert r.reason == "win", f"{g.mode.name} seed {g.seed}: {r.reason} {r.error!r}"
    assert len(g.cards) == 80                        # the deck of deck.spell, all still in play
    assert r.winners, "a won game has winners"
    assert all(p in g.players for p in r.winners)
    check_table(g)
    if g.mode.name == "Free":
        assert len(r.winners) == 1 and r.winners[0].alive


@pytest.mark.parametrize("mode,n", TABLES)
def test_random_games_keep_every_invariant(mode, n):
    for seed in range(60 if mode == "Free" else 20):
        assert_sound(play(mode, n, seed))


@pytest.mark.slow
@pytest.mark.parametrize("mode,n", TABLES)
def test_random_games_keep_every_invariant_long(mode, n):
    for seed in range(1500 if mode == "Free" else 500):
        assert_sound(play(mode, n, 10_000 + seed))


def test_a_logged_game_replays_exactly():
    g = play("Identity", 6, 3, log=True)
    assert_replays_exactly(g)


def test_the_simulator_plays_every_mode_without_errors():
    """What `spellcard simulate bots --mode … --json` runs: no errors, every game won."""
    pack = load_pack("bots")
    for mode, n in (("Free", 3), ("Identity", 5)):
        batch = simulate(Table(pack, mode, n), games=15, seed=1)
        summary = batch.tally.summary(batch.seconds)
        assert summary["errors"] == 0, summary["first_error"]
        assert summary["finished"] == 15
