"""Built-ins the emitter writes in place (compiler/emit/inline.py): the same values as the built-in,
and a none one of them gave is still named by the fault."""
from spellcard.runtime import faults
from spellcard.runtime.builtins import core as B

from .test_engine import game_of


def test_the_fault_reader_knows_each_form_the_emitter_writes():
    """The checker keeps these nones out of the places that would fault (a list cannot be emptied
    after its guard, as a zone can); should one get there, the fault still names the built-in."""
    g = game_of("""
card Token "t" { }
func head(cs: cards) -> card? { let t = first(cs) return t }
func where_is(c: card) -> zone? { let z = zone_of(c) return z }
func where_first(cs: cards) -> zone? { if count(cs) > 0 { return zone_of(first(cs)) } return none }
""")
    lines = [line.split("  # ")[0].strip() for line in g.pack.emitted]
    assert [faults._called(line.split(" = ", 1)[1], start=True)
            for line in lines if line.startswith(("v_t = ", "v_z = "))] == [["first"], ["zone_of"]]
    inner = next(line for line in lines if line.startswith("return b_zone_of(g, ("))
    assert faults._inline_origin(inner) == ["zone_of", "first"]


def test_values_written_in_place_are_the_built_ins():
    """Each form against its built-in, on the arguments the checker lets through: equal numbers,
    an empty list, a virtual card with and without sources."""
    g = game_of("""
card Token "t" { }
func bigger(a: int, b: int) -> int { return max(a, b) }
func smaller(a: int, b: int) -> int { return min(a, b) }
func head(cs: cards) -> card? { return first(cs) }
func where_is(c: card) -> zone? { return zone_of(c) }
func everyone() -> players { return players() }
func how_many() -> int { return count(players()) }
func rest(p: player) -> players { return others(p) }
func both(a: zone, b: zone) -> cards { return a + b - b }
""")
    f = g.pack.funcs
    for a, b in [(1, 2), (2, 1), (3, 3), (-1, 0)]:
        assert f["bigger"](g, a, b) == B.b_max(g, a, b) and f["smaller"](g, a, b) == B.b_min(g, a, b)
    tok = g.make_card("Token", {})
    g.move([tok], g.z["pile"])
    for cs in ([], [tok], [tok, tok]):
        assert f["head"](g, cs) is B.b_first(g, cs)
    for c in (tok, B.b_virtual(g, tok.kind, [tok]), B.b_virtual(g, tok.kind)):
        assert f["where_is"](g, c) is B.b_zone_of(g, c)
    g.set_alive(g.players[1], False)
    assert f["everyone"](g) == B.b_players(g) and f["everyone"](g) is not f["everyone"](g)
    assert f["how_many"](g) == 2
    for p in g.players:                 # one of them out: others() from a seat that is not in the ring
        assert f["rest"](g, p) == B.b_others(g, p)
    assert f["both"](g, g.z["pile"], g.players[0].z["hand"]) == [tok]


def test_moves_and_hooks_written_in_place_do_what_the_built_ins_do():
    """move() of a list, a card, a zone and a new list; a hook of a kind that has it, one that lacks
    it, and of no card at all (none, as _hook takes it)."""
    g = game_of("""
hook poked(by: player)
card Token "t" { poked { by.score += 1 } }
card Plain "p" { }
func move_list(cs: cards, to: zone) { move(cs, to) }
func move_card(c: card, to: zone) { move(c, to, bottom: true) }
func move_zone(z: zone, to: zone) { move(z, to) }
func move_top(z: zone, to: zone) { move(top(z, 2), to) }
func poke(c: card?, p: player) { if c != none { c.poked(p) } c.poked(p) }
""")
    f, p = g.pack.funcs, g.players[0]
    pile, hand = g.z["pile"], p.z["hand"]
    toks = [g.make_card("Token", {}) for _ in range(3)]
    g.move(toks, pile)
    f["move_top"](g, pile, hand)
    assert hand.cards == [toks[2], toks[1]] and pile.cards == [toks[0]]
    f["move_card"](g, toks[2], pile)
    assert pile.cards == [toks[2], toks[0]]
    f["move_list"](g, list(hand.cards), pile)
    f["move_zone"](g, pile, hand)
    assert pile.cards == [] and sorted(map(id, hand.cards)) == sorted(map(id, toks))
    f["poke"](g, toks[0], p)
    f["poke"](g, g.make_card("Plain", {}), p)
    f["poke"](g, None, p)
    assert p.v["score"] == 2


def test_zones_joined_and_a_cards_zone_read_in_place_are_what_the_built_ins_give():
    """`a + b + c` of zones is their lists of cards added in place (no _concat), a new list each
    time; `c.zone` of a name is zone_of written in place, a virtual card's too."""
    g = game_of("""
card Token "t" { }
func joined(a: zone, b: zone, c: zone) -> cards { return a + b + c }
func zone_field(c: card) -> zone? { return c.zone }
""")
    f, p = g.pack.funcs, g.players[0]
    pile, hand = g.z["pile"], p.z["hand"]
    toks = [g.make_card("Token", {}) for _ in range(3)]
    g.move(toks[:2], pile)
    g.move(toks[2:], hand)
    got = f["joined"](g, hand, pile, hand)
    assert got == [toks[2], toks[0], toks[1], toks[2]] and got is not hand.cards
    assert "_concat" not in next(line for line in g.pack.emitted if "v_a.cards" in line)
    for c in (toks[0], B.b_virtual(g, toks[0].kind, [toks[2]]), B.b_virtual(g, toks[0].kind)):
        assert f["zone_field"](g, c) is B.b_zone_of(g, c)


def test_a_seat_distance_written_in_place_is_the_built_ins_before_and_after_a_seat_empties():
    """The kept distance is read in place; one not kept yet (or forgotten when someone leaves) is
    the built-in's, which keeps it."""
    g = game_of('func apart(a: player, b: player) -> int { return seat_distance(a, b) }\n', n=5)
    apart, p = g.pack.funcs["apart"], g.players
    for out in (None, p[2], p[0]):
        if out is not None:
            g.set_alive(out, False)
        for a in p:
            for b in p:
                assert apart(g, a, b) == B.b_seat_distance(g, a, b)
                assert apart(g, a, b) == B.b_seat_distance(g, a, b)     # kept
    assert "seat_distances" in next(line for line in g.pack.emitted if "v_a.seat" in line)


def test_an_ask_card_prompt_made_by_plus_is_joined_only_when_someone_is_asked():
    """The emitter hands ask_card the texts of a `+` prompt as a tuple; the decision's prompt is their
    sum, and a player with nothing to answer with is asked nothing (no prompt made)."""
    from spellcard.runtime.agents.scripted import ScriptedAgent
    agent = ScriptedAgent([])
    g = game_of("""
card Coin "coin" { target self }
func offer(p: player, c: card) -> card? { return ask_card(p, Coin, "use", "answer " + c.kind.label + "?") }
""", n=2, agents=[agent, agent])
    assert any("ask_card(g, v_p, K_Coin, 'use', ('answer ', v_c.kind.label, '?'))" in line
               for line in g.pack.emitted)
    coin = g.make_card("Coin", {})
    offer = g.pack.funcs["offer"]
    assert offer(g, g.players[0], coin) is None and agent.log == []
    g.move([coin], g.players[0].z["hand"])
    assert offer(g, g.players[0], coin) is None          # the scripted agent declines
    assert [d.prompt for d in agent.log] == ["answer coin?"]


def test_event_parameters_written_in_place_change_the_event_and_log_the_change():
    """`event.x = …`, `event.x += …` and `e.x = …` of a named event are Game.set_event's steps written
    in place: the new value, a step of era, and the log's `change` entry when the game is logged."""
    from .test_engine import pack_of
    from spellcard.runtime.engine.game import Game
    pack = pack_of("""
skill Raise "r" locked { on ping.before { event.who = owner } }
skill Bump "b" locked { on ping.after { let e = event  e.who = owner } }
""")
    assert sum("v_event.p['who'] = v_owner; g.era += 1" in line or "v_e.p['who'] = v_owner; g.era += 1" in line
               for line in pack.emitted) == 2
    for logged in (False, True):
        g = Game(pack, None, 2, (), log=logged)
        g.start()
        g.grant(g.players[1], pack.skills["Raise"])
        g.grant(g.players[1], pack.skills["Bump"])
        era = g.era
        ev = g.perform("ping", who=g.players[0])
        assert ev.p["who"] is g.players[1] and g.era > era
        changes = [e for e in g.log.entries if e[0] == "change"]
        assert changes == ([("change", "ping", "who", "P1")] * 2 if logged else [])
