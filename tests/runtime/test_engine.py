"""The generic engine, on small packs written for each test: ordering, limits, loops, decisions."""
import pytest

from spellcard.compiler.pack.loader import Source, compile_sources, load_pack
from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import DeclineAgent, Decision, ONE
from spellcard.runtime.errors import IllegalDecision, RuleLoop
from spellcard.runtime.engine.game import Game
from spellcard.simulate import Table, play

BASE = """
pack t "test"
counter player score
counter player tally reset turn
attr player mark: text = ""
zone pile: table hidden
zone hand: player owner
action ping(who: player, n: int = 1) {
  window before
  do { who.score += n }
  window after
}
phase main "main" { ping(player) }
turn main
"""


def pack_of(text: str):
    result = compile_sources([Source("t.spell", (BASE + text).encode())], use_cache=False)
    assert result.ok, result.render()
    return result.pack


def game_of(text: str, n: int = 3, agents=(), **kw) -> Game:
    g = Game(pack_of(text), None, n, agents, **kw)
    g.start()
    return g


def test_triggers_fire_by_priority_then_seat_from_the_current_player():
    g = game_of("""
attr table order: text = ""
skill Low "low" locked { on ping.after { order = order + text(owner.seat) } }
skill High "high" locked { on ping.after priority 5 { order = order + "H" + text(owner.seat) } }
""")
    for p in g.players:
        g.grant(p, g.pack.skills["Low"])
    g.grant(g.players[0], g.pack.skills["High"])
    g.current = g.players[1]
    g.perform("ping", who=g.players[1])
    # Priority first (High, seat 0), then seats in turn order starting at the current player: 1, 2, 0.
    assert g.v["order"] == "H0120"


def test_eligibility_is_rechecked_after_each_trigger():
    g = game_of("""
skill First "first" locked { on ping.after when event.who.score < 5 priority 1 { event.who.score += 10 } }
skill Second "second" locked { on ping.after when event.who.score < 5 { event.who.score += 100 } }
""")
    g.grant(g.players[0], g.pack.skills["First"])
    g.grant(g.players[0], g.pack.skills["Second"])
    g.perform("ping", who=g.players[0])
    assert g.players[0].v["score"] == 11        # Second was no longer eligible


def test_only_windows_with_listeners_are_in_the_trigger_table():
    """`key in g.triggers` is how the engine and the emitted code skip a window nobody listens to; a
    window's list stays the same object while its listeners come and go, as a firing window holds it."""
    g = game_of("""skill Echo "echo" locked { on ping.after { owner.score += 10 } }""")
    p = g.players[0]
    assert "ping.after" not in g.triggers
    inst = g.grant(p, g.pack.skills["Echo"])
    listening = g.triggers["ping.after"]
    g.revoke(p, inst)
    assert "ping.after" not in g.triggers
    g.perform("ping", who=p)
    assert p.v["score"] == 1
    g.grant(p, g.pack.skills["Echo"])
    assert g.triggers["ping.after"] is listening and len(listening) == 1
    g.perform("ping", who=p)
    assert p.v["score"] == 12


def test_owner_chooses_the_order_of_their_own_simultaneous_triggers():
    g = game_of("""
skill A "a" locked { on ping.after { owner.mark = owner.mark + "A" } }
skill B "b" locked { on ping.after { owner.mark = owner.mark + "B" } }
""", agents=[ScriptedAgent(["B"])])
    g.grant(g.players[0], g.pack.skills["A"])
    g.grant(g.players[0], g.pack.skills["B"])
    g.perform("ping", who=g.players[0])
    assert g.players[0].v["mark"] == "BA"


def test_cancel_in_an_earlier_window_stops_the_action():
    g = game_of("""
skill Shield "shield" locked { on ping.before when event.who == owner { cancel } }
skill Echo "echo" locked { on ping.after { owner.score += 1000 } }
""")
    g.grant(g.players[0], g.pack.skills["Shield"])
    g.grant(g.players[1], g.pack.skills["Echo"])
    ev = g.perform("ping", who=g.players[0])
    assert ev.cancelled and g.players[0].v["score"] == 0 and g.players[1].v["score"] == 0


def test_a_parameter_changed_in_an_earlier_window_is_used_later():
    g = game_of("""skill Double "double" locked { on ping.before { event.n = event.n * 2 } }""")
    g.grant(g.players[0], g.pack.skills["Double"])
    g.perform("ping", who=g.players[0], n=3)
    assert g.players[0].v["score"] == 6


def test_usage_limits_are_scoped_and_reset_by_the_runtime():
    g = game_of("""skill Once "once" locked { on ping.after limit 1 per turn { owner.tally += 1 owner.mark = owner.mark + "x" } }""")
    g.grant(g.players[0], g.pack.skills["Once"])
    g.run_turn(g.players[0])
    g.perform("ping", who=g.players[0])
    assert g.players[0].v["mark"] == "x"          # second ping in the same turn: limit reached
    g.run_turn(g.players[0])
    assert g.players[0].v["mark"] == "xx"         # a new turn resets it


def test_a_runaway_trigger_chain_is_stopped_with_its_cycle_named():
    g = game_of("""
action pong(who: player) { window after }
skill Ping "ping-pong" locked { on ping.after { pong(owner) } }
skill Pong "pong-ping" locked { on pong.after { ping(owner) } }
""")
    g.grant(g.players[0], g.pack.skills["Ping"])
    g.grant(g.players[0], g.pack.skills["Pong"])
    with pytest.raises(RuleLoop) as err:
        g.perform("ping", who=g.players[0])
    assert err.value.cycle in (["ping[Ping]", "pong[Pong]"], ["pong[Pong]", "ping[Ping]"])
    assert "rule loop: " in str(err.value)


def test_a_while_loop_that_never_ends_is_a_rule_loop_naming_its_place():
    g = game_of("""func spin() { while true { current.score += 1 } }""")
    with pytest.raises(RuleLoop, match=r"t.spell:\d+:\d+"):
        g.pack.funcs["spin"](g)


class Stubborn:
    """Answers every decision with an option that does not exist."""
    def __init__(self):
        self.refusals = []

    def answer(self, game, d):
        return 99

    def refused(self, d, answer, reason):
        self.refusals.append(reason)


def test_an_illegal_answer_is_refused_with_a_reason():
    agent = Stubborn()
    g = Game(pack_of(""), None, 2, [agent])
    with pytest.raises(IllegalDecision):
        g.decide(Decision(g.players[0], ONE, "option", "pick", ["a", "b"]))
    assert agent.refusals and "no such option: 99" in agent.refusals[0]


def test_table_rules_belong_to_no_player_and_run_forced():
    g = game_of("""skill Rule "rule" { on ping.after { event.who.mark = "ruled" } }""")
    g.grant(None, g.pack.skills["Rule"])
    g.perform("ping", who=g.players[2])
    assert g.players[2].v["mark"] == "ruled"


def test_counters_reset_by_scope_and_clamp_to_bounds():
    pack = compile_sources([Source("t.spell", (BASE + """
counter player capped = 5 min 0 max 10
""").encode())], use_cache=False).pack
    g = Game(pack, None, 2)
    g.set_value(g.players[0], "capped", 42)
    assert g.players[0].v["capped"] == 10
    g.set_value(g.players[0], "capped", -3)
    assert g.players[0].v["capped"] == 0


def test_a_new_turn_or_phase_resets_every_players_counters_of_its_scope():
    # The runtime resets only the counters set_value changed since (Turns._reset_counters): whoever
    # changed them, and whatever they start at, each reader sees them afresh.
    g = game_of("""
counter player charge = 2 reset phase
counter table rounds_left = 3 reset turn
""")
    g.set_value(g.players[1], "tally", 3)
    g.set_value(g.players[2], "charge", 7)
    g.set_value(None, "rounds_left", 1)
    g.run_phase(g.players[0], "main")
    assert [p.v["charge"] for p in g.players] == [2, 2, 2] and g.players[1].v["tally"] == 3
    g.run_turn(g.players[0])
    assert [p.v["tally"] for p in g.players] == [0, 0, 0] and g.v["rounds_left"] == 3
    g.set_value(g.players[2], "tally", 1)
    g.run_turn(g.players[1])
    assert [p.v["tally"] for p in g.players] == [0, 0, 0]


def test_same_seed_same_answers_same_log_byte_for_byte():
    from spellcard.compiler.pack.loader import load_pack
    pack = load_pack("thb")
    logs = []
    for _ in range(2):
        g = Game(pack, "Identity5Mode", 5, [RandomAgent(7 + i) for i in range(5)], seed=7, log=True)
        g.play()
        logs.append("\n".join(g.log.lines()))
    assert logs[0] == logs[1] and len(logs[0]) > 1000


def test_a_trigger_whose_owner_goes_out_during_it_just_ends():
    g = game_of("""
skill Reckless "reckless" locked {
  on ping.after when event.who == owner {
    eliminate(owner)
    if ask(owner, "still here?") { owner.mark = "asked" }
    owner.mark = "went on"
  }
}
""", agents=[ScriptedAgent([True])])
    g.grant(g.players[0], g.pack.skills["Reckless"])
    g.perform("ping", who=g.players[0])
    assert g.players[0].v["mark"] == ""          # nothing after the owner went out


def test_asking_a_player_who_is_out_is_refused():
    from spellcard.runtime.errors import PlayerOut
    g = game_of("")
    g.set_alive(g.players[1], False)
    with pytest.raises(PlayerOut, match="P1 is out of the game"):
        g.decide(Decision(g.players[1], ONE, "option", "?", ["a", "b"]))


def test_a_round_runs_the_turns_its_rules_schedule_in_that_order():
    from spellcard.runtime.defs import ModeDef
    pack = pack_of("""
attr table order: text = ""
skill Schedule "schedule" {
  on round.start { schedule_turn(first(all_players())) schedule_turn(last(all_players())) schedule_turn(first(all_players())) }
}
skill Record "record" { on turn.start { order = order + text(event.player.seat) } }
skill Stop "stop" { on turn.start when turn_number() > 6 { end_game([current]) } }
""")
    pack.modes["M"] = ModeDef("M", "m", 3, 3, None, rules=["Schedule", "Record", "Stop"])
    g = Game(pack, "M", 3)
    assert g.play().reason == "win"
    # Two rounds of P0, P2, P0 (P1 is never scheduled), then turn 7 starts and ends the game.
    assert g.v["order"] == "0200200"


def test_end_round_stops_the_resolution_and_starts_a_new_round():
    pack = pack_of("""
attr table order: text = ""
skill Record "record" { on turn.start { order = order + text(event.player.seat) } }
skill Break "break" { on ping.after when round_number() == 1 and event.who.seat == 1 { end_round() } }
skill Stop "stop" { on turn.start when turn_number() > 4 { end_game([current]) } }
""")
    from spellcard.runtime.defs import ModeDef
    pack.modes["M"] = ModeDef("M", "m", 3, 3, None, rules=["Record", "Break", "Stop"])
    g = Game(pack, "M", 3)
    g.play()
    # Round 1: P0, then P1's ping ends the round at once; round 2 starts with the next player, P2,
    # and goes round from there: P2, P0, P1 (whose turn start ends the game).
    assert g.v["order"] == "01201"
    assert g.rounds == 2


def test_scenario_specs_name_distinct_copies():
    from spellcard.scenario import Scenario
    s = Scenario("thb", ["Koakuma", "Mokou"], mode="Duel")
    a, b = s.hand(0, "Danmaku", "Danmaku")
    assert a is not b
    c, d = s.deck_top("Graze", "Graze")
    assert c is not d and s.deck.cards[-1] is c and s.deck.cards[-2] is d


def test_characters_and_card_kinds_read_constant_attribute_defaults():
    pack = pack_of("""
attr character title: text = "untitled"
attr character hp: int = 4
attr card weight: int = 2
character Plain "plain" { }
character Named "named" { title = "the named" }
card Thing "thing" { }
""")
    assert pack.characters["Plain"].attrs == {"title": "untitled", "hp": 4}
    assert pack.characters["Named"].attrs["title"] == "the named"
    assert pack.kinds["Thing"].attrs["weight"] == 2


def test_a_pack_may_forbid_cards_and_they_are_never_offered():
    from spellcard.runtime.builtins.plays import b_ask_card, b_choose_play
    pack = pack_of("""
card Coin "coin" { target self }
card Stone "stone" { target self }
query card_allowed(p: player, card: card, purpose: text) -> bool = card.kind != Stone
""")
    agent = ScriptedAgent([])               # passes by default, and keeps every decision it saw
    g = Game(pack, None, 2, [agent])
    g.move([g.make_card("Coin", {}), g.make_card("Stone", {})], g.players[0].z["hand"])
    b_choose_play(g, g.players[0])
    assert [o.card.kind.name for o in agent.log[0].options if o is not None] == ["Coin"]
    assert b_ask_card(g, g.players[0], pack.kinds["Stone"], "play", "?") is None


def test_a_card_allowed_that_is_plain_true_allows_all_until_a_modifier_of_it_is_in_play():
    from spellcard.runtime.builtins.plays import b_ask_card, b_choose_play
    pack = pack_of("""
card Coin "coin" { target self }
card Stone "stone" { target self }
query card_allowed(p: player, card: card, purpose: text) -> bool = true
skill Heavy "heavy" locked { modify card_allowed when card.kind == Stone = false }
""")
    assert pack.constants["card_allowed"] is True      # asked of no card while nothing modifies it
    agent = ScriptedAgent([])
    g = Game(pack, None, 2, [agent])
    stone = g.make_card("Stone", {})
    g.move([g.make_card("Coin", {}), stone], g.players[0].z["hand"])
    b_choose_play(g, g.players[0])
    assert [o.card.kind.name for o in agent.log[-1].options if o is not None] == ["Coin", "Stone"]
    g.grant(g.players[1], pack.skills["Heavy"])
    b_choose_play(g, g.players[0])
    assert [o.card.kind.name for o in agent.log[-1].options if o is not None] == ["Coin"]
    assert b_ask_card(g, g.players[0], pack.kinds["Stone"], "play", "?") is None


def test_seat_distance_counts_living_players_and_places_the_fallen_at_their_seat():
    from spellcard.runtime.builtins.core import b_seat_distance
    g = Game(pack_of(""), None, 6)
    p = g.players
    assert b_seat_distance(g, p[0], p[3]) == 3 and b_seat_distance(g, p[0], p[5]) == 1
    g.set_alive(p[1], False)
    g.set_alive(p[2], False)
    assert b_seat_distance(g, p[0], p[3]) == 1                  # seats 1 and 2 are out
    assert b_seat_distance(g, p[0], p[2]) == 1                  # the fallen 2 sits between 0 and 3
    assert b_seat_distance(g, p[3], p[1]) == 1


def test_others_are_the_living_players_after_p_in_seat_order_whether_or_not_p_is_out():
    from spellcard.runtime.builtins.core import b_others
    g = game_of("", n=5)
    p0, p1, p2, p3, p4 = g.players
    assert b_others(g, p2) == [p3, p4, p0, p1]
    g.set_alive(p3, False)
    assert b_others(g, p2) == [p4, p0, p1]
    assert b_others(g, p3) == [p4, p0, p1, p2]         # p is out: everyone living, from the seat after
    mine = b_others(g, p2)
    mine.append(p3)                                     # a fresh list each time: the caller may keep it
    assert b_others(g, p2) == [p4, p0, p1]


def test_a_played_game_keeps_its_state_in_slots():
    """Game.__slots__ names everything a game sets while it is made and played: an attribute left out
    would live in the instance's dict, which makes every game slower (runtime/engine/game.py)."""
    pack = load_pack("thb")
    g, result = play(Table(pack, "Identity8Mode", 8, agent="random"), 1, log=True)
    assert result.reason != "error" and result.turns > 0
    assert vars(g) == {}


def test_each_game_deals_its_own_cards_from_the_deck_its_pack_prepared_once():
    """The deck's kinds and attributes are worked out once a pack and mode (runtime/engine/cards.py); every
    game still gets cards of its own, attributes and all."""
    pack = load_pack("thb")
    first, second = Game(pack, "Identity8Mode", 8), Game(pack, "Identity8Mode", 8)
    for g in (first, second):
        g.build_deck("deck")
    assert len(first.cards) == len(second.cards) > 100
    for a, b in zip(first.cards, second.cards):
        assert (a.id, a.kind, a.a) == (b.id, b.kind, b.a) and a.a is not b.a
    first.cards[0].a["color"] = "changed"
    assert second.cards[0].a["color"] != "changed"


def test_games_of_a_pack_share_its_tables_but_each_keeps_its_own_counters_to_reset():
    """What Game.__init__ reads of a pack is worked out once (game.py _game_tables); which players'
    counters a reset must clear is each game's own."""
    pack = pack_of("")
    a, b = Game(pack, None, 2), Game(pack, None, 2)
    assert a._phase_runs is b._phase_runs and a._counter_defs is b._counter_defs and a._turn is b._turn
    a.set_value(a.players[0], "tally", 3)
    assert a._resets["turn"][2] == {a.players[0]} and not b._resets["turn"][2]
    assert [p.v["tally"] for p in b.players] == [0, 0] and b.players[0].v["score"] == 0


def test_text_of_anything_is_text_and_names_a_card_by_its_face_where_every_seat_sees_it():
    """`"…" + text(x)` must never fail: a card's text was its id (an int) and the concatenation raised."""
    from spellcard.runtime.builtins.core import b_text
    g = game_of("""
zone shown: table public
card Coin "金幣" { target self }
attr table said: text = ""
skill Tell "tell" locked { on ping.after when event.who == owner {
  said = "top " + text(first(pile)) + "; all " + text(pile) + "; " + text(owner) + " " + text(Coin) + " " + text(3)
} }
""")
    g.move([g.make_card("Coin", {}), g.make_card("Coin", {})], g.z["pile"])
    g.grant(g.players[0], g.pack.skills["Tell"])
    g.perform("ping", who=g.players[0])
    assert g.v["said"] == "top ?; all ?, ?; P0 金幣 3"            # the pile is hidden: no face told
    g.move(list(g.z["pile"].cards), g.z["shown"])
    assert b_text(g, g.z["shown"]) == "金幣, 金幣"                   # a public zone's cards: their faces
