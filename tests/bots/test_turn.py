"""常规行动流程 and the counters: the phases of a turn, drawing (and the spirit it restores), the discard
phase's spirit limit, the mode switch, and the reshuffle of the main deck.

Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks.
"""
import json

from ._helpers import TWO, asked, hand, scenario, set_spirit


def test_a_turn_runs_its_phases_in_order():
    """每名玩家每[回合]需要进行如下几个阶段的行动：0.回合开始 1.抽牌阶段 2.射击阶段 3.出牌阶段 4.模式切换阶段
    5.弃牌阶段 6.回合结束，进入下一名玩家行动回合。"""
    s = scenario(TWO)
    s.turn(0)
    phases = [json.loads(e)[1] for e in s.log() if e.startswith('["phase"')]
    assert phases == ["turn_start", "draw_phase", "shooting_phase", "action_phase", "mode_switch_phase",
                      "discard_phase", "turn_end"]


def test_draw_phase_draws_two_from_the_main_deck():
    """1.抽牌阶段：从[主牌堆]抽取2张卡牌加入[手牌]"""
    s = scenario(TWO)
    top = s.deck_top("Dodge", "Strike")
    s.phase(0, "draw_phase")
    assert s.p(0).z["hand"].cards == top


def test_drawing_from_the_main_deck_restores_as_much_spirit():
    """灵力：…玩家从主牌堆直接抽牌入手牌时将恢复与所抽张数相等的灵力。"""
    s = scenario(TWO)
    set_spirit(s, 0, 1)
    s.phase(0, "draw_phase")
    assert s.value(0, "spirit") == 3
    s.phase(0, "draw_phase")
    assert s.value(0, "spirit") == 4          # 灵力上限：玩家[灵力]最高可加置此值数


def test_cards_received_from_a_player_restore_no_spirit():
    """…从主牌堆直接抽牌入手牌时 — only drawing from the main deck restores spirit."""
    s = scenario(TWO)
    set_spirit(s, 0, 1)
    [c] = hand(s, 1, "Dodge")
    s.call("give", [c], s.p(0), s.p(1), "give")
    assert s.value(0, "spirit") == 1


def test_the_main_deck_is_rebuilt_from_the_discards_when_it_runs_out():
    """主牌堆被抽取完后，将所有被弃置的卡牌重新整理并进行切洗，成为新的主牌堆。"""
    s = scenario(TWO)
    deck, pile = s.game.z["deck"], s.game.z["discard_pile"]
    rest = list(deck.cards)
    s.game.move(rest[:-1], pile)              # one card left in the deck
    s.phase(0, "draw_phase")
    assert len(s.p(0).z["hand"].cards) == 2
    assert len(deck.cards) == 80 - 2 and len(pile.cards) == 0


def test_discard_phase_discards_down_to_current_spirit():
    """5.弃牌阶段：将[手牌]弃置直至剩余数量等于玩家目前的[灵力]点数。 (B10: the limit is spirit, not HP.)"""
    s = scenario(TWO)
    hand(s, 0, "Strike", "Strike", "Dodge", "Dodge", "MagicPotion")
    set_spirit(s, 0, 2)
    s.phase(0, "discard_phase")
    assert len(s.p(0).z["hand"].cards) == 2
    [d] = asked(s, 0, "cards")
    assert d.min == d.max == 3
    assert s.value(0, "hp") == 4


def test_discard_phase_keeps_a_hand_within_spirit():
    """将[手牌]弃置直至剩余数量等于玩家目前的[灵力]点数 — nothing to do when it already is."""
    s = scenario(TWO)
    hand(s, 0, "Strike", "Strike")
    s.phase(0, "discard_phase")
    assert len(s.p(0).z["hand"].cards) == 2
    assert asked(s, 0) == []


def test_mode_switch_phase_switches_freely_and_back():
    """4.模式切换阶段：在每回合的模式切换阶段中你可以在两种自机模式种自由切换。 游戏开始时玩家默认为处于正常模式。
    正常模式：此模式下玩家将获得两个[技能]：[擦弹]和[灵防]。"""
    s = scenario(TWO)
    skills = lambda: {i.skill.name for i in s.p(0).skills}
    assert s.value(0, "ship_mode") == "normal_mode" and {"Graze", "SpiritGuard"} <= skills()
    s.answer(0, "focus_mode")
    s.phase(0, "mode_switch_phase")
    assert s.value(0, "ship_mode") == "focus_mode"
    assert "Graze" not in skills() and "SpiritGuard" not in skills() and "FocusMode" in skills()
    s.answer(0, "normal_mode")
    s.phase(0, "mode_switch_phase")
    assert s.value(0, "ship_mode") == "normal_mode" and {"Graze", "SpiritGuard"} <= skills()
    assert "FocusMode" not in skills()


def test_staying_in_a_mode_changes_nothing():
    """…你可以在两种自机模式种自由切换 — or not."""
    s = scenario(TWO)
    s.answer(0, "normal_mode")
    s.phase(0, "mode_switch_phase")
    assert s.value(0, "ship_mode") == "normal_mode"
    assert [i.skill.name for i in s.p(0).skills].count("Graze") == 1


def test_a_judgement_flips_the_top_card_and_discards_it():
    """*判定：从[主牌堆]翻取1张卡牌，查看其花色及点数。该卡牌在判定结束后即被弃置。"""
    s = scenario(TWO)
    [top] = s.deck_top("Dodge♠9")
    ev = s.perform("judge", player=s.p(0))
    assert ev.p["card"] is top and top.a["suit"] == "spade" and top.a["rank"] == 9
    assert top in s.game.z["discard_pile"].cards
