"""The THB deck is the rulebook's, as GLOSSARY §4 corrects it: read from the seed itself and compared.

卡牌數量：三種類型的卡牌一共144張。
"""
import re
from collections import Counter
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.faces import card_face

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_ee2e4549e093109f.txt"
PACK = load_pack("thb")
BY_LABEL = {k.label: k.name for k in PACK.kinds.values()}

def seed_lists() -> dict[str, list[str]]:
    """Card kind → the copies printed under its heading in the rulebook."""
    out, current = {}, None
    for line in SEED.read_text("utf-8").splitlines():
        name = line.strip().replace(" ", "")
        if name in BY_LABEL:
            current = BY_LABEL[name]
        m = re.match(r"卡牌花色/數量：(?:（\d+）)?(.*)", line.strip())
        if m and current:
            out[current] = re.findall(r"[♠♡♣♢](?:10|[2-9AJQK])", m.group(1))
            current = None
    return out


@pytest.mark.skipif(not SEED.exists(), reason="the rulebook is not beside this checkout")
def test_deck_matches_the_rulebook_as_corrected():
    printed = seed_lists()
    # T1/T2: the 罪袋 heading's ♠9♠10♡10 are 封魔陣's; the real 罪袋 is ♠A♡A (upstream).
    printed["SealingArray"] = printed.pop("Sinsack")
    printed["Sinsack"] = ["♠A", "♡A"]
    # T4: 萊瓦汀 ♢A → ♢J, 魔導書 ♢J → ♢Q.
    printed["Laevatein"] = ["♢J"]
    printed["Grimoire"] = ["♢Q"]
    ours: dict[str, Counter] = {}
    for kind, values in PACK.decks["standard"]:
        ours.setdefault(kind, Counter())[card_face(PACK, values)] += 1
    assert set(ours) == set(printed) == set(PACK.kinds), set(PACK.kinds) ^ set(printed)
    for kind, copies in printed.items():
        assert ours[kind] == Counter(copies), kind


def test_144_cards_36_per_suit_and_the_regular_grid():
    deck = PACK.decks["standard"]
    assert len(deck) == 144
    faces = Counter(card_face(PACK, v) for _, v in deck)
    for suit in "♠♡♣♢":
        assert sum(n for f, n in faces.items() if f[0] == suit) == 36
        for rank in ["A"] + [str(i) for i in range(2, 11)] + ["J", "Q", "K"]:
            assert faces[suit + rank] == (2 if rank in ("5", "6", "7") else 3), suit + rank
