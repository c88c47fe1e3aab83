"""Scenario tests of THB's basic cards (基本牌): 彈幕 擦彈 麻薯 噁心丸 酒.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes: Koakuma (尋找, active only), Mokou (浴火 and
重生 only at the start of her end/prepare phase), Rumia (黑暗 active; 作弊 only at her end phase),
Marisa (借走, active only).

Most of these tests are written in the language, in rules/thb/tests/basic_cards.spell
(docs/testing.md); the ones here need Python.
"""


from .helpers import table, play_cards


# ── 擦彈 ───────────────────────────────────────────────────────────────────────


def test_graze_cannot_be_used_in_ones_own_action_phase():
    """>>默認情況下，【擦彈】只能在回合外使用或打出。"""
    s = table(["Koakuma", "Mokou"])
    s.hand(0, "Graze♡2", "Graze♢2")
    s.phase(0, "action_phase")
    [play] = s.asked(0, "play")
    assert play_cards(play) == []
    assert s.cards_in(0) == ["Graze", "Graze"]


# ── 麻薯 ───────────────────────────────────────────────────────────────────────


def test_mochi_not_usable_at_full_hp():
    """>>出牌階段，若你沒有損失體力，你不可以對自己使用【麻薯】。"""
    s = table(["Koakuma", "Mokou"])
    [m] = s.hand(0, "Mochi♡3")
    s.phase(0, "action_phase")
    [play] = s.asked(0, "play")
    assert play_cards(play) == []
    assert s.p(0).z["hand"].cards == [m]
    assert s.value(0, "hp") == 4


# ── 噁心丸 ─────────────────────────────────────────────────────────────────────


def test_nausea_pill_with_fewer_than_two_cards_means_damage():
    """噁心丸：…1.受到1點無來源傷害 2.棄置兩張牌 — with one card left only the damage is possible,
    so nothing is asked. A card in the judge zone is not one of the player's cards to discard."""
    s = table(["Koakuma", "Mokou"])
    [pill, a] = s.hand(0, "NauseaPill♢J", "Graze♡2")
    [frog] = s.zone(0, "judge_zone", "FrozenFrog♣5")
    s.answer(0, pill, "pass")
    s.phase(0, "action_phase")
    assert [d.prompt for d in s.asked(0, "option")] == []
    assert s.value(0, "hp") == 3
    assert s.p(0).z["hand"].cards == [a]
    assert s.p(0).z["judge_zone"].cards == [frog]
