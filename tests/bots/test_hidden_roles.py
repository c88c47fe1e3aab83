"""身份牌 face down (`attr player role: Role? owner until role_shown`): each seat reads its own role and
the 异变's; the others' read UNKNOWN."""
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import UNKNOWN, View


def test_every_role_but_the_incident_s_is_face_down():
    """身份牌：表示玩家[身份]的卡牌，除[异变]外均需里侧表示。抽到异变的玩家将自己的身份牌表侧表示置于场上。"""
    pack = load_pack("bots")
    for seed in range(3):
        g = Game(pack, "Identity", 6, [RandomAgent(seed + i) for i in range(6)], seed=seed)
        g.start()
        truth = [p.v["role"] for p in g.players]
        incident = truth.index("IncidentMastermind")
        for seat in range(6):
            seen = [p.v["role"] for p in View(g, seat).players]
            assert seen == [r if i in (seat, incident) else UNKNOWN for i, r in enumerate(truth)]
