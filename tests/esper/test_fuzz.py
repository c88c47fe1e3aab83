"""Random games of 异能斗技: every game ends (a win or the turn limit, never an error), and after every
action the runtime's invariants (card conservation, counter bounds) and the game's own hold:
characters' life within bounds, block never negative, at most two characters in the front row, one
field card per player, 40 cards per player, each item kind at most once per round."""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.errors import InvariantBroken
from spellcard.runtime.engine.game import Game

PACK = load_pack("esper")


def esper_invariants(g: Game) -> None:
    values = g.card_values

    def v(c, name):
        return values.get((c.id, name), 0)

    front = []
    owned = len(g.z["processing"].cards)
    for p in g.players:
        roster, fallen = p.z["roster"].cards, p.z["fallen"].cards
        if len(roster) + len(fallen) != 3:
            raise InvariantBroken(f"P{p.seat} has {len(roster) + len(fallen)} characters")
        homes = sorted(v(c, "home") for c in roster + fallen)
        if homes != [1, 2, 3]:
            raise InvariantBroken(f"P{p.seat}'s back-row places are {homes}")
        for c in roster:
            if not 0 < v(c, "hp") <= c.a["life"]:
                raise InvariantBroken(f"{c!r} is on the board with {v(c, 'hp')} life")
            if v(c, "front"):
                front.append(v(c, "front"))
        for c in roster + fallen:
            if v(c, "block") < 0:
                raise InvariantBroken(f"{c!r} has block {v(c, 'block')}")
        for c in fallen:
            if v(c, "hp") > 0 or v(c, "front"):
                raise InvariantBroken(f"{c!r} fell but has {v(c, 'hp')} life, front {v(c, 'front')}")
        field = p.z["field"].cards
        if len(field) > 1:
            raise InvariantBroken(f"P{p.seat} has {len(field)} field cards")
        for f in field:
            if not (f.a["category"] == "legend" and 0 < v(f, "left") <= f.a["duration"]):
                raise InvariantBroken(f"{f!r} in the field with {v(f, 'left')} rounds left")
        for c in p.z["resources"].cards:
            if c.a["category"] != "resource" or v(c, "tapped") not in (0, 1):
                raise InvariantBroken(f"{c!r} in the resource zone (tapped {v(c, 'tapped')})")
        for z in ("hand", "library", "discard_pile"):
            if any(c.a["category"] == "esper" for c in p.z[z].cards):
                raise InvariantBroken(f"a character card in P{p.seat}'s {z}")
        owned += sum(len(p.z[z].cards) for z in ("hand", "library", "discard_pile", "resources", "field"))
        used = p.v["used_items"]
        if len(used) != len(set(id(k) for k in used)):
            raise InvariantBroken(f"P{p.seat} used an item kind twice this round: {used}")
    if owned != 80:
        raise InvariantBroken(f"the players' decks hold {owned} cards, not 2 × 40")
    if len(front) != len(set(front)) or len(front) > 2:
        raise InvariantBroken(f"front-row places taken: {front}")


class CheckedGame(Game):
    """A game that also checks the rules of 异能斗技 after every action (once set up)."""

    def check_invariants(self) -> None:
        super().check_invariants()
        if self.rounds > 0:
            esper_invariants(self)


def play(seed: int, agents=None):
    agents = agents or [RandomAgent(seed * 1000), RandomAgent(seed * 1000 + 1)]
    g = CheckedGame(PACK, "Duel", 2, agents, seed=seed, check_invariants=True)
    return g, g.play()


def check_batch(seeds) -> dict:
    tally = {"win": 0, "turn_limit": 0}
    for seed in seeds:
        g, r = play(seed)
        assert r.reason != "error", f"seed {seed}: {r.error}"
        tally[r.reason] += 1
        if r.reason == "win":
            [winner] = r.winners
            loser = g.players[1 - winner.seat]
            assert not loser.alive and loser.z["roster"].cards == []
            assert winner.z["roster"].cards
    return tally


def test_random_games_keep_every_invariant_and_end():
    """游戏玩家以打败对手所有角色为目的，进行战斗。 — every game ends, by a win or the turn limit.
    Short enough for CI: 30 seeded games, about 5 s."""
    tally = check_batch(range(30))
    assert tally["win"] >= 25, tally


@pytest.mark.slow
def test_many_random_games_keep_every_invariant_and_end():
    """游戏玩家以打败对手所有角色为目的，进行战斗。 — 300 more seeded games."""
    tally = check_batch(range(100, 400))
    assert tally["win"] >= 0.85 * 300, tally


def test_invariant_checks_catch_a_broken_state():
    """左下角为角色的生命 — a character above its life is caught."""
    g2 = CheckedGame(PACK, "Duel", 2, [RandomAgent(1), RandomAgent(2)], seed=1)
    g2.start()
    g2.rounds = 1
    lantis = g2.players[0].z["roster"].cards[0]
    g2.card_values[(lantis.id, "hp")] = 99
    with pytest.raises(InvariantBroken):
        esper_invariants(g2)


def test_the_simulator_runs_esper_without_errors():
    """所有存活的角色全部行动完毕的过程称为一轮游戏 — `spellcard simulate esper --mode Duel` plays
    these games without errors."""
    from spellcard.simulate import Table, simulate
    batch = simulate(Table(PACK, "Duel", 2), 10, seed=7)
    summary = batch.tally.summary(batch.seconds)
    assert summary["errors"] == 0, summary["first_error"]
    assert summary["finished"] + summary["turn_limit"] == 10
