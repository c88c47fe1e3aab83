"""Reactions (`reaction NAME "label" on ACTION.WINDOW { … }`): who is asked and in what order, the
first taker closing the window or each acting, the pack's prompt, the event seen and changed,
responses to responses, and what the log, the counts and a seat see."""
from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.decisions import Agent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.engine.usage import Usage

from .test_engine import pack_of

CLAIMS = """
attr table order: text = ""
action claim(by: player, amount: int = 1, others: players = []) { window made do { by.score += amount } }
"""


def _game(reactions: str, scripts=(), n=3, **kw):
    agents = [ScriptedAgent(list(s)) for s in scripts] + [ScriptedAgent([]) for _ in range(n - len(scripts))]
    g = Game(pack_of(CLAIMS + reactions), None, n, agents, **kw)
    g.start()
    return g, agents


DOUBT = """
reaction Doubt "doubt" on claim.made {
  against event.by
  first
  prompt "doubt " + text(event.by) + " for " + text(event.amount) + "?"
  do { order = order + text(player.seat) cancel }
}
"""


def test_every_other_player_is_asked_from_the_one_after_the_claimer_and_the_first_taker_closes_it():
    g, agents = _game(DOUBT, scripts=[[True], [], [False]])
    g.perform("claim", by=g.players[1])
    assert [d.player.seat for a in agents for d in a.log] == [0, 2]     # 2 first, then 0; never 1
    assert agents[2].log[0].prompt == "doubt P1 for 1?"                 # the pack's words, the event's fields
    assert g.v["order"] == "0" and g.players[1].v["score"] == 0         # the response cancelled the claim


def test_each_lets_every_asked_player_respond_and_the_response_sees_and_changes_the_event():
    g, agents = _game("""
reaction Cheer "cheer" on claim.made {
  against event.by
  each
  do { order = order + text(player.seat) event.amount += 1 }
}
""", scripts=[[True], [], [True]])
    g.perform("claim", by=g.players[1])
    assert g.v["order"] == "20" and g.players[1].v["score"] == 3


def test_ask_names_who_in_its_order_without_the_dead_repeats_or_the_player_it_is_against():
    g, agents = _game("""
reaction Vote "vote" on claim.made {
  against event.by
  ask event.others
  each
  do { order = order + text(player.seat) }
}
""", scripts=[[True], [True], [True], [True]], n=4)
    g.set_alive(g.players[2], False)
    p = g.players
    g.perform("claim", by=p[1], others=[p[3], p[1], p[2], p[3], p[0]])
    assert g.v["order"] == "30"
    assert agents[1].log == []


def test_one_chosen_player_and_a_condition_on_the_player_asked():
    g, agents = _game("""
reaction Block "block" on claim.made {
  ask first(event.others)
  first
  when player.score == 0
  do { cancel }
}
""", scripts=[[True], [True]])
    p = g.players
    g.perform("claim", by=p[1], others=[p[0]])
    assert p[1].v["score"] == 0                                         # 0 blocked it
    p[0].v["score"] = 5
    g.perform("claim", by=p[1], others=[p[0]])
    assert p[1].v["score"] == 1 and len(agents[0].log) == 1             # 0 no longer asked


def test_the_default_prompt_is_the_label():
    g, agents = _game('reaction Doubt "質疑" on claim.made { against event.by first do { cancel } }')
    g.perform("claim", by=g.players[0])
    assert [d.prompt for d in agents[1].log] == ["質疑?"]


NESTED = """
reaction Counter "counter" on claim.made {
  against event.by
  first
  when event.amount == 1
  do { if not claim(player, 2).cancelled { cancel } }
}
reaction Doubt "doubt" on claim.made {
  against event.by
  first
  when event.amount == 2
  do { order = order + text(player.seat) cancel }
}
"""


def test_a_response_that_makes_a_claim_opens_its_own_reaction_where_the_first_claimer_may_respond():
    # 1 claims; 2 counters by claiming in turn; the counter-claim is doubted by 0 (no) and then by 1,
    # the first claimer, who is asked now that the claim answered is 2's: the counter fails, 1's stands.
    g, agents = _game(NESTED, scripts=[[False], [True], [True]])
    g.perform("claim", by=g.players[1])
    assert g.v["order"] == "1"
    assert g.players[1].v["score"] == 1 and g.players[2].v["score"] == 0
    assert [d.player.seat for d in agents[1].log] == [1]


def test_an_unanswered_counter_claim_cancels_the_first():
    g, agents = _game(NESTED, scripts=[[], [False], [True]])
    g.perform("claim", by=g.players[1])
    assert g.players[1].v["score"] == 0 and g.players[2].v["score"] == 2


def test_the_log_and_the_counts_name_a_reaction_when_someone_responds_only():
    g, _ = _game(DOUBT, scripts=[[False], [], [False]], log=True)
    g.usage = Usage()
    g.perform("claim", by=g.players[1])
    assert not any(e[0] == "fire" for e in g.log.entries) and g.usage.skills == {}
    g.players[0].agent.script.append(True)
    g.players[2].agent.script.append(False)
    g.perform("claim", by=g.players[1])
    assert [e[:3] for e in g.log.entries if e[0] == "fire"] == [("fire", "Doubt", "P0")]
    assert g.usage.skills == {"Doubt": 1}


def test_a_responder_who_goes_out_in_their_own_response_just_stops():
    g, _ = _game("""
reaction Fall "fall" on claim.made {
  against event.by
  first
  do { eliminate(player) ask(player, "still here?") order = "after" }
}
""", scripts=[[True]])
    g.perform("claim", by=g.players[1])
    assert not g.players[0].alive and g.v["order"] == ""


class _Seat(Agent):
    """A player's agent: handed its seat's view and the decision as its seat sees it."""

    def __init__(self):
        self.seen = []

    def answer(self, view, d):
        self.seen.append((view.seat, d.kind, d.prompt, tuple(d.options)))
        return 0


def test_a_seat_is_asked_a_yes_no_in_the_packs_words_through_its_view():
    agents = [_Seat() for _ in range(3)]
    g = Game(pack_of(CLAIMS + DOUBT), None, 3, agents)
    g.start()
    g.perform("claim", by=g.players[0], amount=2)
    assert [s for a in agents for s in a.seen] == [(1, "yes_no", "doubt P0 for 2?", (False, True)),
                                                   (2, "yes_no", "doubt P0 for 2?", (False, True))]


def test_a_reaction_takes_its_place_among_the_triggers_at_its_window_by_priority():
    skill = 'skill Note "note" locked { on claim.made { order = order + "S" } }\n'
    for priority, want in (("", "SR"), ("priority 1", "RS")):
        g, _ = _game(skill + 'reaction Mark "mark" on claim.made { against event.by first %s do { order = order + "R" } }'
                     % priority, scripts=[[], [True]])
        g.grant(g.players[0], g.pack.skills["Note"])
        g.perform("claim", by=g.players[0])
        assert g.v["order"] == want, priority


def test_a_packs_reaction_rules_are_made_once_and_serve_games_of_any_size():
    pack = pack_of(CLAIMS + DOUBT)
    games = []
    for n in (3, 4):
        agents = [ScriptedAgent([False]) for _ in range(n)]
        g = Game(pack, None, n, agents)
        g.start()
        g.perform("claim", by=g.players[1])
        games.append(g)
        assert [s for s in range(n) for _ in agents[s].log] == [s for s in range(n) if s != 1]
    first, second = ([i.skill for i in g.rules] for g in games)
    assert first and len(first) == len(second) and all(a is b for a, b in zip(first, second))
