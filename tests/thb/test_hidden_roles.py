"""身份: a role is its player's alone until it is shown (`attr player role: Role? owner until role_shown`):
every other seat's view reads UNKNOWN for it. Each docstring quotes the rulebook's sentence."""
from spellcard.compiler.pack.loader import load_pack
from spellcard.doc.reference import load_reference
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import UNKNOWN, View

from .test_modes import identity, kill


def roles_seen(game, seat: int) -> list:
    return [p.v["role"] for p in View(game, seat).players]


def test_every_role_is_face_down_but_the_boss_s():
    """BOSS：遊戲開局時展示身份。… BOSS的身份會在開局的時候公開。 (the others' 身份牌 stay face down)"""
    pack = load_pack("thb")
    for seed in range(4):
        g = Game(pack, "Identity5Mode", 5, [RandomAgent(seed + i) for i in range(5)], seed=seed)
        g.start()
        truth = [p.v["role"] for p in g.players]
        boss = truth.index("Boss")
        for seat in range(5):
            assert roles_seen(g, seat) == [r if i in (seat, boss) else UNKNOWN for i, r in enumerate(truth)]


def test_a_role_is_shown_to_everyone_once_its_player_is_out():
    """玩家的身份會在MISS後公開。"""
    s = identity(["Boss", "Accomplice", "Mastermind", "Attacker", "Attacker"])
    assert [roles_seen(s.game, seat)[3] for seat in range(5)] == [UNKNOWN] * 3 + ["Attacker", UNKNOWN]
    kill(s, 3, by=1)
    assert [roles_seen(s.game, seat)[3] for seat in range(5)] == ["Attacker"] * 5
    assert roles_seen(s.game, 0)[4] is UNKNOWN                   # the other 城管 is still face down


def test_a_kof_lineup_is_its_player_s_alone():
    """KOF模式：選好角色後，將會翻開第一個角色進行對決，其他角色為隱藏。"""
    g = Game(load_pack("thb"), "KofMode", 2, [RandomAgent(1), RandomAgent(2)], seed=1)
    g.start()
    for seat in (0, 1):
        view = View(g, seat)
        mine, theirs = view.players[seat], view.players[1 - seat]
        assert [c.name for c in mine.v["lineup"]] == [c.name for c in g.players[seat].v["lineup"]] != []
        assert theirs.v["lineup"] is UNKNOWN and theirs.character is not None    # the first one is out


def test_the_reference_says_who_sees_a_role():
    [role] = [e for e in load_reference("thb").of_kind("attribute") if e.name == "role"]
    assert role.extra["visibility"] == "owner until role_shown"
