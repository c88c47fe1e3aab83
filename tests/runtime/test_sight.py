"""Issue 26, points 1 and 2: a seat knows a card while every move since it saw it was in its sight;
any move or shuffle out of its sight forgets it (the View, the seat log); a card it does not know it
names by a handle that is fresh per seat and per time it lost track of the card, and tells nothing of
the card's id, kind or attributes."""
from spellcard.runtime.view import View
from spellcard.seen_log import SeatLog, start_zones

from .test_engine import game_of

SMALL = """
zone shelf: table public
card Coin "coin" { shade = 3 target self }
card Gem "gem" { target self }
func tell(c: cards) { reveal(c) }
func peek_for(p: player) { show(first(cards(pile)), [p]) }
func mix() { shuffle(pile) }
func mark(c: card) { set_card_value(c, "told", 2) }
attr player held: card? = none
func hold(p: player, c: card) { p.held = c }
attr card shade: int
func as_gem(c: card) -> card = virtual(Gem, [c])
"""


def seat_log(g, seat):
    seer = SeatLog(g.pack, start_zones(g), seat, g.log.chosen)
    return seer, list(seer.render(g.log.entries))


def test_a_card_revealed_then_shuffled_away_and_drawn_back_is_forgotten():
    """The leak of the issue: shown to everyone in P1's hand, shuffled into the hidden pile, drawn
    back into the same hand: no other seat knows it any more, in the View or in its log."""
    g = game_of(SMALL, n=3, log=True)
    coin = g.make_card("Coin", {})
    others = [g.make_card("Gem", {}) for _ in range(4)]
    hand = g.players[1].z["hand"]
    g.move([coin], hand)
    g.move(others, g.z["pile"])
    g.pack.funcs["tell"](g, [coin])
    assert View(g, 0).knows(coin) and View(g, 2).knows(coin)
    g.move([coin], g.z["pile"])
    g.pack.funcs["mix"](g)
    g.move([coin], hand)                            # back where it was shown
    assert not View(g, 0).knows(coin) and not View(g, 2).knows(coin) and View(g, 1).knows(coin)
    seer, entries = seat_log(g, 0)
    assert not seer.knows(coin.id) and entries[-1][1] == [None]
    assert View(g, 0).players[1].zone("hand").cards[0].kind is None


def test_any_move_out_of_sight_forgets_even_without_a_shuffle():
    g = game_of(SMALL, n=2, log=True)
    coin = g.make_card("Coin", {})
    g.move([coin], g.z["pile"])
    g.pack.funcs["peek_for"](g, g.players[0])
    assert View(g, 0).knows(coin)
    g.move([coin], g.players[1].z["hand"])          # into a zone it does not see: forgotten
    assert not View(g, 0).knows(coin) and not seat_log(g, 0)[0].knows(coin.id)
    g.move([coin], g.z["pile"])
    assert not View(g, 0).knows(coin)               # even back where it was shown
    g.move([coin], g.z["shelf"])                    # into a zone it sees: known again
    assert View(g, 0).knows(coin) and seat_log(g, 0)[0].knows(coin.id)


def test_a_card_put_back_inside_its_own_zone_stays_known_to_whoever_knew_it():
    """神算, 希望之面: a look at the top of the pile, the cards put back in an order chosen. Whoever
    was shown them still knows them; to the others they are new cards, by new handles, so the order
    they were put in cannot be followed."""
    g = game_of(SMALL, n=2, log=True)
    coins = [g.make_card("Coin", {}) for _ in range(3)]
    g.move(coins, g.z["pile"])
    g.pack.funcs["peek_for"](g, g.players[0])       # P0 looks at the top one
    top = g.z["pile"].cards[0]
    before = [c.handle for c in View(g, 1).zone("pile").cards]
    g.move([top], g.z["pile"], bottom=True)         # put back, at the bottom
    assert View(g, 0).knows(top) and seat_log(g, 0)[0].knows(top.id)
    assert not View(g, 1).knows(top) and View(g, 1).zone("pile").cards[0].handle not in before


def test_handles_are_fresh_per_seat_and_per_move_and_follow_no_id():
    g = game_of(SMALL, n=3)
    coins = [g.make_card("Coin", {}) for _ in range(6)]
    g.move(coins[::-1], g.z["pile"])                # ids run down the pile
    v0, v1 = View(g, 0), View(g, 1)
    first = [c.handle for c in v0.zone("pile").cards]
    assert all(h and h.startswith("?") for h in first) and len(set(first)) == 6
    assert [c.handle for c in View(g, 0).zone("pile").cards] == first       # the same while nothing moves
    assert not set(first) & {c.handle for c in v1.zone("pile").cards}       # another seat's are others
    assert first != sorted(first) and first != sorted(first, reverse=True)  # no order of the ids shows
    assert all(c.id is None and c.kind is None and c.a is None for c in v0.zone("pile").cards)
    top = g.z["pile"].cards[-1]
    g.move([top], g.z["pile"], bottom=True)
    assert v0.zone("pile").cards[0].handle not in first                     # it lost track: a new one
    g.pack.funcs["mix"](g)
    assert not set(first) & {c.handle for c in v0.zone("pile").cards}       # a shuffle: all new


def test_a_number_on_a_card_is_a_public_mark_that_travels_with_it():
    """A number the rules set on a card (a clue, a token) is public: every seat sees it on the card,
    face down or not, in its View and its log, wherever the card goes; the card itself stays unknown."""
    g = game_of(SMALL, n=2, log=True)
    coin, gem = g.make_card("Coin", {}), g.make_card("Gem", {})
    g.move([coin], g.players[1].z["hand"])
    g.move([gem], g.z["shelf"])
    g.pack.funcs["mark"](g, coin)
    g.pack.funcs["mark"](g, gem)
    _, entries = seat_log(g, 0)
    sets = [e for e in entries if e[0] == "set"]
    assert sets == [("set", "a card in hand@1", "told", 2), ("set", f"Gem#{gem.id}", "told", 2)]
    _, mine = seat_log(g, 1)
    assert [e for e in mine if e[0] == "set"][0] == ("set", f"Coin#{coin.id}", "told", 2)
    seen = View(g, 0).players[1].zone("hand").cards[0]
    assert seen.kind is None and dict(seen.marks) == {"told": 2}
    g.move([coin], g.z["pile"])
    g.pack.funcs["mix"](g)
    assert [dict(c.marks) for c in View(g, 0).zone("pile").cards] == [{"told": 2}]


def test_a_seat_log_read_one_entry_at_a_time_reads_as_the_whole():
    """The HTML viewer reads a seat's log one entry at a time: each entry must be judged at its own
    index (a blind pick's label), as when the log is read at once."""
    from spellcard.compiler.pack import load_pack
    from spellcard.runtime.agents.simple import RandomAgent
    from spellcard.runtime.engine.game import Game

    g = Game(load_pack("esper"), "Duel", 2, [RandomAgent(0), RandomAgent(1)], seed=0, log=True)
    g.play()
    whole = seat_log(g, 0)[1]
    seer = SeatLog(g.pack, start_zones(g), 0, g.log.chosen)
    one_by_one = [next(iter(seer.render([e]))) for e in g.log.entries]
    assert one_by_one == whole and any(e[0] == "ask" and "a card" in str(e[5]) for e in whole)


def test_an_attribute_holding_a_card_names_it_only_to_a_seat_that_knows_it():
    """A player attribute of type card is logged as the card's id, and an id follows the deck list:
    a seat that does not know the card reads "a card" (the View projects it as any card)."""
    g = game_of(SMALL, n=2, log=True)
    coin = g.make_card("Coin", {})
    g.move([coin], g.players[1].z["hand"])
    g.pack.funcs["hold"](g, g.players[1], coin)
    assert [e for e in seat_log(g, 0)[1] if e[0] == "set"][-1] == ("set", "P1", "held", "a card")
    assert [e for e in seat_log(g, 1)[1] if e[0] == "set"][-1] == ("set", "P1", "held", coin.id)
    seen = View(g, 0).players[1].v["held"]
    assert seen.id is None and seen.kind is None and seen.handle.startswith("?")


FACING_AWAY = """
zone forehead: player others
card Coin "coin" { target self }
"""


def test_a_zone_seen_by_every_seat_but_its_owner():
    """Cards held facing away (`zone forehead: player others`): the others see them, the owner
    holds them face down, by handle, in its View, its log and its worlds."""
    from spellcard.runtime.agents.worlds import zone_knows

    g = game_of(FACING_AWAY, n=3, log=True)
    coin = g.make_card("Coin", {})
    g.move([coin], g.players[1].z["forehead"])
    assert View(g, 0).knows(coin) and View(g, 2).knows(coin) and not View(g, 1).knows(coin)
    mine = View(g, 1).me.zone("forehead").cards[0]
    assert mine.kind is None and mine.handle.startswith("?")
    assert not seat_log(g, 1)[0].knows(coin.id) and seat_log(g, 0)[0].knows(coin.id)
    assert zone_knows(0)(coin) and not zone_knows(1)(coin)


def test_others_is_a_player_zone_s_visibility_only():
    from spellcard.compiler.pack.loader import Source, compile_sources

    from .test_engine import BASE

    for text, said in [("zone shelf: table others\n", "a table zone has no owner"),
                       ("attr player mood: int others = 0\n", "`others` is a zone's visibility")]:
        result = compile_sources([Source("t.spell", (BASE + text).encode())], use_cache=False)
        assert not result.ok and said in result.render()


def test_a_virtual_card_shows_its_kind_but_nothing_it_takes_from_a_card_the_seat_does_not_know():
    g = game_of(SMALL, n=2)
    coin = g.make_card("Coin", {})
    g.move([coin], g.players[1].z["hand"])
    gem = g.pack.funcs["as_gem"](g, coin)
    assert gem.a["shade"] == 3                                  # taken from its source
    theirs, mine = View(g, 0).see(gem), View(g, 1).see(gem)
    assert theirs.kind.name == "Gem" and theirs.a["shade"] is None and not theirs.sources[0].known
    assert mine.a["shade"] == 3
