"""Private player attributes (`attr player role: Role? owner until role_shown`): a seat reads the value
only where it may (its own, once public), everywhere an agent is handed one; a search's worlds deal
the values it may not see afresh; the log as one seat saw it hides them too."""
import random

from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.decisions import ONE, Agent, Decision
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import UNKNOWN, View
from spellcard.runtime.agents.worlds import Worlds, redeal_values, worlds_of
from spellcard.seen_log import UNKNOWN as UNSEEN, seen_entries

from .test_engine import game_of

SECRETS = """
enum Token { red "紅", blue "藍", gold "金" }
attr player token: Token? owner until token_shown
attr player token_shown: bool = false
attr player plan: int hidden
func deal_tokens() {
  let tokens = shuffled([red, blue, gold])
  for p in all_players() { p.token = tokens[p.seat] }
}
func show_token(p: player) { p.token_shown = true }
"""


def secrets_game(**kw):
    g = game_of(SECRETS, n=3, **kw)
    g.pack.funcs["deal_tokens"](g)
    return g


def test_a_seat_reads_its_own_value_and_unknown_for_the_others_until_the_value_is_public():
    g = secrets_game()
    truth = [p.v["token"] for p in g.players]
    assert sorted(truth) == ["blue", "gold", "red"]
    views = [View(g, s) for s in range(3)]
    for s, v in enumerate(views):
        assert [p.v["token"] for p in v.players] == [truth[i] if i == s else UNKNOWN for i in range(3)]
        assert v.players[s].v["plan"] is UNKNOWN                # `hidden`: not even its player sees it
        assert v.sees_value(s, "token") and not v.sees_value((s + 1) % 3, "token")
        assert v.players[s].v["token_shown"] is False           # the condition itself is public
    g.pack.funcs["show_token"](g, g.players[1])
    assert [v.players[1].v["token"] for v in views] == [truth[1]] * 3
    assert views[0].players[2].v["token"] is UNKNOWN


def test_an_agent_that_sees_all_reads_the_truth():
    asked = []

    class Truth(Agent):
        sees_all = True

        def answer(self, game, d):
            asked.append([p.v["token"] for p in game.players])
            return 0

    g = secrets_game(agents=[Truth()] * 3)
    g.decide(Decision(g.players[0], ONE, "option", "pick", [1, 2]))
    assert asked == [[p.v["token"] for p in g.players]] and UNKNOWN not in asked[0]


def test_a_world_deals_the_unseen_values_afresh_among_their_holders_and_keeps_the_seen():
    g = secrets_game()
    truth = [p.v["token"] for p in g.players]
    dealt = set()
    for world in range(20):
        for p, x in zip(g.players, truth):
            p.v["token"] = x
        redeal_values(g, 0, random.Random(world))
        now = [p.v["token"] for p in g.players]
        assert now[0] == truth[0] and sorted(now[1:]) == sorted(truth[1:])
        dealt.add(tuple(now))
    assert len(dealt) == 2                                  # P1's and P2's, either way round
    for p, x in zip(g.players, truth):
        p.v["token"] = x
    g.pack.funcs["show_token"](g, g.players[2])             # P1's alone unseen now: nothing to deal
    redeal_values(g, 0, random.Random(1))
    assert [p.v["token"] for p in g.players] == truth


def test_a_world_does_not_depend_on_who_truly_holds_the_unseen_values():
    a, b = secrets_game(), secrets_game()
    b.players[1].v["token"], b.players[2].v["token"] = b.players[2].v["token"], b.players[1].v["token"]
    redeal_values(a, 0, random.Random(5))
    redeal_values(b, 0, random.Random(5))
    assert [p.v["token"] for p in a.players] == [p.v["token"] for p in b.players]


class _Stop(Exception):
    pass


class _StopAfterADeath(RandomAgent):
    """Random until a player is out (so the Boss is still in): the game stops at that decision."""
    sees_all = True

    def __init__(self, seed, stop):
        super().__init__(seed)
        self.stop = stop

    def answer(self, game, d):
        if self.stop(game):
            self.at = d
            raise _Stop()
        return super().answer(game, d)


class _Recorder(RandomAgent):
    """A rollout policy that notes each player's role in the world it is handed, then plays at random."""
    sees_all = True

    def __init__(self, seed, notes):
        super().__init__(seed)
        self.notes = notes
        self.noted = False

    def answer(self, game, d):
        if not self.noted:
            self.noted = True
            self.notes.append([p.v["role"] for p in game.players])
        return super().answer(game, d)


def test_a_search_clone_s_roles_vary_for_unseen_players_and_keep_what_the_seat_sees():
    """THB Identity5Mode: each world deals the roles the seat may not see afresh among those players;
    its own, the Boss's and a fallen player's stay as they are."""
    pack = load_pack("thb")
    searched = varied = 0
    for seed in range(12):
        stoppers = [_StopAfterADeath(seed * 10 + i, lambda g: any(not p.alive for p in g.players))
                    for i in range(5)]
        g = Game(pack, "Identity5Mode", 5, stoppers, seed=seed)
        g.play()
        d = next((a.at for a in stoppers if hasattr(a, "at")), None)
        if d is None:                   # the first death ended the game, or none came
            continue
        searched += 1
        seat = d.player.seat
        view = View(g, seat)
        seen = {p.seat: p.v["role"] for p in view.players if p.v["role"] is not UNKNOWN}
        assert any(not g.players[s].alive for s in seen) and seat in seen          # a fallen one, itself
        assert any(x == "Boss" for x in seen.values())
        worlds = worlds_of(view)
        assert isinstance(worlds, Worlds)
        notes, answer = [], RandomAgent(0).answer(g, d)
        for w in range(12):
            worlds.play_out(w, answer, _Recorder(w, notes))
        assert len(notes) >= 6          # a world may end before anyone is asked again
        truth = [p.v["role"] for p in g.players]
        unseen = [s for s in range(5) if s not in seen]
        for roles in notes:
            assert all(roles[s] == truth[s] for s in seen)                        # never contradicts
            assert sorted(roles[s] for s in unseen) == sorted(truth[s] for s in unseen)
        if len({truth[s] for s in unseen}) > 1:         # (two Attackers unseen look alike either way)
            varied += 1
            assert len({tuple(r[s] for s in unseen) for r in notes}) > 1, f"seed {seed}: the roles vary"
    assert searched >= 3 and varied >= 2


def test_the_seat_log_hides_a_value_until_it_is_public_and_then_names_it():
    g = secrets_game(log=True)
    g.pack.funcs["show_token"](g, g.players[1])
    truth = [p.v["token"] for p in g.players]
    sets = [e for e in seen_entries(g, 0) if e[0] == "set" and e[2].startswith("token")]
    assert sets == [("set", "P0", "token", truth[0]), ("set", "P1", "token", UNSEEN),
                    ("set", "P2", "token", UNSEEN), ("set", "P1", "token_shown", True, {"token": truth[1]})]
    assert [e for e in seen_entries(g, None) if e[0] == "set"][1] == ("set", "P1", "token", truth[1])


def test_a_blind_choice_is_not_named_to_its_chooser_in_its_log():
    """Choosing a card from another's hand unseen: the chooser's own log reads "a card" at the choice,
    as its view showed it the option."""
    text = 'card Coin "coin" { target self }\n' \
           'func take_from(p: player, q: player) -> card? { return choose_card(p, cards(q.hand), "take one") }\n'
    g = game_of(text, n=2, agents=[RandomAgent(1), RandomAgent(2)], log=True)
    g.move([g.make_card("Coin", {}), g.make_card("Coin", {})], g.players[1].z["hand"])
    g.pack.funcs["take_from"](g, g.players[0], g.players[1])
    [ask] = [e for e in g.log.entries if e[0] == "ask"]
    [mine] = [e for e in seen_entries(g, 0) if e[0] == "ask"]
    [theirs] = [e for e in seen_entries(g, 1) if e[0] == "ask"]
    assert ask[-1] == "Coin" and mine[-1] == "a card"              # P0 did not know it when it chose
    assert theirs[-1] == "…"                                        # another's choice of cards, as before
    g.pack.funcs["take_from"](g, g.players[1], g.players[1])       # its own hand: named to it
    assert [e for e in seen_entries(g, 1) if e[0] == "ask"][-1][-1] == "Coin"


def test_the_replay_viewer_shows_a_seat_the_values_it_saw():
    """The viewer's seat selector: a seat's table holds `unknown` for another's hidden value until
    the entry that shows it, the whole game the truth throughout."""
    from spellcard.doc.replay import viewer_data

    g = secrets_game(log=True)
    g.pack.funcs["show_token"](g, g.players[1])
    truth = [p.v["token"] for p in g.players]
    views = viewer_data(g, {"mode": "t", "seed": 0})["views"]
    sets = lambda v: [s["s"] for s in views[v]["steps"] if "s" in s and s["s"][0][1].startswith("token")]
    assert sets("0") == [[["P0", "token", truth[0]]], [["P1", "token", UNSEEN]], [["P2", "token", UNSEEN]],
                         [["P1", "token_shown", True], ["P1", "token", truth[1]]]]
    assert [s[0][2] for s in sets("all")[:3]] == truth
    shown = [s["t"] for s in views["0"]["steps"] if s.get("k") == "set"][-1]
    assert shown.endswith(f"token_shown = true, token = {truth[1]}")
