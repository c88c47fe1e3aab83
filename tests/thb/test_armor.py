"""The five armors (防具) of THB: 光學迷彩 陽傘 巫女服 西行妖 天狗盾, each proved by scenarios.

Docstrings quote the rulebook (seeds/000, 裝備牌); readings are GLOSSARY §4 ids. The seed lists 陽傘 as
洋傘 (T5) and writes 回響 for 響應 on 巫女服 (T7). Koakuma (seat 0) is the attacker unless said otherwise;
Mokou (seat 1) wears the armor.

Most of these tests are written in the language, in rules/thb/tests/armor.spell
(docs/testing.md); the ones here need Python.
"""
from spellcard.scenario import Scenario

from .helpers import MODE


# ── 巫女服 (reading T7) ─────────────────────────────────────────────────────────


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
