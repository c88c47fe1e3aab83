"""The five armors (防具) of THB: 光學迷彩 陽傘 巫女服 西行妖 天狗盾, each proved by scenarios.

Docstrings quote the rulebook (seeds/000, 裝備牌); readings are GLOSSARY §4 ids. The seed lists 陽傘 as
洋傘 (T5) and writes 回響 for 響應 on 巫女服 (T7). Koakuma (seat 0) is the attacker unless said otherwise;
Mokou (seat 1) wears the armor.
"""
from spellcard.scenario import Scenario

from .helpers import MODE, discard_pile, questions


# ── 光學迷彩 ────────────────────────────────────────────────────────────────────
def test_optical_camouflage_red_judgement_is_a_graze():
    """光學迷彩 裝備效果:當你需要使用或打出【擦彈】時，可以進行一次判定，若結果為紅，視為你使用或打出了一張【擦彈】。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    [red] = s.deck_top("Mochi♡3")
    s.answer(0, d)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert red in s.game.z["discard_pile"].cards        # the judge card
    assert s.unscripted() == []


def test_optical_camouflage_black_judgement_then_a_real_graze():
    """光學迷彩: 若結果為紅 — black fails, and the 擦彈 in hand may still be used."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.deck_top("Sake♠9")
    s.answer(0, d)
    s.answer(1, True, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1) == []
    assert {"Sake", "Graze"} <= set(discard_pile(s))
    assert s.unscripted() == []


def test_optical_camouflage_black_judgement_no_graze_hits():
    """光學迷彩: a black judgement and no 擦彈: the 彈幕 hits."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    s.deck_top("Sake♣9")
    s.answer(0, d)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_optical_camouflage_declined_no_judgement():
    """光學迷彩: 可以 — declined, nobody judges."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    [red] = s.deck_top("Mochi♡3")
    s.answer(0, d)
    s.answer(1, False)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.deck.cards[-1] is red


def test_optical_camouflage_not_against_hourai_jewel():
    """光學迷彩 answers a need for 擦彈; 蓬萊玉枝's 彈幕 (只能用【好人卡】抵消) needs none: no judgement."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "HouraiJewelBranch")
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    [red] = s.deck_top("Mochi♡3")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert questions(s, 1) == []
    assert s.deck.cards[-1] is red


def test_optical_camouflage_played_against_map_cannon():
    """光學迷彩: …使用或打出… — 地圖炮 asks to play (打出) a 擦彈; a red judgement answers it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [m] = s.hand(0, "MapCannon♡A")
    s.deck_top("Graze♢2")
    s.answer(0, m)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4


def test_optical_camouflage_twice_against_lost_ford_slash():
    """光學迷彩 each time a 擦彈 is needed: 迷津慈航斬 (目標角色需連續使用兩張【擦彈】才能抵消) asks twice."""
    s = Scenario("thb", ["Youmu", "Mokou"], mode=MODE)
    s.equip(1, "OpticalCamouflage")
    [d] = s.hand(0, "Danmaku♠7")
    s.deck_top("Mochi♡3", "Graze♢2")
    s.answer(0, d)
    s.answer(1, True, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.unscripted() == []


# ── 陽傘 (洋傘, reading T5) ─────────────────────────────────────────────────────
def test_parasol_spell_damage_has_no_effect():
    """陽傘 裝備效果：符卡造成的傷害對你無效。 — 地圖炮 and 罪袋狂歡 deal nothing to the wearer."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia"], mode=MODE)
    s.equip(1, "Parasol")
    m, c = s.hand(0, "MapCannon♡A", "SinsackCarnival♠7")
    s.answer(0, m, c)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.value(2, "hp") == 1          # Rumia, without one, takes both


def test_parasol_danmaku_duel_damage_has_no_effect():
    """陽傘: 彈幕戰 is a 符卡 too — losing the duel costs the wearer nothing."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "Parasol")
    [duel] = s.hand(0, "DanmakuDuel♠A")
    s.answer(0, duel)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4


def test_parasol_does_not_stop_danmaku():
    """陽傘: only 符卡造成的傷害 — a 彈幕 is a basic card and hits."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "Parasol")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_parasol_keeps_drunk_state_on_lethal_spell():
    """陽傘 stops spell damage before 喝醉 (受到致命傷害時傷害-1) is spent on it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "Parasol")
    s.set(1, hp=1, drunk=True)
    [m] = s.hand(0, "MapCannon♡A")
    s.answer(0, m)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.value(1, "drunk") is True


def test_parasol_stops_sinsack():
    """陽傘: 符卡造成的傷害對你無效 — 罪袋 is a (delayed) 符卡, so its 3 damage has no effect either."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Parasol")
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("GapSteal♠5")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 4


# ── 巫女服 (reading T7) ─────────────────────────────────────────────────────────
def test_shrine_maiden_outfit_put_on_another_replacing_armor():
    """巫女服 裝備條件：對距離2以內的一名角色使用（若目標有防具，則視為目標將防具更換為巫女服）。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "TenguShield")
    [outfit] = s.hand(0, "ShrineMaidenOutfit♡2")
    s.answer(0, outfit, s.p(1))
    s.phase(0, "action_phase")
    assert s.cards_in(1, "equip_zone") == ["ShrineMaidenOutfit"]
    assert s.cards_in(0, "equip_zone") == []
    assert discard_pile(s) == ["TenguShield"]
    assert s.unscripted() == []


def test_shrine_maiden_outfit_wearer_cannot_answer_sinsack_carnival():
    """巫女服 裝備效果：你無法回響【罪袋狂歡】 (T7: 回響 = 響應) — the wearer's 彈幕 cannot answer it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [outfit, carnival] = s.hand(0, "ShrineMaidenOutfit♡2", "SinsackCarnival♠7")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, outfit, s.p(1), carnival)
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.cards_in(1) == ["Danmaku"]
    assert s.unscripted() == [(1, [d])]


def test_sinsack_carnival_answered_without_the_outfit():
    """罪袋狂歡：目標角色需依次打出一張【彈幕】，否則該角色受到1點傷害 — the control case for 巫女服."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [carnival] = s.hand(0, "SinsackCarnival♠7")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(0, carnival)
    s.answer(1, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1) == []


def test_shrine_maiden_outfit_within_distance_two():
    """巫女服: 對距離2以內的一名角色使用 — five seats: all are within 2; a 綠色UFO puts one at 3."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Seiga"], mode=MODE)
    [outfit] = s.hand(0, "ShrineMaidenOutfit♡2")
    s.answer(0, outfit, s.p(2))
    s.phase(0, "action_phase")
    assert s.offered(0, "players") == ["Koakuma", "Mokou", "Rumia", "Marisa", "Seiga"]
    assert s.cards_in(2, "equip_zone") == ["ShrineMaidenOutfit"]
    s2 = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Seiga"], mode=MODE)
    s2.equip(2, "GreenUfo")
    [outfit] = s2.hand(0, "ShrineMaidenOutfit♡2")
    s2.answer(0, outfit, s2.p(3))
    s2.phase(0, "action_phase")
    assert s2.offered(0, "players") == ["Koakuma", "Mokou", "Marisa", "Seiga"]
    assert s2.cards_in(3, "equip_zone") == ["ShrineMaidenOutfit"]


def test_shrine_maiden_outfit_on_oneself():
    """巫女服: 一名角色 — oneself (distance 0) too."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    [outfit] = s.hand(0, "ShrineMaidenOutfit♡2")
    s.answer(0, outfit, s.p(0))
    s.phase(0, "action_phase")
    assert s.cards_in(0, "equip_zone") == ["ShrineMaidenOutfit"]


# ── 西行妖 ──────────────────────────────────────────────────────────────────────
def test_saigyou_ayakashi_nine_to_king_nullifies():
    """西行妖 裝備效果：當你成為一張符卡的目標時，你可以進行一次判定：若判定牌點數為9到K，則視為你使用了一張【好人卡】。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    [demo] = s.hand(0, "Demolition♠3")
    [m] = s.hand(1, "Mochi♡3")
    s.deck_top("Sake♠9")
    s.answer(0, demo)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == ["Mochi"] and s.cards_in(1, "equip_zone") == ["SaigyouAyakashi"]
    assert {"Sake", "Demolition"} <= set(discard_pile(s))
    assert s.unscripted() == []


def test_saigyou_ayakashi_eight_fails():
    """西行妖: 點數為9到K — an 8 does nothing; 城管執法 takes effect."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    [demo] = s.hand(0, "Demolition♠3")
    s.hand(1, "Mochi♡3")
    s.deck_top("Danmaku♠8")
    s.answer(0, demo, "手牌")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == []
    assert "Mochi" in discard_pile(s)


def test_saigyou_ayakashi_virtual_nullify_can_be_nullified():
    """西行妖: 視為你使用了一張【好人卡】 — a 好人卡 is a 符卡, so another 好人卡 can answer it."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    demo, n = s.hand(0, "Demolition♠3", "Nullify♠2")
    s.hand(1, "Mochi♡3")
    s.deck_top("Danmaku♠Q")
    s.answer(0, demo, n, "手牌")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.cards_in(1) == []
    assert s.unscripted() == []


def test_saigyou_ayakashi_only_for_spells():
    """西行妖: 一張符卡的目標 — a 彈幕 is no 符卡: no judgement."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert questions(s, 1) == []


def test_saigyou_ayakashi_only_protects_the_wearer_from_a_group_spell():
    """西行妖: 地圖炮 targets everyone else; only the wearer's share is cancelled."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    [m] = s.hand(0, "MapCannon♡A")
    s.deck_top("Sake♠9")
    s.answer(0, m)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.value(2, "hp") == 2


def test_saigyou_ayakashi_against_a_delayed_spell():
    """西行妖: 成為一張符卡的目標時 — 封魔陣 used on the wearer is cancelled before it is placed."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "SaigyouAyakashi")
    [seal] = s.hand(0, "SealingArray♠9")
    s.deck_top("Sake♣9")
    s.answer(0, seal)
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "judge_zone") == []
    assert "SealingArray" in discard_pile(s)


# ── 天狗盾 ──────────────────────────────────────────────────────────────────────
def test_tengu_shield_black_danmaku_has_no_effect():
    """天狗盾 裝備效果：黑色【彈幕】對你無效。 — no damage, and no 擦彈 is even asked for."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "TenguShield")
    [d] = s.hand(0, "Danmaku♣7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d)
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.cards_in(1) == ["Graze"]
    assert s.unscripted() == [(1, [g])]


def test_tengu_shield_red_danmaku_hits():
    """天狗盾: 黑色 only — a red 彈幕 hits."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "TenguShield")
    [d] = s.hand(0, "Danmaku♡10")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3


def test_tengu_shield_black_spell_is_not_danmaku():
    """天狗盾: 【彈幕】 only — a black 罪袋狂歡 still hurts."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(1, "TenguShield")
    [c] = s.hand(0, "SinsackCarnival♠7")
    s.answer(0, c)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
