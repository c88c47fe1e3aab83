"""Scenario tests of THB's basic cards (基本牌): 彈幕 擦彈 麻薯 噁心丸 酒.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks.
Characters are picked for having no skill that interferes: Koakuma (尋找, active only), Mokou (浴火 and
重生 only at the start of her end/prepare phase), Rumia (黑暗 active; 作弊 only at her end phase),
Marisa (借走, active only).
"""
from spellcard.scenario import Scenario

from .helpers import FOUR, table, names, play_cards


# ── 彈幕 ───────────────────────────────────────────────────────────────────────
def test_danmaku_targets_only_players_in_attack_range():
    """彈幕：出牌階段，對你攻擊範圍內的一名其他角色使用，效果是對該角色造成1點傷害。
    >>默認情況下，你的攻擊範圍是1。
    Four seats: seats 1 and 3 are at distance 1, seat 2 at distance 2 is out of range."""
    s = table(FOUR)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(3), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Marisa"]
    assert s.value(3, "hp") == 3
    assert s.value(1, "hp") == 4 and s.value(2, "hp") == 3
    assert d in s.game.z["discard_pile"].cards


def test_danmaku_reaches_farther_with_a_weapon():
    """彈幕：出牌階段，對你攻擊範圍內的一名其他角色使用 … >>默認情況下，你的攻擊範圍是1。
    樓觀劍 (攻擊範圍：3) puts seat 2 (distance 2) in range."""
    s = table(FOUR)
    s.equip(0, "Roukanken♠4")
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(2), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Rumia", "Marisa"]
    assert s.value(2, "hp") == 2


def test_danmaku_never_targets_oneself_or_the_dead():
    """彈幕：…對你攻擊範圍內的一名其他角色使用 — a dead player is no target; with seat 1 out, seat 2
    becomes adjacent (distance counts living players) and seat 3 is at distance 2."""
    s = table(["Koakuma", "Mokou", "Rumia", "Marisa", "Eiki"])
    s.perform("death", target=s.p(1))
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(2), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Rumia", "Eiki"]
    assert s.value(2, "hp") == 2
    assert s.value(1, "hp") == 4                 # the dead were not touched


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


def test_danmaku_limit_resets_each_action_phase():
    """>>默認情況下，出牌階段你只能使用一張【彈幕】。 — one per action phase, so a new phase allows one again."""
    s = table(["Koakuma", "Mokou"])
    [d1, d2] = s.hand(0, "Danmaku♠7", "Danmaku♣7")
    s.answer(0, d1, "pass")
    s.phase(0, "action_phase")
    s.answer(0, d2, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert s.unscripted() == []


# ── 擦彈 ───────────────────────────────────────────────────────────────────────
def test_graze_cancels_danmaku_and_is_discarded():
    """擦彈：當你受到【彈幕】的攻擊時，你可以使用一張【擦彈】來抵消【彈幕】的效果。"""
    s = table(["Koakuma", "Mokou"])
    [d] = s.hand(0, "Danmaku♠7")
    [g, keep] = s.hand(1, "Graze♡2", "Mochi♡3")
    s.answer(0, d, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.p(1).z["hand"].cards == [keep]
    assert g in s.game.z["discard_pile"].cards and d in s.game.z["discard_pile"].cards


def test_graze_is_optional():
    """擦彈：…你可以使用一張【擦彈】… — declining it takes the hit and keeps the card."""
    s = table(["Koakuma", "Mokou"])
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.p(1).z["hand"].cards == [g]


def test_graze_cannot_be_used_in_ones_own_action_phase():
    """>>默認情況下，【擦彈】只能在回合外使用或打出。"""
    s = table(["Koakuma", "Mokou"])
    s.hand(0, "Graze♡2", "Graze♢2")
    s.phase(0, "action_phase")
    [play] = s.asked(0, "play")
    assert play_cards(play) == []
    assert s.cards_in(0) == ["Graze", "Graze"]


# ── 麻薯 ───────────────────────────────────────────────────────────────────────
def test_mochi_recovers_one_hp_in_the_action_phase():
    """麻薯：1、在你的出牌階段，你可以使用它來回覆你的1點體力。"""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=2)
    [m] = s.hand(0, "Mochi♡3")
    s.answer(0, m, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3
    assert m in s.game.z["discard_pile"].cards


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


def test_mochi_saves_a_dying_character():
    """麻薯：2、當有角色處於瀕死狀態時，你可以對該角色使用【麻薯】，防止該角色的死亡。"""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.set(1, hp=1)
    [d] = s.hand(0, "Danmaku♠7")
    [m] = s.hand(2, "Mochi♡3")
    s.answer(0, d, s.p(1), "pass")
    s.answer(2, m)
    s.phase(0, "action_phase")
    assert s.p(1).alive
    assert s.value(1, "hp") == 1
    assert m in s.game.z["discard_pile"].cards


# ── 酒 ─────────────────────────────────────────────────────────────────────────
def test_sake_makes_the_user_drunk():
    """酒：出牌階段，對自己使用。使用後獲得喝醉狀態。"""
    s = table(["Koakuma", "Mokou"])
    [k] = s.hand(0, "Sake♠9")
    s.answer(0, k, "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is True
    assert k in s.game.z["discard_pile"].cards


def test_drunk_danmaku_deals_one_more_and_sobers():
    """喝醉狀態下，使用【彈幕】造成的傷害+1 … >>效果觸發…時須棄掉喝醉狀態。"""
    s = table(["Koakuma", "Mokou"])
    [k, d] = s.hand(0, "Sake♠9", "Danmaku♠7")
    s.answer(0, k, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert s.value(0, "drunk") is False


def test_sake_does_not_stack():
    """>>你可以於喝醉狀態下繼續使用酒，但效果不疊加。"""
    s = table(["Koakuma", "Mokou"])
    [k1, k2, d] = s.hand(0, "Sake♠9", "Sake♣9", "Danmaku♠7")
    s.answer(0, k1, k2, d, "pass")
    s.phase(0, "action_phase")
    assert k2 in s.game.z["discard_pile"].cards      # the second one could be used
    assert s.value(1, "hp") == 2                      # but still only +1
    assert s.value(0, "drunk") is False


def test_drunk_reduces_lethal_damage_by_one():
    """喝醉狀態下，…受到致命傷害時傷害-1。 >>效果觸發…時須棄掉喝醉狀態。"""
    s = table(["Koakuma", "Mokou"])
    s.set(1, hp=1, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.p(1).alive
    assert s.value(1, "hp") == 1
    assert s.value(1, "drunk") is False


def test_drunk_does_not_reduce_non_lethal_damage():
    """…受到致命傷害時傷害-1。 Non-lethal damage is not reduced, and the drunk state stays."""
    s = table(["Koakuma", "Mokou"])
    s.set(1, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.value(1, "drunk") is True


def test_drunk_lethal_reduction_leaves_the_rest():
    """…受到致命傷害時傷害-1。 A drunk 彈幕 (2) on a drunk target at 2 HP is lethal: it becomes 1."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, drunk=True)
    s.set(1, hp=2, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1
    assert s.value(0, "drunk") is False and s.value(1, "drunk") is False


def test_drunk_ends_at_own_prepare_phase():
    """>>…到了自己的準備階段開始時須棄掉喝醉狀態。"""
    s = table(["Koakuma", "Mokou"])
    s.set(0, drunk=True)
    s.set(1, drunk=True)
    s.phase(0, "prepare_phase")
    assert s.value(0, "drunk") is False
    assert s.value(1, "drunk") is True               # only one's own prepare phase


def test_grazed_drunk_danmaku_keeps_the_drunk_state():
    """>>效果觸發或者到了自己的準備階段開始時須棄掉喝醉狀態。 Reading: the +1 has not taken effect when
    the 彈幕 is cancelled by 擦彈, so the drunk state stays (upstream sobers on any drunk 彈幕 instead)."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, drunk=True)
    [d] = s.hand(0, "Danmaku♠7")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4
    assert s.value(0, "drunk") is True


def test_drunk_adds_nothing_to_danmaku_duel_damage():
    """喝醉狀態下，使用【彈幕】造成的傷害+1 — 彈幕戰's damage is not a used 彈幕's."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, drunk=True)
    [duel] = s.hand(0, "DanmakuDuel♠A")
    s.answer(0, duel, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert s.value(0, "drunk") is True


# ── 噁心丸 ─────────────────────────────────────────────────────────────────────
def test_nausea_pill_used_on_oneself_then_damage():
    """噁心丸：出牌階段，對自己使用。使用時沒有額外效果。當此牌以任意的方式進入棄牌堆時，
    引發棄牌動作的角色需選擇其中一項執行：1.受到1點無來源傷害 2.棄置兩張牌"""
    s = table(["Koakuma", "Mokou"])
    [pill, a, b] = s.hand(0, "NauseaPill♢J", "Graze♡2", "Graze♢2")
    s.answer(0, pill, "受到1點無來源傷害", "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3
    assert s.p(0).z["hand"].cards == [a, b]
    assert pill in s.game.z["discard_pile"].cards


def test_nausea_pill_user_may_discard_two_instead():
    """噁心丸：…引發棄牌動作的角色需選擇其中一項執行：…2.棄置兩張牌"""
    s = table(["Koakuma", "Mokou"])
    [pill, a, b, keep] = s.hand(0, "NauseaPill♢J", "Graze♡2", "Graze♢2", "Mochi♡3")
    s.answer(0, pill, "棄置兩張牌", [a, b], "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.p(0).z["hand"].cards == [keep]
    assert a in s.game.z["discard_pile"].cards and b in s.game.z["discard_pile"].cards


def test_nausea_pill_equipment_counts_among_the_two_cards():
    """噁心丸：…2.棄置兩張牌 — the two cards may be equipment."""
    s = table(["Koakuma", "Mokou"])
    [ufo] = s.equip(0, "GreenUfo♡K")
    [pill, a, b] = s.hand(0, "NauseaPill♢J", "Graze♡2", "Graze♢2")
    s.answer(0, pill, "棄置兩張牌", [a, ufo], "pass")
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.p(0).z["hand"].cards == [b] and s.p(0).z["equip_zone"].cards == []


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


def test_nausea_pill_discarded_in_discard_phase():
    """噁心丸：當此牌以任意的方式進入棄牌堆時，引發棄牌動作的角色需選擇其中一項執行 — discarding it
    oneself in the discard phase (手牌上限等於當前的體力值) makes oneself choose."""
    s = table(["Koakuma", "Mokou"])
    s.set(0, hp=1)
    [pill, keep] = s.hand(0, "NauseaPill♢J", "Graze♡2")
    s.answer(0, [pill])
    s.phase(0, "discard_phase")
    # one card left only: the damage, 1 → 0, dying; nobody has 麻薯, so Koakuma is out
    assert not s.p(0).alive
    assert keep in s.game.z["discard_pile"].cards    # death discards everything


def test_nausea_pill_demolished_by_another_hurts_the_demolisher():
    """噁心丸：…引發棄牌動作的角色需選擇其中一項執行 — discarded by 城管執法, the causer is the
    城管執法 user, not the card's owner."""
    s = table(["Koakuma", "Mokou"])
    [demo] = s.hand(0, "Demolition♠3")
    [pill] = s.hand(1, "NauseaPill♢J")
    s.answer(0, demo, "pass")                        # Mokou's only card: the 噁心丸 is discarded
    s.phase(0, "action_phase")
    assert pill in s.game.z["discard_pile"].cards
    assert s.value(0, "hp") == 3                     # Koakuma had no cards left: damage
    assert s.value(1, "hp") == 4


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


def test_nausea_pill_as_a_judge_card_is_the_judged_players():
    """噁心丸：當此牌以任意的方式進入棄牌堆時… — as a judge card it is discarded by the judgement of
    the judged player, who chooses."""
    s = table(["Koakuma", "Mokou"])
    s.zone(0, "judge_zone", "FrozenFrog♣5")
    s.deck_top("NauseaPill♣Q")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 3                     # no cards: the damage
    assert s.cards_in(0, "judge_zone") == []


def test_nausea_pill_used_as_sake_still_makes_its_user_choose():
    """噁心丸：當此牌以任意的方式進入棄牌堆時，引發棄牌動作的角色需選擇其中一項執行 — also when it was used
    as another card: 酒鬼 (出牌階段，你可以將一張黑色牌當【酒】使用) turns the ♣Q 噁心丸 into 酒."""
    s = table(["Suika", "Koakuma"])
    [pill, a] = s.hand(0, "NauseaPill♣Q", "Graze♡2")
    s.answer(0, "Drunkard", "pass")                  # the only black card: not asked which
    s.phase(0, "action_phase")
    assert s.value(0, "drunk") is True               # it was 酒
    assert s.value(0, "hp") == 3                     # and still 噁心丸: one card left, so the damage
    assert pill in s.game.z["discard_pile"].cards
    assert s.p(0).z["hand"].cards == [a]


def test_nausea_pill_two_cards_from_hand_and_equipment_both_count_as_lost():
    """噁心丸：…2.棄置兩張牌 — a hand card and an equipment card discarded together: the equipment still
    counts as lost (伊吹瓢：…並在之後失去該裝備時…獲得喝醉狀態)."""
    s = table(["Koakuma", "Mokou"])
    [gourd] = s.equip(0, "IbukiGourd♣9")
    s.set(0, drunk=False)
    [pill, a, b] = s.hand(0, "NauseaPill♢J", "Graze♡2", "Graze♢2")
    s.answer(0, pill, "棄置兩張牌", [a, gourd], "pass")
    s.phase(0, "action_phase")
    assert s.p(0).z["equip_zone"].cards == [] and s.p(0).z["hand"].cards == [b]
    assert s.value(0, "drunk") is True


def test_nausea_pill_discarded_to_hakurouken_is_the_wielders():
    """>>當你因為其他角色裝備效果(如他人發動白樓劍特效）…而將噁心丸主動置入棄牌堆時，噁心丸的棄置者視為該角色。"""
    s = table(["Koakuma", "Mokou"])
    s.equip(0, "Hakurouken♠5")
    [d] = s.hand(0, "Danmaku♠7")
    [pill] = s.hand(1, "NauseaPill♢J")
    s.answer(0, d, True, "pass")                     # 白樓劍: yes
    s.answer(1, "棄置一張手牌")
    s.phase(0, "action_phase")
    assert pill in s.game.z["discard_pile"].cards
    # Koakuma wields 白樓劍 and has only it left: she takes the 噁心丸's damage; Mokou only the 彈幕's
    assert s.value(0, "hp") == 3
    assert s.value(1, "hp") == 3
