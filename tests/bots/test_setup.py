"""游戏准备 / 游戏开始: identity cards, the 异变's reveal and choice, the character draft, spell cards,
HP and spirit markers, the opening hands and who begins.

These run each mode's own setup (not the scenario harness's), with agents that answer by prompt.
Each docstring quotes the rulebook sentence (seeds/001_355cf7c89762d23f.txt) the test checks.
"""
import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.decisions import Agent, DeclineAgent
from spellcard.runtime.engine.game import Game

RECOMMENDED = {   # players: (主人公, 敌机, 异变, EX)
    5: (2, 1, 1, 1), 6: (2, 2, 1, 1), 7: (3, 2, 1, 1), 8: (3, 3, 1, 1), 9: (4, 3, 1, 1)}


class ByPrompt(Agent):
    """Answers decisions whose prompt contains a key with the given function; declines the rest.
    Records every decision it is asked."""
    sees_all = True         # its tests compare the decisions' players with the game's


    def __init__(self, answers=None):
        self.answers = answers or {}
        self.seen = []
        self.decline = DeclineAgent()

    def answer(self, game, d):
        self.seen.append(d)
        for key, fn in self.answers.items():
            if key in d.prompt:
                return fn(d)
        return self.decline.answer(game, d)


def start(mode, n, seed=0, answers=None, characters=()):
    pack = load_pack("bots")
    agents = [ByPrompt(answers) for _ in range(n)]
    g = Game(pack, mode, n, agents, seed=seed, log=True, check_invariants=True, characters=characters)
    g.start()
    return g, agents


def roles_of(g):
    return [p.v["role"] for p in g.players]


@pytest.mark.parametrize("n", sorted(RECOMMENDED))
def test_identity_cards_follow_the_recommended_configuration(n):
    """身份配置：5人：2主人公，1敌机，1异变，1EX. 6人：2主人公，2敌机，1异变，1EX 7人：3主人公，2敌机，1异变，1EX
    8人：3主人公，3敌机，1异变，1EX 9人：4主人公，3敌机，1异变，1EX"""
    for seed in range(5):
        g, _ = start("Identity", n, seed)
        rs = roles_of(g)
        assert (rs.count("Protagonist"), rs.count("Enemy"), rs.count("IncidentMastermind"),
                rs.count("Extra")) == RECOMMENDED[n]


def test_identity_cards_are_dealt_at_random():
    """每名玩家按[顺序]自[身份牌堆]抽取1张[身份牌] (B1) — the identity deck is face down (里侧表示), so shuffled."""
    seats = {roles_of(start("Identity", 5, seed)[0]).index("IncidentMastermind") for seed in range(30)}
    assert len(seats) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_play_without_identities(n):
    """2人：无身份，存活即为胜利 3人：无身份，存活即为胜利 4人：无身份，存活即为胜利"""
    g, _ = start("Free", n)
    assert roles_of(g) == [None] * n
    assert g.current is g.players[0]


def test_the_incident_is_revealed_and_begins():
    """抽到异变的玩家将自己的身份牌表侧表示置于场上。 身份牌：…除[异变]外均需里侧表示。
    从[异变]开始，玩家按[顺序]进入行动回合。"""
    for seed in range(5):
        g, _ = start("Identity", 6, seed)
        [incident] = [p for p in g.players if p.v["role"] == "IncidentMastermind"]
        assert incident.v["role_shown"]
        assert not any(p.v["role_shown"] for p in g.players if p is not incident)
        assert g.current is incident


@pytest.mark.parametrize("option,counter", [("体力上限+1", "hp"), ("灵力上限+1", "spirit")])
def test_the_incident_chooses_one_more_max_hp_or_max_spirit(option, counter):
    """异变 特性：明示身份牌 — 开始游戏时从以下选项中选择1项：1.体力上限+1 2.灵力上限+1
    游戏开始时玩家的[体力]等于其体力上限 (and the 灵力 its 灵力上限)."""
    g, agents = start("Identity", 5, 1, {"异变: 选择1项": lambda d: d.options.index(option)})
    [incident] = [p for p in g.players if p.v["role"] == "IncidentMastermind"]
    other = "spirit" if counter == "hp" else "hp"
    assert incident.v["max_" + counter] == incident.character.attrs[counter] + 1
    assert incident.v[counter] == incident.v["max_" + counter]
    assert incident.v["max_" + other] == incident.character.attrs[other]
    asked = [d for a in agents for d in a.seen if "异变: 选择1项" in d.prompt]
    assert [d.player for d in asked] == [incident]


def test_the_incident_drafts_from_three_incident_characters_and_two_more():
    """身份为异变的玩家于拥有[异变技能]的[角色牌]中随机抽取3张，并于[角色牌堆]中抽取2张角色牌，从到手的总计5张
    角色牌中挑选1张并表侧表示置于场上 (异变技能 characters: the tag `incident`)."""
    for seed in range(10):
        g, agents = start("Identity", 5, seed)
        [incident] = [p for p in g.players if p.v["role"] == "IncidentMastermind"]
        [d] = [d for d in agents[incident.seat].seen if d.what == "option" and "角色" in d.prompt]
        assert len(d.options) == 5 and len(set(d.options)) == 5
        assert sum("incident" in c.tags for c in d.options) >= 3
        assert incident.character is d.options[0]              # the declining agent keeps the first


def test_the_others_draft_three_each_in_order_after_the_incident():
    """而后自异变后一名玩家起，每名玩家按顺序自角色牌堆抽取3张角色牌，从中挑选1张并表侧表示置于场上。"""
    g, agents = start("Identity", 9, 4)
    [incident] = [p for p in g.players if p.v["role"] == "IncidentMastermind"]
    offered = []
    for a in agents:
        for d in a.seen:
            if d.what == "option" and "角色" in d.prompt and d.player is not incident:
                assert len(d.options) == 3
                offered.extend(d.options)
    seen = [e for e in g.log.lines() if '"character"' in e]
    order = [int(e.split('"P')[1].split('"')[0]) for e in seen]
    n = len(g.players)
    assert order == [(incident.seat + i) % n for i in range(n)]
    assert len(set(offered)) == len(offered) == 24                 # nobody sees a card twice
    assert incident.character not in offered
    assert len({p.character for p in g.players}) == 9


def test_without_roles_everyone_drafts_three():
    """每名玩家按顺序自角色牌堆抽取3张角色牌，从中挑选1张 (2–4 players: no 异变, so everyone)."""
    g, agents = start("Free", 4)
    for a in agents:
        [d] = [d for d in a.seen if d.what == "option" and "角色" in d.prompt]
        assert len(d.options) == 3
    assert len({p.character for p in g.players}) == 4


def test_a_spell_card_is_set_face_down_for_marisa():
    """角色确定后，每名玩家挑选1张自己所使用的角色的[符卡]，里侧表示置于场上。每名玩家每局游戏中拥有1次符卡发动机会。
    The only spell card the rulebook spells out is 魔理沙的SC[极限火花]."""
    g, _ = start("Free", 3, characters=("Cirno", "Marisa", ""))
    marisa = g.players[1]
    assert marisa.v["spell_card"] is g.pack.skills["MasterSpark"]
    assert any(i.skill.name == "MasterSpark" for i in marisa.skills)
    assert g.players[0].v["spell_card"] is None


def test_markers_start_at_the_maxima_and_everyone_holds_four_cards():
    """玩家按角色的[体力上限]和[灵力上限]设定自己的[体力]与[灵力]指示物。
    从异变开始，所有玩家顺序从[牌堆]抽取4张卡牌并将其作为[手牌]。 游戏开始时玩家默认为处于正常模式。"""
    g, _ = start("Identity", 7, 2)
    for p in g.players:
        assert p.v["hp"] == p.v["max_hp"] and p.v["spirit"] == p.v["max_spirit"]
        assert len(p.z["hand"].cards) == 4
        assert p.v["ship_mode"] == "normal_mode"
        assert {i.skill.name for i in p.skills} >= {"NormalMode", "Graze", "SpiritGuard", "DeployDanmaku"}
    assert len(g.z["deck"].cards) == 80 - 28
    first_draw = next(e for e in g.log.lines() if e.startswith('["act","draw"'))
    [incident] = [p for p in g.players if p.v["role"] == "IncidentMastermind"]
    assert f'"player":"P{incident.seat}"' in first_draw
