"""Scenario tests of the last THB characters of the rulebook (角色資料), rules/thb/characters_more.spell:
風見幽香, 芙蘭朵露, 水橋帕露西, 蕾米莉婭, 秋穰子, 橙, 東風谷早苗, 犬走椛, 秦心, 二岩猯藏, 鬼人正邪, 梅蒂欣, 射命丸文.
Each docstring quotes the skill's sentence from the rulebook; readings are those of the .spell file.

Most of these tests are written in the language, in rules/thb/tests/characters_rest.spell
(docs/testing.md); the ones here need Python.
"""
import json

import pytest

from spellcard.runtime.view import View
from spellcard.scenario import Scenario

from .helpers import MODE, table, discarded, zone_cards, offered_plays


def prompts(s, seat: int) -> list[str]:
    return [d.prompt for d in s.asked(seat)]


# ── the characters themselves ────────────────────────────────────────────────
SEED = {                       # name, 殘機 (GLOSSARY §4 T22: the seed's values), title
    "Yuuka": ("風見幽香", 3, "四季的鮮花之主"),
    "Flandre": ("芙蘭朵露·斯卡雷特", 4, "惡魔之妹"),
    "Parsee": ("水橋帕露西", 4, "地殼下的嫉妒心"),
    "Remilia": ("蕾米莉婭·斯卡雷特", 3, "永遠幼小的紅月"),
    "Minoriko": ("秋穰子", 3, "沒人氣的豐收神"),
    "Chen": ("橙", 4, "凶兆的黑喵"),
    "Sanae": ("東風谷早苗", 3, "常識滿滿的現人神"),
    "Momiji": ("犬走椛", 3, "山中的千里眼"),
    "Kokoro": ("秦心", 3, "表情豐富的撲克臉"),
    "Mamizou": ("二岩猯藏", 4, "大狸子"),
    "Seija": ("鬼人正邪", 3, "逆襲的天邪鬼"),
    "Medicine": ("梅蒂欣·梅蘭可莉", 3, "小小的甜蜜毒藥"),
    "Aya": ("射命丸文", 4, "幻想鄉最速"),
}


@pytest.mark.parametrize("name", sorted(SEED))
def test_character_data_as_the_rulebook(name):
    """角色資料: e.g. 「風見幽香 四季的鮮花之主 3殘機」 — the name, title and 殘機 (starting and max HP) of each."""
    s = table([name, "Koakuma"])
    label, hp, title = SEED[name]
    c = s.pack.characters[name]
    assert c.label == label
    assert s.value(0, "hp") == hp and s.value(0, "max_hp") == hp
    assert c.attrs["title"] == title and c.attrs["hp"] == hp


def test_character_skills_and_tags():
    """★KOF不平衡角色 (風見幽香, 二岩猯藏); ★異變模式不可用 (秦心); each character's skills, by GLOSSARY §1c."""
    pack = table(["Koakuma", "Koakuma"]).pack
    skills = {n: list(pack.characters[n].skills) for n in SEED}
    assert skills == {
        "Yuuka": ["ReversedScale", "FlowerQueen", "Sadist"], "Flandre": ["MadBloom"], "Parsee": ["Envy"],
        "Remilia": ["SpearTheGungnir", "VampireKiss"], "Minoriko": ["BumperCrop", "AutumnFeast", "AkiTribute"],
        "Chen": ["FlyingSkanda", "Shikigami"], "Sanae": ["Miracle", "SanaeFaith"], "Momiji": ["Sentry", "Clairvoyance"],
        "Kokoro": ["MaskOfHope", "DarkNoh"], "Mamizou": ["Transform"], "Seija": ["Incite", "Reversal"],
        "Medicine": ["Neurotoxin", "MelancholyPoison"], "Aya": ["UltimateSpeed"]}
    assert {n for n in SEED if "kof_unbalanced" in pack.characters[n].tags} == {"Yuuka", "Mamizou"}
    assert {n for n, c in pack.characters.items() if "incident_banned" in c.tags} == {"Kokoro"}
    # 神槍 and 紅魔之吻 are one pair of skills for both Remilias (incident.spell).
    assert pack.characters["IncidentRemilia"].skills[:2] == ["SpearTheGungnir", "VampireKiss"]


# ── 風見幽香 ──────────────────────────────────────────────────────────────────
def test_reversed_scale_demolition_becomes_a_duel():
    """逆鱗：其他角色對你使用的單體非延時符卡，你可以將其視為彈幕戰。 — the 城管執法 is fought out as a 彈幕戰:
    Yuuka plays first, Koakuma has no 彈幕 and takes 1 damage from her; none of Yuuka's cards is demolished."""
    s = table(["Koakuma", "Yuuka"])
    [demo] = s.hand(0, "Demolition♠3")
    [d] = s.hand(1, "Danmaku♠7")
    [ufo] = s.equip(1, "RedUfo♣K")
    s.answer(0, demo, "pass")
    s.answer(1, True, d)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3 and s.value(1, "hp") == 3
    assert zone_cards(s, 1, "equip_zone") == [ufo]
    assert demo in discarded(s) and d in discarded(s)
    [duel] = s.events("resolve")[:1]
    assert duel["card"]["as"] == "DanmakuDuel"


def test_reversed_scale_not_for_group_spells_or_her_own():
    """逆鱗：其他角色對你使用的單體非延時符卡… — a group spell (地圖炮) and her own 城管執法 are not asked."""
    s = table(["Koakuma", "Yuuka"])
    [cannon] = s.hand(0, "MapCannon♡A")
    s.answer(0, cannon, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert s.asked(1, "yes_no") == []
    s2 = table(["Yuuka", "Koakuma"])
    [demo] = s2.hand(0, "Demolition♠3")
    s2.hand(1, "Mochi♡3")
    s2.answer(0, demo, "pass")
    s2.phase(0, "action_phase")
    assert s2.asked(0, "yes_no") == [] and zone_cards(s2, 1) == []


def test_sadist_two_damage_to_the_one_next_to_the_shot_down():
    """抖S：當你擊墜一名角色時，你可以棄置一張手牌並指定與其距離為1的一名其他角色；該角色被擊墜後，你對指定的角色
    造成2點傷害。 — five seats: only seat 2 is at distance 1 from seat 1 (Yuuka herself is not another)."""
    s = Scenario("thb", ["Yuuka", "Koakuma", "Mokou", "Koakuma", "Koakuma"], mode=MODE)
    s.set(1, hp=1)
    [d] = s.hand(0, "Danmaku♠7")
    [cost] = s.hand(0, "Graze♡2")
    s.answer(0, d, s.p(1), True, "pass")
    s.phase(0, "action_phase")
    assert not s.p(1).alive
    assert cost in discarded(s)
    assert s.value(2, "hp") == 2
    assert s.value(3, "hp") == 4 and s.value(4, "hp") == 4
    assert [e["target"] for e in s.events("damage")] == ["P1", "P2"]


# ── 芙蘭朵露·斯卡雷特 ─────────────────────────────────────────────────────────


def test_mad_bloom_not_twice_on_the_same_character():
    """狂咲：…你可以對任意其他角色各使用一張【彈幕】 — after one on Koakuma, only Mokou can be the target."""
    s = Scenario("thb", ["Flandre", "Koakuma", "Mokou"], mode=MODE)
    s.set(0, mad_bloom=1)
    d1, d2 = s.hand(0, "Danmaku♠7", "Danmaku♠8")
    s.answer(0, d1, s.p(1), d2, "pass")       # d2's target is not asked: Mokou is the only one left
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2 and s.value(2, "hp") == 2
    assert [d.options for d in s.asked(0, "players")] == [[s.p(1), s.p(2)]]


# ── 秋穰子 ────────────────────────────────────────────────────────────────────


def test_autumn_feast_once_per_action_phase():
    """秋祭：出牌階段限一次… — four red cards, one 五穀豐登."""
    s = table(["Minoriko", "Koakuma"])
    reds = s.hand(0, "Mochi♡3", "Graze♢2", "Graze♢3", "Graze♡4")
    s.answer(0, "AutumnFeast", reds[:2], lambda d: 0, "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0)[:2] == reds[2:]
    assert "Harvest" not in offered_plays(s, 0)[-1]


def test_autumn_feast_equipment_counts_and_black_does_not():
    """秋祭：…兩張紅色牌… — a red 紅色UFO is one; a black card is not."""
    s = table(["Minoriko", "Koakuma"])
    s.hand(0, "Mochi♡3", "Danmaku♠7")
    s.phase(0, "action_phase")
    assert "Harvest" not in offered_plays(s, 0)[0]
    s2 = table(["Minoriko", "Koakuma"])
    s2.hand(0, "Mochi♡3")
    [ufo] = s2.equip(0, "RedUfo♢K")
    s2.answer(0, "AutumnFeast", lambda d: 0, "pass")
    s2.phase(0, "action_phase")
    assert ufo in discarded(s2)


def test_aki_tribute_picks_first():
    """上貢：鎖定技，當有人使用【五穀豐登】時，你首先拿牌。 — Koakuma uses it, Minoriko (seat 1) picks before her."""
    s = Scenario("thb", ["Koakuma", "Minoriko", "Mokou"], mode=MODE)
    [harvest] = s.hand(0, "Harvest♡3")
    a, b, c = s.deck_top("Danmaku♠7", "Sake♣9", "Mochi♡4")
    s.answer(0, harvest, b, "pass")
    s.answer(1, c)
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == [c]
    assert zone_cards(s, 0) == [b] and zone_cards(s, 2) == [a]
    asks = [json.loads(line) for line in s.log() if json.loads(line)[0] == "ask"]
    picks = [e[1] for e in asks if e[3] == "五穀豐登: 選擇一張牌"]
    assert picks == ["P1", "P0", "P2"]
    assert s.asked(1, "cards")[0].options == [a, b, c]     # all three still there: she was first


def test_aki_tribute_takes_the_leftovers_shown():
    """上貢：…【五穀豐登】結算完畢後，你獲得剩餘的牌並將其置於明牌區。 — Koakuma's pick is cancelled by 好人卡: the
    card left goes to Minoriko's hand, shown, never to the discard pile."""
    s = Scenario("thb", ["Koakuma", "Minoriko", "Mokou"], mode=MODE)
    [harvest] = s.hand(0, "Harvest♡3")
    [nul] = s.hand(2, "Nullify♠2")
    a, b, c = s.deck_top("Danmaku♠7", "Sake♣9", "Mochi♡4")
    s.answer(1, a)
    s.answer(2, "pass", nul)                   # not against Minoriko's pick; against Koakuma's
    s.answer(0, harvest, "pass")
    s.phase(0, "action_phase")
    assert s.unscripted() == []
    assert zone_cards(s, 0) == []
    left = [x for x in (b, c) if x in zone_cards(s, 1)]
    assert len(left) == 1 and set(zone_cards(s, 1)) == {a, left[0]}
    assert s.value(1, "shown") == left
    assert left[0] not in discarded(s)
    moved = [json.loads(line) for line in s.log() if json.loads(line)[0] == "move"]
    assert [m[3] for m in moved if left[0].id in m[1]] == ["processing", "hand@1"]   # deck → processing → her hand


# ── 橙 ────────────────────────────────────────────────────────────────────────


def test_shikigami_not_in_the_others_turn_and_not_others():
    """式神：…於自己的回合內… — Chen's range helps the partner only in the partner's turn; and a third player gains nothing."""
    s = Scenario("thb", ["Chen", "Koakuma", "Mokou", "Koakuma", "Koakuma"], mode=MODE)
    s.answer(0, "Shikigami", s.p(1), "pass")
    s.phase(0, "action_phase")
    [d1] = s.hand(1, "Danmaku♠7")
    [d3] = s.hand(3, "Danmaku♠8")
    q = lambda a, b, d: s.query("in_attack_range", s.p(a), s.p(b), d)
    s.game.current = s.p(0)                    # Chen's turn: the partner gains nothing
    assert q(1, 4, d1) is False
    s.game.current = s.p(1)
    assert q(1, 4, d1) is True
    s.game.current = s.p(3)                    # seat 3 is bound to no one
    assert q(3, 0, d3) is False


# ── 東風谷早苗 ────────────────────────────────────────────────────────────────
def test_miracle_discards_x_then_draws_one():
    """奇蹟：出牌階段，你可以棄置X張牌並摸一張牌。…（X為你本回合發動奇蹟的次數）
    >>當你回合內第一次使用奇蹟時，X為1，第二次為2，以此類推。"""
    s = table(["Sanae", "Koakuma"])
    a, b, c = s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8")
    t1, t2 = s.deck_top("Mochi♡3", "Mochi♡4")
    s.answer(0, "Miracle", a, "Miracle", [b, c], "pass")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [t1, t2]
    assert all(x in discarded(s) for x in (a, b, c))
    assert [d.min for d in s.asked(0, "cards")] == [1, 2]


def test_miracle_recovery_when_hand_cards_pass_three():
    """奇蹟：…若你以此法棄置的手牌數累計大於3張，你可以令一名角色回復一點體力。 — 1 + 2 = 3 is not more than 3;
    the third time (3 more) it is, and Koakuma recovers."""
    s = table(["Sanae", "Koakuma"])
    s.set(1, hp=2)
    s.hand(0, "Danmaku♠7", "Danmaku♠8", "Danmaku♣8", "Danmaku♠10", "Danmaku♣10", "Danmaku♠J")
    s.answer(0, "Miracle", lambda d: [0], "Miracle", lambda d: [0, 1], "Miracle", lambda d: [0, 1, 2], True, "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert len(s.asked(0, "yes_no")) == 1
    assert s.unscripted() == []


# ── 犬走椛 ────────────────────────────────────────────────────────────────────


def sentry_table():
    # A (seat 0) uses 彈幕 on B (seat 1); Momiji (seat 2) is next to A.
    s = Scenario("thb", ["Koakuma", "Koakuma", "Momiji"], mode=MODE)
    [d] = s.hand(0, "Danmaku♠7")
    s.answer(0, d, s.p(1), "pass")
    return s


def test_sentry_danmaku_on_the_attacker():
    """哨戒：當一名其他角色（記作A）使用彈幕對另一角色（記作B）造成傷害時，若A在你的攻擊範圍內，你可以對A使用一張【彈幕】"""
    s = sentry_table()
    [m] = s.hand(2, "Danmaku♠8")
    s.answer(2, True, m, False)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3 and s.value(1, "hp") == 3
    assert m in discarded(s)
    assert s.value(2, "danmaku_used") == 0


def test_sentry_club_card_as_danmaku():
    """哨戒：…或將一張梅花牌當【彈幕】對A使用。"""
    s = sentry_table()
    [club] = s.hand(2, "Sake♣9")
    s.answer(2, True, "Sentry", False)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 3
    assert club in discarded(s)


def test_sentry_prevent_and_b_takes_one_less():
    """哨戒：…此【彈幕】造成傷害時，你可以防止此傷害，並且令B此次受到的傷害-1。"""
    s = sentry_table()
    s.hand(2, "Danmaku♠8")
    s.answer(2, True, "Danmaku", True)
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4 and s.value(1, "hp") == 4


def test_sentry_prevent_counts_from_the_final_amount():
    """哨戒：…令B此次受到的傷害-1。 — A is drunk: B would take 2, takes 1."""
    s = sentry_table()
    s.set(0, drunk=True)
    s.hand(2, "Danmaku♠8")
    s.answer(2, True, "Danmaku", True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3 and s.value(0, "hp") == 4


# ── 秦心 ──────────────────────────────────────────────────────────────────────
def test_mask_of_hope_views_one_plus_lost_hp_takes_one_suit():
    """希望之面：出牌階段開始時。你可以觀看牌堆頂1+X張牌，然後展示並獲得其中任意數量的同一種花色的牌，其餘以任意順序
    置於牌堆頂。（X為你已損失的體力值）"""
    s = table(["Kokoro", "Koakuma"])
    s.set(0, hp=1)                             # X = 2: three cards
    a, b, c = s.deck_top("Danmaku♠7", "Mochi♡3", "Sake♠9")
    s.answer(0, True, "黑桃", [a, c])
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [a, c]
    assert s.deck.cards[-1] is b
    assert s.asked(0, "option")[0].options == ["黑桃", "紅桃", "不獲得"]
    entries = [list(e) for e in s.game.log.entries if e[0] in ("show", "reveal")]
    assert entries[0] == ["show", [a.id, b.id, c.id], ["P0"]]       # 觀看: her alone
    assert entries[1] == ["reveal", [a.id, c.id]]                   # 展示: everyone
    assert not View(s.game, 1).knows(b)        # the one put back stays unknown to the other seat
    assert View(s.game, 0).knows(b)


def test_mask_of_hope_rest_back_on_top_in_her_order():
    """希望之面：…其餘以任意順序置於牌堆頂。 — she takes the ♡ and puts the two others back, ♣ on top."""
    s = table(["Kokoro", "Koakuma"])
    s.set(0, hp=1)
    a, b, c = s.deck_top("Danmaku♠7", "Mochi♡3", "Sake♣9")
    s.answer(0, True, "紅桃", c)
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [b]
    assert s.deck.cards[-2:] == [a, c]        # c on top, then a


def test_mask_of_hope_full_hp_views_one():
    """希望之面：…觀看牌堆頂1+X張牌… — unwounded, X = 0: one card."""
    s = table(["Kokoro", "Koakuma"])
    [a, _] = s.deck_top("Danmaku♠7", "Mochi♡3")
    s.answer(0, True, "黑桃")
    s.phase(0, "action_phase")
    assert zone_cards(s, 0) == [a]
    assert s.asked(0, "option")[0].options == ["黑桃", "不獲得"]


def test_dark_noh_black_card_into_the_shown_hand_then_discard_to_hp():
    """暗黑能樂：出牌階段，你可以將一張黑色牌置於體力不低於你的其他角色的明牌區，該角色需棄置除獲得的牌以外的手牌直至
    手牌數等於其當前體力值。每階段限一次。"""
    s = table(["Kokoro", "Koakuma"])
    [black] = s.hand(0, "Danmaku♠7")
    theirs = s.hand(1, "Mochi♡3", "Mochi♡4", "Graze♡2", "Graze♢2", "Graze♢3")
    s.answer(0, False, "DarkNoh", "pass")      # 希望之面 declined
    s.answer(1, [theirs[0], theirs[1]])
    s.phase(0, "action_phase")
    assert set(zone_cards(s, 1)) == {black, *theirs[2:]}
    assert s.value(1, "shown") == [black]
    assert theirs[0] in discarded(s) and theirs[1] in discarded(s)
    assert [d.options for d in s.asked(1, "cards")][0] == theirs    # not the card received
    assert "DarkNoh" not in offered_plays(s, 0)[-1]


# ── 二岩猯藏 ──────────────────────────────────────────────────────────────────


def test_transform_needs_one_card_of_the_declared_class():
    """變化：…至少有一張必須和你聲明的牌類別一致。 — two basic cards: only basic cards can be declared."""
    s = table(["Mamizou", "Koakuma"])
    s.hand(0, "Danmaku♠7", "Graze♡2")
    s.answer(0, "Transform", "Sake", "Danmaku", "pass")
    s.phase(0, "action_phase")
    [declared] = s.asked(0, "option")
    assert [k.name for k in declared.options] == ["Danmaku", "NauseaPill", "Sake"]
    assert s.value(0, "drunk") is True


# ── 鬼人正邪 ──────────────────────────────────────────────────────────────────


def test_incite_she_may_name_herself():
    """挑撥：…視為該角色對其攻擊範圍內一名由你指定的另一名角色使用了一張【彈幕】。 — 另一名角色 (not 其他): herself."""
    s = Scenario("thb", ["Seija", "Koakuma", "Mokou"], mode=MODE)
    s.hand(0, "Danmaku♠Q")
    s.hand(1, "Graze♡2")
    s.answer(0, "Incite", s.p(0), False, "pass")       # no 逆轉
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 2
    assert [p.seat for p in s.asked(0, "players")[0].options] == [2, 0]


def test_incite_once_per_phase_and_needs_hand_cards():
    """挑撥：出牌階段限一次… — and a 拼點 needs a hand card on each side."""
    s = Scenario("thb", ["Seija", "Koakuma", "Mokou"], mode=MODE)
    q, _ = s.hand(0, "Danmaku♠Q", "Danmaku♠J")
    s.hand(1, "Graze♡2")
    s.answer(0, "Incite", q, s.p(2), "pass")
    s.phase(0, "action_phase")
    assert "Incite" not in offered_plays(s, 0)[-1]
    s2 = table(["Seija", "Koakuma"])
    s2.hand(0, "Danmaku♠Q")
    s2.phase(0, "action_phase")
    assert "Incite" not in offered_plays(s2, 0)[0]


def test_reversal_more_hand_cards_voids_the_danmaku_into_a_duel():
    """逆轉：當你受到一名其他角色使用的【彈幕】效果時，你可以摸一張牌，然後若此時你的手牌數大於該角色，此彈幕對你無效並
    視為其對你使用了一張【彈幕戰】。 — she draws (2 cards against Koakuma's 1); in the 彈幕戰 she plays first, Koakuma
    has no 彈幕 left and takes 1."""
    s = table(["Koakuma", "Seija"])
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡3")
    [mine] = s.hand(1, "Danmaku♠8")
    [top] = s.deck_top("Graze♡2")
    s.answer(0, d, "pass")
    s.answer(1, True, mine)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3 and s.value(0, "hp") == 3
    assert zone_cards(s, 1) == [top]
    assert not any(d.prompt.startswith("使用擦彈") for d in s.asked(1))


def test_reversal_not_more_cards_just_draws():
    """逆轉：…然後若此時你的手牌數大於該角色… — one card against two: the 彈幕 stands (she may still graze)."""
    s = table(["Koakuma", "Seija"])
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(0, "Mochi♡3", "Mochi♡4")
    [top] = s.deck_top("Sake♣9")
    s.answer(0, d, "pass")
    s.answer(1, True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2
    assert zone_cards(s, 1) == [top]
    assert not any(isinstance(e["card"], dict) and e["card"]["as"] == "DanmakuDuel" for e in s.events("use_card"))


# ── 梅蒂欣·梅蘭可莉 ───────────────────────────────────────────────────────────


def melancholy_table(*drawn: str):
    s = table(["Koakuma", "Medicine"])
    s.set(0, hp=3)
    [d] = s.hand(0, "Danmaku♠7")
    [mochi] = s.hand(0, "Mochi♡3")
    top = s.deck_top(*drawn)
    s.answer(0, d, lambda dec: _pick(dec, mochi))      # then the quiet default passes
    s.answer(1, True)
    return s, mochi, top


def _pick(dec, card):
    """The option playing `card` if it is offered, else passing."""
    for i, o in enumerate(dec.options):
        if o is not None and o.card is card:
            return i
    return len(dec.options) - 1


def test_melancholy_poison_source_cannot_use_hand_cards():
    """憂鬱之毒：每當你受到X點有來源的傷害後，你可以摸X張牌並展示之，若其中有不為梅花的牌，傷害來源無法使用或打出手牌
    直到該回合結束。 — a ♡ drawn: Koakuma's 麻薯 is no longer offered and stays in her hand."""
    s, mochi, top = melancholy_table("Mochi♡4")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == top
    assert s.value(0, "hp") == 3 and zone_cards(s, 0) == [mochi]
    assert "Mochi" not in s.offered(0)
    assert s.value(0, "melancholy_turn") == s.game.turns


def test_melancholy_poison_all_clubs_no_effect():
    """憂鬱之毒：…若其中有不為梅花的牌… — a ♣ drawn: Koakuma may still use her 麻薯."""
    s, mochi, top = melancholy_table("Sake♣9")
    s.phase(0, "action_phase")
    assert zone_cards(s, 1) == top
    assert s.value(0, "hp") == 4 and mochi in discarded(s)


def test_melancholy_poison_x_cards_for_x_damage():
    """憂鬱之毒：每當你受到X點有來源的傷害後，你可以摸X張牌… — a drunk 彈幕: 2 damage, 2 cards."""
    s, mochi, top = melancholy_table("Sake♣9", "Sake♣9")
    s.set(0, drunk=True)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 1 and zone_cards(s, 1) == top


def test_melancholy_poison_no_play_either():
    """憂鬱之毒：…傷害來源無法使用或打出手牌… — asked to play (打出) a 彈幕, her hand card cannot answer."""
    s, mochi, top = melancholy_table("Mochi♡4")
    s.phase(0, "action_phase")
    s.hand(0, "Danmaku♠8")
    answered = s.call("answered", s.p(0), s.pack.kinds["Danmaku"], "play", "test", None)
    assert answered is False
    assert s.asked(0, "card") == []           # not even asked


def test_melancholy_poison_until_the_end_of_that_turn():
    """憂鬱之毒：…直到該回合結束。 — in the next turn Koakuma uses her cards again."""
    s, mochi, top = melancholy_table("Mochi♡4")
    s.phase(0, "action_phase")
    s.turn(1)
    s.answer(0, mochi, "pass")
    s.phase(0, "action_phase")
    assert mochi in discarded(s)


# ── interactions ─────────────────────────────────────────────────────────────


def test_neurotoxin_on_suika_sobering_draws_with_drunken_dream():
    """神經之毒：…其失去喝醉狀態並選擇一項… 醉夢：鎖定技，當你失去喝醉狀態時，你摸1張牌。"""
    s = table(["Medicine", "Suika"])
    s.game.grant(s.p(1), s.pack.skills["DrunkenDream"])
    s.hand(0, "Mochi♡3")
    s.answer(0, True)
    s.phase(1, "prepare_phase")
    [top] = s.deck_top("Sake♣9")
    s.phase(1, "end_phase")                    # no hand card but the one 醉夢 draws after sobering: she chooses
    assert s.value(1, "drunk") is False
    assert s.events("draw")[0]["player"] == "P1"
    assert [d.options for d in s.asked(1, "option")] == [["棄置一張手牌並令其摸一張牌", "受到一點無來源傷害"]]
