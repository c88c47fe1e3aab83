"""The partner search of `spellcard explore` (docs/property-testing.md, "Searching for partners"):
the pair scheduler sweeps every partner before it spends time where pairs interacted, the log is
cut into chains of windows, and a planted bug that needs one partner's trigger in the same damage
is found with `--focus` alone (slow: `make fuzz`)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.testing.chains import chains, interacted
from spellcard.testing.pairs import BOTH_ACTED_WEIGHT, INTERACTED_WEIGHT, SWEEP, Pairs

DATA = Path(__file__).parent / "data" / "explore"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def play_out(pairs: Pairs, games: int, interacts=(), acts=()) -> list:
    order = []
    for _ in range(games):
        p = pairs.next()
        if p is None:
            break
        order.append(p)
        pairs.scheduled(p)
        pairs.record([p], [p] if p in interacts or p in acts else [], both_acted=[p] if p in acts else [])
    return order


def test_every_partner_is_swept_before_any_gets_more():
    pairs = Pairs(["A", "B", "C", "D"])
    order = play_out(pairs, 4 * SWEEP)
    assert sorted(order) == sorted(["A", "B", "C", "D"] * SWEEP)
    assert order[:4] == ["A", "B", "C", "D"]        # the same games in the same order


def test_characters_are_swept_before_cards():
    pairs = Pairs(["A", "x", "B"], later=frozenset({"x"}))
    assert play_out(pairs, 3 * SWEEP)[:2 * SWEEP] == ["A", "B"] * SWEEP


def test_the_time_goes_where_pairs_interacted():
    pairs = Pairs(["A", "B", "C", "D"])
    order = play_out(pairs, 4 * SWEEP + 50, interacts={"C"})
    later = order[4 * SWEEP:]
    assert later.count("C") >= (INTERACTED_WEIGHT - 1) * later.count("A")
    assert later.count("A") > 0                     # the others keep a share
    assert pairs.stats["C"].interacted == order.count("C") and pairs.covered() == 1


def test_pairs_whose_skills_acted_together_get_the_most():
    pairs = Pairs(["A", "B", "C"])
    later = play_out(pairs, 3 * SWEEP + 90, interacts={"B"}, acts={"C"})[3 * SWEEP:]
    assert later.count("C") >= (BOTH_ACTED_WEIGHT // INTERACTED_WEIGHT - 1) * later.count("B")
    assert later.count("B") > later.count("A") > 0


def test_a_pair_budget_ends_the_search():
    pairs = Pairs(["A", "B"], per_pair=3)
    assert play_out(pairs, 100) .count("A") == 3 and pairs.next() is None


def test_chains_are_cut_at_plays_phases_and_top_level_triggers():
    log = [("phase", "play", "P0"),
           ("ask", "P0", "play", "?", 1, "Danmaku"),
           ("act", "use_card", {"user": "P0", "card": 7, "targets": ["P1"]}),
           ("act", "damage", {"target": "P1", "amount": 1, "source": "P0", "card": 7}),
           ("fire", "Grudge", "P0"),
           ("fire", "ImpossibleRequest", "P1"),
           ("act", "hp_loss", {"target": "P0", "amount": 1}), ("end", "hp_loss", False),
           ("end", "damage", False), ("end", "use_card", False),
           ("ask", "P0", "play", "?", 0, "pass"),
           ("phase", "end", "P0"),
           ("fire", "Diligence", "P2"),               # a trigger at a phase's window: a chain of its own
           ("act", "draw", {"player": "P2", "count": 1}), ("end", "draw", False),
           ("fire", "Other", "P1")]
    found = list(chains(log))
    assert len(found) == 3
    first, second, third = found
    assert first.seats == {0, 1} and first.skilled == {0, 1} and first.cards == {7}
    assert interacted(first, 0, 1) and not interacted(second, 0, 2) and not interacted(third, 0, 1)
    assert second.seats == {2} and third.seats == {1}


def test_a_card_played_at_a_seat_with_no_skill_acting_is_no_interaction():
    log = [("act", "damage", {"target": "P1", "amount": 1, "source": "P0"}), ("end", "damage", False)]
    [chain] = chains(log)
    assert chain.seats == {0, 1} and not interacted(chain, 0, 1)


def test_against_an_unknown_partner_is_a_usage_error():
    result = run("explore", "thb", "--focus", "Reimu", "--against", "Marisaa", "--examples", "1")
    assert result.exit_code == 2 and "Marisa" in result.output


def test_a_pair_budget_below_one_is_a_usage_error():
    result = run("explore", "thb", "--focus", "Reimu", "--per-pair", "0")
    assert result.exit_code == 2 and "--per-pair" in result.output


def test_the_json_has_each_pair_and_the_search_stops_when_every_pair_had_its_games():
    result = run("explore", "thb", "--with", DATA / "sound.spell", "--focus", "Diligent", "--against",
                 "Reimu,Marisa,Danmaku", "--per-pair", "1", "--mode", "Duel", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    pairs = out["coverage"]["pairs"]
    assert pairs["focus"] == "Diligent" and pairs["partners"] == 3 and out["games"] == 3
    assert set(pairs["each"]) == {"Reimu", "Marisa", "Danmaku"}
    assert all(p["met"] >= 1 for p in pairs["each"].values())
    assert out["found_after"] is None


@pytest.mark.slow
def test_a_bug_that_needs_one_partner_is_found_with_the_focus_alone(tmp_path):
    """宿怨 breaks only when 蓬萊山輝夜's 難題 makes her lose HP inside the damage she deals: explore
    is told the focus only, and finds the partner itself within the issue's 240 s."""
    result = run("explore", "thb", "--with", DATA / "grudge.spell", "--focus", "Avenger", "--time", "240",
                 "--shrink", "30", "--save", tmp_path)
    assert result.exit_code == 1, result.output
    assert "Avenger + Kaguya" in result.output and "both acted" in result.output
    [saved] = tmp_path.glob("*.spell")
    assert "Kaguya" in saved.read_text(encoding="utf-8")
    replay = run("test", "thb", "--with", DATA / "grudge.spell", "--with", saved, "-k", "explore")
    assert replay.exit_code == 1 and "0 passed, 1 failed" in replay.output, replay.output
