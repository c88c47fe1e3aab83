"""The Python scenario harness (spellcard.scenario): names checked, answers by what is asked, settled
decisions recorded, readers for every zone, the mode's setup, several characters per seat."""
import doctest

import pytest

import spellcard.scenario
from spellcard.scenario import Scenario, ScenarioError


def duel(*chars, **kw):
    return Scenario("thb", list(chars) or ["Marisa", "Koakuma"], mode="Duel", **kw)


def test_the_module_docstring_example_runs():
    failed, tried = doctest.testmod(spellcard.scenario)
    assert tried >= 4 and failed == 0


@pytest.mark.parametrize("call, hint", [
    (lambda s: s.phase(0, "action_phse"), "did you mean `action_phase`?"),
    (lambda s: s.hand(0, "Danmku♠7"), "did you mean `Danmaku`?"),
    (lambda s: s.fired("Borow"), "did you mean `Borrow`?"),
    (lambda s: s.set(0, hq=3), "did you mean `hp`?"),
    (lambda s: s.zone(0, "judge_zon", "SealingArray♠9"), "did you mean `judge_zone`?"),
    (lambda s: s.perform("damag", target=s.p(0), amount=1), "did you mean `damage`?"),
    (lambda s: s.when(0, True, about="Borow"), "did you mean `Borrow`?"),
])
def test_misspelt_names_get_a_did_you_mean(call, hint):
    with pytest.raises(ScenarioError, match=hint.replace("`", ".").replace("?", r"\?")):
        call(duel())


def test_a_misspelt_character_gets_a_did_you_mean():
    with pytest.raises(ScenarioError, match="did you mean .Marisa."):
        duel("Marsia", "Koakuma")


def test_fired_of_no_skill_is_an_error_not_zero():
    s = duel()
    assert s.fired("Borrow") == 0
    with pytest.raises(ScenarioError, match="unknown skill"):
        s.fired("NoSuchSkill")


def test_a_value_above_its_bound_is_an_error_not_clamped():
    s = duel()
    with pytest.raises(ScenarioError, match="outside its bounds"):
        s.set(0, hp=6)
    assert s.value(0, "hp") == 4
    s.set(0, hp=2)
    assert s.value(0, "hp") == 2


def test_a_card_the_deck_no_longer_holds_names_what_it_holds():
    s = duel()
    with pytest.raises(ScenarioError, match=r"no Danmaku♠2 left in the deck \(it holds Danmaku .*♠3, ♠4"):
        s.hand(0, "Danmaku♠2")


def test_cards_answer_by_spec_and_settled_decisions_are_recorded():
    """借走: the lone target is settled without asking; it is recorded, and the scripted answer
    aimed at it is used up there rather than shifted onto the next decision."""
    s = duel()
    s.hand(1, "Mochi♡3")
    s.answer(0, "Borrow", "Koakuma", "pass")
    s.phase(0, "action_phase")
    assert s.unscripted() == []
    assert [d.what for d in s.asked(0)] == ["play", "play"]
    assert [d.what for d in s.asked(0, settled=True)] == ["play", "players", "play"]
    assert s.cards_in(0) == ["Mochi"]


def test_answers_by_what_is_asked():
    s = duel()
    s.hand(1, "Mochi♡3")
    s.hand(0, "Graze♡2")
    s.when(0, "Borrow", what="play")
    policy = s.when(0, "Graze♡2", what="card", prompt="擦彈")
    s.phase(0, "action_phase")
    assert policy.used == 1 and s.value(0, "hp") == 4
    assert s.unused_policies() == []


def test_not_offered_and_zone_readers():
    s = duel()
    s.zone(1, "judge_zone", "SealingArray♠9")
    s.phase(0, "action_phase")
    assert not s.ever_offered(0, "Borrow")           # nothing to take: 借走 is not offered
    assert s.ever_offered(0, "pass")
    assert [c.kind.name for c in s.zone_cards(1, "judge_zone")] == ["SealingArray"]
    assert s.cards_in(None, "discard_pile") == []
    with pytest.raises(ScenarioError, match="unknown zone"):
        s.zone_cards(None, "discard_pil")


def test_several_characters_at_one_seat_bring_all_their_skills():
    s = Scenario("thb", ["Marisa+Reimu", "Koakuma"], mode="Duel")
    assert s.holds(0, "Borrow") and s.holds(0, "SpiritStrike")
    assert s.p(0).character.name == "Marisa"


def test_the_modes_own_setup_with_the_seats_characters():
    s = Scenario("thb", ["Marisa", "Koakuma"], mode="Duel", setup=True)
    assert [p.character.name for p in s.game.players] == ["Marisa", "Koakuma"]
    assert all(len(s.cards_in(i)) > 0 for i in (0, 1))       # the mode dealt the hands


def test_a_conversion_is_scripted_by_its_source_card():
    """靈擊：你可以將一張紅色手牌當【好人卡】使用。 — answering with 麻薯♡4 picks 靈擊 and then that card."""
    s = duel("Tewi", "Reimu")
    s.hand(0, "Demolition♣4")
    s.hand(1, "Mochi♡3", "Mochi♡4", "Danmaku♠7")
    s.answer(0, "Demolition♣4", "pass")
    s.answer(1, "Mochi♡4")
    s.phase(0, "action_phase")
    assert s.unscripted() == []
    assert [c.a["rank"] for c in s.zone_cards(1)] == [3, 7]          # 麻薯♡3 and the 彈幕 kept
    assert [d.prompt for d in s.asked(1, "cards")] == ["靈擊: choose cards"]
