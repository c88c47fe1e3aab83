"""任意时机: plays usable at any time, offered in turn at the windows a pack declares (`anytime at`)."""
from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.engine.game import Game

from .test_engine import pack_of

POINTS = """
attr table order: text = ""
card Token "token" { anytime target self }
card Plain "plain" { target self }
skill Shout "shout" { active anytime limit 1 per turn { order = order + "S" + text(owner.seat) } }
anytime at ping.before {
  if play.card == none { activate(play) } else {
    move(play.card, pile)
    order = order + text(player.seat)
  }
}
"""


def _game(n=3, scripts=()):
    agents = [ScriptedAgent(list(s)) for s in scripts] + [ScriptedAgent([]) for _ in range(n - len(scripts))]
    g = Game(pack_of(POINTS), None, n, agents)
    g.start()
    return g, agents


def _give(g, seat, kind, copies=1):
    cards = [g.make_card(kind, {}) for _ in range(copies)]
    g.move(cards, g.players[seat].z["hand"])
    return cards


def test_offered_in_seat_order_from_the_current_player_and_again_to_whoever_played():
    g, agents = _game(scripts=[["Token"], ["Token", "Token"], ["Token"]])
    for seat in range(3):
        _give(g, seat, "Token", 2)
    g.current = g.players[1]
    g.perform("ping", who=g.players[0])
    # 1 plays twice (offered again after each play, and has no token left); 2 plays, is offered again
    # and passes; 0 plays and passes; the pass ends when 2 (1 has nothing) has passed once more.
    assert g.v["order"] == "1120"
    assert [len(a.log) for a in agents] == [2, 2, 3]


def test_only_plays_marked_anytime_are_offered_and_a_player_without_one_is_not_asked():
    g, agents = _game()
    _give(g, 0, "Plain")
    _give(g, 1, "Token")
    g.perform("ping", who=g.players[0])
    assert agents[0].log == []
    [offer] = agents[1].log
    assert [o.card.kind.name if o is not None else None for o in offer.options] == ["Token", None]


def test_an_active_skill_marked_anytime_is_offered_with_its_limit():
    g, agents = _game(scripts=[["Shout"]])
    g.grant(g.players[0], g.pack.skills["Shout"])
    g.perform("ping", who=g.players[0])
    g.perform("ping", who=g.players[0])
    assert g.v["order"] == "S0"                   # limit 1 per turn: not offered at the second point
    assert len(agents[0].log) == 1                # used at once, and never offered again this turn


def test_a_pass_does_not_open_inside_another():
    pack = pack_of(POINTS.replace("order = order + text(player.seat)",
                                  "order = order + text(player.seat)\n    ping(player)"))
    agents = [ScriptedAgent(["Token"]), ScriptedAgent(["pass", "Token"])]
    g = Game(pack, None, 2, agents)
    g.start()
    _give(g, 0, "Token")
    _give(g, 1, "Token", 2)
    g.perform("ping", who=g.players[0])
    # 0's play pings inside the pass: no new pass opens there, so 1 is asked once (and passes), not
    # once in an inner pass and again in the outer one.
    assert g.v["order"] == "0"
    assert [len(a.log) for a in agents] == [1, 1]


def test_a_pack_without_points_offers_nothing():
    pack = pack_of('card Token "token" { anytime target self }\n')
    assert pack.anytime == []
    agent = ScriptedAgent([])
    g = Game(pack, None, 2, [agent])
    g.start()
    g.move([g.make_card("Token", {})], g.players[0].z["hand"])
    g.perform("ping", who=g.players[0])
    assert agent.log == []


def test_each_declaration_carries_out_the_plays_made_at_its_own_points():
    pack = pack_of(POINTS + """
anytime at ping.after {
  move(play.card, pile)
  order = order + "a" + text(player.seat)
}
""")
    agents = [ScriptedAgent(["Token", "pass", "Token"])]
    g = Game(pack, None, 1, agents)
    g.start()
    _give(g, 0, "Token", 2)
    g.perform("ping", who=g.players[0])
    assert g.v["order"] == "0a0"                 # before: the first block; after: the second


def test_a_packs_anytime_rule_is_made_once_and_serves_every_game():
    pack = pack_of(POINTS)
    games = []
    for n in (2, 3):
        agents = [ScriptedAgent(["Token"]) for _ in range(n)]
        g = Game(pack, None, n, agents)
        g.start()
        _give(g, n - 1, "Token")
        g.perform("ping", who=g.players[0])
        assert g.v["order"] == str(n - 1)           # the last seat's token, played at the point
        games.append(g)
    first, second = ([i.skill for i in g.rules] for g in games)
    assert len(first) == len(second) == 1 and first[0] is second[0]
