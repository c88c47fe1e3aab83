"""异能斗技: the legendary cards (传奇/传说卡牌) and the field (界场卡区域).

Each docstring quotes the rulebook (shared/seeds/003_567f94cc5b9e4b48.txt) sentence it checks.
"""
from ._helpers import Esper, plays

ALL = ("Anna", "Yuri", "Lisalina")
OTHERS = ("GuanZixiao", "Lantis", "Anna")


def play_field(s, kind, seat=0, who="Anna"):
    """Player `seat` puts the field card `kind` into play in `who`'s turn (paying its cost)."""
    c = s.hand(seat, kind)[0]
    s.energy(seat, *["Coffee"] * c.a["cost"])
    s.answer(seat, c)
    s.act(s.ch(seat, who))
    return c


def test_a_field_card_stays_in_the_field_zone():
    """界场卡区域：该区域放置你能够持续生效的卡牌，这些卡牌在持续时间结束后才会进入弃牌堆。
    【界场】：该卡牌使用后会保留在场上直到条件不满足维持其在场上的存在，最常见的就是持续3回合。"""
    s = Esper()
    flame = play_field(s, "FearlessFlame")
    assert flame.zone is s.p(0).z["field"]
    assert s.val(flame, "left") == 3
    assert s.untapped(0) == 0


def test_one_field_card_per_player():
    """该区域一次最多承载1张能够持续生效的卡牌。 … 每个玩家的场上一次最多有1个界场。"""
    s = Esper(ALL)
    play_field(s, "FearlessFlame")
    s.hand(0, "KnightsJustice")
    s.energy(0, "Coffee", "Coffee", "Coffee")
    s.act(s.ch(0, "Yuri"))
    assert "KnightsJustice" not in plays(s, 0)[-1]


def test_release_once_per_round_without_ending_the_turn():
    """D、释放界场效果：你将界场卡区域的可持续的牌翻面，然后视为你在本回合释放过了该牌的效果。这个行动不会直接结束角色的回合。
    这些牌的效果每轮仅能触发至多1次，并且一般情况下需要在你的角色的回合才能触发。"""
    s = Esper()
    play_field(s, "FearlessFlame")
    lantis = s.ch(1, "Lantis")
    before = len(plays(s, 0))
    s.answer(0, "ReleaseField", lantis)
    s.act(s.ch(0, "Yuri"))
    assert s.hp(lantis) == 9
    assert len(plays(s, 0)) - before == 2      # the play that released it, then the turn went on
    assert "ReleaseField" not in plays(s, 0)[-1]
    s.act(s.ch(0, "Lisalina"))                 # the same round: flipped, not again
    assert "ReleaseField" not in plays(s, 0)[-1]
    s.phase(0, "end_of_round_cleanup")
    s.act(s.ch(0, "Lisalina"))
    assert "ReleaseField" in plays(s, 0)[-1]


def test_field_card_lasts_its_duration_in_rounds():
    """（4）、结束清算：…将持续存在的牌的可持续回合-1，然后将其复原。如果其剩余可持续回合为0，则你将其置入弃牌堆。
    (reading C6: 持续N回合 counts rounds)"""
    s = Esper()
    scale = play_field(s, "DragonScale", who="Lisalina")
    s.phase(0, "end_of_round_cleanup")
    assert scale.zone is s.p(0).z["field"]
    s.phase(0, "end_of_round_cleanup")
    assert scale.zone is s.p(0).z["discard_pile"]


def test_fearless_flame():
    """可带传说卡牌：无畏之火：<3>，持续3回合，造成1点伤害，令环境中添加1《热》。【界场】"""
    s = Esper()
    play_field(s, "FearlessFlame", who="Yuri")
    guan = s.ch(1, "GuanZixiao")
    s.answer(0, "ReleaseField", guan)
    s.act(s.ch(0, "Yuri"))
    assert s.hp(guan) == 9 and s.env_levels()["hot"] == 1


def test_knights_justice():
    """传说：骑士的正义：<3>，持续2回合，令环境中添加1《湿》，使得一个目标己方单位恢复2点生命。"""
    s = Esper()
    play_field(s, "KnightsJustice", who="Yuri")
    anna = s.ch(0, "Anna")
    s.setv(anna, "hp", 2)
    s.answer(0, "ReleaseField", anna)
    s.act(s.ch(0, "Yuri"))
    assert s.hp(anna) == 4 and s.env_levels()["wet"] == 1
    assert s.val(s.p(0).z["field"].cards[0], "left") == 2


def test_dragon_scale():
    """传说：龙鳞：<3>，持续2回合，令环境中获得1《冷》，直至目标角色的下个回合，使其获得2点格挡。"""
    s = Esper()
    play_field(s, "DragonScale", who="Yuri")
    anna = s.ch(0, "Anna")
    s.answer(0, "ReleaseField", anna)
    s.act(s.ch(0, "Yuri"))
    assert s.block(anna) == 2 and s.env_levels()["cold"] == 1
    s.act(anna)
    assert s.block(anna) == 0


def test_sandstorm_erosion_discards_the_opponents_field():
    """传说：风沙侵蚀：<2>，令环境中添加2《干》，将对方的界场置入弃牌堆。 (no 持续: one-shot, C7)"""
    s = Esper(OTHERS, ALL)
    theirs = s.zone(1, "field", "KnightsJustice")[0]
    erosion = s.hand(0, "SandstormErosion")[0]
    s.energy(0, "Coffee", "Coffee")
    s.answer(0, erosion)
    s.act(s.ch(0, "GuanZixiao"))
    assert theirs.zone is s.p(1).z["discard_pile"]
    assert erosion.zone is s.p(0).z["discard_pile"]
    assert s.env_levels()["dry"] == 2


def test_prosfa_gives_mark_and_power_until_the_end_of_its_turn():
    """传说：普洛斯法：<3>，持续3回合，使得一个目标己方单位直到其回合结束前获得攻击标志和+1力量。"""
    s = Esper(OTHERS, ALL)
    play_field(s, "Prosfa", who="GuanZixiao")
    lantis, anna = s.ch(0, "Lantis"), s.ch(1, "Anna")
    s.front(lantis, 1)
    s.answer(0, "ReleaseField", lantis, "MeleeAttack", anna)
    s.act(lantis)
    assert s.hp(anna) == 6 - 5                 # power 4 + 1, with the mark (重拳 adds nothing then)
    assert not s.call("has_mark", lantis)      # over at the end of its turn


def test_prosfa_on_another_ally_lasts_into_its_turn():
    """普洛斯法：…使得一个目标己方单位直到其回合结束前获得攻击标志和+1力量。"""
    s = Esper(OTHERS, ALL)
    play_field(s, "Prosfa", who="GuanZixiao")
    lantis = s.ch(0, "Lantis")
    s.answer(0, "ReleaseField", lantis)
    s.act(s.ch(0, "Anna"))
    assert s.call("has_mark", lantis) and s.call("power_of", lantis) == 5
    s.act(lantis)
    assert not s.call("has_mark", lantis)


def test_a_legendary_card_stays_usable_after_its_character_has_fallen():
    """传奇道具牌需要携带了相应角色才能携带 (reading R31: 携带 is a deck-building rule; nothing in print ties using the
    card to its character being alive, so 无畏之火 is still played, in Yuri's turn, after 安娜 has fallen)."""
    s = Esper()
    anna = s.ch(0, "Anna")
    s.perform("die", character=anna)
    assert anna.zone is s.p(0).z["fallen"]
    flame = play_field(s, "FearlessFlame", who="Yuri")
    assert flame.zone is s.p(0).z["field"]
