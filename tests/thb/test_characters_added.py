"""Scenario tests of the THB characters added from the rulebook (角色資料) beyond the first sixteen:
森近霖之助, 納茲琳, 琪露諾, 十六夜咲夜, 八意永琳, 大妖精, 星熊勇儀, 紅美鈴, 多多良小傘, 愛麗絲, SP芙蘭朵露,
八坂神奈子, SP八雲紫, 小野冢小町. Each docstring quotes the skill's sentence from the rulebook."""

from .helpers import table, dist, discarded, zone_cards, has_skill, offered_plays


# ── 森近霖之助 ────────────────────────────────────────────────────────────────
def test_pervert_draws_two_when_equipment_is_lost():
    """變態：鎖定技，當你失去一張裝備區裡的牌時，你摸兩張牌。"""
    s = table(["Koakuma", "Rinnosuke"])
    [demo] = s.hand(0, "Demolition♣4")
    [ufo] = s.equip(1, "RedUfo♣K")
    top = s.deck_top("Mochi♡3", "Mochi♡4")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert ufo in discarded(s)
    assert set(zone_cards(s, 1)) == set(top)


def test_netori_both_recover():
    """寢取：出牌階段限一次，你可以棄置兩張手牌並指定一名已受傷的其他角色，你與其各回復1點體力。"""
    s = table(["Rinnosuke", "Koakuma"])
    s.set(0, hp=2)
    s.set(1, hp=3)
    cost = s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, "Netori", "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3 and s.value(1, "hp") == 4
    assert all(c in discarded(s) for c in cost)




# ── 琪露諾 ────────────────────────────────────────────────────────────────────
def test_perfect_freeze_black_basic_as_frozen_frog():
    """完美凍結：出牌階段，你可以將一張黑色牌當【凍青蛙】使用，此牌必須為基本牌或裝備牌…"""
    s = table(["Cirno", "Koakuma"])
    [black] = s.hand(0, "Danmaku♠7")
    s.answer(0, "FrozenFrog", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [black]
    assert black.kind.name == "FrozenFrog"
    s.deck_top("Mochi♡3")                      # not ♠: the draw phase is skipped
    s.phase(1, "judge_phase")
    assert "draw_phase" in s.game.skipped
    assert black.kind.name == "Danmaku"


def test_perfect_freeze_within_distance_two():
    """完美凍結：…你可以對與你距離2以內的角色使用【凍青蛙】。"""
    s = table(["Cirno", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [frog] = s.hand(0, "FrozenFrog♣5")
    s.answer(0, frog, s.p(2), "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 2, "judge_zone") == [frog]
    [targets] = s.asked(0, "players")
    assert set(targets.options) == {s.p(1), s.p(2), s.p(3), s.p(4)}


def test_frozen_frog_range_one_for_others():
    """(contrast) 凍青蛙 without 完美凍結: distance 1 only (reading T10)."""
    s = table(["Koakuma", "Cirno", "Mokou", "Tewi", "Rumia"])
    [frog] = s.hand(0, "FrozenFrog♣5")
    s.answer(0, frog, s.p(1), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert set(targets.options) == {s.p(1), s.p(4)}


# ── 十六夜咲夜 ────────────────────────────────────────────────────────────────


def test_flying_knife_equipment_as_danmaku_without_distance_limit():
    """飛刀：你可以將一張裝備牌當【彈幕】使用或打出。按此法使用的【彈幕】無距離限制。"""
    s = table(["Sakuya", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [ufo] = s.hand(0, "GreenUfo♡K")
    s.answer(0, "Danmaku", s.p(2), "pass")
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3
    assert ufo in discarded(s)
    [targets] = s.asked(0, "players")
    assert len(targets.options) == 4


def test_ordinary_danmaku_keeps_its_range():
    """飛刀：…按此法使用的【彈幕】無距離限制。 — only the converted 彈幕: a real one needs range."""
    s = table(["Sakuya", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(1), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert set(targets.options) == {s.p(1), s.p(4)}




# ── 大妖精 ────────────────────────────────────────────────────────────────────
def test_support_three_cards_recover_one():
    """支援：出牌階段，你可以將任意數量的牌交給其他角色，若此階段你給出的牌張數達到3張或更多時，你回復1點體力。"""
    s = table(["Daiyousei", "Koakuma"])
    s.set(0, hp=2)
    cards = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8")
    s.answer(0, "Support", cards, "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 1)) == set(cards)
    assert s.value(0, "hp") == 3


def test_support_counts_over_the_phase_once():
    """支援：…若此階段你給出的牌張數達到3張或更多時，你回復1點體力。 — 2 then 1: recover when it reaches 3, and
    no more for a fourth."""
    s = table(["Daiyousei", "Koakuma", "Mokou"])
    s.set(0, hp=1)
    a, b, c, d = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8", "Mochi♡3")
    s.answer(0, "Support", [a, b], s.p(1), "Support", [c], s.p(2), "Support", s.p(2), "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 2               # once, at the third card; not again at the fourth
    assert set(zone_cards(s, 2)) == {c, d}


# ── 星熊勇儀 ──────────────────────────────────────────────────────────────────


def test_freakish_strength_red_cannot_be_grazed():
    """怪力：當你使用【彈幕】指定一名其他角色成為目標後，你可以進行一次判定：若結果為紅色，則此【彈幕】不可閃避…"""
    s = table(["Yuugi", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.deck_top("Mochi♡3")
    s.answer(0, d, True, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert zone_cards(s, 1) == [g]             # never asked for it
    assert s.unscripted() == [(1, [g])]










# ── 八坂神奈子 ────────────────────────────────────────────────────────────────
def test_divinity_draw_x_discard_x():
    """神威：鎖定技，摸牌階段開始時，你摸X張牌，然後棄置等量的牌（X為你的當前體力值，且至多為4）。"""
    s = table(["Kanako", "Koakuma"])
    s.set(0, hp=3)
    [keep] = s.hand(0, "Mochi♡3")
    top = s.deck_top("Danmaku♠7", "Danmaku♠8", "Danmaku♣8", "Graze♡2", "Graze♢2")
    s.answer(0, top[:3])
    s.phase(0, "draw_phase")
    assert set(zone_cards(s, 0)) == {keep, top[3], top[4]}
    assert all(c in discarded(s) for c in top[:3])


# ── SP八雲紫 ──────────────────────────────────────────────────────────────────
def test_spiriting_away_twice_then_returned_at_her_end_phase():
    """神隱：出牌階段限兩次，你可以將任意角色區域內的一張牌移出遊戲。你的結束階段，這些角色獲得自己被移出遊戲的牌。"""
    s = table(["SpYukari", "Koakuma"])
    [m] = s.hand(1, "Mochi♡3")
    [ufo] = s.equip(1, "RedUfo♣K")
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    s.answer(0, "SpiritingAway", "裝備區", "SpiritingAway", "判定區", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "spirited_away") == [ufo, seal]
    assert not has_skill(s, 1, "RedUfoSkill")
    assert "SpiritingAway" not in offered_plays(s, 0)[2]
    s.phase(0, "end_phase")
    assert set(zone_cards(s, 1)) == {m, ufo, seal}
    assert zone_cards(s, 1, "spirited_away") == []


# ── 小野冢小町 ────────────────────────────────────────────────────────────────
def test_higan_distance_one_until_end_of_turn():
    """彼岸：出牌階段限一次，你可以棄置一張牌並指定一名角色，你與其距離視為1直到回合結束。若該角色為全場體力最少的
    角色（或之一），你可以棄置其一張牌或摸一張牌。"""
    s = table(["Komachi", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [cost, d] = s.hand(0, "Mochi♡3", "Danmaku♠7")
    s.set(2, hp=2)                             # the lowest HP on the table
    assert dist(s, 0, 2) == 2
    [top] = s.deck_top("Graze♡2")
    s.answer(0, "Higan", cost, s.p(2), d, s.p(2), "pass")   # Mokou has no card: Komachi draws
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 1               # reached at distance 1
    assert zone_cards(s, 0) == [top]           # and she drew one
    s.game.serial["turn"] += 1
    s.game.turns += 1                          # the next turn: back to 2
    assert dist(s, 0, 2) == 2


def test_kof_unbalanced_characters_are_tagged():
    """★KOF不平衡角色 — marked in the rulebook for 風見幽香, 八意永琳, 琪露諾, 二岩猯藏 and 八坂神奈子."""
    s = table(["Koakuma", "Mokou"])
    tagged = {n for n, c in s.pack.characters.items() if "kof_unbalanced" in c.tags}
    assert tagged == {"Yuuka", "Eirin", "Cirno", "Mamizou", "Kanako"}
