"""The twelve weapons (武器) of THB, each proved by scenarios, with their 攻擊範圍.

Every docstring quotes the rulebook (seeds/000, 裝備牌). Readings are GLOSSARY §4 ids; 萊瓦汀 and
魔導書 follow reading T4 (the seed prints the two cards shifted). Characters are picked for quiet
skills: Koakuma (尋找, an active), Mokou (浴火/重生, only at the prepare and end phases), Rumia,
Marisa and Seiga (actives), Tewi (幸運: only when she loses her last hand card).

Most of these tests are written in the language, in rules/thb/tests/weapons.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.runtime.decisions import label
from spellcard.runtime.model import Play
from spellcard.scenario import Scenario

from .helpers import MODE, SIX, discard_pile, questions

EIGHT = SIX + ["Youmu", "Suika"]           # seat 4 is 4 away; with a 綠色UFO, 5


# ── 團扇 ────────────────────────────────────────────────────────────────────────


def test_round_fan_needs_a_hand_card_and_target_equipment():
    """團扇: 你可以棄置一張手牌，然後棄置其裝備區裡的一張牌 — without a hand card it is not offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "RoundFan")
    [d] = s.hand(0, "Danmaku♠7")
    s.equip(1, "FrogHat")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.cards_in(1, "equip_zone") == ["FrogHat"]
    assert questions(s, 0) == [] and s.value(1, "hp") == 3
    s2 = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)          # …nor against a target with no equipment
    s2.equip(0, "RoundFan")
    d, sake = s2.hand(0, "Danmaku♠7", "Sake♠9")
    s2.answer(0, d)
    s2.phase(0, "action_phase")
    assert s2.cards_in(0) == ["Sake"]
    assert questions(s2, 0) == [] and s2.value(1, "hp") == 3


# ── 緋想之劍 ────────────────────────────────────────────────────────────────────


def test_sword_of_hisou_not_the_last_card_one_target():
    """緋想之劍: only 是你的最後一張手牌 — with another card in hand, one target."""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Marisa"], mode=MODE)
    s.equip(0, "SwordOfHisou")
    d, _ = s.hand(0, "Danmaku♠7", "Mochi♡3")
    assert s.query("danmaku_targets", s.p(0), d) == 1
    s.answer(0, d, [s.p(1)])
    s.phase(0, "action_phase")
    players_asked = [x for x in s.agents[0].log if x.what == "players"]
    assert players_asked[-1].max == 1
    assert [s.value(i, "hp") for i in (1, 2, 3)] == [3, 3, 4]


# ── 魔導書 (reading T4) ────────────────────────────────────────────────────────
def test_grimoire_heart_as_feast_uses_up_the_danmaku():
    """魔導書 — the seed prints under it "攻擊範圍：3 裝備效果：當你使用的【彈幕】被目標角色使用的【擦彈】
    抵消時，你可以棄置兩張牌，令此【彈幕】依然生效。", which is 萊瓦汀's effect (GLOSSARY §4 T4). Reading T4
    (upstream, not seed text): ♢Q, range 1; once per action phase, while the phase's 彈幕 is unused, a hand
    card is used by suit as ♠罪袋狂歡 ♡宴會 ♣地圖炮 ♢五穀豐登, and that uses up the 彈幕.
    宴會：…已受傷的角色回復一點體力，未受傷的角色獲得喝醉狀態。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire")
    s.set(0, hp=3)
    heart, d = s.hand(0, "Graze♡2", "Danmaku♠7")
    s.answer(0, lambda dd: next(i for i, o in enumerate(dd.options)
                                if isinstance(o, Play) and o.card is not None and o.card.kind.name == "Feast"))
    s.phase(0, "action_phase")
    assert s.value(0, "hp") == 4
    assert s.value(1, "drunk") is True
    assert "Graze" in discard_pile(s)
    assert s.value(0, "danmaku_used") == 1
    assert s.cards_in(0) == ["Danmaku"]
    last = s.offered(0)
    assert "Danmaku" not in last and not {"SinsackCarnival", "Feast", "MapCannon", "Harvest"} & set(last)


def test_grimoire_not_after_a_danmaku():
    """魔導書 (reading T4): 若你未使用過【彈幕】 — after the phase's 彈幕, no conversion is offered."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "Grimoire")
    d, _ = s.hand(0, "Danmaku♠7", "Sake♣9")
    s.answer(0, d)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    plays = [x for x in s.agents[0].log if x.what == "play"]
    assert {"SinsackCarnival", "MapCannon"} <= {label(o) for o in plays[0].options}   # before: offered
    assert not {"SinsackCarnival", "MapCannon"} & set(s.offered(0))               # after: not


# ── 念寫機 ──────────────────────────────────────────────────────────────────────


def test_nensha_phone_declined_or_one_card():
    """念寫機: 可以 — declined, nothing is shown; a target with one hand card shows that one."""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s.equip(0, "NenshaPhone")
    [d] = s.hand(0, "Danmaku♠7")
    s.hand(1, "Mochi♡3", "Sake♠9")
    s.answer(0, d, False)
    s.phase(0, "action_phase")
    assert s.value(1, "shown") == []
    s2 = Scenario("thb", ["Koakuma", "Mokou"], mode=MODE)
    s2.equip(0, "NenshaPhone")
    [d] = s2.hand(0, "Danmaku♠7")
    [m] = s2.hand(1, "Mochi♡3")
    s2.answer(0, d, True)
    s2.phase(0, "action_phase")
    assert s2.value(1, "shown") == [m]
