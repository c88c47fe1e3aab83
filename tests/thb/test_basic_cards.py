"""Scenario tests of THB's basic cards (基本牌): 彈幕 擦彈 麻薯 噁心丸 酒.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes: Koakuma (尋找, active only), Mokou (浴火 and
重生 only at the start of her end/prepare phase), Rumia (黑暗 active; 作弊 only at her end phase),
Marisa (借走, active only).
"""
from spellcard.scenario import Scenario

from .helpers import table, play_cards


# ── 彈幕 ───────────────────────────────────────────────────────────────────────


def test_only_one_danmaku_per_action_phase():
    """>>默認情況下，出牌階段你只能使用一張【彈幕】。"""
    s = table(["Koakuma", "Mokou"])
    [d1, d2] = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1, "pass")
    s.phase(0, "action_phase")
    first, second = s.asked(0, "play")
    assert play_cards(first) == ["Danmaku", "Danmaku"]
    assert play_cards(second) == []              # the second 彈幕 is no longer offered
    assert s.value(1, "hp") == 3
    assert d2 in s.p(0).z["hand"].cards


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


def test_mochi_heals_only_up_to_max_hp():
    """麻薯：…回覆你的1點體力。 Two 麻薯 at 3/4: the first heals to 4, the second is no longer usable."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=3)
    [m1, m2] = s.hand(0, "Mochi♡3", "Mochi♡4")
    s.answer(0, m1, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert play_cards(s.asked(0, "play")[1]) == []
    assert s.p(0).z["hand"].cards == [m2]




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


def test_nausea_pill_damage_is_sourceless():
    """噁心丸：…1.受到1點無來源傷害 — no source, so no one is the killer: an 城管 killed by their own
    噁心丸 gives no one the bounty (城管：…當城管MISS時，擊墜者摸3張牌。)."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Eiki"], mode="Identity5Mode")
    s.p(0).v["role"] = "Attacker"
    s.p(1).v["role"] = "Boss"
    s.set(0, hp=1)
    [pill] = s.hand(0, "NauseaPill♢J")
    before = [len(s.p(i).z["hand"].cards) for i in range(5)]
    s.answer(0, pill)
    s.phase(0, "action_phase")
    assert not s.p(0).alive
    assert [len(s.p(i).z["hand"].cards) for i in range(1, 5)] == before[1:]


def test_nausea_pill_demolisher_may_discard_two_of_their_own():
    """噁心丸：…引發棄牌動作的角色需選擇其中一項執行：…2.棄置兩張牌 (the 城管執法 user's own cards)."""
    s = table(["Koakuma", "Mokou"])
    [demo, a, b] = s.hand(0, "Demolition♠3", "Graze♡2", "Graze♢2")
    [pill] = s.hand(1, "NauseaPill♢J")
    s.answer(0, demo, "棄置兩張牌", "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4 and s.value(1, "hp") == 4
    assert s.p(0).z["hand"].cards == []
    assert {a, b, pill} <= set(s.game.z["discard_pile"].cards)
