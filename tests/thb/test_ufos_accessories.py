"""THB's UFOs (紅色UFO 魔女掃把 伊吹瓢 綠色UFO 要石) and accessories (⑨的翅膀 陰陽玉 半靈 青蛙帽).

Docstrings quote the rulebook (seeds/000, 裝備牌); readings are GLOSSARY §4 ids: T8 (a UFO's
"相應距離" is 1; 伊吹瓢 changes no distance), T2 (罪袋 is upstream's: ♠A–8 → 3 damage, else it moves on).
Distances at a table of n seats: the shorter way round, so with four seats 1, 2, 1 and with six 1, 2, 3, 2, 1.

Most of these tests are written in the language, in rules/thb/tests/ufos_accessories.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.runtime.decisions import label
from spellcard.scenario import Scenario

from .helpers import MODE, discard_pile, questions


# ── 綠色UFO ─────────────────────────────────────────────────────────────────────


def test_green_ufo_puts_wearer_out_of_range():
    """綠色UFO: at distance 2 a range-1 attacker cannot use 彈幕 on the wearer."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "GreenUfo")
    s.hand(0, "Danmaku♠7")
    s.phase(0, "action_phase")
    plays = [d for d in s.agents[0].log if d.what == "play"]
    assert [label(o) for o in plays[-1].options] == ["Find", "pass"]      # no 彈幕 to use
    assert s.value(1, "hp") == 4


# ── ⑨的翅膀 ────────────────────────────────────────────────────────────────────
def test_ice_wings_sealing_array_has_no_effect():
    """⑨的翅膀 裝備效果：【封魔陣】和【凍青蛙】對你無效。 — no judgement, the action phase is kept."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "IceWings")
    [seal] = s.hand(0, "SealingArray♠9")
    s.answer(0, seal)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "judge_zone") == ["SealingArray"]     # it can still be placed
    [top] = s.deck_top("Sake♠9")
    s.game.current = s.p(1)
    s.game.skipped = set()
    s.phase(1, "judge_phase")
    assert s.deck.cards[-1] is top
    assert s.cards_in(1, "judge_zone") == []
    assert "SealingArray" in discard_pile(s)
    assert "action_phase" not in s.game.skipped


def test_ice_wings_frozen_frog_has_no_effect():
    """⑨的翅膀: 【凍青蛙】對你無效 — the draw phase is kept."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "IceWings")
    s.zone(0, "judge_zone", "FrozenFrog♣5")
    [top] = s.deck_top("Sake♣9")
    s.game.skipped = set()
    s.phase(0, "judge_phase")
    assert s.deck.cards[-1] is top
    assert "draw_phase" not in s.game.skipped
    assert "FrozenFrog" in discard_pile(s)


def test_without_ice_wings_the_seal_skips_the_action_phase():
    """封魔陣：目標角色進行判定，若結果不為紅桃，目標角色跳過其出牌階段。 — the control case for ⑨的翅膀."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Sake♣9")
    s.game.skipped = set()
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped


# ── 陰陽玉 ──────────────────────────────────────────────────────────────────────
def test_yin_yang_orb_replaces_judge_card():
    """陰陽玉 裝備效果：在你的判定牌生效前，你可以打出【陰陽玉】代替之。 — ♡K replaces a ♣ judgement of 封魔陣."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [orb] = s.equip(0, "YinYangOrb♡K")
    s.zone(0, "judge_zone", "SealingArray♠9")
    [club] = s.deck_top("Sake♣9")
    s.answer(0, True)
    s.game.skipped = set()
    s.phase(0, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert s.cards_in(0, "equip_zone") == []
    pile = s.game.z["discard_pile"].cards
    assert orb in pile and club in pile
    assert s.unscripted() == []


def test_yin_yang_orb_declined():
    """陰陽玉: 你可以 — declined, the ♣ judgement stands."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "YinYangOrb♡K")
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Sake♣9")
    s.answer(0, False)
    s.game.skipped = set()
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert s.cards_in(0, "equip_zone") == ["YinYangOrb"]


def test_yin_yang_orb_only_for_own_judgements():
    """陰陽玉: 你的判定牌 — another player's judgement is not offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "YinYangOrb♡K")
    s.zone(1, "judge_zone", "SealingArray♠9")
    s.deck_top("Sake♣9")
    s.game.skipped = set()
    s.phase(1, "judge_phase")
    assert questions(s, 0) == []
    assert "action_phase" in s.game.skipped
    assert s.cards_in(0, "equip_zone") == ["YinYangOrb"]
