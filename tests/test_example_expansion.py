"""The example expansion (examples/thb_village) plays as its card texts say, on top of THB."""
from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.scenario import Scenario

VILLAGE = str(Path(__file__).parent.parent / "examples" / "thb_village")


def test_the_expansion_checks_clean_against_thb():
    result = CliRunner().invoke(cli, ["check", VILLAGE])
    assert result.exit_code == 0, result.output


def test_it_holds_thb_and_its_own_characters_and_names_its_base():
    village, thb = load_pack(VILLAGE), load_pack("thb")
    assert set(thb.characters) < set(village.characters)
    assert {"Kosuzu", "Sumireko"} <= set(village.characters) - set(thb.characters)
    assert (village.name, village.version, village.base, village.base_version) == \
        ("thb_village", "1.0.0", "thb", thb.version)


def test_extend_deck_adds_two_copies_to_the_standard_deck():
    village, thb = load_pack(VILLAGE), load_pack("thb")
    added = list(village.decks["standard"])
    for entry in thb.decks["standard"]:
        added.remove(entry)
    assert sorted(kind for kind, _ in added) == ["Graze", "Mochi"]


def test_replaced_koakuma_keeps_find_and_lends_books():
    """replace character Koakuma: 尋找 as in THB, and 借閱."""
    assert list(load_pack(VILLAGE).characters["Koakuma"].skills) == ["Find", "Lending"]
    assert list(load_pack("thb").characters["Koakuma"].skills) == ["Find"]


def test_lending_gives_one_hand_card_then_draws_one():
    """借閱：出牌階段限一次，你可以將一張手牌交給一名其他角色，然後你摸一張牌。"""
    s = Scenario(VILLAGE, ["Kosuzu", "Mokou", "Koakuma"])
    (lent,) = s.hand(0, "Sake")                 # her one hand card: not asked which
    s.answer(0, "Lending", s.p(2), "pass")
    s.phase(0, "action_phase")
    assert lent in s.p(2).z["hand"].cards
    assert len(s.cards_in(0)) == 1 and lent not in s.p(0).z["hand"].cards
    assert s.offered(0)[-1:] == ["pass"] and "Lending" not in s.offered(0)     # once per phase


def test_demon_book_draws_two_when_hurt_with_an_empty_hand():
    """妖魔本：鎖定技，當你受到傷害後，若你沒有手牌，你摸兩張牌。"""
    s = Scenario(VILLAGE, ["Kosuzu", "Mokou"])
    s.perform("damage", target=s.p(0), amount=1, source=s.p(1))
    assert len(s.cards_in(0)) == 2


def test_demon_book_stays_shut_while_the_hand_holds_a_card():
    """妖魔本：…若你沒有手牌…"""
    s = Scenario(VILLAGE, ["Kosuzu", "Mokou"])
    s.hand(0, "Sake")
    s.perform("damage", target=s.p(0), amount=1, source=s.p(1))
    assert s.cards_in(0) == ["Sake"]


def test_psychokinesis_discards_one_of_hers_then_one_of_theirs():
    """念動力：出牌階段限一次，你可以棄置一張手牌，然後棄置一名其他角色的一張牌。"""
    s = Scenario(VILLAGE, ["Sumireko", "Mokou"])
    (mine,) = s.hand(0, "Sake")
    (theirs,) = s.hand(1, "Mochi")
    s.answer(0, "Psychokinesis", "pass")
    s.phase(0, "action_phase")
    assert s.cards_in(0) == [] and s.cards_in(1) == []
    assert {mine, theirs} <= set(s.game.z["discard_pile"].cards)


def test_psychokinesis_is_not_offered_when_no_one_else_has_a_card():
    """念動力 needs a card of another character to discard."""
    s = Scenario(VILLAGE, ["Sumireko", "Mokou"])
    s.hand(0, "Sake")
    s.phase(0, "action_phase")
    assert "Psychokinesis" not in s.offered(0)
