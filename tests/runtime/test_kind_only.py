"""A listing of plays asks a card kind's condition and target test once for all the cards of that kind
(and `via`) in hand, when the compiler proves they read nothing of the card but its kind and via
and change nothing (compiler/emit/kind_only.py); any other kind is asked card by card, as always."""
from spellcard.runtime.builtins.plays import b_choose_play
from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.engine.game import Game

from .test_engine import pack_of

CARDS = """
attr card weight: int = 1
counter player asked
query near(a: player, b: player, c: card?) -> bool = true
skill Short "short" locked { modify near when c != none and c.kind == Bow and c.via == none = a.score >= 0 }
query heavy(c: card) -> bool = false
skill Scale "scale" locked { modify heavy when c.weight > 1 = true }
func kind_of(c: card) -> kind = c.kind
func tally(p: player) -> bool {
  p.asked += 1
  return true
}
card Plain "plain" { target self  when count(others(user)) > 0 }
card Bow "bow" { target 1 from others(user) where near(user, it, card)  when kind_of(card) == Bow }
card Brick "brick" { target 1 from others(user) where not heavy(card) }
card Own "own" { target 1 from others(user) where card.zone != none }
card Loud "loud" { target self  when tally(user) }
"""


def test_the_compiler_marks_the_kinds_whose_usability_reads_only_the_kind_and_via():
    kinds = pack_of(CARDS).kinds
    assert kinds["Plain"].kind_only                 # never names the card
    assert kinds["Bow"].kind_only                   # hands it to a function and a query that read only kind, via, none
    assert not kinds["Brick"].kind_only             # a modifier of the query reads the card's weight
    assert not kinds["Own"].kind_only               # reads where the card lies
    assert not kinds["Loud"].kind_only              # its condition changes the game


def test_a_card_allowed_that_changes_the_game_marks_no_kind():
    kinds = pack_of(CARDS + """
query card_allowed(p: player, card: card, purpose: text) -> bool = tally(p)
""").kinds
    assert not kinds["Plain"].kind_only and not kinds["Bow"].kind_only


def listing(pack, hand: list) -> tuple[Game, list]:
    agent = ScriptedAgent([])               # passes, and keeps every decision it saw
    g = Game(pack, None, 3, [agent])
    g.move([g.make_card(k, {}) for k in hand], g.players[0].z["hand"])
    b_choose_play(g, g.players[0])
    return g, [o.card.kind.name for o in agent.log[-1].options if o is not None]


def asking(pack, kind: str) -> list:
    """The cards the kind's usability test (its `fits`) is asked about, from now on."""
    k, asked = pack.kinds[kind], []
    real = k.fits
    k.fits = lambda g, user, card: asked.append(card) or real(g, user, card)
    return asked


def test_a_kind_only_kind_is_asked_once_for_all_its_cards_and_every_card_is_offered():
    pack = pack_of(CARDS)
    asked = asking(pack, "Bow")
    _, offered = listing(pack, ["Bow", "Plain", "Bow", "Bow"])
    assert offered == ["Bow", "Plain", "Bow", "Bow"]
    assert len(asked) == 1


def test_other_kinds_are_asked_card_by_card():
    g, offered = listing(pack_of(CARDS), ["Loud", "Loud", "Own", "Own"])
    assert offered == ["Loud", "Loud", "Own", "Own"]
    assert g.players[0].v["asked"] == 2


def test_a_kind_other_than_kind_only_between_two_cards_makes_the_second_asked_afresh():
    pack = pack_of(CARDS)
    asked = asking(pack, "Plain")
    _, offered = listing(pack, ["Plain", "Loud", "Plain", "Plain"])     # Loud's condition may change the game
    assert offered == ["Plain", "Loud", "Plain", "Plain"]
    assert len(asked) == 2
