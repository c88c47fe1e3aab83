"""`spellcard balance`: Wilson intervals, baselines fair to seat and team, a too-strong character from
--with flagged, skills and cards counted, and the HTML report in a real browser."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.balance.counts import Counts
from spellcard.balance.stats import analyse, wilson
from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.simulate import Table, play

from .test_doc_site import needs_chromium, png_rows

DATA = Path(__file__).parent / "data"
ARENA = str(DATA / "arena")
TITAN = str(DATA / "arena_titan.spell")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def balance_json(*args: str) -> dict:
    result = run("balance", ARENA, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_wilson_intervals_match_the_published_values():
    # Newcombe (1998), table I: 95% score intervals.
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_too_strong_character_from_with_is_flagged_above_its_baseline():
    with_titan = balance_json("--games", "120", "--with", TITAN)
    titan = with_titan["characters"]["Titan"]
    assert titan["played"] > 50 and titan["flag"] == "above", titan
    assert titan["low"] > titan["baseline"]
    assert {"character": "Titan", "where": "all"}.items() <= with_titan["outliers"][0].items()
    assert set(titan["by_attribute"]["team"]) == {"red", "blue"}         # conditioned on the pack's shown attribute
    assert set(titan["by_seat"]) == {"P0", "P1", "P2", "P3"}
    fair = balance_json("--games", "120")
    assert "Titan" not in fair["characters"]
    assert not [o for o in fair["outliers"] if o["where"] == "all"], fair["outliers"]


def test_skills_fired_and_cards_played_are_counted():
    d = balance_json("--games", "60", "--with", TITAN)
    skills = {s["name"]: s for s in d["skills"]}
    assert skills["Unbreakable"]["characters"] == ["Titan"] and skills["Unbreakable"]["count"] > 0
    strikes = {c["name"]: c for c in d["cards"]}["Strike"]
    assert strikes["count"] >= d["games"]             # a game ends only when a team is struck out
    assert d["length"]["games"] == d["games"] and d["length"]["min"] <= d["length"]["median"] <= d["length"]["max"]
    assert sum(n for _, n in d["length"]["histogram"]) == d["games"]


def test_the_baseline_is_what_others_won_in_the_same_seat_and_team():
    """A character that only ever sits where players win 80% and wins 80% there is fair, though the
    mode's average is 50%; one that wins 80% where the others win 20% is not."""
    counts = Counts()
    red, blue = (("team", "red"),), (("team", "blue"),)
    counts.players = {
        ("random", "Lucky", 0, red): [100, 80], ("random", "Other", 0, red): [100, 80],
        ("random", "Other", 1, blue): [200, 40],
        ("random", "Strong", 1, blue): [100, 80], ("random", "Weak", 1, blue): [100, 20],
    }
    pack = load_pack(ARENA)
    d = analyse(counts, pack, {})
    lucky, strong = d["characters"]["Lucky"], d["characters"]["Strong"]
    assert lucky["baseline"] == 0.8 and lucky["flag"] is None
    assert strong["baseline"] == pytest.approx(60 / 300, abs=1e-4) and strong["flag"] == "above"
    assert d["baseline"]["by_attribute"]["team"]["blue"]["rate"] == pytest.approx(140 / 400)


def test_counting_uses_changes_no_game():
    table = Table(load_pack(ARENA, [TITAN]), "Teams", 4)
    for seed in range(5):
        plain, _ = play(table, seed, log=True)
        counted, _ = play(table, seed, log=True, usage=True)
        assert plain.log.lines() == counted.log.lines()
        assert plain.usage is None and counted.usage.cards["Strike"] > 0


def test_the_same_seed_gives_the_same_json_and_timings_stay_out_of_it():
    first = run("balance", ARENA, "--json", "--games", "30", "--seed", "4")
    again = run("balance", ARENA, "--json", "--games", "30", "--seed", "4")
    assert first.stdout == again.stdout
    assert "games/s" in first.stderr and "seconds" not in first.stdout


def test_bad_options_get_a_clear_answer():
    result = run("balance", ARENA, "--scheduler", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2 and "add --backend dask" in result.output
    result = run("balance", ARENA, "--agent", "random,clever")
    assert result.exit_code == 2 and "unknown agent 'clever'" in result.output
    result = run("balance", ARENA, "--mode", "Nope")
    assert result.exit_code == 2 and "unknown mode 'Nope'" in result.output


def test_the_text_output_names_the_outlier():
    result = run("balance", ARENA, "--games", "80", "--with", TITAN)
    assert result.exit_code == 0, result.output
    assert "outliers" in result.stdout and "Titan" in result.stdout and "above" in result.stdout


# ── the HTML report ──────────────────────────────────────────────────────────────
@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance") / "report.html"
    result = run("balance", ARENA, "--games", "80", "--with", TITAN, "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_the_report_shows_the_outlier_its_charts_and_no_scripts(report):
    text = report.read_text("utf-8")
    assert "<script" not in text and "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert text.count("<svg") >= 5              # characters, seats, team, length, skills, cards
    assert "巨人 Titan" in text and 'class="row above"' in text
    assert "Unbreakable" in text and "Strike" in text


@needs_chromium
def test_the_report_loads_in_chromium_without_console_messages_and_is_not_blank(report, chromium, tmp_path):
    dom, console = chromium.dump_dom(report.as_uri())
    assert not console, console
    assert "Win rate by character" in dom
    shot = tmp_path / "report.png"
    chromium.screenshot(report.as_uri(), shot, 1000, 800)
    width, height, rows = png_rows(shot.read_bytes())
    assert (width, height) == (1000, 800)
    colours = {bytes(row[i:i + 3]) for row in rows[::20] for i in range(1, len(row) - 3, 3 * 7)}
    assert len(colours) > 20, f"only {len(colours)} colours: a blank page"


def test_the_search_agents_budget_reaches_the_games_it_plays():
    """`balance --search-rollouts` is the search agent's budget there, as in `simulate`: a seat of
    search plays with it, and the figures say which budget they came from."""
    d = balance_json("--games", "2", "--agent", "search,random", "--search-rollouts", "2")
    assert d["agent_options"] == {"rollouts": 2, "ms": None, "policy": "random"}
    assert set(d["by_agent"]) == {"search", "random"}
    assert balance_json("--games", "2")["agent_options"] == {}     # random takes none


def test_the_skills_chart_holds_characters_skills_and_the_rules_are_listed_apart(tmp_path):
    """A mode's rule, a card's skill or one granted in play is no character's: kept out of the chart."""
    out = tmp_path / "report.html"
    result = run("balance", "thb", "--mode", "Identity5Mode", "--games", "10", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    skills = json.loads(result.stdout)["skills"]
    rules = {s["name"]: s["rule_of"] for s in skills if "characters" not in s}
    assert "Identity5Mode" in rules["NullifyRule"] and rules.get("GrimoireSkill", ["Grimoire"]) == ["Grimoire"]
    page = out.read_text("utf-8")
    chart = page.split('id="skills"')[1].split("</svg>")[0]
    charted = re.findall(r'<text class="name"[^>]*>([^<]+)</text>', chart)
    assert charted and not set(charted) & set(rules)
    assert set(charted) <= {s["name"] for s in skills if "characters" in s}
    listed = page.split('id="rules"')[1]
    assert "NullifyRule" in listed and "Identity5Mode" in listed


@pytest.mark.parametrize("games", [0, -1])
def test_a_sweep_of_no_game_is_refused_before_it_reaches_a_cluster(games):
    """Its totals were its first batch's, added to: with no batch, an IndexError once the work was sent."""
    from spellcard.balance.sweep import Seats, run_dask, sweep_on

    asked = []

    class Client:                   # answers as a cluster with nothing to do would, noting what it is asked
        def __getattr__(self, name):
            asked.append(name)
            return lambda *args, **kwargs: {"workers": {"w": {}}}

    refused = f"a sweep plays 1 game or more, not {games}"
    with pytest.raises(ValueError, match=refused):
        sweep_on(Client(), None, Seats("Duel", 2), 0, games)
    assert asked == []
    with pytest.raises(ValueError, match=refused):
        run_dask(None, Seats("Duel", 2), 0, games, lambda n: None, workers=1, scheduler="tcp://0.0.0.0:1")
