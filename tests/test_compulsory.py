"""Compulsory parts and results (docs/language.md): a `locked` trigger and a `may { … }` clause inside an
optional skill, a compulsory play written once (`must`), and an action's result, which the log gives
as a result (never an argument) and hides from a seat that did not see it. The coin game of
tests/data/compulsory uses all three; its own .spell tests (collected by pytest) prove each rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import front_end, load_pack, read_sources, resolve, with_bases
from spellcard.compiler.text.rules import RulesText
from spellcard.runtime.engine.game import Game
from spellcard.runtime.errors import PackError
from spellcard.seen_log import HIDDEN, seen_entries
from spellcard.simulate import Table, play

from tests.runtime._helpers import compiled

FIXTURE = Path(__file__).resolve().parent / "data" / "compulsory"


@pytest.fixture(scope="module")
def coins():
    return load_pack(str(FIXTURE))


def _game(pack, seed: int = 0):
    game, result = play(Table(pack, "Duel", 2), seed, log=True)
    assert result.reason == "win", result.error
    return game


def test_a_result_is_no_argument_and_is_logged_once_as_the_action_ends(coins):
    entries = _game(coins).log.entries
    acts = [i for i, e in enumerate(entries) if e[0] == "act" and e[1] == "draw_top"]
    assert acts
    for i in acts:
        assert set(entries[i][2]) == {"p"}                  # the parameters alone
    results = [e for e in entries if e[0] == "result" and e[1] == "draw_top"]
    assert len(results) == len(acts)
    assert not any(e[0] == "change" and e[2] == "result" for e in entries)
    assert all(isinstance(e[2], int) for e in results[:6])  # the deck's six cards, by id


def test_a_seat_reads_a_result_it_did_not_see_as_a_card(coins):
    game = _game(coins)
    drawer = {}                                         # the index of each draw's result -> who drew
    stack = []
    for i, e in enumerate(game.log.entries):
        if e[0] == "act" and e[1] == "draw_top":
            stack.append(e[2]["p"])
        elif e[0] == "result" and e[1] == "draw_top":
            drawer[i] = stack.pop()
    cards = [i for i, e in enumerate(game.log.entries) if i in drawer and e[2] is not None]
    assert cards
    for seat in (0, 1):
        seen = seen_entries(game, seat)
        for i in cards:
            mine = drawer[i] == f"P{seat}"
            assert (seen[i][2] == game.log.entries[i][2]) if mine else seen[i][2] == HIDDEN


def test_a_promised_result_that_is_not_given_faults_at_the_call():
    pack = compiled({"t.spell": """pack t "t"
counter player n
zone hand: player owner
action give(p: player) -> int { do { if p.n > 0 { event.result = p.n } } }
action tick(p: player) -> int? { do { } }
phase main "main" {
  tick(player)
  give(player)
  player.n = give(player)
}
turn main
"""})
    g = Game(pack, None, 2)
    with pytest.raises(PackError, match="`give` ended with no result"):
        pack.phases["main"].body(g, g.players[0])


def test_the_rules_text_says_which_part_is_compulsory_and_when_a_play_is():
    syms, _, diags = front_end(with_bases(read_sources(resolve(str(FIXTURE)))))
    assert not diags.has_errors
    zh, en = RulesText(syms, "zh"), RulesText(syms, "en")
    banker = syms.skills["Banker"]
    assert "你可以獲得1枚金幣，無論如何，對" in zh.skill(banker) and "；鎖定技，當你失去一條命" in zh.skill(banker)
    assert "you may " in en.skill(banker) and ", in any case, " in en.skill(banker)
    assert "; Locked: " in en.skill(banker)
    coup = zh.skill(syms.skills["Coup"])
    assert "你必須選擇【政變】" in coup and "行動階段" in coup
    assert "you must choose Coup" in en.skill(syms.skills["Coup"])
    assert "必須" not in zh.skill(syms.skills["Tax"])


def test_a_compulsory_play_offers_only_its_moves_and_no_pass(coins):
    from spellcard.runtime.builtins.plays import b_choose_play

    seen = []

    class Agent:
        def answer(self, view, d):
            seen.append([o if o is None else o.skill.name for o in d.options])
            return 0

        def refused(self, *a):
            raise AssertionError(a)

    g = Game(coins, None, 2)
    for p in g.players:
        p.agent = Agent()
        g.grant(p, coins.skills["Income"])
        g.grant(p, coins.skills["Coup"])
    p = g.players[0]
    g.current, g.phase = p, "act"
    p.v["coins"] = 10
    b_choose_play(g, p)
    g.phase = "draw"                                    # the rule names its phase: elsewhere it binds nothing
    b_choose_play(g, p)
    assert seen == [["Coup"], ["Income", "Coup", None]]


def test_the_fixture_plays_whole_games(coins):
    for seed in range(10):
        _game(coins, seed)


CARDS_PACK = """pack m "m"
zone pile: table hidden
zone hand: player owner
card Push "推" { target self }
card Pull "拉" { target self }
card Wait "等" { target self }
skill Swap "換" { convert 1 from owner.hand where it.kind == Wait as Pull for use }
must Pull when count(player.hand) >= 3
phase main "main" { choose_play(player) }
turn main
"""


def test_a_compulsory_card_is_offered_alone_and_a_conversion_to_it_counts_as_it():
    from spellcard.runtime.builtins.plays import b_choose_play

    pack = compiled({"m.spell": CARDS_PACK})
    seen = []

    class Agent:
        sees_all = True                                 # handed the decision itself (a test's agent)

        def answer(self, game, d):
            seen.append(sorted("pass" if o is None else o.card.kind.name + ("*" if o.convert else "") for o in d.options))
            return 0

    g = Game(pack, None, 2)
    p = g.players[0]
    p.agent = Agent()
    g.current = p
    g.grant(p, pack.skills["Swap"])
    g.move([g.make_card("Push", {}), g.make_card("Wait", {})], p.z["hand"])
    b_choose_play(g, p)                                 # two cards: the rule binds nothing
    g.move([g.make_card("Push", {})], p.z["hand"])
    b_choose_play(g, p)                                 # three: only Pull, made by the conversion
    g.move([g.make_card("Pull", {})], p.z["hand"])
    b_choose_play(g, p)
    assert seen == [["Pull*", "Push", "Wait", "pass"], ["Pull*"], ["Pull", "Pull*"]]
