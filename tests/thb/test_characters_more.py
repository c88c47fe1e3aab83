"""Scenario tests of THB characters (2/2): 伊吹萃香, 八雲紫, 蓬萊山輝夜, 霍青娥, 八雲藍, 因幡帝, 小惡魔,
藤原妹紅, 露米婭. Each docstring quotes the skill's sentence from the rulebook (角色資料)."""
from spellcard.scenario import Scenario

from .helpers import MODE, dist, discarded, zone_cards, has_skill, offered_plays


# ── 伊吹萃香 ──────────────────────────────────────────────────────────────────
def test_mount_ooe_range_grows_with_lost_hp():
    """大江山：鎖定技，若你沒有裝備武器牌，你的攻擊範圍始終+X。（X為你已損失的體力數）"""
    s = Scenario("thb", ["Suika", "Koakuma", "Mokou", "Tewi", "Rumia"], mode=MODE)
    assert s.query("attack_range", s.p(0)) == 1
    s.set(0, hp=2)
    assert s.query("attack_range", s.p(0)) == 3
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(2), "pass")             # Mokou sits at distance 2
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3


def test_mount_ooe_not_with_a_weapon():
    """大江山：鎖定技，若你沒有裝備武器牌，你的攻擊範圍始終+X。 — with a weapon, only the weapon counts."""
    s = Scenario("thb", ["Suika", "Koakuma", "Mokou", "Tewi", "Rumia"], mode=MODE)
    s.set(0, hp=1)
    s.equip(0, "Hakurouken♠5")
    assert s.query("attack_range", s.p(0)) == 2


def test_drunkard_black_card_as_sake():
    """酒鬼：出牌階段，你可以將一張黑色牌當【酒】使用。"""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    [black] = s.hand(0, "Danmaku♠7")
    s.answer(0, "Sake", "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is True
    assert black in discarded(s)


def test_drunkard_black_equipment_as_sake():
    """酒鬼：出牌階段，你可以將一張黑色牌當【酒】使用。 — 一張牌 includes equipment."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    [w] = s.equip(0, "Roukanken♠4")
    s.answer(0, "Sake", "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is True
    assert w in discarded(s)
    assert not has_skill(s, 0, "RoukankenSkill")


def test_drunkard_not_red_cards():
    """酒鬼：出牌階段，你可以將一張黑色牌當【酒】使用。 — a red card cannot."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    s.hand(0, "Graze♡2")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["pass"]]


def test_drunken_god_awakens_when_equipping_the_gourd():
    """醉神：覺醒技，當你裝備【伊吹瓢】時，你須減少1點體力上限，並永久獲得技能 醉夢。"""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    [gourd] = s.hand(0, "IbukiGourd♣9")
    s.answer(0, gourd, "DrunkenGod", "pass")    # two of her triggers at once: she picks the order
    s.phase(0, "action_phase")
    assert zone_cards(s, 0, "equip_zone") == [gourd]
    assert s.value(0, "max_hp") == 3 and s.value(0, "hp") == 3
    assert has_skill(s, 0, "DrunkenDream")
    assert s.value(0, "drunk") is True         # the gourd's own effect


def test_drunken_god_only_once():
    """醉神：覺醒技… — an awakening happens once: equipping the gourd again costs no more max HP."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    [gourd] = s.equip(0, "IbukiGourd♣9")
    assert s.value(0, "max_hp") == 3
    s.game.move([gourd], s.p(0).z["hand"])
    s.answer(0, gourd, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0, "equip_zone") == [gourd]
    assert s.value(0, "max_hp") == 3
    assert s.fired("DrunkenGod") == 1         # the first equip only


def test_drunken_god_other_characters_unaffected():
    """醉神 belongs to Suika: another character equipping 伊吹瓢 keeps her max HP."""
    s = Scenario("thb", ["Koakuma", "Suika"], mode=MODE)
    s.equip(0, "IbukiGourd♣9")
    assert s.value(0, "max_hp") == 4
    assert s.value(1, "max_hp") == 4 and not has_skill(s, 1, "DrunkenDream")


def test_drunken_dream_draws_when_drunk_is_spent():
    """醉夢：鎖定技，當你失去喝醉狀態時，你摸1張牌。 — spent on a 彈幕's extra damage."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    s.equip(0, "IbukiGourd♣9")
    assert s.value(0, "drunk") is True
    [d] = s.hand(0, "Danmaku♠7")
    [top] = s.deck_top("Mochi♡3")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert s.value(0, "drunk") is False
    assert zone_cards(s, 0) == [top]


def test_drunken_dream_draws_when_sobering_at_prepare_phase():
    """醉夢：鎖定技，當你失去喝醉狀態時，你摸1張牌。 — 喝醉 ends at her prepare phase."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    s.equip(0, "IbukiGourd♣9")
    [top] = s.deck_top("Mochi♡3")
    s.phase(0, "prepare_phase")
    assert s.value(0, "drunk") is False
    assert zone_cards(s, 0) == [top]


def test_no_drunken_dream_before_awakening():
    """醉夢 is gained by 醉神 only: before that, sobering up draws nothing."""
    s = Scenario("thb", ["Suika", "Koakuma"], mode=MODE)
    s.set(0, drunk=True)
    s.phase(0, "prepare_phase")
    assert s.value(0, "drunk") is False
    assert zone_cards(s, 0) == []


# ── 八雲紫 ────────────────────────────────────────────────────────────────────
def test_boundary_skip_draw_phase_takes_hand_cards():
    """境界：你可以棄置一張手牌並跳過你的一個階段（準備階段和結束階段除外）
    >>若你跳過摸牌階段，你可以獲得至多2名其他角色的各一張手牌；"""
    s = Scenario("thb", ["Yukari", "Koakuma", "Mokou"], mode=MODE)
    [cost, kept] = s.hand(0, "Danmaku♠7", "Mochi♡3")
    [a] = s.hand(1, "Graze♡2")
    [b] = s.hand(2, "Graze♢2")
    top = s.deck_top("Sake♠9", "Sake♣9")
    s.answer(0, True, cost, [s.p(1), s.p(2)])
    s.phase(0, "draw_phase")
    assert set(zone_cards(s, 0)) == {kept, a, b}
    assert cost in discarded(s)
    assert s.deck.cards[-1] is top[0]          # nothing drawn
    assert s.unscripted() == []


def test_boundary_skip_draw_phase_up_to_two():
    """境界 >>若你跳過摸牌階段，你可以獲得至多2名其他角色的各一張手牌； — 至多: one, or none."""
    s = Scenario("thb", ["Yukari", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [a] = s.hand(1, "Graze♡2")
    [b] = s.hand(2, "Graze♢2")
    s.answer(0, True, [s.p(2)])
    s.phase(0, "draw_phase")
    assert zone_cards(s, 0) == [b]
    assert zone_cards(s, 1) == [a]


def test_boundary_skip_action_phase_moves_equipment():
    """境界 >>若你跳過出牌階段，你可以將場上的一張牌移動到另一名角色區域裡的相應位置（不可替換原裝備），
    或將其交給一名角色。"""
    s = Scenario("thb", ["Yukari", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [ufo] = s.equip(1, "GreenUfo♡K")
    s.answer(0, True, True, "移動到相應位置", s.p(2))
    s.phase(0, "action_phase")
    assert zone_cards(s, 2, "equip_zone") == [ufo]
    assert has_skill(s, 2, "GreenUfoSkill") and not has_skill(s, 1, "GreenUfoSkill")
    assert dist(s, 0, 2) == 2
    assert s.asked(0, "play") == []           # the action phase itself was skipped
    assert s.unscripted() == []


def test_boundary_move_cannot_replace_equipment():
    """境界 …（不可替換原裝備）… — where every other holder already has that slot filled, the card can
    only be given to a character."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [ufo] = s.equip(1, "GreenUfo♡K")
    [mine] = s.equip(0, "Keystone♠K")
    s.answer(0, True, True, s.p(1), s.p(0))    # from Koakuma (not Yukari's own), give to herself
    s.phase(0, "action_phase")
    assert s.asked(0, "option") == []         # "move" was not an option
    assert zone_cards(s, 0) == [ufo]
    assert zone_cards(s, 0, "equip_zone") == [mine]


def test_boundary_skip_action_phase_moves_a_delayed_spell():
    """境界 >>若你跳過出牌階段，你可以將場上的一張牌移動到另一名角色區域裡的相應位置… — a delayed spell moves
    from Yukari's own judge zone to another's."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [seal] = s.zone(0, "judge_zone", "SealingArray♠9")
    s.answer(0, True, True, "移動到相應位置")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1, "judge_zone") == [seal]
    assert zone_cards(s, 0, "judge_zone") == []


def test_boundary_skip_judge_phase():
    """境界：你可以棄置一張手牌並跳過你的一個階段（準備階段和結束階段除外） — skipping the judge phase leaves
    the delayed spell unjudged."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    [seal] = s.zone(0, "judge_zone", "SealingArray♠9")
    s.answer(0, True)
    s.phase(0, "judge_phase")
    assert zone_cards(s, 0, "judge_zone") == [seal]
    assert s.events("judge") == []


def test_boundary_skip_discard_phase():
    """境界：你可以棄置一張手牌並跳過你的一個階段… — the discard phase: keep more cards than the hand limit."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.set(0, hp=1)
    cards = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8", "Mochi♡3")
    s.answer(0, True, cards[0])
    s.phase(0, "discard_phase")
    assert zone_cards(s, 0) == cards[1:]


def test_boundary_not_for_prepare_or_end_phase():
    """境界：…跳過你的一個階段（準備階段和結束階段除外）"""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    s.hand(0, "Danmaku♠7")
    s.phase(0, "prepare_phase")
    s.phase(0, "end_phase")
    assert s.asked(0) == []


def test_boundary_needs_a_hand_card():
    """境界：你可以棄置一張手牌並跳過… — no hand card, no skip."""
    s = Scenario("thb", ["Yukari", "Koakuma"], mode=MODE)
    [top] = s.deck_top("Danmaku♠7", "Mochi♡3")[:1]
    s.phase(0, "draw_phase")
    assert top in zone_cards(s, 0)
    assert s.asked(0) == []


# ── 蓬萊山輝夜 ────────────────────────────────────────────────────────────────
def test_impossible_request_healer_draws():
    """難題：一名角色令你回復一點體力時，你可以令該角色摸一張牌；"""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    s.set(1, hp=2)
    [feast] = s.hand(0, "Feast♡A")
    [top] = s.deck_top("Mochi♡3")
    s.answer(0, feast, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert zone_cards(s, 0) == [top]


def test_impossible_request_source_gives_a_diamond():
    """難題：…每當你受到一次傷害後，你可以令傷害來源交給你一張方片牌，否則其失去1點體力。"""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [dia] = s.hand(0, "Graze♢2")
    s.answer(0, d, [dia], "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert zone_cards(s, 1) == [dia]
    assert s.value(0, "hp") == 4


def test_impossible_request_source_loses_hp_otherwise():
    """難題：…每當你受到一次傷害後，你可以令傷害來源交給你一張方片牌，否則其失去1點體力。"""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡3")                       # not a diamond
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3
    assert s.events("damage")[-1]["target"] == "P1"   # an HP loss, not damage
    assert len(s.events("hp_loss")) == 1


def test_impossible_request_diamond_equipment():
    """難題：…令傷害來源交給你一張方片牌… — 一張方片牌 may be equipment (as upstream)."""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [ufo] = s.equip(0, "RedUfo♢K")
    s.answer(0, d, [ufo], "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [ufo]
    assert s.value(0, "hp") == 4


def test_imperishable_night_red_basic_used_off_turn():
    """永夜：你的回合外，當一名其他角色的紅色基本牌因使用進入棄牌堆時，你可以將一張紅色牌當【封魔陣】
    置於該角色的判定區里，此牌必須為基本牌或裝備牌。"""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    [red] = s.hand(1, "Graze♡2")
    s.answer(0, mochi, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 0, "judge_zone") == [red]
    assert red.kind.name == "SealingArray"     # the 擦彈 stands as 封魔陣 there
    s.deck_top("Danmaku♠7")
    s.phase(0, "judge_phase")
    assert "action_phase" in s.game.skipped
    assert red.kind.name == "Graze" and red in discarded(s)


def test_imperishable_night_equipment_card_allowed():
    """永夜：…將一張紅色牌當【封魔陣】…此牌必須為基本牌或裝備牌。 — a red equipment card will do."""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    [ufo] = s.equip(1, "GreenUfo♡K")
    s.answer(0, mochi, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 0, "judge_zone") == [ufo]


def test_imperishable_night_not_a_red_spell_card():
    """永夜：…此牌必須為基本牌或裝備牌。 — Kaguya's only red card is a spell: not asked."""
    s = Scenario("thb", ["Koakuma", "Kaguya"], mode=MODE)
    s.set(0, hp=3)
    [mochi] = s.hand(0, "Mochi♡3")
    s.hand(1, "Nullify♡2")
    s.answer(0, mochi, "pass")
    s.phase(0, "action_phase")
    assert s.asked(1, "yes_no") == []
    assert zone_cards(s, 0, "judge_zone") == []


def test_imperishable_night_not_a_black_basic_card():
    """永夜：…當一名其他角色的紅色基本牌因使用進入棄牌堆時… — a black 彈幕 does not count."""
    s = Scenario("thb", ["Koakuma", "Kaguya", "Mokou"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Graze♡2")
    s.answer(0, d, s.p(2), "pass")
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3
    assert s.asked(1, "yes_no") == []


def test_imperishable_night_not_in_her_own_turn():
    """永夜：你的回合外… — in Kaguya's own turn, Koakuma's red 擦彈 brings no question."""
    s = Scenario("thb", ["Kaguya", "Koakuma"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡4")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert g in discarded(s)
    assert s.asked(0, "yes_no") == []
    assert zone_cards(s, 1, "judge_zone") == []


def test_imperishable_night_on_a_graze_used_against_another():
    """永夜：你的回合外，當一名其他角色的紅色基本牌因使用進入棄牌堆時… — a red 擦彈 used off Koakuma's turn by
    Mokou counts too: the 封魔陣 goes to Mokou."""
    s = Scenario("thb", ["Koakuma", "Kaguya", "Mokou"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(2, "Graze♡2")
    [red] = s.hand(1, "Mochi♡3")
    s.answer(0, d, s.p(2), "pass")
    s.answer(2, g)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 4
    assert zone_cards(s, 2, "judge_zone") == [red]


# ── 霍青娥 ────────────────────────────────────────────────────────────────────
def test_wicked_hermit_danmaku_in_anothers_name():
    """邪仙：出牌階段，你可以將一張可以主動發動的手牌，在合法的情況下，以一名其他玩家的身份使用。
    >>以此法使用【彈幕】時，彈幕的“一回合一次”的限制由你來承擔"""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou"], mode=MODE)
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, "WickedHermit", d1, s.p(1), s.p(2), "pass")
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3
    [hit] = s.events("damage")
    assert hit["source"] == "P1"               # Koakuma's 彈幕
    assert s.value(0, "danmaku_used") == 1     # Seiga bears the limit …
    assert s.value(1, "danmaku_used") == 0
    assert "Danmaku" not in offered_plays(s, 0)[1]   # … so her own 彈幕 is spent
    assert "WickedHermit" not in offered_plays(s, 0)[1]
    assert zone_cards(s, 0) == [d2]


def test_wicked_hermit_uses_the_other_players_range():
    """邪仙：…在合法的情況下，以一名其他玩家的身份使用。 — legality is the other player's: distance from them."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou", "Tewi", "Rumia"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, "WickedHermit", s.p(2), s.p(3), "pass")   # as Mokou, at Tewi (Mokou's neighbour)
    s.phase(0, "action_phase")
    assert s.value(3, "hp") == 3
    [targets] = s.asked(0, "players")[1:]
    assert set(targets.options) == {s.p(1), s.p(3)}


def test_wicked_hermit_group_spell_seiga_may_skip():
    """邪仙 >>當你成為以此法使用的群體符卡的目標時，你可以選擇跳過此次結算。"""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou"], mode=MODE)
    [cannon] = s.hand(0, "MapCannon♡A")
    s.answer(0, "WickedHermit", s.p(1), True, "pass")
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3               # Mokou had no 擦彈
    assert s.value(0, "hp") == 4               # Seiga skipped the resolution
    assert s.events("damage")[0]["source"] == "P1"


def test_wicked_hermit_group_spell_skip_is_optional():
    """邪仙 >>當你成為以此法使用的群體符卡的目標時，你可以選擇跳過此次結算。 — declining: she is hit too."""
    s = Scenario("thb", ["Seiga", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "MapCannon♡A")
    s.answer(0, "WickedHermit", s.p(1), False, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3


def test_wicked_hermit_no_skip_for_an_ordinary_group_spell():
    """邪仙 >>當你成為以此法使用的群體符卡的目標時… — only for a spell used through 邪仙."""
    s = Scenario("thb", ["Koakuma", "Seiga"], mode=MODE)
    [cannon] = s.hand(0, "MapCannon♡A")
    s.answer(0, cannon, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.asked(1) == []


# ── 八雲藍 ────────────────────────────────────────────────────────────────────
def test_divine_calculation_rearranges_the_top_cards():
    """神算：準備階段開始時，你可以觀看牌堆頂的X張牌，將其中任意數量的牌以任意順序的置於牌堆頂，其餘以任意順序
    置於牌堆底。（X為場上存活角色的數量，且至多為5）"""
    s = Scenario("thb", ["Ran", "Koakuma", "Mokou"], mode=MODE)
    a, b, c = s.deck_top("Danmaku♠7", "Mochi♡3", "Graze♡2")
    s.answer(0, True, [a], c)                  # a to the bottom; c on top, then (the last) b
    s.phase(0, "prepare_phase")
    assert s.deck.cards[-1] is c and s.deck.cards[-2] is b
    assert s.deck.cards[0] is a
    [seen] = s.asked(0, "cards")[:1]
    assert len(seen.options) == 3              # X = 3 living characters


def test_divine_calculation_at_most_five():
    """神算：…（X為場上存活角色的數量，且至多為5）"""
    s = Scenario("thb", ["Ran", "Koakuma", "Mokou", "Tewi", "Rumia", "Reimu"], mode=MODE)
    s.answer(0, True)
    s.phase(0, "prepare_phase")
    assert len(s.asked(0, "cards")[0].options) == 5


def test_extreme_intelligence_resolves_a_spell_again():
    """極智：你的回合外，當一張非延時符卡對一名角色生效後，你可以棄置一張牌對該角色重新進行一次結算，
    此時發動者視為你。每輪限一次。"""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(2, "Mochi♡3", "Mochi♡4")
    [cost] = s.hand(1, "Danmaku♠7")
    s.answer(0, demo, s.p(2), "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert zone_cards(s, 2) == []              # two cards demolished
    assert cost in discarded(s)
    assert [e["user"] for e in s.events("resolve")] == ["P0", "P1"]   # the second time, Ran's


def test_extreme_intelligence_the_user_is_ran():
    """極智：…此時發動者視為你。 — the re-resolved 地圖炮's damage is Ran's."""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    s.hand(0, "MapCannon♡A")
    s.hand(1, "Danmaku♠7")
    s.answer(0, "MapCannon", "pass")
    s.answer(1, False, True)                    # not on herself (the first target); on Mokou
    s.phase(0, "action_phase")
    sources = [(e["target"], e["source"]) for e in s.events("damage")]
    assert ("P2", "P1") in sources              # Mokou hit again, by Ran


def test_extreme_intelligence_not_in_her_own_turn():
    """極智：你的回合外… — in Ran's own turn she is not asked."""
    s = Scenario("thb", ["Ran", "Mokou"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3", "Mochi♡4")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert len(zone_cards(s, 1)) == 1
    assert s.asked(0, "yes_no") == []


def test_extreme_intelligence_needs_a_card_to_discard():
    """極智：…你可以棄置一張牌… — with no card, not asked."""
    s = Scenario("thb", ["Koakuma", "Ran", "Mokou"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(2, "Mochi♡3", "Mochi♡4")
    s.answer(0, demo, "pass")                  # Ran has no card: Mokou is the only target
    s.phase(0, "action_phase")
    assert s.asked(1) == []


def test_extreme_intelligence_not_for_delayed_spells():
    """極智：…當一張非延時符卡對一名角色生效後… — a delayed spell's judgement is not re-resolved."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.hand(1, "Danmaku♠7")
    s.deck_top("Danmaku♠8")
    s.phase(0, "judge_phase")
    assert s.asked(1) == []


def test_naked_fox_spell_damage_minus_one_without_hand():
    """素裸：鎖定技，當你沒有手牌時，你受到的符卡傷害-1。"""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    [cannon] = s.hand(0, "MapCannon♡A")
    s.answer(0, cannon, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_naked_fox_not_with_hand_cards():
    """素裸：鎖定技，當你沒有手牌時，你受到的符卡傷害-1。 — holding a card, she is hit."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    [cannon] = s.hand(0, "MapCannon♡A")
    s.hand(1, "Mochi♡3")
    s.answer(0, cannon, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


def test_naked_fox_not_for_danmaku():
    """素裸：鎖定技，當你沒有手牌時，你受到的符卡傷害-1。 — 彈幕 is a basic card, not a spell."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2


def test_naked_fox_two_point_spell_damage():
    """素裸：鎖定技，當你沒有手牌時，你受到的符卡傷害-1。 — 2 points of spell damage become 1."""
    s = Scenario("thb", ["Koakuma", "Ran"], mode=MODE)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    s.perform("damage", target=s.p(1), amount=2, source=s.p(0), card=duel)
    assert s.value(1, "hp") == 2


# ── 因幡帝 ────────────────────────────────────────────────────────────────────
def test_luck_draws_two_after_using_the_last_card():
    """幸運：鎖定技，當你失去最後的手牌時，你摸兩張牌。"""
    s = Scenario("thb", ["Tewi", "Koakuma"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    top = s.deck_top("Mochi♡3", "Mochi♡4")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 0)) == set(top)


def test_luck_when_the_last_card_is_taken():
    """幸運：鎖定技，當你失去最後的手牌時，你摸兩張牌。 — also when another player takes it."""
    s = Scenario("thb", ["Koakuma", "Tewi"], mode=MODE)
    [demo] = s.hand(0, "Demolition♣4")
    s.hand(1, "Graze♡2")
    top = s.deck_top("Mochi♡3", "Mochi♡4")
    s.answer(0, demo, "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 1)) == set(top)


def test_luck_not_while_cards_remain():
    """幸運：鎖定技，當你失去最後的手牌時… — one card of two: nothing."""
    s = Scenario("thb", ["Tewi", "Koakuma"], mode=MODE)
    d, keep = s.hand(0, "Danmaku♠7", "Mochi♡3")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [keep]


# ── 小惡魔 ────────────────────────────────────────────────────────────────────
def test_find_discards_and_draws_as_many():
    """尋找：出牌階段限一次，你可以棄置任意數量的牌，然後摸等量的牌。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    a, b, keep = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Mochi♡3")
    [w] = s.equip(0, "Roukanken♠4")
    top = s.deck_top("Graze♡2", "Graze♢2", "Graze♡3")
    s.answer(0, "Find", [a, b, w], "pass")
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 0)) == {keep, *top}
    assert zone_cards(s, 0, "equip_zone") == []
    assert "Find" not in offered_plays(s, 0)[1]    # 限一次


# ── 藤原妹紅 ──────────────────────────────────────────────────────────────────
def test_ashes_lose_one_hp_draw_two():
    """浴火：結束階段開始時，你可以失去1點體力，然後摸兩張牌。"""
    s = Scenario("thb", ["Mokou", "Koakuma"], mode=MODE)
    top = s.deck_top("Mochi♡3", "Mochi♡4")
    s.answer(0, True)
    s.phase(0, "end_phase")
    assert s.value(0, "hp") == 3
    assert set(zone_cards(s, 0)) == set(top)
    assert s.events("damage") == []          # an HP loss, not damage


def test_ashes_optional():
    """浴火：結束階段開始時，你可以失去1點體力… — declined: nothing happens."""
    s = Scenario("thb", ["Mokou", "Koakuma"], mode=MODE)
    s.phase(0, "end_phase")
    assert s.value(0, "hp") == 4 and zone_cards(s, 0) == []
    assert len(s.asked(0, "yes_no")) == 1


def test_rebirth_discard_x_red_recover_one():
    """重生：準備階段開始時，你可以棄置X張紅色牌，然後回復1點體力。（X為你的當前體力值）"""
    s = Scenario("thb", ["Mokou", "Koakuma"], mode=MODE)
    s.set(0, hp=2)
    reds = s.hand(0, "Mochi♡3", "Graze♢2")
    [black] = s.hand(0, "Danmaku♠7")
    s.answer(0, True)
    s.phase(0, "prepare_phase")
    assert s.value(0, "hp") == 3
    assert zone_cards(s, 0) == [black]
    assert all(c in discarded(s) for c in reds)


def test_rebirth_needs_x_red_cards():
    """重生：…你可以棄置X張紅色牌…（X為你的當前體力值） — hp 3, two red cards: not offered."""
    s = Scenario("thb", ["Mokou", "Koakuma"], mode=MODE)
    s.set(0, hp=3)
    s.hand(0, "Mochi♡3", "Graze♢2")
    s.phase(0, "prepare_phase")
    assert s.asked(0) == []
    assert s.value(0, "hp") == 3


def test_ashes_then_rebirth_next_turn():
    """浴火 then 重生: lose 1 HP at the end phase, discard X=3 red cards at the next prepare phase."""
    s = Scenario("thb", ["Mokou", "Koakuma"], mode=MODE)
    s.deck_top("Mochi♡3", "Mochi♡4")
    s.hand(0, "Graze♢2")
    s.answer(0, True)
    s.phase(0, "end_phase")
    assert s.value(0, "hp") == 3
    s.answer(0, True)
    s.phase(0, "prepare_phase")
    assert s.value(0, "hp") == 4
    assert zone_cards(s, 0) == []


# ── 露米婭 ────────────────────────────────────────────────────────────────────
def test_darkness_chosen_player_attacks_the_designated_one():
    """黑暗：出牌階段限一次，你可以棄置一張牌並指定一名其他角色。該角色需對由你指定的在其攻擊範圍內的另一名
    其他角色使用一張【彈幕】，否則你對其造成1點傷害。"""
    s = Scenario("thb", ["Rumia", "Koakuma", "Mokou"], mode=MODE)
    [cost] = s.hand(0, "Mochi♡3")
    [d] = s.hand(1, "Danmaku♠7")
    s.answer(0, "Darkness", s.p(1), "pass")    # the victim, Mokou, is the only one left
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(2, "hp") == 3
    assert s.value(1, "hp") == 4
    assert cost in discarded(s)


def test_darkness_no_danmaku_rumia_deals_one():
    """黑暗：…該角色需對…使用一張【彈幕】，否則你對其造成1點傷害。"""
    s = Scenario("thb", ["Rumia", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "Mochi♡3")
    s.hand(1, "Danmaku♠7")
    s.answer(0, "Darkness", s.p(1), "pass")
    s.answer(1, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.value(2, "hp") == 4
    assert s.events("damage")[0]["source"] == "P0"


def test_darkness_rumia_cannot_be_the_victim():
    """黑暗：…由你指定的在其攻擊範圍內的另一名其他角色… — 另一名其他角色 is neither Rumia nor the chosen one:
    with two players there is nobody to designate, so 黑暗 cannot be used."""
    s = Scenario("thb", ["Rumia", "Koakuma"], mode=MODE)
    s.hand(0, "Mochi♡3")
    s.hand(1, "Danmaku♠7")
    s.phase(0, "action_phase")
    assert offered_plays(s, 0) == [["pass"]]


def test_darkness_once_per_action_phase():
    """黑暗：出牌階段限一次…"""
    s = Scenario("thb", ["Rumia", "Koakuma", "Mokou"], mode=MODE)
    cost, keep = s.hand(0, "Mochi♡3", "Mochi♡4")
    s.answer(0, "Darkness", cost, s.p(1), "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3               # Koakuma had no 彈幕
    assert "Darkness" not in offered_plays(s, 0)[1]
    assert zone_cards(s, 0) == [keep]


def test_cheating_draws_at_end_phase():
    """作弊：鎖定技，結束階段開始時，你摸一張牌。"""
    s = Scenario("thb", ["Rumia", "Koakuma"], mode=MODE)
    [top] = s.deck_top("Mochi♡3")
    s.phase(0, "end_phase")
    assert zone_cards(s, 0) == [top]
    assert s.asked(0) == []                    # locked: no question
