"""Issue 14, point 1: an agent is handed its seat's View, and cannot read a hidden card it was not
shown, nor a player attribute private to another (a hidden role), through anything it is handed;
`show` shows cards to some seats only."""
from collections.abc import Mapping
from enum import Enum
from types import BuiltinFunctionType, FunctionType, MethodType

import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import Agent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.model import Card, Event, ModInst, Play, Player, SkillInst, TriggerInst, Zone
from spellcard.runtime.view import UNKNOWN, SeenCard, SeenDecision, SeenPlayer, View, knows

from .test_engine import game_of

LIVE = (Card, Player, Zone, Game, Event, SkillInst, TriggerInst, ModInst, Play, Agent)
LEAVES = (str, int, float, bool, bytes, type(None), Enum, type)


def public_graph(*roots, limit=50_000):
    """Everything reachable from `roots` through public attributes (names without `_`), items of
    sequences and mappings, without calling methods: what an agent reaches by reading."""
    seen, todo, out = set(), list(roots), []
    while todo and len(out) < limit:
        x = todo.pop()
        if isinstance(x, LEAVES) or id(x) in seen:
            continue
        if isinstance(x, (FunctionType, MethodType, BuiltinFunctionType)):
            continue
        seen.add(id(x))
        out.append(x)
        if isinstance(x, Mapping):
            todo.extend(x.keys())
            todo.extend(x.values())
            continue
        if isinstance(x, (list, tuple, set, frozenset)) or hasattr(x, "__getitem__") and hasattr(x, "__len__"):
            try:
                todo.extend(list(x))
            except TypeError:
                pass
        for name in dir(x):
            if name.startswith("_"):
                continue
            try:
                todo.append(getattr(x, name))
            except Exception:
                pass
    return out


class Prober(RandomAgent):
    """A random player that, at its first decisions, reads everything it was handed; the test holds
    the game and judges what it found against the truth at that moment."""

    def __init__(self, seed, probes=40):
        super().__init__(seed)
        self.game = None
        self.probes = probes
        self.probed = 0
        self.leaks = []
        self.values_seen = 0

    def answer(self, view, d):
        if self.probed < self.probes:
            self.probed += 1
            found = public_graph(view, d)
            self.leaks += [o for o in found if isinstance(o, LIVE)]
            self.leaks += [o for o in found if isinstance(o, SeenCard) and o.known and not o.virtual
                           and not knows(self.game, view.seat, next(c for c in self.game.cards if c.id == o.id))]
            self.leaks += [(o, a.name) for o in found if isinstance(o, SeenPlayer) for a in self.game.pack.secrets()
                           if not self.may_see(view.seat, o.seat, a) and o.v.get(a.name) is not UNKNOWN]
            self.values_seen += sum(1 for o in found if isinstance(o, SeenPlayer) for a in self.game.pack.secrets()
                                    if self.may_see(view.seat, o.seat, a))
        return super().answer(view, d)

    def may_see(self, seat: int, holder: int, a) -> bool:
        """The truth, read from the game: its own value (`owner`), or one made public (`until`)."""
        p = self.game.players[holder]
        return a.seen == "owner" and holder == seat or a.until is not None and p.v[a.until] is True


@pytest.mark.parametrize("pack,mode,n,seed", [("thb", "Identity5Mode", 5, 3), ("thb", "Identity5Mode", 5, 4),
                                              ("thb", "Identity5Mode", 5, 5), ("thb", "KofMode", 2, 3),
                                              ("bots", "Identity", 5, 3), ("bots", "Free", 2, 3),
                                              ("esper", "Duel", 2, 3)])
def test_an_agent_reaches_no_hidden_card_through_what_it_is_handed(pack, mode, n, seed):
    """Nor a player attribute it may not see (THB's and bots' roles, a KOF lineup): it reads UNKNOWN."""
    agents = [Prober(i) for i in range(n)]
    g = Game(load_pack(pack), mode, n, agents, seed=seed)
    for a in agents:
        a.game = g
    g.play()
    assert all(a.probed for a in agents), "every seat was asked and probed"
    assert [a.leaks for a in agents] == [[]] * n
    if g.pack.secrets():
        assert all(a.values_seen for a in agents), "each seat saw some private value: its own, or a shown one"


def test_the_obvious_routes_to_a_hidden_card_are_closed():
    g = Game(load_pack("thb"), "Identity5Mode", 5, [RandomAgent(i) for i in range(5)], seed=1)
    g.start()
    view = View(g, 0)
    other = view.players[1]
    # Other hands and the deck: sizes and places, no faces, no ids (ids follow the deck list).
    hand = other.zone("hand")
    assert hand.size == len(g.players[1].z["hand"].cards) > 0
    assert all(not c.known and c.kind is None and c.id is None and c.a is None for c in hand.cards)
    deck = view.zone("deck")
    assert deck.size == len(g.z["deck"].cards) and not any(c.known for c in deck.cards)
    # One's own hand is seen.
    mine = view.me.zone("hand").cards
    assert [c.id for c in mine] == [c.id for c in g.players[0].z["hand"].cards] and all(c.known for c in mine)
    # A seen card does not lead to its zone or neighbours, a seen player not to its zones or agent.
    assert isinstance(mine[0].zone, str) and not hasattr(mine[0], "physical")
    assert not hasattr(other, "z") and not hasattr(other, "agent") and not hasattr(view, "game")
    # knows(): by card, by id, by seen card.
    hidden = g.players[1].z["hand"].cards[0]
    assert not view.knows(hidden) and not view.knows(hidden.id) and not view.knows(hand.cards[0])
    assert view.knows(g.players[0].z["hand"].cards[0].id)


SMALL = """
zone shelf: table hidden
card Coin "coin" { target self }
func peek_for(p: player) { show(first(cards(pile)), [p]) }
func take_from(p: player, q: player) -> card? { return choose_card(p, cards(q.hand) + cards(pile), "take one") }
"""


def test_a_decision_among_hidden_cards_offers_them_face_down():
    seen = []

    class Blind(Agent):
        def answer(self, view, d):
            seen.append([(o.known, o.zone, o.owner) for o in d.options])
            return 0

    g = game_of(SMALL, n=2, agents=[Blind()])
    g.move([g.make_card("Coin", {})], g.players[1].z["hand"])
    g.move([g.make_card("Coin", {})], g.z["pile"])
    g.pack.funcs["take_from"](g, g.players[0], g.players[1])
    assert seen == [[(False, "hand@1", 1), (False, "pile", None)]]


def test_a_shown_card_is_known_to_the_viewers_only_until_it_moves_where_they_cannot_see_it():
    g = game_of(SMALL, n=3)
    cards = [g.make_card("Coin", {}) for _ in range(3)]
    pile, shelf = g.z["pile"], g.z["shelf"]
    g.move(cards, pile)
    g.pack.funcs["peek_for"](g, g.players[1])
    v0, v1 = View(g, 0), View(g, 1)
    assert v1.knows(cards[0]) and not v0.knows(cards[0]) and not v1.knows(cards[1])
    assert v1.zone("pile").cards[0].kind.name == "Coin" and not v0.zone("pile").cards[0].known
    g.move([cards[0]], g.players[1].z["hand"])      # now in the viewer's own hand: seen there
    assert v1.knows(cards[0]) and not v0.knows(cards[0])
    g.move([cards[0]], shelf)                       # moved where no one sees it: forgotten
    assert not v1.knows(cards[0])


def test_a_shuffle_forgets_what_was_shown_of_the_zone():
    g = game_of(SMALL + 'func mix() { shuffle(pile) }\n', n=2)
    cards = [g.make_card("Coin", {}) for _ in range(3)]
    g.move(cards, g.z["pile"])
    g.pack.funcs["peek_for"](g, g.players[0])
    assert View(g, 0).knows(cards[0])
    g.pack.funcs["mix"](g)
    assert not View(g, 0).knows(cards[0])


def test_a_shape_only_agent_is_told_the_shape_alone_and_draws_as_if_it_had_read_the_decision():
    """The random agent says it reads nothing but a decision's shape: it is handed kind, what and
    counts, no view. A subclass with its own `answer` (the probing agent above) is asked through it,
    and the random agent's answer() draws exactly what pick() draws, so both give the same game."""
    told = []

    class Told(RandomAgent):
        def pick(self, *shape):
            told.append(shape)
            return super().pick(*shape)

    class Reading(RandomAgent):
        def answer(self, view, d):
            told.append(type(d))
            return super().answer(view, d)

    assert Told.shape_only and not Reading.shape_only and not Prober.shape_only
    answers = []
    for kind in (Told, Reading):
        g = Game(load_pack("thb"), "Identity5Mode", 5, [kind(i) for i in range(5)], seed=2)
        g.play()
        answers.append(g.answers)
    shapes, seen = [s for s in told if type(s) is tuple], [s for s in told if type(s) is not tuple]
    assert len(shapes) == len(seen) == len(answers[0]) > 0 and answers[0] == answers[1]
    assert all([type(x) for x in s] == [str, str, int, int, int] for s in shapes)
    assert set(seen) == {SeenDecision}
