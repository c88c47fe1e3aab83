"""异能斗技: deck building (准备阶段) and the start of the game (游戏开始阶段).

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks.
"""

from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import DeclineAgent
from spellcard.runtime.engine.game import Game

from ._helpers import Esper


def deck_problem(s, chars, deck):
    return s.func("deck_problem", chars, deck)


def legal_deck(s, seat=0):
    return s.func("recommended_deck", s.p(seat))


def box_cards(s, kind, n):
    out = [c for c in s.deck.cards if c.kind.name == kind][:n]
    assert len(out) == n
    return out


def chars(s, seat=0):
    return list(s.p(seat).z["roster"].cards)


def test_recommended_deck_is_legal():
    """玩家在开始游玩前需要准备一套套牌，包括三个角色，以及一副总计40张的，包括了资源牌和道具牌且符合要求的牌堆。"""
    s = Esper(("Anna", "Yuri", "Lantis"))
    deck = legal_deck(s)
    assert len(deck) == 40
    assert deck_problem(s, chars(s), deck) == ""
    legends = sorted(c.kind.name for c in deck if c.a["category"] == "legend")
    assert legends == ["FearlessFlame", "FearlessFlame", "KnightsJustice", "KnightsJustice", "Prosfa", "Prosfa"]


def test_more_than_five_of_an_item_is_refused():
    """一般而言，一套卡组内同种道具牌的数量上限为5张"""
    s = Esper()
    deck = [c for c in legal_deck(s) if c.kind.name != "Book"]
    books = box_cards(s, "Book", 6)
    deck = books + [c for c in deck if c.a["category"] == "resource"]
    deck += [c for c in s.deck.cards if c.a["category"] == "item" and c.kind.name != "Book"][:40 - len(deck)]
    assert len(deck) == 40
    assert deck_problem(s, chars(s), deck) == "同种道具牌最多5张，【书本】有6张"
    assert deck_problem(s, chars(s), books[:5] + deck[6:] + box_cards(s, "Matches", 1)) == ""


def test_more_than_ten_of_an_energy_card_is_refused():
    """玩家的同种资源牌在一套卡组内最多携带10张"""
    s = Esper()
    coffee = box_cards(s, "Coffee", 11)
    items = [c for c in s.deck.cards if c.a["category"] == "item"]
    picked, seen = [], {}
    for c in items:                                  # 29 items, at most 5 of a kind
        if seen.get(c.kind.name, 0) < 5 and len(picked) < 29:
            picked.append(c)
            seen[c.kind.name] = seen.get(c.kind.name, 0) + 1
    assert deck_problem(s, chars(s), coffee + picked) == "同种资源牌最多10张，【咖啡】有11张"
    assert deck_problem(s, chars(s), coffee[:10] + picked + box_cards(s, "Mocha", 1)) == ""


def test_a_deck_without_resource_cards_or_without_item_cards_is_refused():
    """一副总计40张的，包括了资源牌和道具牌且符合要求的牌堆 — 40 items and no resource card, or 40 resource cards
    and no item, is not such a deck."""
    s = Esper(("Anna", "Yuri", "Lisalina"))
    items, seen = [], {}
    for c in s.deck.cards:
        if c.a["category"] == "item" and seen.get(c.kind.name, 0) < 5 and len(items) < 40:
            items.append(c)
            seen[c.kind.name] = seen.get(c.kind.name, 0) + 1
    assert deck_problem(s, chars(s), items) == "牌堆需要包括资源牌"
    energy = [c for kind in ("Coffee", "Mocha", "Espresso", "HotTea") for c in box_cards(s, kind, 10)]
    assert deck_problem(s, chars(s), energy) == "牌堆需要包括道具牌"
    assert deck_problem(s, chars(s), energy[:39] + items[:1]) == ""


def test_legendary_card_needs_its_character():
    """但是传奇道具牌需要携带了相应角色才能携带"""
    s = Esper(("Anna", "Yuri", "Lisalina"))
    deck = legal_deck(s)
    deck = [c for c in deck if c.a["category"] != "legend"] + box_cards(s, "Prosfa", 1)
    deck += [c for c in s.deck.cards if c.kind.name == "Sponge"][:40 - len(deck)]
    assert deck_problem(s, chars(s), deck) == "传奇卡牌【普洛斯法】需要携带相应的角色"


def test_at_most_two_of_a_legendary_card():
    """其数量也削减为2张。"""
    s = Esper(("Anna", "Yuri", "Lisalina"))
    deck = [c for c in legal_deck(s) if c.kind.name != "FearlessFlame"]
    deck = deck[:37] + box_cards(s, "FearlessFlame", 3)
    assert deck_problem(s, chars(s), deck) == "传奇卡牌最多2张，【无畏之火】有3张"


def test_deck_must_have_forty_cards_and_three_characters():
    """包括三个角色，以及一副总计40张的 … 牌堆。"""
    s = Esper()
    deck = legal_deck(s)
    assert deck_problem(s, chars(s), deck[:39]) == "牌堆需要40张牌，而不是39张"
    assert deck_problem(s, chars(s)[:2], deck) == "需要3名角色，而不是2名"
    lantis = box_cards(s, "Lantis", 1)
    assert deck_problem(s, chars(s), deck[:39] + lantis) == "角色牌【兰提斯-普洛斯法】不能放入牌堆"


def test_setup_refuses_an_illegal_deck_with_its_reason():
    """传奇道具牌需要携带了相应角色才能携带 — a deck that breaks it is refused, saying why, and the
    player gets the recommended legal deck instead."""
    pack = Esper().pack

    def bad_deck(d):            # 40 cards that include six copies of one item
        books = [i for i, c in enumerate(d.options) if c.kind.name == "Book"][:6]
        rest = [i for i, c in enumerate(d.options) if c.kind.name in ("Coffee", "Mocha")][:34]
        return books + rest

    script0 = [["Anna", "Yuri", "Lisalina"], "Anna", "Yuri", "自选卡组", bad_deck]
    agents = [ScriptedAgent(script0, DeclineAgent()), DeclineAgent()]
    g = Game(pack, "Duel", 2, agents, seed=1, log=True, check_invariants=True)
    g.start()
    said = [line for line in g.log.lines() if line.startswith('["say"')]
    assert said == ['["say","P0 的卡组不合法: 同种道具牌最多5张，【书本】有6张"]']
    p0 = g.players[0]
    deck = list(p0.z["library"].cards) + list(p0.z["hand"].cards)
    assert len(deck) == 40
    assert pack.funcs["deck_problem"](g, list(p0.z["roster"].cards), deck) == ""


def test_setup_accepts_a_legal_chosen_deck():
    """一副总计40张的，包括了资源牌和道具牌且符合要求的牌堆。"""
    pack = Esper().pack

    def good_deck(d):
        picks, seen = [], {}
        for i, c in enumerate(d.options):
            k = c.kind.name
            cap = 10 if c.a["category"] == "resource" else 5
            if c.a["category"] == "legend" or seen.get(k, 0) >= cap or len(picks) >= 40:
                continue
            if c.a["category"] == "resource" and sum(1 for j in picks if d.options[j].a["category"] == "resource") >= 15:
                continue
            picks.append(i)
            seen[k] = seen.get(k, 0) + 1
        return sorted(picks)

    agents = [ScriptedAgent([["Anna", "Yuri", "Lisalina"], "Anna", "Yuri", "自选卡组", good_deck], DeclineAgent()),
              DeclineAgent()]
    g = Game(pack, "Duel", 2, agents, seed=2, log=True, check_invariants=True)
    g.start()
    assert not [line for line in g.log.lines() if line.startswith('["say"')]
    p0 = g.players[0]
    assert len(p0.z["library"].cards) + len(p0.z["hand"].cards) == 40


def test_duel_setup_places_three_characters_in_the_back_row():
    """双方的角色初始位于后排区域 … 游戏开始玩家会获得5张道具牌"""
    g = Game(Esper().pack, "Duel", 2, [RandomAgent(3), RandomAgent(4)], seed=3, check_invariants=True)
    g.start()
    for p in g.players:
        roster = p.z["roster"].cards
        assert len(roster) == 3
        assert sorted(g.card_values[(c.id, "home")] for c in roster) == [1, 2, 3]
        assert all(g.card_values.get((c.id, "front"), 0) == 0 for c in roster)
        assert all(g.card_values[(c.id, "hp")] == c.a["life"] for c in roster)
        assert len(p.z["hand"].cards) == 5
        assert len(p.z["library"].cards) == 35
        assert {s.skill.name for s in p.skills} >= {"MeleeAttack", "Advance", "Retreat", "ReleaseField"}


def test_higher_speed_total_gets_initiative():
    """玩家在进行这项操作后需要进行速度对比，双方角色速度总计较高的一方获得更高的行动权重"""
    # Yuri 4 + Lantis 4 + Guan 3 = 11 against Anna 2 + Lisalina 2 + Guan 3 = 7.
    s = Esper(("Anna", "Lisalina", "GuanZixiao"), ("Yuri", "Lantis", "GuanZixiao"))
    s.call("decide_initiative")
    assert s.table("initiative") is s.p(1)
    assert s.game.current is s.p(1)        # and prepares first each round


def test_equal_speed_totals_settle_initiative_fairly():
    """如果速度总计相等，可以用任何公平的手段决定行动权重的归属 — a random draw."""
    winners = set()
    for seed in range(12):
        s = Esper(("Anna", "Yuri", "Lisalina"), ("Anna", "Yuri", "Lisalina"), seed=seed)
        s.call("decide_initiative")
        winners.add(s.table("initiative").seat)
    assert winners == {0, 1}


def test_opening_hand_is_five_cards():
    """然后双方各自从牌库顶获得5张牌"""
    s = Esper()
    s.library(0, *["Book"] * 3, *["Coffee"] * 5)
    s.call("opening_hand", s.p(0))
    assert len(s.p(0).z["hand"].cards) == 5


def test_mulligan_keeps_at_most_one_card_and_redraws_to_five():
    """如果对这5张牌不满意，可以进行唯一一次更换，留下至多1张牌并且将其他牌塞回牌堆中洗混，然后再从牌库顶抽牌直到你的手牌总计5张。"""
    s = Esper()
    s.library(0, *["Coffee"] * 5)
    s.library(0, *["Book"] * 5)          # the top five are books
    s.answer(0, True, ["Book"])
    s.call("opening_hand", s.p(0))
    hand = s.p(0).z["hand"].cards
    assert len(hand) == 5
    assert len(s.p(0).z["library"].cards) == 5
    keep = [d for d in s.agents[0].log if d.prompt == "留下哪张牌?"]
    assert len(keep) == 1 and keep[0].min == 0 and keep[0].max == 1
    assert len([d for d in s.agents[0].log if "更换" in d.prompt]) == 1      # 唯一一次
