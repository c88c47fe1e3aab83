"""The modes' own rules: victory conditions, rewards, successions, the incident's faith and morph."""
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.compiler.pack.loader import load_pack
from spellcard.scenario import Scenario


def identity(roles, characters=None):
    chars = characters or ["Koakuma", "Mokou", "Rumia", "Eiki", "Tewi"][:len(roles)]
    s = Scenario("thb", chars, mode="Identity5Mode")
    for seat, role in enumerate(roles):
        s.set(seat, role=role)
    return s


def kill(s, seat, by=None):
    s.set(seat, hp=1)
    s.perform("damage", target=s.p(seat), amount=1, source=s.p(by) if by is not None else None)


def test_attackers_win_when_the_boss_is_shot_down():
    """城管：勝利條件為擊墜BOSS。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    kill(s, 0, by=3)
    assert sorted(p.seat for p in s.winners) == [3, 4]


def test_boss_and_accomplices_win_when_attackers_and_mastermind_are_out():
    """BOSS：勝利條件為擊墜所有城管以及黑幕。道中：勝利條件為擊墜所有城管以及黑幕。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    kill(s, 3, by=0)
    kill(s, 4, by=0)
    assert s.winners is None                      # the 黑幕 is still in
    kill(s, 2, by=1)
    assert sorted(p.seat for p in s.winners) == [0, 1]


def test_the_mastermind_wins_by_shooting_down_the_boss_last():
    """黑幕：勝利條件為在除了BOSS的其他人都MISS的狀況下擊墜BOSS。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    for seat in (1, 3, 4):
        kill(s, seat, by=2)
    kill(s, 0, by=2)
    assert [p.seat for p in s.winners] == [2]


def test_the_killer_of_an_attacker_draws_three():
    """城管：…當城管MISS時，擊墜者摸3張牌。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    kill(s, 3, by=1)
    assert len(s.cards_in(1)) == 3
    assert s.value(3, "role_shown")               # 玩家的身份會在MISS後公開


def test_dead_players_lose_all_their_cards():
    """角色出局後，棄置該角色所有牌及判定區裡的牌。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    s.hand(4, "Danmaku", "Graze")
    s.equip(4, "RedUfo")
    s.zone(4, "judge_zone", "FrozenFrog")
    kill(s, 4, by=0)
    p = s.p(4)
    assert not p.alive and not p.z["hand"].cards and not p.z["equip_zone"].cards and not p.z["judge_zone"].cards


def test_the_boss_shows_its_identity_and_goes_first():
    """BOSS的身份會在開局的時候公開。"""
    pack = load_pack("thb")
    for seed in range(5):
        g = Game(pack, "Identity5Mode", 5, [RandomAgent(seed + i) for i in range(5)], seed=seed)
        g.start()
        boss = [p for p in g.players if p.v["role"] == "Boss"]
        assert len(boss) == 1 and boss[0].v["role_shown"] and g.current is boss[0]
        assert sorted(p.v["role"] for p in g.players) == ["Accomplice", "Attacker", "Attacker", "Boss", "Mastermind"]
        assert not any(p.v["role_shown"] for p in g.players if p is not boss[0])


def test_two_vs_two_teammate_takes_the_cards_of_the_fallen():
    """一名角色陣亡後，隊友可以選擇獲得其所有牌（不包括判定區）或摸兩張牌。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Eiki"], mode="TwoVsTwoMode")
    for seat, side in enumerate(["Hakurei", "Moriya", "Hakurei", "Moriya"]):
        s.set(seat, faction=side)
    s.hand(0, "Danmaku", "Mochi")
    s.equip(0, "GreenUfo")
    s.zone(0, "judge_zone", "FrozenFrog")
    s.answer(2, "獲得其所有牌")
    kill(s, 0, by=1)
    assert sorted(s.cards_in(2)) == ["Danmaku", "GreenUfo", "Mochi"]
    assert s.winners is None
    kill(s, 2, by=1)
    assert sorted(p.seat for p in s.winners) == [1, 3]


def test_kof_the_next_character_comes_out_with_four_cards():
    """當有一方角色陣亡後，那方就要立即棄掉當前所有的手牌、裝備牌、判定區的牌，然後翻開下一個角色，再摸4張手牌。"""
    s = Scenario("thb", ["Koakuma", "Mokou"], mode="KofMode")
    pack = s.pack
    s.set(0, lineup=[pack.characters["Tewi"], pack.characters["Rumia"]])
    s.hand(0, "Danmaku", "Graze")
    kill(s, 0, by=1)
    p = s.p(0)
    assert p.alive and p.character.name == "Tewi" and p.v["hp"] == 4
    assert len(s.cards_in(0)) == 4
    assert [c.name for c in p.v["lineup"]] == ["Rumia"]


def incident(characters=("IncidentRemilia", "Koakuma", "Mokou", "Rumia")):
    s = Scenario("thb", list(characters), mode="IncidentMode")
    s.set(0, side="Incident")
    for seat in (1, 2, 3):
        s.set(seat, side="Resolver")
        for skill in ("Cooperation", "Protection", "Parry", "OneUp"):      # 解決者額外技能 (setup's grant)
            s.game.grant(s.p(seat), s.pack.skills[skill])
    return s


def faith(s, seat, *specs):
    """Give `seat` faith (信仰使用卡牌做標記): cards in their faith zone."""
    return s.zone(seat, "faith_zone", *specs)


def faith_of(s, seat):
    return len(s.p(seat).z["faith_zone"].cards)


def test_faith_for_each_point_of_damage_to_another_player_up_to_five():
    """每對其他玩家造成一點傷害時，獲得一點。信仰上限為5點。"""
    s = incident()
    s.perform("damage", target=s.p(1), amount=2, source=s.p(0))
    assert len(s.p(0).z["faith_zone"].cards) == 2
    s.set(2, hp=4)
    s.perform("damage", target=s.p(2), amount=3, source=s.p(0))
    s.perform("damage", target=s.p(3), amount=1, source=s.p(0))
    assert len(s.p(0).z["faith_zone"].cards) == 5


def test_all_distances_are_one():
    """距離：所有人之間的默認距離為1"""
    s = incident()
    assert s.pack.queries["distance"](s.game, s.p(1), s.p(3)) == 1
    s.equip(3, "GreenUfo")
    assert s.pack.queries["distance"](s.game, s.p(1), s.p(3)) == 2


def test_the_boss_morphs_at_half_its_default_hp_and_the_round_ends():
    """異變變身：當1階段的異變體力值變化成小於等於默認體力上限的一半時，變身成2階段，獲得2階段技能，
    體力上限減少默認體力上限的一半，棄置判定區的所有牌。異變變身時，所有解決者各獲得1點信仰。"""
    s = incident()
    s.zone(0, "judge_zone", "FrozenFrog")
    s.perform("damage", target=s.p(0), amount=3, source=s.p(1))
    boss = s.p(0)
    assert boss.v["max_hp"] == 3 and boss.v["hp"] == 3
    assert not boss.z["judge_zone"].cards
    assert {i.skill.name for i in boss.skills} >= {"HeartBreak", "ScarletMist", "Septet", "QueenOfMidnight"}
    # P1 dealt 3 damage (3 faith) and every resolver gains 1 at the morph; then the round ends at once.
    assert [len(s.p(i).z["faith_zone"].cards) for i in (1, 2, 3)] == [4, 1, 1]
    assert s.game.v["morphed"] and s.round_ended


def test_incident_turn_order_alternates_the_boss_with_each_resolver():
    """出牌順序：(異變->解決者1->異變->解決者2->異變->解決者3)->……"""
    pack = load_pack("thb")
    g = Game(pack, "IncidentMode", 4, [RandomAgent(i) for i in range(4)], seed=11, log=True)
    g.play()
    turns = [line for line in g.log.lines() if line.startswith('["turn"')]
    boss = next(p for p in g.players if p.v["side"] == "Incident")
    first_round = [t.split(",")[2].strip('"]') for t in turns[:6]]
    assert first_round[0::2] == [f"P{boss.seat}"] * 3
    assert len(set(first_round[1::2])) == 3


def test_three_vs_three_first_player_draws_three_others_four():
    """ROLL點最高的玩家開局摸3張牌，其餘玩家開局摸4張牌。"""
    pack = load_pack("thb")
    # Characters whose skills take no part in the first deal (神德 would discard and have another draw).
    plain = ["Reimu", "Alice", "Tewi", "Youmu", "Kokoro", "Mamizou"]
    g = Game(pack, "ThreeVsThreeMode", 6, [RandomAgent(i) for i in range(6)], seed=5, characters=plain)
    g.start()
    sizes = {p.seat: len(p.z["hand"].cards) for p in g.players}
    assert sizes.pop(g.current.seat) == 3 and set(sizes.values()) == {4}
    assert [p.v["faction"] for p in g.players] == ["Hakurei", "Moriya"] * 3     # 交錯入座


def test_cp_partner_receives_hand_and_equipment_and_the_last_couple_wins():
    """當一名玩家被擊墜時，將其全部手牌與裝備交給其CP。勝利條件：擊墜所有其它陣營玩家。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Eiki", "Tewi", "Marisa"], mode="CpBattleMode")
    for seat, couple in enumerate(["CpA", "CpB", "CpC"] * 2):
        s.set(seat, couple=couple)
    s.hand(0, "Danmaku")
    s.equip(0, "RedUfo")
    s.zone(0, "judge_zone", "FrozenFrog")
    kill(s, 0, by=1)
    assert sorted(s.cards_in(3)) == ["Danmaku", "RedUfo"]
    assert not s.p(0).z["judge_zone"].cards              # the judge area is discarded, not given
    for seat in (3, 2, 5):
        kill(s, seat, by=1)
    assert sorted(p.seat for p in s.winners) == [1, 4]


def test_faith_war_reserve_comes_in_and_three_deaths_lose():
    """從剩餘的備用角色中選擇一名作為出場角色並明示之，之後摸4張牌。當一方死亡角色數到達三名…該方判負。"""
    s = Scenario("thb", ["Koakuma", "Mokou", "Rumia", "Eiki", "Tewi", "Marisa"], mode="FaithWarMode")
    for seat in range(6):
        s.set(seat, faction="Hakurei" if seat % 2 == 0 else "Moriya")
    s.set(0, reserve=s.pack.characters["Kaguya"])
    kill(s, 0, by=1)
    assert s.p(0).alive and s.p(0).character.name == "Kaguya" and len(s.cards_in(0)) == 4
    kill(s, 2, by=1)
    assert s.winners is None
    kill(s, 4, by=1)
    assert sorted(p.seat for p in s.winners) == [1, 3, 5]


def test_faith_war_never_seats_three_of_a_side_in_a_row():
    """若出現同一方陣營座次連續三人的情況，則第三人須與下一名座次的玩家交換身份牌。"""
    pack = load_pack("thb")
    for seed in range(30):
        g = Game(pack, "FaithWarMode", 6, [RandomAgent(i) for i in range(6)], seed=seed)
        g.start()
        sides = [p.v["faction"] for p in g.players]
        assert sorted(sides) == ["Hakurei"] * 3 + ["Moriya"] * 3
        assert not any(sides[i] == sides[i + 1] == sides[i + 2] for i in range(4)), (seed, sides)


# ── 異變模式: faith, the boss's skills, the resolvers' skills ──────────────────
def test_faith_may_be_exchanged_with_hand_cards_before_the_action_phase():
    """信仰可以在自己的出牌階段前與手牌做交換。交換後進入明牌區。"""
    s = incident()
    f1, f2 = faith(s, 1, "Mochi♡3", "Sake♠9")
    [h] = s.hand(1, "Danmaku♠7")
    s.answer(1, True, [f1])                        # exchange one faith card; the one hand card is forced
    s.phase(1, "action_phase")
    assert f1 in s.p(1).z["hand"].cards and f1 in s.value(1, "shown")
    assert s.p(1).z["faith_zone"].cards == [f2, h]


def test_a_fallen_resolvers_faith_is_discarded_and_the_others_may_draw():
    """當任意解決者陣亡時，棄置所有信仰，其他存活的解決者可以選擇立即在牌堆里摸1張牌。"""
    s = incident()
    faith(s, 1, "Mochi♡3", "Sake♠9")
    s.answer(2, True)
    s.answer(3, False)
    kill(s, 1, by=0)
    assert faith_of(s, 1) == 0
    assert len(s.cards_in(2)) == 1 and s.cards_in(3) == []


def test_never_night_discards_a_card_of_each_resolver_or_their_faith():
    """不夜城：信仰消耗3，出牌階段限一次。你依次棄置所有解決者的一張手牌或裝備牌。如果解決者無牌可棄，則棄置所有信仰。"""
    s = incident()
    faith(s, 0, "Mochi♡3", "Sake♠9", "Sake♣9")
    [hand_card] = s.hand(1, "Danmaku♠7")
    [ufo] = s.equip(2, "GreenUfo")
    faith(s, 3, "Graze♡2")
    s.answer(0, "NeverNight", "pass")
    s.phase(0, "action_phase")
    assert faith_of(s, 0) == 0
    assert s.cards_in(1) == [] and s.cards_in(2, "equip_zone") == [] and faith_of(s, 3) == 0
    assert "NeverNight" not in s.offered(0)           # once per action phase (and no faith left)


def stage2(s, *skills):
    for name in skills:
        s.game.grant(s.p(0), s.pack.skills[name])


def test_heart_break_is_a_red_undodgeable_danmaku_with_one_more_damage():
    """碎心：信仰消耗4。出牌階段，你可以視為對一名其他角色使用了一張紅色的【彈幕】。以此法使用的彈幕不可閃避且傷害+1。"""
    s = incident()
    stage2(s, "HeartBreak")
    s.set(0, hp=4)
    faith(s, 0, "Mochi♡3", "Sake♠9", "Sake♣9", "Sake♢9")
    [g] = s.hand(1, "Graze♡2")
    s.answer(0, "HeartBreak", s.p(1), "pass")
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 2                      # 2 damage; the 擦彈 could not answer it
    assert g in s.p(1).z["hand"].cards
    assert s.value(0, "hp") == 5                      # 紅魔之吻: it was a red 彈幕
    assert faith_of(s, 0) == 2                        # 4 spent, then 2 gained for the 2 damage dealt


def test_scarlet_mist_each_resolver_attacks_another_or_loses_one_hp():
    """紅霧：出牌階段限一次，你可以棄置一張紅色手牌，令所有解決者依次對另一名解決者使用一張【彈幕】，否則失去1點體力。"""
    s = incident()
    stage2(s, "ScarletMist")
    s.hand(0, "Mochi♡3")
    [d] = s.hand(1, "Danmaku♠7")
    s.answer(0, "ScarletMist", "pass")
    s.answer(1, d, s.p(2))
    s.phase(0, "action_phase")
    assert s.value(1, "hp") == 4                      # used a 彈幕
    assert s.value(2, "hp") == 4 - 1 - 1              # hit by it, then no 彈幕 of her own
    assert s.value(3, "hp") == 3 - 1


def test_septet_cancels_a_delayed_spell_unless_a_spell_of_its_colour_is_discarded():
    """七重奏：鎖定技，解決者對你使用延時符卡時，需額外棄置一張顏色相同的符卡，否則取消之。"""
    s = incident()
    stage2(s, "Septet")
    [frog] = s.hand(1, "FrozenFrog♣5")
    s.use(1, frog, [0])
    assert s.p(0).z["judge_zone"].cards == [] and frog in s.game.z["discard_pile"].cards
    [frog2] = s.hand(1, "FrozenFrog♣6")
    [paid] = s.hand(1, "Demolition♠3")               # a black spell
    s.answer(1, [paid])
    s.use(1, frog2, [0])
    assert s.p(0).z["judge_zone"].cards == [frog2] and paid in s.game.z["discard_pile"].cards


def test_queen_of_midnight_draws_four_and_holds_three_more():
    """夜王：鎖定技，出牌階段開始時，你摸4張牌。你的手牌上限+3。"""
    s = incident()
    stage2(s, "QueenOfMidnight")
    s.phase(0, "action_phase")
    assert len(s.cards_in(0)) == 4
    assert s.query("hand_limit", s.p(0)) == s.value(0, "hp") + 3


def test_cooperation_swaps_hand_cards_into_the_revealed_zone_once_a_turn():
    """合作：在你的出牌階段，你可以將至多兩張手牌交給其他的一名解決者。收到牌的解決者需交還相同數量的手牌，
    交換後進入明牌區。一回合一次。"""
    s = incident()
    a, b = s.hand(1, "Danmaku♠7", "Mochi♡3")
    [c] = s.hand(2, "Sake♠9")
    s.answer(1, "Cooperation", s.p(2), [a], "pass")  # Mokou's one other card goes back: forced
    s.phase(1, "action_phase")
    assert s.p(2).z["hand"].cards == [a] and a in s.value(2, "shown")
    assert c in s.p(1).z["hand"].cards and c in s.value(1, "shown")
    assert "Cooperation" not in s.offered(1)


def test_protection_takes_the_damage_of_the_weakest_as_hp_loss():
    """保護：當其他解決者受到傷害時，如果該解決者的體力是全場最低之一，你可以使用1點信仰防止此傷害。
    若如此做，你承受相同數量的體力流失，並且異變獲得一點信仰。"""
    s = incident()
    s.set(2, hp=1)
    faith(s, 1, "Mochi♡3")
    s.answer(1, True)
    s.perform("damage", target=s.p(2), amount=1, source=s.p(0))
    assert s.value(2, "hp") == 1 and s.value(1, "hp") == 3
    assert faith_of(s, 1) == 0 and faith_of(s, 0) == 1


def test_parry_reduces_heavy_or_lethal_damage_by_one_before_protection():
    """招架：若你受到了2點及以上/致命的傷害時，你可以使用2點信仰使傷害-1。在 保護 之前結算。"""
    s = incident()
    faith(s, 1, "Mochi♡3", "Sake♠9")
    s.answer(1, True)
    s.perform("damage", target=s.p(1), amount=2, source=s.p(0))
    assert s.value(1, "hp") == 3 and faith_of(s, 1) == 0
    assert s.fired("Parry") == 1 and s.fired("Protection") == 0


def test_one_up_brings_a_fallen_resolver_back_with_three_hp():
    """1UP：限定技，你可以使用3點信仰使已經陣亡的解決者重新上場。重新上場的解決者回復3點體力，算作當前回合沒有行動。"""
    s = incident()
    kill(s, 2, by=0)
    assert not s.p(2).alive
    faith(s, 1, "Mochi♡3", "Sake♠9", "Sake♣9")
    s.answer(1, "OneUp", "pass")
    s.phase(1, "action_phase")
    assert s.p(2).alive and s.value(2, "hp") == 3
    assert faith_of(s, 1) == 0 and s.game.schedule == [s.p(2)]
    assert "OneUp" not in s.offered(1)                # 限定技: once a game


def test_preset_characters_are_their_seats_and_offered_to_no_other_player():
    """pick_characters asks for the presets once (modes.spell): a preset seat takes its own character
    without a choice, and the other seats are offered characters from the rest of the pool (over
    several seeds, every one of the rest is offered somewhere)."""
    from spellcard.runtime.agents.scripted import ScriptedAgent
    pack = load_pack("thb")
    offered = set()
    for seed in range(1, 13):
        agents = [ScriptedAgent([], RandomAgent(seat)) for seat in range(8)]
        g = Game(pack, "Identity8Mode", 8, agents, seed=seed, characters=["Koakuma", "", "Mokou"])
        g.start()
        assert (g.players[0].character.name, g.players[2].character.name) == ("Koakuma", "Mokou")
        asked = {seat: [d for d in a.log if d.prompt == "選擇角色"] for seat, a in enumerate(agents)}
        assert not asked[0] and not asked[2] and all(len(asked[s]) == 1 for s in (1, 3, 4, 5, 6, 7))
        offered |= {c.name for s in asked for d in asked[s] for c in d.options}
        assert len({p.character.name for p in g.players}) == 8
    pool = {c.name for c in pack.characters.values() if "boss_only" not in c.tags}
    assert offered == pool - {"Koakuma", "Mokou"}
