"""Issue 26, point 5: no seat learns a card it may not see, proved by non-interference over every
pack and mode in random games (Hypothesis draws them): at every decision, everything the deciding seat
may not know is re-dealt into a second world (tests/_sealed.py), and the seat's view, the decision as
it sees it and its log so far must read the same in both. A deliberately leaky view must fail it.

Two kinds of games: seeded ones, every seat a random player from the mode's own setup on (its
picks and deals checked too); and drawn ones, every answer a Hypothesis draw on a table as a `.spell`
test sets it, so that a leaking game shrinks and is reported as the `.spell` test that plays it
again to the decision where the leak shows (spellcard.testing: bounded, play, rerun). The long
version runs under the `slow` marker."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spellcard.compiler.pack import load_pack
from spellcard.runtime.view import seat as view_module
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import Agent
from spellcard.runtime.engine.game import Game
from spellcard.testing import Broken, bounded, play, rerun, spell_test, tables

from ._sealed import Sealed

FACING = str(Path(__file__).parent / "data" / "facing")   # cards held facing away, clues as public marks
PACKS = ("thb", "bots", "esper", "examples/love_letter", "examples/hearts", "examples/resistance", FACING)
TABLES = [(pack, mode.name, mode.min_players) for pack in PACKS for mode in load_pack(pack).modes.values()]
TABLES.append((FACING, "Tips", 3))
MODES = [(pack, mode) for pack, mode, _ in TABLES[:-1]]
SHRINK_SECONDS = 10.0       # a leaking drawn game's shrinking (bounded): never minutes


class Probe(Agent):
    """Every seat of a probed game: plays at random and checks the game at its decisions (Sealed).
    It holds the game (it is the test's: it says so with sees_all) but answers as a random player
    would."""
    sees_all = True

    def __init__(self, seed: int, checks: int, log_every: int):
        self.policy = RandomAgent(seed)
        self.sealed = Sealed(seed, checks, log_every)

    @property
    def done(self) -> int:
        return self.sealed.done

    def answer(self, game, d):
        self.sealed.at(game, d)
        return self.policy.answer(game, d)


def probe(pack: str, mode: str, n: int, seed: int, checks: int, log_every: int):
    g = Game(load_pack(pack), mode, n, [], seed=seed, log=True)
    agent = Probe(seed, checks, log_every)
    for p in g.players:
        p.agent = agent
    result = g.play()
    if result.error is not None:
        raise result.error.original if hasattr(result.error, "original") else result.error
    assert agent.done > 0
    return agent.done


SHORT = settings(max_examples=2, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("pack,mode,n", TABLES, ids=lambda x: Path(x).name if isinstance(x, str) else str(x))
@SHORT
@given(seed=st.integers(0, 10_000))
def test_no_seat_can_tell_a_second_world_from_the_game(pack, mode, n, seed):
    probe(pack, mode, n, seed, checks=60, log_every=20)


@pytest.mark.slow
@pytest.mark.parametrize("pack,mode,n", TABLES, ids=lambda x: Path(x).name if isinstance(x, str) else str(x))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1_000_000))
def test_no_seat_can_tell_a_second_world_from_the_game_at_length(pack, mode, n, seed):
    probe(pack, mode, n, seed, checks=10_000, log_every=25)


def drawn(pack: str, mode: str, examples: int, checks: int, log_every: int, budget=None,
          shrink_seconds: float = SHRINK_SECONDS):
    """A hypothesis test of drawn games of one mode, each game's first `checks` decisions checked
    (and the game cut past `budget` drawn answers, when given)."""
    @bounded(max_examples=examples, shrink_seconds=shrink_seconds, database=None, derandomize=True)
    @given(table=tables(pack, mode=mode), data=st.data())
    def games(table, data):
        play(pack, table, data, always=[("sealed seats", Sealed(0, checks, log_every))], budget=budget)
    return games


@pytest.mark.parametrize("pack,mode", MODES, ids=lambda x: Path(x).name)
def test_no_seat_can_tell_a_second_world_from_a_drawn_game(pack, mode):
    drawn(pack, mode, examples=2, checks=60, log_every=20, budget=60)()


@pytest.mark.slow
@pytest.mark.parametrize("pack,mode", MODES, ids=lambda x: Path(x).name)
def test_no_seat_can_tell_a_second_world_from_a_drawn_game_at_length(pack, mode):
    drawn(pack, mode, examples=10, checks=10_000, log_every=25)()


def test_a_seat_holding_cards_facing_away_is_checked_on_marks_it_sees_and_faces_it_does_not():
    """The facing-away pack plays blind picks of one's own cards and public clues on them."""
    from spellcard.runtime.view import view_of

    seen = []

    class Note(Probe):
        def answer(self, game, d):
            if d.prompt == "play which card":
                seen.append([(c.known, dict(c.marks)) for c in view_of(game, d.player.seat).decision(d).options])
            return super().answer(game, d)

    g = Game(load_pack(FACING), "Tips", 3, [], seed=4, log=True)
    agent = Note(4, 10_000, 10)
    for p in g.players:
        p.agent = agent
    assert g.play().error is None
    assert seen and all(not known for options in seen for known, _ in options)
    assert any(marks for options in seen for _, marks in options), "a clue was read on a face-down card"


# ── the negative controls: a leak planted, each of which the check must catch ──────────────────
def _next_hand(patch):
    """A view that shows the next seat's hand (as the old `knows` showed a card back in the zone it
    was once revealed in)."""
    honest = view_module.knows
    patch.setattr(view_module, "knows", lambda game, seat, card: honest(game, seat, card) or (
        card.zone is not None and card.zone.owner is not None
        and card.zone.owner.seat == (seat + 1) % len(game.players)))


def _own_hand(patch):
    """A view that shows a seat its own cards held facing away."""
    honest = view_module.knows
    patch.setattr(view_module, "knows", lambda game, seat, card: honest(game, seat, card) or (
        card.zone is not None and card.zone.owner is not None and card.zone.owner.seat == seat))


def _drawn_named(patch):
    """A seat log that names the cards the others draw (it takes a card on the deck's top for
    known, as a seat that once saw it there would)."""
    from spellcard import seen_log
    honest = seen_log.SeatLog.knows
    patch.setattr(seen_log.SeatLog, "knows", lambda self, cid: honest(self, cid) or self.where.get(cid) == "deck")


HANDED = "is handed something else in a second world"
LEAKS = {       # plant, pack, mode, seats (seeded), decisions checked, log every n-th, what the check says
    "next-hand": (_next_hand, "thb", "Duel", 2, 20, 1000, HANDED),
    "own-hand-facing-away": (_own_hand, FACING, "Tips", 3, 30, 1000, HANDED),
    "draws-named-in-log": (_drawn_named, "thb", "Duel", 2, 20, 5, "log reads otherwise in a second world"),
}


@pytest.mark.parametrize("leak", LEAKS)
def test_a_planted_leak_fails_a_seeded_game(leak, monkeypatch):
    plant, pack, mode, n, checks, log_every, says = LEAKS[leak]
    plant(monkeypatch)
    with pytest.raises(AssertionError, match=says):
        probe(pack, mode, n, 1, checks=checks, log_every=log_every)


@pytest.mark.parametrize("leak", LEAKS)
def test_a_planted_leak_fails_a_drawn_game_reported_as_a_spell_test_that_replays_it(leak, monkeypatch):
    """The failure carries the `.spell` test of the (shrunk) game; that test, run through the test
    runner with the same check, leaks at the same decision in the same words; with the honest
    runtime it passes."""
    plant, pack, mode, _, checks, log_every, says = LEAKS[leak]
    sealed = [("sealed seats", Sealed(0, checks, log_every))]
    with monkeypatch.context() as patch:
        plant(patch)
        with pytest.raises(Broken) as caught:
            drawn(pack, mode, examples=3, checks=checks, log_every=log_every, shrink_seconds=3)()
        broken = caught.value
        assert broken.prop == "sealed seats" and says in broken.message
        text = spell_test(broken)
        assert any(text in note for note in broken.__notes__), "the failure shows its .spell test"
        assert "setup" in text and "run game" in text
        again = rerun(pack, text, always=sealed)
        assert again is not None and (again.prop, again.message, again.at) == (broken.prop, broken.message, broken.at)
    assert rerun(pack, text, always=[("sealed seats", Sealed(0, checks, log_every))]) is None


class _Watch:
    """Counts a search agent's blind plays in the facing-away pack: how often it played its best
    card, and how often a uniform pick would have (the truth is read after it answered)."""

    def __init__(self):
        self.n, self.hits, self.base = 0, 0, 0.0

    def agent(self, seed):
        from spellcard.runtime.agents.search import SearchAgent

        watch = self

        class Watched(SearchAgent):
            def answer(self, view, d):
                a = super().answer(view, d)
                if d.prompt == "play which card" and len(d.options) > 1:
                    values = [c.a["value"] for c in view._game.players[view.seat].z["hand"].cards]
                    if len(set(values)) > 1:
                        watch.n += 1
                        watch.hits += values[a] == max(values)
                        watch.base += values.count(max(values)) / len(values)
                return a
        return Watched(seed, rollouts=16)

    def play(self, games: int) -> tuple[float, float]:
        for seed in range(games):
            Game(load_pack(FACING), "Tips", 2, [self.agent(seed), RandomAgent(seed)], seed=seed).play()
        return self.hits / self.n, self.base / self.n


def test_the_search_agent_s_blind_picks_are_at_chance(monkeypatch):
    """Issue 26 point 3, measured: playing its own cards held facing away, the search agent plays its
    best card as often as a uniform pick would (its worlds re-deal the cards behind its options); the
    old worlds, which kept the cards a decision offers, beat chance by far."""
    rate, chance = _Watch().play(100)
    assert abs(rate - chance) < 0.06, (rate, chance)

    from spellcard.runtime.agents import search
    from spellcard.runtime.agents.clone import Clone
    from spellcard.runtime.agents.worlds import Worlds

    def cheating(view):
        offered = {c.id for o in view._game.asking.options if hasattr(o, "physical") for c in o.physical}
        return Worlds(Clone(view._game), view.seat, lambda card: card.id in offered or view.knows(card.id))

    monkeypatch.setattr(search, "worlds_of", cheating)
    rate, chance = _Watch().play(100)
    assert rate - chance > 0.1, (rate, chance)
