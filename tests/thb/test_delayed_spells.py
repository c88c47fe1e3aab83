"""Scenario tests of THB's delayed spells (延時類符卡): 封魔陣 罪袋 凍青蛙, and 好人卡 against them.

Each docstring quotes the rulebook sentence (seeds/000_ee2e4549e093109f.txt) the test checks. The
rulebook's 罪袋 heading carries 封魔陣's text; the readings of GLOSSARY §4 T1/T2 (封魔陣 ♠9♠10♡10,
罪袋 ♠A♡A: judge ♠A–8 → 3 sourceless damage, otherwise it passes on) and T10 (凍青蛙 at distance 1)
are the ones tested. Judge results are set with deck_top; nobody at the table can change them.
"""
from spellcard.scenario import Scenario

from .helpers import FOUR, table, discarded, names, play_cards


def judge_zone(s, seat):
    return s.p(seat).z["judge_zone"].cards


# ── 封魔陣 ─────────────────────────────────────────────────────────────────────
def test_sealing_array_is_placed_in_the_targets_judge_zone():
    """封魔陣：使用時機：出牌階段 使用目標：一名其他角色使用 — and (T1) as a delayed spell it is laid in the
    target's judge zone, not resolved now. No distance limit (T2: the 對距離為1 is not 封魔陣's)."""
    s = table(FOUR)
    [seal] = s.hand(0, "SealingArray♠9")
    s.answer(0, seal, s.p(2), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Rumia", "Marisa"]
    assert judge_zone(s, 2) == [seal]
    assert seal not in discarded(s)


def test_sealing_array_not_heart_skips_the_action_phase():
    """封魔陣：作用效果：目標角色進行判定，若結果不為紅桃，目標角色跳過其出牌階段。"""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    [j] = s.deck_top("Mochi♢3")                       # red, but a diamond
    s.hand(1, "Danmaku♣7")
    s.turn(1)
    assert s.asked(1, "play") == []                  # no action phase
    assert s.value(0, "hp") == 4
    assert judge_zone(s, 1) == []
    assert seal in discarded(s) and j in discarded(s)
    assert len(s.p(1).z["hand"].cards) == 3           # the draw phase still happened


def test_sealing_array_heart_keeps_the_action_phase():
    """封魔陣：…若結果不為紅桃，目標角色跳過其出牌階段。 A ♡ judgement: nothing is skipped; the card is
    still discarded (該角色的判定階段，需進行一次判定然後棄置此牌)."""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    s.deck_top("Graze♡2")
    [d] = s.hand(1, "Danmaku♣7")
    s.answer(1, d, "pass")
    s.turn(1)
    assert s.value(0, "hp") == 3
    assert seal in discarded(s) and judge_zone(s, 1) == []


def test_sealing_array_not_twice_in_one_judge_zone():
    """2. 任何一個玩家面前的判定區或裝備區里不能放有兩張同名的牌。 — Mokou already has a 封魔陣, so only
    Rumia can get the second; she is the only target and is not asked."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.zone(1, "judge_zone", "SealingArray♠9")
    [seal] = s.hand(0, "SealingArray♠10")
    s.answer(0, seal, "pass")
    s.phase(0, "action_phase")
    assert s.asked(0, "players") == []
    assert judge_zone(s, 2) == [seal]
    assert len(judge_zone(s, 1)) == 1


def test_nullify_cancels_sealing_array_before_the_judgement():
    """>>判定開始前,你可以使用【好人卡】抵消該符卡的效果（抵消後棄掉【封魔陣】）。"""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    [top] = s.deck_top("Danmaku♠7")
    [n] = s.hand(1, "Nullify♠2")
    s.answer(1, n)
    s.phase(1, "judge_phase")
    assert seal in discarded(s) and n in discarded(s)
    assert judge_zone(s, 1) == []
    assert s.deck.cards[-1] is top                    # no judgement was made
    assert "action_phase" not in s.game.skipped


# ── 凍青蛙 ─────────────────────────────────────────────────────────────────────
def test_frozen_frog_only_at_distance_one():
    """凍青蛙：延時類符卡，出牌階段，對一名其他角色使用，將此牌橫置於該角色的判定區內。
    Reading T10: at distance 1 (完美凍結 widens it to 2), so seat 2 of four cannot be chosen."""
    s = table(FOUR)
    [frog] = s.hand(0, "FrozenFrog♣5")
    s.answer(0, frog, s.p(3), "pass")
    s.phase(0, "action_phase")
    [targets] = s.asked(0, "players")
    assert names(targets.options) == ["Mokou", "Marisa"]
    assert judge_zone(s, 3) == [frog]


def test_frozen_frog_not_spade_skips_the_draw_phase():
    """凍青蛙：…該角色的判定階段，需進行一次判定然後棄置此牌。若判定結果不為黑桃，跳過其摸牌階段。"""
    s = table(["Koakuma", "Mokou"])
    [frog] = s.zone(1, "judge_zone", "FrozenFrog♣5")
    [j, a, b] = s.deck_top("Danmaku♣7", "Graze♡2", "Graze♢2")
    s.turn(1)
    assert s.cards_in(1) == []                        # nothing drawn
    assert s.deck.cards[-1] is a
    assert frog in discarded(s) and j in discarded(s)
    assert len(s.asked(1, "play")) == 1              # the action phase still came


def test_frozen_frog_spade_lets_the_draw_phase_happen():
    """凍青蛙：…若判定結果不為黑桃，跳過其摸牌階段。 A ♠ judgement: the draw phase happens."""
    s = table(["Koakuma", "Mokou"])
    [frog] = s.zone(1, "judge_zone", "FrozenFrog♣5")
    [j, a, b] = s.deck_top("Danmaku♠7", "Graze♡2", "Graze♢2")
    s.turn(1)
    assert s.p(1).z["hand"].cards == [a, b]
    assert frog in discarded(s) and judge_zone(s, 1) == []


def test_nullify_cancels_frozen_frog_before_the_judgement():
    """凍青蛙：>>判定開始前,你可以使用【好人卡】抵消該符卡的效果(抵消後棄掉【凍青蛙】)。
    Anyone may nullify it: here a third player does."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [frog] = s.zone(1, "judge_zone", "FrozenFrog♣5")
    [a, b] = s.deck_top("Graze♡2", "Graze♢2")
    [n] = s.hand(2, "Nullify♠2")
    s.answer(2, n)
    s.turn(1)
    assert frog in discarded(s) and n in discarded(s)
    assert s.p(1).z["hand"].cards == [a, b]           # drew as usual


# ── 罪袋 ───────────────────────────────────────────────────────────────────────
def test_sinsack_is_used_on_oneself():
    """罪袋 (reading T2): a delayed spell the user lays in their own judge zone."""
    s = table(["Koakuma", "Mokou"])
    [sack] = s.hand(0, "Sinsack♠A")
    s.answer(0, sack, "pass")
    s.phase(0, "action_phase")
    assert judge_zone(s, 0) == [sack]
    assert judge_zone(s, 1) == []


def test_sinsack_not_usable_with_one_already_in_place():
    """2. 任何一個玩家面前的判定區或裝備區里不能放有兩張同名的牌。"""
    s = table(["Koakuma", "Mokou"])
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.hand(0, "Sinsack♡A")
    s.phase(0, "action_phase")
    assert play_cards(s.asked(0, "play")[0]) == []


def test_sinsack_spade_a_to_8_deals_three_sourceless_damage():
    """罪袋 (reading T2, upstream; the rulebook's own 罪袋 text is 封魔陣's): judge ♠A–8 → 3 sourceless
    damage, and the card is discarded. ♠8 is the last rank that hits."""
    s = table(["Koakuma", "Mokou"])
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    [j] = s.deck_top("Danmaku♠8")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 1
    assert sack in discarded(s) and j in discarded(s)
    assert judge_zone(s, 0) == [] and judge_zone(s, 1) == []


def test_sinsack_spade_9_passes_to_the_next_player():
    """罪袋 (reading T2): otherwise it passes to the next player (要石：…直接傳遞到下家). ♠9 is out of ♠A–8."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    [j] = s.deck_top("Sake♠9")
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 4
    assert judge_zone(s, 0) == [] and judge_zone(s, 1) == [sack]
    assert j in discarded(s) and sack not in discarded(s)


def test_sinsack_red_judgement_passes_on():
    """罪袋 (reading T2): a non-♠ judgement passes it on to the next player."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    [sack] = s.zone(2, "judge_zone", "Sinsack♠A")
    s.deck_top("Graze♡2")
    s.phase(2, "judge_phase")
    assert s.value(2, "hp") == 3
    assert judge_zone(s, 0) == [sack]                 # seat 2's next player is seat 0


def test_sinsack_skips_the_dead_and_those_holding_one():
    """罪袋 passes to the next player (要石：…直接傳遞到下家); the dead are no longer at the table, and
    2. 任何一個玩家面前的判定區…不能放有兩張同名的牌, so one who already has a 罪袋 is passed over."""
    s = table(["Koakuma", "Mokou", "Rumia", "Marisa"])
    s.perform("death", target=s.p(1))
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    [other] = s.zone(2, "judge_zone", "Sinsack♡A")
    s.deck_top("Graze♡2")
    s.phase(0, "judge_phase")
    assert judge_zone(s, 2) == [other]
    assert judge_zone(s, 3) == [sack]


def test_sinsack_nullified_passes_on_unjudged():
    """>>判定開始前,你可以使用【好人卡】抵消該符卡的效果 — for 罪袋, cancelled means not judged; like an
    unlucky judgement it then moves on to the next player (upstream)."""
    s = table(["Koakuma", "Mokou"])
    [sack] = s.zone(0, "judge_zone", "Sinsack♠A")
    [top] = s.deck_top("Danmaku♠3")
    [n] = s.hand(0, "Nullify♠2")
    s.answer(0, n)
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 4
    assert judge_zone(s, 1) == [sack]
    assert s.deck.cards[-1] is top


def test_sinsack_damage_is_lethal_and_mochi_rescues():
    """罪袋: 3 damage; MISS：當一個角色的體力降到0或更低時，即進入瀕死狀態，除非自己或他人在此時用【麻薯】
    來挽救該角色，否則該角色出局。 At 3 HP the judged player falls to 0 and one 麻薯 brings them to 1."""
    s = table(["Koakuma", "Mokou", "Rumia"])
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("Danmaku♠3")
    s.set(0, hp=3)
    [m] = s.hand(2, "Mochi♡3")
    s.answer(2, m)
    s.phase(0, "judge_phase")
    assert s.p(0).alive and s.value(0, "hp") == 1


def test_sinsack_lethal_damage_reduced_by_drunk():
    """喝醉狀態下，…受到致命傷害時傷害-1。 罪袋's 3 on a drunk character at 3 HP becomes 2."""
    s = table(["Koakuma", "Mokou"])
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("Danmaku♠3")
    s.set(0, hp=3, drunk=True)
    s.phase(0, "judge_phase")
    assert s.value(0, "hp") == 1 and s.value(0, "drunk") is False


def test_sinsack_kill_gives_no_bounty():
    """罪袋's damage is sourceless (reading T2), so an 城管 it kills has no 擊墜者 to reward
    (城管：…當城管MISS時，擊墜者摸3張牌。)."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa", "Tewi"], mode="Identity5Mode")
    for seat, role in enumerate(["Attacker", "Boss", "Attacker", "Accomplice", "Mastermind"]):
        s.p(seat).v["role"] = role
    s.zone(0, "judge_zone", "Sinsack♠A")
    s.deck_top("Danmaku♠3")
    s.set(0, hp=2)
    s.phase(0, "judge_phase")
    assert not s.p(0).alive
    assert [len(s.p(i).z["hand"].cards) for i in range(1, 5)] == [0, 0, 0, 0]


def test_a_judgement_with_no_card_left_has_no_result():
    """該角色的判定階段，需進行一次判定 — but with the deck and the discard pile both empty there is no
    card to flip. The pack's reading (README): no result, so 封魔陣 skips nothing (the checker found the
    unguarded `j.card.suit` this used to fault on)."""
    s = table(["Koakuma", "Mokou"])
    [seal] = s.zone(1, "judge_zone", "SealingArray♠9")
    out_of_play = s.p(0).z["hand"]                    # where every other card waits
    s.game.move(list(s.deck.cards) + list(s.game.z["discard_pile"].cards), out_of_play)
    s.phase(1, "judge_phase")
    assert "action_phase" not in s.game.skipped
    assert judge_zone(s, 1) == [] and seal in discarded(s)
