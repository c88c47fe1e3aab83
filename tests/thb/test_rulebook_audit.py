"""The rulebook deviations a clause-by-clause audit found (issue 8): each scenario quotes the sentence
of 000_ee2e4549e093109f.txt it checks; the reading chosen is also in rules/thb/README.md."""
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.scripted import ScriptedAgent
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import YES_NO, DeclineAgent
from spellcard.runtime.defs import CharacterDef
from spellcard.runtime.engine.game import Game
from spellcard.scenario import Scenario

from .helpers import discarded, dist, table, zone_cards


# ── 小野冢小町 彼岸 ────────────────────────────────────────────────────────────
def higan_on(s, seat: int) -> None:
    """Komachi (seat 0) discards her one card and designates `seat` with 彼岸."""
    s.hand(0, "Mochi♡3")
    s.answer(0, "Higan", s.p(seat), "pass")
    s.phase(0, "action_phase")


def test_higan_counts_as_one_over_a_green_ufo_equipped_later():
    """彼岸：…你可以棄置一張牌並指定一名角色，你與其距離視為1直到回合結束。 — 視為1 is a `set`: a +1
    granted after it (the target's 綠色UFO) does not make the distance 2."""
    s = table(["Komachi", "Koakuma", "Mokou", "Rumia"])
    s.equip(3, "GreenUfo")                    # the +1 works on someone 彼岸 did not designate
    assert dist(s, 0, 3) == 2
    higan_on(s, 2)
    assert dist(s, 0, 2) == 1
    s.equip(2, "GreenUfo")
    assert dist(s, 0, 2) == 1


def test_higan_counts_as_one_over_flight_granted_later():
    """彼岸：…你與其距離視為1直到回合結束。 — 靈夢's 飛行 (+1 to her), granted after 彼岸, does not undo it."""
    s = table(["Komachi", "Koakuma", "Mokou", "Rumia"])
    higan_on(s, 2)
    s.game.grant(s.p(2), s.game.pack.skills["Flight"])
    assert dist(s, 0, 2) == 1
    assert dist(s, 1, 2) == 2                 # the others' distance to her still gets the +1


def test_higan_may_designate_herself():
    """彼岸：…指定一名角色…若該角色為全場體力最少的角色（或之一），你可以棄置其一張牌或摸一張牌。
    — 一名角色, not 一名其他角色: she may name herself, and with the lowest HP she gets the bonus."""
    s = table(["Komachi", "Koakuma"])
    [cost, kept] = s.hand(0, "Mochi♡3", "Danmaku♠7")
    s.set(0, hp=1)
    s.answer(0, "Higan", cost, s.p(0), "棄置其一張牌", "pass")    # the one card left: not asked
    s.phase(0, "action_phase")
    assert cost in discarded(s) and kept in discarded(s)
    assert zone_cards(s, 0) == []
    assert dist(s, 0, 0) == 0


# ── 四季映姬 審判 ──────────────────────────────────────────────────────────────
def test_trial_offers_hand_and_equipment_not_the_judge_zone():
    """審判：在一名角色的判定牌生效前，你可以打出一張牌代替之。 — 一張牌 is a hand or equipment card (the
    pack's reading of 一張牌; only 區域內 adds the judge zone): both are offered, her judge zone is not."""
    s = table(["Koakuma", "Eiki"])
    s.zone(0, "judge_zone", "SealingArray♠9")
    s.deck_top("Danmaku♠7")
    [heart] = s.hand(1, "Mochi♡3")
    [ufo] = s.equip(1, "GreenUfo♡K")
    [frog] = s.zone(1, "judge_zone", "FrozenFrog")
    s.answer(1, True, ufo)
    s.phase(0, "judge_phase")
    [choice] = s.asked(1, "cards", prompt="審判")
    assert set(choice.options) == {heart, ufo}
    assert frog not in choice.options
    assert "action_phase" not in s.game.skipped and ufo in discarded(s)


# ── 異變模式 ──────────────────────────────────────────────────────────────────
def incident_table():
    """IncidentRemilia (異變, seat 0) against three resolvers."""
    s = Scenario("thb", ["IncidentRemilia", "Koakuma", "Mokou", "Rumia"], mode="IncidentMode")
    s.set(0, side="Incident")
    for seat in (1, 2, 3):
        s.set(seat, side="Resolver")
    return s


def test_faith_exchange_takes_the_faith_cards_the_player_chooses():
    """信仰可以在自己的出牌階段前與手牌做交換。交換後進入明牌區。 — she picks which faith cards: the newest
    one here, not the oldest."""
    s = incident_table()
    old, new = s.zone(1, "faith_zone", "Mochi♡3", "Sake♠9")
    [h1, h2] = s.hand(1, "Danmaku♠7", "Graze♡2")
    s.answer(1, True, [new], [h2])
    s.phase(1, "action_phase")
    assert new in zone_cards(s, 1) and new in s.value(1, "shown")
    assert zone_cards(s, 1, "faith_zone") == [old, h2]
    assert h1 in zone_cards(s, 1)


def test_faith_exchange_is_bounded_by_the_hand():
    """信仰可以在自己的出牌階段前與手牌做交換。 — an exchange: no more faith cards than hand cards."""
    s = incident_table()
    s.zone(1, "faith_zone", "Mochi♡3", "Sake♠9", "Mochi♡4")
    s.hand(1, "Danmaku♠7")
    s.answer(1, True)
    s.phase(1, "action_phase")
    [pick] = s.asked(1, "cards", prompt="交換哪些信仰")
    assert (pick.min, pick.max) == (1, 1)


# ── 擦彈 ─────────────────────────────────────────────────────────────────────
def test_graze_is_not_offered_in_the_action_phase():
    """擦彈：>>默認情況下，【擦彈】只能在回合外使用或打出。 — it is never used from your own action phase."""
    s = table(["Marisa", "Koakuma"])
    s.hand(0, "Graze♡2", "Danmaku♠7")
    s.phase(0, "action_phase")
    assert "Graze" not in " ".join(s.offered(0))
    assert any("Danmaku" in o for o in s.offered(0))


def test_the_current_player_may_graze_a_danmaku_aimed_at_her_in_her_turn():
    """擦彈：當你受到【彈幕】的攻擊時，你可以使用一張【擦彈】來抵消【彈幕】的效果。 >>默認情況下，【擦彈】只能在
    回合外使用或打出。 — reading: 默認情況下 describes the usual case; 借走's 彈幕 hits Marisa in her own turn,
    and she may graze it."""
    s = table(["Marisa", "Koakuma"])
    s.hand(1, "Mochi♡3")
    [g] = s.hand(0, "Graze♡2")
    s.answer(0, "Borrow", g, "pass")
    s.phase(0, "action_phase")
    assert s.game.current is s.p(0)
    assert s.value(0, "hp") == 4 and g in discarded(s)


# ── 萊瓦汀 ────────────────────────────────────────────────────────────────────
def test_laevatein_may_discard_itself_as_one_of_the_two():
    """萊瓦汀：當你使用的【彈幕】被目標角色使用的【擦彈】抵消時，你可以棄置兩張牌，令此【彈幕】依然生效。
    — 兩張牌 makes no exception: the 萊瓦汀 itself may be one of them, and the 彈幕 still takes effect."""
    s = table(["Koakuma", "Mokou"])
    [lv] = s.equip(0, "Laevatein")
    d, m = s.hand(0, "Danmaku♠7", "Mochi♡3")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, d, True)                      # its only two cards: not asked which
    s.answer(1, g)
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 3
    assert lv in discarded(s) and m in discarded(s)
    assert s.cards_in(0, "equip_zone") == []


# ── 梅蒂欣 憂鬱之毒 ────────────────────────────────────────────────────────────
def test_melancholy_ban_lasts_to_the_end_of_the_turn_after_medicine_leaves():
    """憂鬱之毒：每當你受到X點有來源的傷害後，你可以摸X張牌並展示之，若其中有不為梅花的牌，傷害來源無法使用或打出
    手牌直到該回合結束。 — 直到該回合結束: Medicine shot down later that turn does not lift it."""
    s = table(["Koakuma", "Medicine", "Mokou"])
    [mochi] = s.hand(0, "Mochi♡3")
    s.set(0, hp=3)
    s.deck_top("Mochi♡4")
    s.answer(1, True)
    s.perform("damage", target=s.p(1), amount=1, source=s.p(0))
    assert s.query("card_allowed", s.p(0), mochi, "use") is False
    s.set(1, hp=1)
    s.perform("damage", target=s.p(1), amount=1)        # sourceless: she is out, nobody saves her
    assert not s.p(1).alive
    assert s.query("card_allowed", s.p(0), mochi, "use") is False
    assert s.query("card_allowed", s.p(2), s.hand(2, "Sake♠9")[0], "use") is True
    s.game.serial["turn"] += 1                          # the next turn: free again
    s.game.turns += 1
    assert s.query("card_allowed", s.p(0), mochi, "use") is True


def test_the_card_that_causes_the_morph_is_discarded_not_left_resolving():
    """異變變身：當1階段的異變體力值變化成小於等於默認體力上限的一半時，變身成2階段… (reading T18: the round
    ends at once) — the 彈幕 that caused it goes to the discard pile; nothing stays in the processing zone."""
    s = incident_table()
    s.set(0, hp=4)
    s.game.current = s.p(1)
    [d] = s.hand(1, "Danmaku♠7")
    s.use(1, d, [0])
    assert s.round_ended and s.game.v["morphed"]
    assert d in discarded(s)
    assert list(s.game.z["processing"].cards) == []


# ── 信仰爭奪戰 ────────────────────────────────────────────────────────────────
class TakesTheHiddenOne(DeclineAgent):
    """Says yes to taking the face-down candidate, no to anything else."""

    def answer(self, game, d):
        if d.kind == YES_NO and ("暗置" in d.prompt or "阿卡林" in d.prompt):
            return 1
        return super().answer(game, d)


def faith_war_setup(blind_seats=()):
    agents = [ScriptedAgent([], TakesTheHiddenOne() if i in blind_seats else DeclineAgent()) for i in range(6)]
    g = Game(load_pack("thb"), "FaithWarMode", 6, agents, seed=3)
    g.start()
    return g, agents


def characters_shown(agent) -> set:
    """Every character named in the options of the decisions put to `agent`."""
    return {o for d in agent.log for o in d.options if isinstance(o, CharacterDef)}


def test_faith_war_face_down_candidate_is_never_shown():
    """選將階段：共發給每人4張角色牌，其中一張為暗置。每名玩家選擇其中一張作為出場角色，再選擇一張作為備用角色
    （不得查看暗置角色牌）。 — three are offered by name; the fourth only by a question that does not name it."""
    g, agents = faith_war_setup(blind_seats=(0,))
    blind, seen = g.players[0], characters_shown(agents[0])
    assert len(seen) == 3 and blind.character not in seen
    assert blind.v["reserve"] in seen
    for p, a in zip(g.players[1:], agents[1:]):
        shown = characters_shown(a)
        assert len(shown) == 3 and p.character in shown and p.v["reserve"] in shown
        assert [d.prompt for d in a.log if d.kind == YES_NO][:2] == ["出場角色: 選擇暗置的角色牌?",
                                                                    "備用角色: 選擇暗置的角色牌?"]


def faith_war_table():
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Eiki", "Tewi", "Marisa"], mode="FaithWarMode")
    for seat in range(6):
        s.set(seat, faction="Hakurei" if seat % 2 == 0 else "Moriya")
    return s


def test_faith_war_reserves_are_the_sides_pool():
    """將三張備用角色牌置於一旁作為備用角色。…當一名玩家死亡時…從剩餘的備用角色中選擇一名作為出場角色並明示之，
    之後摸4張牌。 — the fallen player takes a reserve a teammate set aside; the other side's stays theirs."""
    s = faith_war_table()
    s.set(2, reserve=s.pack.characters["Kaguya"])
    s.set(1, reserve=s.pack.characters["Yukari"])
    s.set(0, hp=1)
    s.perform("damage", target=s.p(0), amount=1, source=s.p(1))
    assert s.p(0).alive and s.p(0).character.name == "Kaguya" and len(s.cards_in(0)) == 4
    assert s.value(2, "reserve") is None
    assert s.value(1, "reserve").name == "Yukari"


def test_faith_war_redraw_is_the_players_discard():
    """所有角色摸4張牌，此時除首先行動的玩家均可以進行一次棄置4張牌並重新摸4張牌的操作。 噁心丸：當此牌以任意的
    方式進入棄牌堆時，引發棄牌動作的角色需選擇其中一項執行：1.受到1點無來源傷害 2.棄置兩張牌 — the player
    redrawing discards: a 噁心丸 among the four costs them (no card left to discard: the damage)."""
    s = faith_war_table()
    s.hand(1, "NauseaPill", "Danmaku♠7", "Mochi♡3", "Sake♠9")
    s.answer(1, True)
    s.call("redraw_four", s.p(1))
    assert s.value(1, "hp") == s.value(1, "max_hp") - 1
    assert len(s.cards_in(1)) == 4
    [moved] = [e for e in s.events("move_cards") if e.get("reason") == "redraw"]
    assert moved["by"] == "P1"


# ── 2v2 ──────────────────────────────────────────────────────────────────────
def two_vs_two_setup(mode="TwoVsTwoMode", blind_seats=(), seed=5):
    agents = [ScriptedAgent([], TakesTheHiddenOne() if i in blind_seats else DeclineAgent()) for i in range(4)]
    g = Game(load_pack("thb"), mode, 4, agents, seed=seed)
    g.start()
    return g, agents


def test_two_vs_two_seats_the_teams_1_2_2_1():
    """Roll點，由點數最高的玩家為1號位，然後對面點數最大的為2號位，按1-2-2-1的順序逆時針行動。…由一號位開始逆時針
    行動。 — teams sit A B B A: teammates side by side; seat 1 acts first."""
    g, _ = two_vs_two_setup()
    assert [p.v["faction"] for p in g.players] == ["Hakurei", "Moriya", "Moriya", "Hakurei"]
    assert g.current is g.players[0]
    assert [len(p.z["hand"].cards) for p in g.players] == [4, 4, 4, 4]      # 每人摸4張牌


def test_two_vs_two_each_player_bans_one_of_twenty_from_seat_one():
    """選將：從角色堆里選出20名角色，由1號位開始，每人選擇Ban（禁用）掉其中一個角色。"""
    g, agents = two_vs_two_setup()
    bans = [[d for d in a.log if d.prompt.startswith("Ban")] for a in agents]
    assert [len(b) for b in bans] == [1, 1, 1, 1]
    assert [len(b[0].options) for b in bans] == [20, 19, 18, 17]
    banned = {b[0].options[0] for b in bans}                 # the quiet default bans the first
    assert len(banned) == 4
    for p, a in zip(g.players, agents):
        [pick] = [d for d in a.log if d.prompt == "選擇角色"]
        assert not banned & set(pick.options)
        assert p.character not in banned


def test_two_vs_two_akari_is_a_hidden_candidate():
    """每人隨機從剩下的卡牌中獲得4張角色卡作為備選（其中一張為阿卡林），玩家可以選擇其中一名角色進行遊戲。
    — three named, the fourth face down (阿卡林, GLOSSARY: a hidden random character), taken blind."""
    g, agents = two_vs_two_setup(blind_seats=(2,))
    [last_ban] = [d for d in agents[3].log if d.prompt.startswith("Ban")]
    left = set(last_ban.options) - {last_ban.options[0]}                    # the 16 dealt out
    picks = {seat: d for seat, a in enumerate(agents) for d in a.log if d.prompt == "選擇角色"}
    for seat, a in enumerate(agents):
        # Once each; a skill of the character taken may ask too once the hands are dealt (神德).
        assert [d.prompt for d in a.log if d.kind == YES_NO and "阿卡林" in d.prompt] == ["選擇阿卡林（隱藏的角色）?"]
    assert sorted(picks) == [0, 1, 3]                      # seat 2 took 阿卡林: the named three never asked
    for seat, d in picks.items():
        assert len(d.options) == 3 and g.players[seat].character in d.options
    hidden = g.players[2].character
    assert hidden in left and all(hidden not in d.options for d in picks.values())
    assert len({p.character for p in g.players}) == 4


def test_two_vs_two_room_option_draws_two_or_three():
    """摸牌數量：2張/3張 — (GLOSSARY T16: the cards drawn in each draw phase) TwoVsTwoMode draws 2,
    TwoVsTwoDrawThreeMode 3."""
    for mode, n in (("TwoVsTwoMode", 2), ("TwoVsTwoDrawThreeMode", 3)):
        s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Eiki"], mode=mode)
        s.phase(0, "draw_phase")
        assert len(s.cards_in(0)) == n, mode


def test_two_vs_two_modes_play_to_the_end():
    """當一方所有的角色都陣亡時，遊戲結束，另一方獲勝。 — whole games of both room options finish with a side winning."""
    pack = load_pack("thb")
    for mode in ("TwoVsTwoMode", "TwoVsTwoDrawThreeMode"):
        for seed in range(3):
            r = Game(pack, mode, 4, [RandomAgent(i) for i in range(4)], seed=seed, check_invariants=True).play()
            assert r.error is None and r.reason in ("win", "turn_limit"), (mode, seed, r.error)
            if r.reason == "win":
                assert len({p.v["faction"] for p in r.winners}) == 1
