"""Issue 26, point 6: an exception raised inside an agent is the agent's fault, reported with its
message, never blamed on the pack line that asked (runtime/faults.py blames rule code only)."""
import pytest

from spellcard.compiler.pack import load_pack
from spellcard.runtime.agents.scripted import ScriptedAgent, ScriptMismatch
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.errors import AgentFault, PackFault
from spellcard.runtime.engine.game import Game
from spellcard.runtime.faults import as_fault


class Faulty(RandomAgent):
    """Answers at random, then breaks at its fifth decision, the way an agent's own bug does."""

    def __init__(self, seed, refuse=False):
        super().__init__(seed)
        self.asked = 0
        self.refuse = refuse

    def answer(self, view, d):
        self.asked += 1
        if self.asked == 5:
            if self.refuse:
                return "not an answer"
            raise KeyError("the agent's own bug")
        return super().answer(view, d)

    def refused(self, d, answer, reason):
        raise ValueError("it cannot take no for an answer")


@pytest.mark.parametrize("refuse", [False, True])
def test_an_agent_s_exception_is_reported_as_the_agent_s_fault(refuse):
    g = Game(load_pack("thb"), "Duel", 2, [Faulty(0, refuse), RandomAgent(1)], seed=3, log=True)
    result = g.play()
    err = result.error
    assert result.reason == "error" and isinstance(err, AgentFault) and not isinstance(err, PackFault)
    assert str(err).startswith("P0's agent (Faulty) failed while answering: ")
    assert ("KeyError: \"the agent's own bug\"" if not refuse else "ValueError: it cannot take no") in str(err)
    assert ".spell" not in str(err) and as_fault(err, g.pack) is err
    assert g.log.entries[-1] == ("error", "AgentFault", str(err))


def test_a_test_script_s_mismatch_still_reaches_its_harness():
    g = Game(load_pack("thb"), "Duel", 2, [ScriptedAgent(["no such option"]), RandomAgent(1)], seed=3)
    with pytest.raises(ScriptMismatch):
        g.start()                   # its first decision (a character to choose) fits no script answer
