"""THB's UFOs (紅色UFO 魔女掃把 伊吹瓢 綠色UFO 要石) and accessories (⑨的翅膀 陰陽玉 半靈 青蛙帽).

Docstrings quote the rulebook (seeds/000, 裝備牌); readings are GLOSSARY §4 ids: T8 (a UFO's
"相應距離" is 1; 伊吹瓢 changes no distance), T2 (罪袋 is upstream's: ♠A–8 → 3 damage, else it moves on).
Distances at a table of n seats: the shorter way round, so with four seats 1, 2, 1 and with six 1, 2, 3, 2, 1.
"""
from spellcard.runtime.decisions import label
from spellcard.scenario import Scenario

from .helpers import MODE, FOUR, SIX, dist, discard_pile, questions


# ── 紅色UFO ─────────────────────────────────────────────────────────────────────
def test_red_ufo_minus_one_to_others():
    """紅色UFO 裝備效果：UFO用來改變自己與其他角色之間的距離。
    >>紅色UFO為進攻用，當你計算和其他角色的距離時,在原有的基礎上減少相應距離。 (T8: 1)"""
    s = Scenario("thb", FOUR, mode=MODE)
    assert [dist(s, 0, i) for i in (1, 2, 3)] == [1, 2, 1]
    s.equip(0, "RedUfo")
    assert [dist(s, 0, i) for i in (1, 2, 3)] == [1, 1, 1]
    assert dist(s, 2, 0) == 2                  # only the wearer's own reckoning changes


def test_red_ufo_brings_a_target_in_range():
    """紅色UFO: the seat two away becomes a legal 彈幕 target (攻擊範圍 1)."""
    s = Scenario("thb", FOUR, mode=MODE)
    s.equip(0, "RedUfo")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(2))
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 2
    assert s.unscripted() == []


def test_red_ufo_distance_at_least_one():
    """紅色UFO: …在原有的基礎上減少相應距離。兩名角色之間的距離至少為1。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "WitchBroom")
    assert dist(s, 0, 1) == 1
    assert dist(s, 0, 0) == 0


def test_red_and_green_ufo_together():
    """UFO >>你可以同時裝備兩種UFO — a red one and a green one sit side by side; opposite UFOs cancel out."""
    s = Scenario("thb", FOUR, mode=MODE)
    s.equip(0, "RedUfo", "GreenUfo")
    assert s.cards_in(0, "equip_zone") == ["RedUfo", "GreenUfo"]
    assert dist(s, 0, 2) == 1 and dist(s, 2, 0) == 3
    s.equip(2, "RedUfo")                      # the other copy
    assert dist(s, 2, 0) == 2 and dist(s, 0, 2) == 1


# ── 魔女掃把 ────────────────────────────────────────────────────────────────────
def test_witch_broom_minus_two():
    """魔女掃把 裝備效果：特殊的紅色UFO裝備，距離-2。"""
    s = Scenario("thb", SIX, mode=MODE)
    s.equip(0, "WitchBroom")
    assert [dist(s, 0, i) for i in range(1, 6)] == [1, 1, 1, 1, 1]
    assert dist(s, 3, 0) == 3


def test_witch_broom_replaces_red_ufo():
    """魔女掃把 is an offensive UFO: it takes the 紅色UFO's place, which goes to the discard pile."""
    s = Scenario("thb", SIX, mode=MODE)
    s.equip(0, "RedUfo")
    assert dist(s, 0, 3) == 2
    [broom] = s.hand(0, "WitchBroom♠K")
    s.answer(0, broom)
    s.phase(0, "action_phase")
    assert s.cards_in(0, "equip_zone") == ["WitchBroom"]
    assert discard_pile(s) == ["RedUfo"]
    assert dist(s, 0, 3) == 1


# ── 伊吹瓢 ──────────────────────────────────────────────────────────────────────
def test_ibuki_gourd_drunk_when_equipped():
    """伊吹瓢 裝備效果：獲得喝醉狀態，並在之後失去該裝備時及每個結束階段開始時獲得喝醉狀態。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [gourd, d] = s.hand(0, "IbukiGourd♣9", "Danmaku♠7")
    s.answer(0, gourd, d)
    s.phase(0, "action_phase")
    assert s.cards_in(0, "equip_zone") == ["IbukiGourd"]
    assert s.value(1, "hp") == 2               # drunk: +1
    assert s.value(0, "drunk") is False        # spent


def test_ibuki_gourd_drunk_at_each_end_phase():
    """伊吹瓢: 每個結束階段開始時獲得喝醉狀態 (the wearer's own end phase)."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "IbukiGourd")
    s.set(0, drunk=False)
    s.phase(1, "end_phase")
    assert s.value(0, "drunk") is False
    s.phase(0, "end_phase")
    assert s.value(0, "drunk") is True


def test_ibuki_gourd_drunk_when_lost_by_replacement():
    """伊吹瓢: 失去該裝備時 — replaced by a 紅色UFO (same slot), its wearer gets drunk."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "IbukiGourd")
    s.set(0, drunk=False)
    s.equip(0, "RedUfo")
    assert s.cards_in(0, "equip_zone") == ["RedUfo"]
    assert "IbukiGourd" in discard_pile(s)
    assert s.value(0, "drunk") is True


def test_ibuki_gourd_drunk_when_lost_to_demolition():
    """伊吹瓢: 失去該裝備時 — also when 城管執法 discards it; the one who loses it gets drunk."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "IbukiGourd")
    s.set(1, drunk=False)
    [demo] = s.hand(0, "Demolition♠3")
    s.answer(0, demo)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "equip_zone") == []
    assert s.value(1, "drunk") is True
    assert s.value(0, "drunk") is False


def test_ibuki_gourd_changes_no_distance():
    """伊吹瓢 (T8): filed under 進攻UFO, but no distance change is printed: 0."""
    s = Scenario("thb", FOUR, mode=MODE)
    s.equip(0, "IbukiGourd")
    assert [dist(s, 0, i) for i in (1, 2, 3)] == [1, 2, 1]
    s.equip(0, "RedUfo")                      # and it holds the offensive-UFO slot
    assert s.cards_in(0, "equip_zone") == ["RedUfo"]


# ── 綠色UFO ─────────────────────────────────────────────────────────────────────
def test_green_ufo_plus_one_from_others():
    """綠色UFO >>綠色UFO為防守用，當其他角色計算和你的距離時,在原有的基礎上增加相應距離。 (T8: 1)"""
    s = Scenario("thb", FOUR, mode=MODE)
    s.equip(1, "GreenUfo")
    assert dist(s, 0, 1) == 2 and dist(s, 2, 1) == 2
    assert dist(s, 1, 0) == 1                  # the wearer's own reckoning is unchanged


def test_green_ufo_puts_wearer_out_of_range():
    """綠色UFO: at distance 2 a range-1 attacker cannot use 彈幕 on the wearer."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "GreenUfo")
    s.hand(0, "Danmaku♠7")
    s.phase(0, "action_phase")
    plays = [d for d in s.agents[0].log if d.what == "play"]
    assert [label(o) for o in plays[-1].options] == ["Find", "pass"]      # no 彈幕 to use
    assert s.value(1, "hp") == 4


# ── 要石 ────────────────────────────────────────────────────────────────────────
def test_keystone_plus_one():
    """要石 裝備效果：特殊的綠色UFO裝備，距離+1…"""
    s = Scenario("thb", FOUR, mode=MODE)
    s.equip(1, "Keystone")
    assert dist(s, 0, 1) == 2 and dist(s, 1, 0) == 1


def test_keystone_passes_sinsack_unjudged():
    """要石: …裝備後跳過【罪袋】對你的結算。
    ★當【罪袋】在裝備【要石】的玩家判定區時，不會判定而是直接傳遞到下家。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia"], mode=MODE)
    s.equip(0, "Keystone")
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    [n] = s.hand(0, "Nullify♠2")
    [top] = s.deck_top("GapSteal♠5")          # a ♠5 would hit for 3
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 4
    assert s.deck.cards[-1] is top             # no judgement
    assert s.p(1).z["judge_zone"].cards == [sack]
    assert s.p(0).z["hand"].cards == [n]       # no 好人卡 was asked for either


def test_sinsack_without_keystone_hits():
    """罪袋 (T2, upstream): judge ♠A–8 → 3 damage — the control case for 要石."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia"], mode=MODE)
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("GapSteal♠5")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 1
    assert s.cards_in(1, "judge_zone") == []


def test_keystone_replaces_green_ufo():
    """要石 is a defensive UFO: it takes the 綠色UFO's slot."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "GreenUfo", "Keystone")
    assert s.cards_in(0, "equip_zone") == ["Keystone"]
    assert discard_pile(s) == ["GreenUfo"]


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


def test_ice_wings_not_against_sinsack():
    """⑨的翅膀 names only 封魔陣 and 凍青蛙: 罪袋 still hits."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "IceWings")
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("GapSteal♠5")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 1


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


def test_yin_yang_orb_saves_from_sinsack():
    """陰陽玉 ♠K replaces a ♠5 judgement of 罪袋 (♠A–8 hits): no damage, and the 罪袋 moves on."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia"], mode=MODE)
    s.equip(0, "YinYangOrb♠K")
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("GapSteal♠5")
    s.answer(0, True)
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 4
    assert s.p(1).z["judge_zone"].cards == [sack]


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


def test_yin_yang_orb_turns_optical_camouflage_red():
    """陰陽玉 on the 光學迷彩 judgement (若結果為紅，視為你使用…【擦彈】): ♠ judged, ♡K put in its place."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage", "YinYangOrb♡K")
    [d] = s.hand(0, "Danmaku♠7")
    s.deck_top("Sake♠9")
    s.answer(0, d)
    s.answer(1, True, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1, "equip_zone") == ["OpticalCamouflage"]


def test_two_yin_yang_orbs_never_together():
    """任何一個玩家面前的…裝備區里不能放有兩張同名的牌 — the second 陰陽玉 replaces the first."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [first] = s.equip(0, "YinYangOrb♠K")
    [second] = s.hand(0, "YinYangOrb♡K")
    s.answer(0, second)
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [second]
    assert s.game.z["discard_pile"].cards == [first]


# ── 半靈 ────────────────────────────────────────────────────────────────────────
def test_half_phantom_raises_max_hp():
    """半靈 裝備效果：增加1點體力上限，當失去裝備區裡的【半靈】時，你回復1點體力。 — max HP +1, HP unchanged."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [hp] = s.hand(0, "HalfPhantom♣A")
    s.answer(0, hp)
    s.phase(0, "action_phase")
    assert (s.value(0, "hp"), s.value(0, "max_hp")) == (4, 5)


def test_half_phantom_lost_recovers_one():
    """半靈: 當失去裝備區裡的【半靈】時，你回復1點體力 — lost to 城管執法 at 3/5: the +1 goes, then +1 HP: 4/4."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "HalfPhantom")
    s.set(1, hp=3)
    [demo] = s.hand(0, "Demolition♠3")
    s.answer(0, demo)
    s.phase(0, "action_phase")
    assert (s.value(1, "hp"), s.value(1, "max_hp")) == (4, 4)


def test_half_phantom_lost_at_full_hp():
    """半靈 lost at 5/5: the maximum falls back to 4 and HP with it; nothing to recover."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "HalfPhantom")
    s.set(1, hp=5)
    [demo] = s.hand(0, "Demolition♠3")
    s.answer(0, demo)
    s.phase(0, "action_phase")
    assert (s.value(1, "hp"), s.value(1, "max_hp")) == (4, 4)


def test_half_phantom_replaced_counts_as_lost():
    """半靈 replaced by another accessory (青蛙帽) is lost from the equip zone: it recovers 1."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HalfPhantom")
    s.set(0, hp=2)
    [hat] = s.hand(0, "FrogHat♣A")
    s.answer(0, hat)
    s.phase(0, "action_phase")
    assert s.cards_in(0, "equip_zone") == ["FrogHat"]
    assert "HalfPhantom" in discard_pile(s)
    assert (s.value(0, "hp"), s.value(0, "max_hp")) == (3, 4)


def test_half_phantom_taken_by_gap_steal():
    """半靈 taken by 隙間 (獲得其區域內的一張牌): the loser recovers; the taker holds it in hand, no bonus."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "HalfPhantom")
    s.set(1, hp=2)
    [gap] = s.hand(0, "GapSteal♠5")
    s.answer(0, gap)
    s.phase(0, "action_phase")
    assert s.cards_in(0) == ["HalfPhantom"]
    assert (s.value(1, "hp"), s.value(1, "max_hp")) == (3, 4)
    assert s.value(0, "max_hp") == 4


def test_half_phantom_moved_by_boundary_follows_its_new_wearer():
    """半靈 moved by 境界 (將場上的一張牌移動到另一名角色區域裡的相應位置): the old wearer loses it and
    recovers; the new wearer's maximum rises."""
    s = Scenario("thb", ["Yukari", "Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "HalfPhantom")
    s.set(1, hp=3)
    s.hand(0, "Sake♠9")
    s.answer(0, True, True, "移動到相應位置", s.p(2))
    s.phase(0, "action_phase")
    assert s.cards_in(2, "equip_zone") == ["HalfPhantom"]
    assert (s.value(1, "hp"), s.value(1, "max_hp")) == (4, 4)
    assert (s.value(2, "hp"), s.value(2, "max_hp")) == (4, 5)
    assert s.unscripted() == []


# ── 青蛙帽 ──────────────────────────────────────────────────────────────────────
def test_frog_hat_hand_limit_plus_two():
    """青蛙帽 裝備效果：手牌上限+2。 — HP 2, five cards: the limit is 4, one is discarded."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "FrogHat")
    s.set(0, hp=2)
    s.hand(0, "Danmaku♠7", "Danmaku♣7", "Graze♡2", "Mochi♡3", "Sake♠9")
    s.phase(0, "discard_phase")
    assert len(s.cards_in(0)) == 4
    assert s.query("hand_limit", s.p(0)) == 4


def test_without_frog_hat_hand_limit_is_hp():
    """手牌上限等於當前的體力值 — the control case for 青蛙帽: three are discarded."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.set(0, hp=2)
    s.hand(0, "Danmaku♠7", "Danmaku♣7", "Graze♡2", "Mochi♡3", "Sake♠9")
    s.phase(0, "discard_phase")
    assert len(s.cards_in(0)) == 2
