"""Issue 8, item 5: whatever an agent answers, the game refuses it with a reason (and counts the
refusal) instead of crashing; and the decision an agent receives cannot be edited to widen its choice."""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import MANY, ONE, Decision, validate
from spellcard.runtime.errors import IllegalDecision
from spellcard.runtime.engine.game import Game, MAX_REFUSALS
from spellcard.runtime.view import SeenDecision, SeenPlayer

from .test_engine import pack_of


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no repr for you")


class FakeInt:
    """Claims to be an int through `__class__`, which `isinstance` believes."""
    __class__ = int

    def __hash__(self):
        raise RuntimeError("evil hash")


def nested(depth):
    out = 0
    for _ in range(depth):
        out = [out]
    return out


MALFORMED = {
    "unhashable item": [[0], [1]],
    "nested list": [[[0]]],
    "deeply nested": nested(100_000),
    "bad repr": BadRepr(),
    "bad repr in a list": [BadRepr()],
    "fake int": FakeInt(),
    "fake int in a list": [FakeInt()],
    "bool": [True],
    "dict": {"a": 1},
    "float": [0.0],
    "huge string": ["x" * 1_000_000],
}


class Fixed:
    """Gives the same answer every time and keeps the refusals it is told of."""

    def __init__(self, answer):
        self.given = answer
        self.refusals = []

    def answer(self, game, d):
        return self.given

    def refused(self, d, answer, reason):
        self.refusals.append(reason)


@pytest.mark.parametrize("name", sorted(MALFORMED))
@pytest.mark.parametrize("kind", [ONE, MANY])
def test_a_malformed_answer_is_refused_with_a_short_reason(name, kind):
    agent = Fixed(MALFORMED[name])
    g = Game(pack_of(""), None, 2, [agent], log=True)
    with pytest.raises(IllegalDecision, match="illegally"):
        g.decide(Decision(g.players[0], kind, "option", "pick", ["a", "b", "c"], 1, 2))
    assert len(agent.refusals) == MAX_REFUSALS      # each one counted as a refusal
    refused = [e for e in g.log.entries if e[0] == "refused"]
    assert len(refused) == MAX_REFUSALS
    assert all(len(e[3]) <= 80 and len(e[4]) <= 160 for e in refused)


def test_an_agent_cannot_widen_the_decision_it_is_given():
    class Widener:
        def answer(self, game, d):
            for change in (lambda: d.options.append("extra"), lambda: setattr(d, "max", 99),
                           lambda: setattr(d, "options", list(d.options) + ["extra"]),
                           lambda: delattr(d, "min")):
                with pytest.raises(AttributeError):
                    change()
            return [0, 1, 2, 3]

        def refused(self, d, answer, reason):
            self.reason = reason

    agent = Widener()
    g = Game(pack_of(""), None, 2, [agent])
    with pytest.raises(IllegalDecision):
        g.decide(Decision(g.players[0], MANY, "option", "pick", ["a", "b"], 1, 2))
    assert "no such option: 2" in agent.reason


def test_validation_accepts_plain_answers_only():
    d = Decision(None, MANY, "option", "pick", ["a", "b", "c"], 1, 2)
    assert d.options == ["a", "b", "c"] and d.options != ["a"]       # read as the list it was made from
    assert validate(d, [0, 2]) is None and validate(d, (1,)) is None
    assert validate(d, [0, 0]) == "an option was chosen twice"
    assert "between 1 and 2" in validate(d, [0, 1, 2])


def test_a_whole_game_of_malformed_answers_ends_as_an_illegal_decision_not_a_rule_fault():
    class Malicious(RandomAgent):
        def answer(self, game, d):
            return [[0]] if self.rng.random() < 0.05 else super().answer(game, d)

    g = Game(load_pack("thb"), "Identity5Mode", 5, [Malicious(i) for i in range(5)], seed=4)
    result = g.play()
    assert result.reason != "error" or isinstance(result.error, IllegalDecision), result.error


def test_a_shape_only_agent_told_of_a_refusal_is_shown_the_decision_as_its_seat_sees_it():
    """A `shape_only` agent is asked with no view made; the refusal still hands it a projection,
    never the live decision (whose player and options lead to the whole table)."""
    class PastTheEnd(RandomAgent):
        def pick(self, kind, what, n, lo, hi):
            return n                                # one past the last option

        def refused(self, d, answer, reason):
            self.told.append((d, reason))

    agent = PastTheEnd(0)
    agent.told = []
    g = Game(pack_of(""), None, 2, [agent])
    with pytest.raises(IllegalDecision, match="illegally"):
        g.decide(Decision(g.players[0], ONE, "option", "pick", ["a", "b"]))
    assert [reason for _, reason in agent.told] == ["no such option: 2 (there are 2)"] * MAX_REFUSALS
    assert all(type(d) is SeenDecision and type(d.player) is SeenPlayer for d, _ in agent.told)
