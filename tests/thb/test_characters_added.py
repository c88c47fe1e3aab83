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


def test_pervert_on_replacing_equipment():
    """變態：鎖定技，當你失去一張裝備區裡的牌時，你摸兩張牌。 — replaced equipment is lost equipment."""
    s = table(["Rinnosuke", "Koakuma"])
    s.equip(0, "RedUfo♣K")
    assert zone_cards(s, 0) == []
    s.equip(0, "WitchBroom♠K")
    assert len(zone_cards(s, 0)) == 2


def test_pervert_not_for_hand_cards():
    """變態：…當你失去一張裝備區裡的牌時… — losing a hand card draws nothing."""
    s = table(["Koakuma", "Rinnosuke"])
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(1, "Mochi♡3")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == []


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


def test_netori_needs_a_wounded_other():
    """寢取：…指定一名已受傷的其他角色… — nobody else is wounded: not offered."""
    s = table(["Rinnosuke", "Koakuma"])
    s.set(0, hp=2)
    s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.phase(0, "action_phase")
    assert "Netori" not in offered_plays(s, 0)[0]


# ── 納茲琳 ────────────────────────────────────────────────────────────────────
def test_agile_black_hand_card_as_graze():
    """輕敏：你可以將一張黑色手牌當【擦彈】使用或打出。 — used against a 彈幕."""
    s = table(["Koakuma", "Nazrin"])
    [d] = s.hand(0, "Danmaku♠7")
    [black] = s.hand(1, "Sake♣9")
    s.answer(0, d, "pass")
    s.answer(1, "Agile")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3               # unhurt
    assert black in discarded(s)


def test_agile_played_against_map_cannon():
    """輕敏：你可以將一張黑色手牌當【擦彈】使用或打出。 — played (打出) against 地圖炮."""
    s = table(["Koakuma", "Nazrin"])
    [cannon] = s.hand(0, "MapCannon♡A")
    [black] = s.hand(1, "Danmaku♠7")
    s.answer(0, cannon, "pass")
    s.answer(1, "Agile")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert black in discarded(s)


def test_treasure_hunt_until_red():
    """探寶：準備階段開始時，你可以進行一次判定，若結果為黑色，你獲得此牌，你可以重複此流程，直到出現紅色的判定結果
    為止。"""
    s = table(["Nazrin", "Koakuma"])
    b1, b2, red = s.deck_top("Danmaku♠7", "Sake♣9", "Mochi♡3")
    s.answer(0, True, True, True)
    s.phase(0, "prepare_phase")
    assert zone_cards(s, 0) == [b1, b2]
    assert red in discarded(s)
    assert s.unscripted() == []


def test_treasure_hunt_may_stop():
    """探寶：…你可以重複此流程… — she may stop after a black card."""
    s = table(["Nazrin", "Koakuma"])
    b1, b2 = s.deck_top("Danmaku♠7", "Sake♣9")
    s.answer(0, True, False)
    s.phase(0, "prepare_phase")
    assert zone_cards(s, 0) == [b1]
    assert s.deck.cards[-1] is b2


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


def test_perfect_freeze_black_equipment():
    """完美凍結：…此牌必須為基本牌或裝備牌… — a black equipment card."""
    s = table(["Cirno", "Koakuma"])
    [w] = s.equip(0, "Roukanken♠4")
    s.answer(0, "FrozenFrog", "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [w]


def test_perfect_freeze_not_a_spell_card():
    """完美凍結：…此牌必須為基本牌或裝備牌… — a black spell card cannot."""
    s = table(["Cirno", "Koakuma"])
    s.hand(0, "Nullify♠2")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["pass"]]


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
def test_luna_dial_extra_action_phase():
    """月時計：鎖定技，準備階段開始時，你執行一個額外的出牌階段。 — with its own 彈幕 allowance."""
    s = table(["Sakuya", "Koakuma"])
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, d1, "pass")
    s.phase(0, "prepare_phase")
    assert s.value(1, "hp") == 3
    s.answer(0, d2, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


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


def test_flying_knife_from_the_equip_zone():
    """飛刀：你可以將一張裝備牌當【彈幕】使用… — an equipped card too."""
    s = table(["Sakuya", "Koakuma"])
    [w] = s.equip(0, "Roukanken♠4")
    s.answer(0, "Danmaku", "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert w in discarded(s)


def test_ordinary_danmaku_keeps_its_range():
    """飛刀：…按此法使用的【彈幕】無距離限制。 — only the converted 彈幕: a real one needs range."""
    s = table(["Sakuya", "Koakuma", "Mokou", "Tewi", "Rumia"])
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(1), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert set(targets.options) == {s.p(1), s.p(4)}


def test_flying_knife_played_in_a_duel():
    """飛刀：你可以將一張裝備牌當【彈幕】使用或打出。 — 打出 in 彈幕戰."""
    s = table(["Koakuma", "Sakuya"])
    [duel] = s.hand(0, "DanmakuDuel♠A")
    [ufo] = s.hand(1, "RedUfo♣K")
    s.answer(0, duel, "pass")
    s.answer(1, "FlyingKnife")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3
    assert ufo in discarded(s)


# ── 八意永琳 ──────────────────────────────────────────────────────────────────
def test_medic_heals_a_wounded_character():
    """醫者：出牌階段限一次，你可以棄置一張手牌並令一名已受傷的角色回復1點體力。"""
    s = table(["Eirin", "Koakuma"])
    s.set(1, hp=2)
    [cost] = s.hand(0, "Danmaku♠7")
    s.answer(0, "Medic", "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert cost in discarded(s)


def test_first_aid_red_card_as_mochi_for_the_dying():
    """急救：當一名角色進入瀕死狀態時，你可以將一張紅色牌當【麻薯】對其使用。"""
    s = table(["Koakuma", "Eirin"])
    s.set(0, hp=1)
    [red] = s.hand(1, "Graze♡2")
    s.answer(1, "FirstAid")
    s.perform("damage", target=s.p(0), amount=1)
    assert s.p(0).alive and s.value(0, "hp") == 1
    assert red in discarded(s)


def test_first_aid_not_outside_dying():
    """急救：當一名角色進入瀕死狀態時… — not a 麻薯 for her own action phase."""
    s = table(["Eirin", "Koakuma"])
    s.set(0, hp=2)
    s.hand(0, "Graze♡2")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["Medic", "pass"]]


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


def test_moe_draws_lost_hp_more():
    """賣萌：鎖定技，摸牌階段你額外摸X張牌（X為你已損失的體力值）。"""
    s = table(["Daiyousei", "Koakuma"])
    s.set(0, hp=1)
    s.phase(0, "draw_phase")
    assert len(zone_cards(s, 0)) == 4


def test_moe_not_outside_the_draw_phase():
    """賣萌：…摸牌階段… — a 尋龍尺 in the action phase draws 2 only."""
    s = table(["Daiyousei", "Koakuma"])
    s.set(0, hp=1)
    [rod] = s.hand(0, "DowsingRod♡7")
    s.answer(0, rod, "pass")
    s.phase(0, "action_phase")
    assert len(zone_cards(s, 0)) == 2


# ── 星熊勇儀 ──────────────────────────────────────────────────────────────────
def test_assault_distance_minus_one():
    """強襲：鎖定技，你與其他角色計算距離時始終-1。"""
    s = table(["Yuugi", "Koakuma", "Mokou", "Tewi"])
    assert dist(s, 0, 2) == 1
    assert dist(s, 2, 0) == 2
    assert dist(s, 0, 1) == 1              # never below 1


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


def test_freakish_strength_black_discards_after_damage():
    """怪力：…若結果為黑色，則此【彈幕】造成傷害後你可以棄置其一張牌。"""
    s = table(["Yuugi", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    [m] = s.hand(1, "Mochi♡4")
    s.deck_top("Sake♣9")
    s.answer(0, d, True, True, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert m in discarded(s)


def test_freakish_strength_black_grazed_no_discard():
    """怪力：…若結果為黑色，則此【彈幕】造成傷害後… — grazed, no damage, nothing to discard."""
    s = table(["Yuugi", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    [g, m] = s.hand(1, "Graze♡2", "Mochi♡4")
    s.deck_top("Sake♣9")
    s.answer(0, d, True, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [m]
    assert s.value(0, "strength_marked") == []


# ── 紅美鈴 ────────────────────────────────────────────────────────────────────
def test_dragon_fist_when_her_danmaku_is_grazed():
    """龍拳：每當你使用【彈幕】被【擦彈】抵消或使用【擦彈】抵消【彈幕】時，你可以棄置對方的一張手牌。"""
    s = table(["Meiling", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    [g, m] = s.hand(1, "Graze♡2", "Mochi♡4")
    s.answer(0, d, True, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert zone_cards(s, 1) == [] and m in discarded(s)


def test_dragon_fist_when_she_grazes():
    """龍拳：…或使用【擦彈】抵消【彈幕】時，你可以棄置對方的一張手牌。"""
    s = table(["Koakuma", "Meiling"])
    [d, m] = s.hand(0, "Danmaku♠7", "Mochi♡4")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, g, True)
    s.phase(0, "action_phase")
    assert m in discarded(s)


def test_back_to_the_wall_awakens():
    """背水：覺醒技，準備階段開始時，若你的體力為全場最低時（或之一）且不大於2時，你減少一點體力上限並獲得技能太極。"""
    s = table(["Meiling", "Koakuma"])
    s.set(0, hp=2)
    s.phase(0, "prepare_phase")
    assert s.value(0, "max_hp") == 3
    assert has_skill(s, 0, "Taiji")


def test_back_to_the_wall_not_above_two_or_not_lowest():
    """背水：…若你的體力為全場最低時（或之一）且不大於2時… — HP 2 but Koakuma has 1: not yet."""
    s = table(["Meiling", "Koakuma"])
    s.set(0, hp=2)
    s.set(1, hp=1)
    s.phase(0, "prepare_phase")
    assert not has_skill(s, 0, "Taiji") and s.value(0, "max_hp") == 4


def test_taiji_graze_as_danmaku_and_danmaku_as_graze():
    """太極：你可將【彈幕】當【擦彈】，【擦彈】當【彈幕】使用或打出。"""
    s = table(["Meiling", "Koakuma"])
    s.set(0, hp=2)
    s.phase(0, "prepare_phase")
    [g] = s.hand(0, "Graze♡2")
    s.answer(0, "Danmaku", "pass")             # the 擦彈 as 彈幕
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    [d] = s.hand(1, "Danmaku♠7")
    [mine] = s.hand(0, "Danmaku♠8")
    s.answer(1, d, "pass")
    s.answer(0, "Taiji")
    s.phase(1, "action_phase")
    assert s.value(0, "hp") == 2               # grazed with a 彈幕
    assert mine in discarded(s)


# ── 多多良小傘 ────────────────────────────────────────────────────────────────
def test_surprise_wrong_suit_damage():
    """驚嚇：出牌階段限一次，你可以選擇一名其他角色，該角色選擇一種花色後獲得你的一張手牌並將其置入明牌區，若此牌與
    所選花色不同，則你對該角色造成1點傷害。無論結果如何，你摸一張牌。"""
    s = table(["Kogasa", "Koakuma"])
    [c] = s.hand(0, "Danmaku♠7")
    [top] = s.deck_top("Mochi♡3")
    s.answer(0, "Surprise", "pass")
    s.answer(1, "紅桃")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [c] and c in s.value(1, "shown")
    assert s.value(1, "hp") == 3
    assert zone_cards(s, 0) == [top]


def test_surprise_right_suit_no_damage():
    """驚嚇：…若此牌與所選花色不同，則你對該角色造成1點傷害。無論結果如何，你摸一張牌。"""
    s = table(["Kogasa", "Koakuma"])
    [c] = s.hand(0, "Danmaku♠7")
    s.answer(0, "Surprise", "pass")
    s.answer(1, "黑桃")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert len(zone_cards(s, 0)) == 1


def test_jolly_someone_draws_after_her_draw_phase():
    """愉快：鎖定技，摸牌階段摸牌後，你可以令一名角色摸一張牌。 (reading T12)"""
    s = table(["Kogasa", "Koakuma"])
    s.answer(0, [s.p(1)])
    s.phase(0, "draw_phase")
    assert len(zone_cards(s, 0)) == 2
    assert len(zone_cards(s, 1)) == 1
    assert s.asked(0, "yes_no") == []         # locked: no "use?" question


def test_jolly_once_even_when_she_picks_herself():
    """愉快：…你可以令一名角色摸一張牌。 — herself: one card more, and no second trigger."""
    s = table(["Kogasa", "Koakuma"])
    s.answer(0, [s.p(0)])
    s.phase(0, "draw_phase")
    assert len(zone_cards(s, 0)) == 3
    assert len(s.asked(0, "players")) == 1


# ── 愛麗絲·瑪格特羅依德 ───────────────────────────────────────────────────────
def test_little_legion_draws_when_using_equipment():
    """小小軍勢：當你使用裝備牌時，你可以摸一張牌。"""
    s = table(["Alice", "Koakuma"])
    [ufo] = s.hand(0, "RedUfo♣K")
    [top] = s.deck_top("Mochi♡3")
    s.answer(0, ufo, True, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [top]


def test_little_legion_discards_after_losing_equipment():
    """小小軍勢：…當你失去裝備牌區的牌後，你可以棄置其它角色的一張牌。"""
    s = table(["Koakuma", "Alice"])
    [demo, m] = s.hand(0, "Demolition♣4", "Mochi♡3")
    s.equip(1, "RedUfo♣K")
    s.answer(0, demo, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert m in discarded(s)


def test_maidens_bunraku_hand_limit():
    """少女文樂：鎖定技，你的手牌上限+X（X為你裝備區牌數量的一半，向上取整且至少為1）。"""
    s = table(["Alice", "Koakuma"])
    s.set(0, hp=1)
    assert s.query("hand_limit", s.p(0)) == 2        # at least 1
    s.equip(0, "RedUfo♣K", "GreenUfo♡K", "Roukanken♠4")
    assert s.query("hand_limit", s.p(0)) == 3        # 3 / 2 rounded up
    cards = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8", "Mochi♡3")
    s.answer(0, cards[0])
    s.phase(0, "discard_phase")
    assert zone_cards(s, 0) == cards[1:]


# ── SP芙蘭朵露·斯卡雷特 ───────────────────────────────────────────────────────
def test_destruction_impulse_without_damage_this_turn():
    """破壞衝動：鎖定技，結束階段開始時，若你本回合內沒有造成過傷害，你失去1點體力並對距離1以內的一名角色造成1點傷害。"""
    s = table(["SpFlandre", "Koakuma"])
    s.phase(0, "end_phase")
    assert s.value(0, "hp") == 3
    assert s.value(1, "hp") == 3
    assert s.events("damage")[0]["source"] == "P0"


def test_destruction_impulse_not_after_dealing_damage():
    """破壞衝動：…若你本回合內沒有造成過傷害… — she hit someone this turn: nothing."""
    s = table(["SpFlandre", "Koakuma"])
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    s.phase(0, "end_phase")
    assert s.value(0, "hp") == 4 and s.value(1, "hp") == 3


def test_four_of_a_kind_prevents_damage_for_max_hp():
    """四重存在：當你受到一次傷害時，你可以減少1點體力上限來防止該傷害。"""
    s = table(["Koakuma", "SpFlandre"])
    s.set(1, hp=2)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2 and s.value(1, "max_hp") == 3


def test_four_of_a_kind_plus_one_at_one_max_hp():
    """四重存在：…鎖定技，當你的體力上限為1時，你造成的傷害+1。"""
    s = table(["SpFlandre", "Koakuma"])
    s.set(0, max_hp=1, hp=1)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


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


def test_virtue_once_per_turn_outside_her_draw_phase():
    """神德：每名角色的回合限一次，你在自己的摸牌階段以外獲得牌時，你可以棄置一張手牌並令一名其他角色摸一張牌。"""
    s = table(["Kanako", "Koakuma"])
    rods = s.hand(0, "DowsingRod♡7", "DowsingRod♡8")
    a, b = s.deck_top("Danmaku♠7", "Danmaku♠8")
    s.answer(0, rods[0], True, a, "pass")
    s.phase(0, "action_phase")
    assert len(zone_cards(s, 1)) == 1
    assert zone_cards(s, 0) == [rods[1], b]
    s.answer(0, rods[1], "pass")
    s.phase(0, "action_phase")                # same turn: not again
    assert len(s.asked(0, "yes_no")) == 1


def test_virtue_not_in_her_draw_phase():
    """神德：…你在自己的摸牌階段以外獲得牌時… — her draw phase's cards do not count."""
    s = table(["Kanako", "Koakuma"])
    s.set(0, hp=1)
    s.phase(0, "draw_phase")
    assert len(zone_cards(s, 0)) == 2         # 神威: +1 −1, then the phase's 2
    assert s.asked(0, "yes_no") == []


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


def test_higan_not_lowest_no_bonus():
    """彼岸：…若該角色為全場體力最少的角色（或之一）… — Mokou is not the lowest: no card."""
    s = table(["Komachi", "Koakuma", "Mokou"])
    [cost] = s.hand(0, "Mochi♡3")
    s.set(1, hp=2)
    s.answer(0, "Higan", s.p(2), "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == []
    assert s.asked(0, "option") == []


def test_higan_discard_one_card_of_the_lowest():
    """彼岸：…若該角色為全場體力最少的角色（或之一），你可以棄置其一張牌或摸一張牌。"""
    s = table(["Komachi", "Koakuma"])
    s.hand(0, "Danmaku♠7")
    [m] = s.hand(1, "Mochi♡3")
    s.set(1, hp=1)
    s.answer(0, "Higan", s.p(1), "棄置其一張牌", "pass")     # she may designate herself too: asked
    s.phase(0, "action_phase")
    assert m in discarded(s)
    assert zone_cards(s, 0) == []


def test_return_voyage_awakens_and_ferry_fee():
    """歸航：覺醒技，準備階段開始時，若你的體力值低於手牌數且不大於2，你減少一點體力上限並獲得技能渡錢。
    渡錢：你對距離為1的其他角色造成一次傷害後，你可以獲得其一張牌。"""
    s = table(["Komachi", "Koakuma"])
    s.set(0, hp=2)
    [d, x, y] = s.hand(0, "Danmaku♠7", "Mochi♡3", "Mochi♡4")
    s.phase(0, "prepare_phase")
    assert s.value(0, "max_hp") == 3 and has_skill(s, 0, "FerryFee")
    [m] = s.hand(1, "Graze♡2")
    s.answer(0, d, True, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert m in zone_cards(s, 0)


def test_return_voyage_needs_more_cards_than_hp():
    """歸航：…若你的體力值低於手牌數且不大於2… — HP 2 with 2 cards: not yet."""
    s = table(["Komachi", "Koakuma"])
    s.set(0, hp=2)
    s.hand(0, "Danmaku♠7", "Mochi♡3")
    s.phase(0, "prepare_phase")
    assert s.value(0, "max_hp") == 4 and not has_skill(s, 0, "FerryFee")


def test_kof_unbalanced_characters_are_tagged():
    """★KOF不平衡角色 — marked in the rulebook for 風見幽香, 八意永琳, 琪露諾, 二岩猯藏 and 八坂神奈子."""
    s = table(["Koakuma", "Mokou"])
    tagged = {n for n, c in s.pack.characters.items() if "kof_unbalanced" in c.tags}
    assert tagged == {"Yuuka", "Eirin", "Cirno", "Mamizou", "Kanako"}
