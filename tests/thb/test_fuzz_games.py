"""Random games of THB: every invariant after every action, every game ends, replays are exact.

Invariants (Game.check_invariants, run after every action when check_invariants=True): each card in
exactly one zone, counters within their bounds; a player who is out is never asked anything.
"""
import pytest

from spellcard.runtime.engine.game import Game

from .._helpers import assert_replays_exactly, random_game

MODES = [("Duel", 2), ("Identity5Mode", 5), ("Identity8Mode", 8), ("TwoVsTwoMode", 4), ("TwoVsTwoDrawThreeMode", 4),
         ("KofMode", 2),
         ("ThreeVsThreeMode", 6), ("CpBattleMode", 6), ("FaithWarMode", 6), ("IncidentMode", 4)]


def play(mode: str, n: int, seed: int, log: bool = False) -> Game:
    return random_game("thb", mode, n, seed, log=log)


def assert_sound(g: Game) -> None:
    r = g.result
    assert r.reason in ("win", "turn_limit"), f"seed {g.seed}: {r.reason} {r.error}"
    deck = [k for k, _ in g.pack.decks[g.mode.deck] if k not in g.mode.without]
    assert len(g.cards) == len(deck)                # 144 (GLOSSARY §4), less what the mode leaves out
    assert len(deck) == (141 if g.mode.name == "IncidentMode" else 144)
    assert r.winners or r.reason == "turn_limit", "a won game has winners"
    assert all(p in g.players for p in r.winners)


@pytest.mark.parametrize("mode,n", MODES)
def test_random_games_keep_every_invariant(mode, n):
    games = [play(mode, n, seed) for seed in range(40 if mode == "Duel" else 12)]
    for g in games:
        assert_sound(g)
    # Random agents rarely stall a game until the turn limit; most games are decided.
    assert sum(g.result.reason == "turn_limit" for g in games) <= len(games) // 10


def test_the_games_the_long_fuzz_broke_stay_sound():
    """醫者: its discard healed the last wounded character, and the choice that followed had no one."""
    assert_sound(play("KofMode", 2, 10_897))


@pytest.mark.slow
@pytest.mark.parametrize("mode,n", MODES)
def test_random_games_keep_every_invariant_long(mode, n):
    for seed in range(1000):
        assert_sound(play(mode, n, 10_000 + seed))


def test_a_logged_game_replays_exactly():
    g = play("Identity5Mode", 5, 3, log=True)
    assert_replays_exactly(g)


def test_different_seeds_give_different_games():
    a, b = play("Duel", 2, 1, log=True), play("Duel", 2, 2, log=True)
    assert a.log.lines() != b.log.lines()


def test_a_death_under_way_at_max_hp_0_keeps_the_invariants():
    """Found by the long fuzz (CpBattleMode seed 10164): 四重存在 at max HP 1 gives up her last point,
    and CP繼承 gives her cards to her partner during her death, while she is still in the game at max
    HP 0. A death under way marks the character fallen, which the max-HP invariant leaves out."""
    assert_sound(play("CpBattleMode", 6, 10164))
