"""Outcomes beyond winners: a pack's `score` line, `end_game(placings: …)`, each game's scores and
places, what `simulate` and `balance` report of them, and the search agent playing for the score
(examples/the_game: a cooperative game scored by the cards left; Love Letter: tokens)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.balance.sweep import Seats, play_batch
from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.runtime.agents.search import score
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.builtins.course import b_end_game
from spellcard.runtime.defs import ScoreDef
from spellcard.runtime.errors import GameOver
from spellcard.runtime.engine.game import Game, Result
from spellcard.runtime.engine.outcome import final_places, final_scores, given_places, ranked
from spellcard.scores import describe

EXAMPLES = Path(__file__).parent.parent / "examples"
THE_GAME = str(EXAMPLES / "the_game")
LOVE_LETTER = str(EXAMPLES / "love_letter")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def as_json(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# ── the declaration ────────────────────────────────────────────────────────────
@pytest.mark.parametrize("line, message", [
    ("score player hand_size", "`hand_size` is not a player counter or attribute"),
    ("score card number", "a game's score is a player or table value, not a card one"),
    ("score table left", "the game's score is declared twice"),
])
def test_a_score_line_names_one_number_of_the_players_or_the_table(tmp_path, line, message):
    extra = tmp_path / "extra.spell"
    extra.write_text(line + "\n", "utf-8")
    result = run("check", THE_GAME, "--with", str(extra))
    assert result.exit_code == 1
    assert message in result.output


def test_a_score_is_a_number(tmp_path):
    extra = tmp_path / "extra.spell"
    extra.write_text("attr player mood: bool = false\n", "utf-8")
    pack = tmp_path / "pack"
    pack.mkdir()
    for f in Path(THE_GAME).glob("*.spell"):
        (pack / f.name).write_text(f.read_text("utf-8").replace("score table left lowest", "score player mood"), "utf-8")
    result = run("check", str(pack), "--with", str(extra))
    assert result.exit_code == 1
    assert "a score is a number; `mood` is bool" in result.output


def test_the_score_is_compiled_into_the_pack():
    assert load_pack(THE_GAME).score == ScoreDef("table", "left", True, "剩餘牌數")
    assert load_pack(LOVE_LETTER).score == ScoreDef("player", "tokens", False, "好感")
    assert load_pack("bots").score is None


# ── a game's outcome ───────────────────────────────────────────────────────────
def test_places_follow_the_score_and_share_ties():
    assert ranked((5, 3, 3, 1), lowest=False) == (1, 2, 2, 4)
    assert ranked((5, 3, 3, 1), lowest=True) == (4, 2, 2, 1)


def play(pack: str, players: int, seed: int, agents=None):
    g = Game(load_pack(pack), "Classic", players,
             agents or [RandomAgent(seed * 10 + i) for i in range(players)], seed=seed)
    return g, g.play()


def test_a_player_score_is_each_seats_value_when_the_game_ends():
    g, result = play(LOVE_LETTER, 3, 1)
    assert result.scores == tuple(p.v["tokens"] for p in g.players)
    assert result.places == ranked(result.scores, lowest=False)
    assert all(result.places[p.seat] == 1 for p in result.winners)


def test_a_table_score_is_everyones_and_places_no_one():
    g, result = play(THE_GAME, 3, 1)
    assert result.scores == (g.v["left"],) * 3 and g.v["left"] > 0
    assert result.places is None
    assert result.winners == []                 # a game the table lost together


def test_end_game_may_place_the_players():
    """`end_game(winners, placings)`: the places follow the list given, the rest after them. (An agent
    cannot end a game: what it raises is its own fault, so the rules' call is made here directly.)"""
    g = Game(load_pack(THE_GAME), "Classic", 3, [RandomAgent(0)] * 3, seed=0)
    players = g.players
    with pytest.raises(GameOver) as over:
        b_end_game(g, [players[2]], [players[2], players[0]])
    assert final_places(g, final_scores(g), over.value.placings) == (2, 3, 1)
    assert given_places(3, []) == (1, 1, 1)


# ── what simulate and balance report ───────────────────────────────────────────
def test_simulate_reports_score_distributions_by_seat():
    s = as_json("simulate", LOVE_LETTER, "--players", "3", "--games", "20", "--seed", "1")
    scores = s["scores"]
    assert scores["measure"] == "tokens" and scores["best"] == "highest" and not scores["shared"]
    assert scores["label"] == "好感"             # the counter's label: what the tables call it
    p0 = scores["by_seat"]["P0"]
    assert p0["games"] == 20 and sum(n for _, n in p0["histogram"]) == 20
    assert p0["low"] < p0["mean"] < p0["high"] and 0 <= p0["min"] <= p0["max"] <= 5
    assert set(scores["places"]["by_seat"]) == {"P0", "P1", "P2"}
    assert as_json("simulate", "bots", "--mode", "Free", "--games", "2")["scores"] is None


def test_simulate_draws_a_table_score_as_one_row():
    result = run("simulate", THE_GAME, "--players", "2", "--games", "5")
    assert result.exit_code == 0, result.output
    assert "剩餘牌數, the table's score (lowest best)" in result.output
    assert "95% interval" in result.output


def test_the_interval_is_the_mean_plus_or_minus_two_standard_errors():
    d = describe({1: 2, 3: 2})          # 1, 1, 3, 3: mean 2, sd √(4/3), se √(1/3)
    assert d["mean"] == 2 and d["sd"] == pytest.approx(1.1547, abs=1e-4)
    assert d["low"] == pytest.approx(2 - 1.96 * 0.57735, abs=1e-3) and d["median"] == 1
    assert describe({4: 1})["low"] is None          # one game: no interval


def test_balance_reports_scores_and_its_batches_add_up_alike():
    pack = load_pack(LOVE_LETTER)
    seats = Seats("Classic", 3)
    whole = play_batch(pack, seats, 0, 12)
    halves = play_batch(pack, seats, 0, 5).merge(play_batch(pack, seats, 5, 7))
    assert whole.scores == halves.scores
    d = as_json("balance", LOVE_LETTER, "--players", "3", "--games", "12")
    assert d["scores"]["by_seat"]["P1"]["games"] == 12
    assert "by_agent" in d["scores"]


def test_balance_prints_and_reports_the_scores(tmp_path):
    out = tmp_path / "report.html"
    result = run("balance", THE_GAME, "--players", "2", "--games", "6", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "剩餘牌數, the table's score (lowest best)" in result.output
    html = out.read_text("utf-8")
    assert '<h2 id="scores">Scores: left (lowest best)</h2>' in html


# ── the search agent plays for the pack's outcome ──────────────────────────────
def outcome(scores=None, places=None, winners=(), reason="win") -> Result:
    return Result(list(winners), 1, 1, reason, scores=scores, places=places)


def test_a_rollout_is_worth_the_packs_outcome():
    tokens = ScoreDef("player", "tokens")
    assert score(outcome((4, 2, 1)), 0, tokens) == 2          # its lead over the best other
    assert score(outcome((4, 2, 1)), 1, tokens) == -2
    assert score(outcome((30, 20)), 0, ScoreDef("player", "points", True)) == -10
    assert score(outcome((12, 12)), 1, ScoreDef("table", "left", True)) == -12
    assert score(outcome((9, 9)), 1, ScoreDef("table", "fireworks")) == 9
    assert score(outcome(places=(2, 3, 1)), 2) == 1.0 and score(outcome(places=(2, 3, 1)), 1) == 0.0
    assert score(outcome(), 0) == 0.0 and score(outcome(reason="turn_limit"), 0) == 0.5


def test_the_search_agent_plays_a_cooperative_game_for_its_score():
    """Every game of The Game is lost by random rollouts, so a search by wins alone sees nothing to
    choose between; by the score (cards left), it leaves fewer cards than random play."""
    from spellcard.runtime.agents.search import SearchAgent
    searched, random = [], []
    for seed in range(3):
        _, r = play(THE_GAME, 2, seed, [SearchAgent(seed * 10 + i, rollouts=4) for i in range(2)])
        searched.append(r.scores[0])
        _, r = play(THE_GAME, 2, seed)
        random.append(r.scores[0])
    assert sum(searched) < sum(random) - 6, (searched, random)
