"""`balance --focus CHARACTER`: the character in every seat in turn against the same seeds without it,
its win rate and the baseline's with Wilson intervals, and the difference with Newcombe's paired
interval; a clear answer for a name the pack lacks, or a pack without characters (issue 30, point 4)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from spellcard.balance.paired import newcombe_paired

from .test_balance import ARENA, TITAN, run


def focus_json(*args: str) -> dict:
    result = run("balance", ARENA, "--json", "--with", TITAN, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_too_strong_character_wins_more_than_the_same_seats_without_it():
    d = focus_json("--games", "30", "--focus", "Titan")
    titan = d["all"]
    assert d["focus"] == "Titan" and d["label"] == "巨人" and d["seeds"] == 30
    assert d["games"] == 30 * 5                                     # each seed as dealt, then once per seat
    assert titan["pairs"] + d["dropped"] == 30 * 4                  # a pair per seed and seat
    assert set(d["by_seat"]) == {"P0", "P1", "P2", "P3"}
    assert titan["flag"] == "above" and titan["difference"]["low"] > 0, titan
    assert titan["rate"] > titan["baseline"]["rate"]
    assert titan["difference"]["value"] == pytest.approx(titan["rate"] - titan["baseline"]["rate"], abs=1e-3)
    assert titan["low"] <= titan["rate"] <= titan["high"]


def test_a_plain_character_is_not_flagged_and_the_figures_repeat():
    def plain() -> dict:
        result = run("balance", ARENA, "--json", "--games", "30", "--focus", "Ash")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)
    d = plain()
    assert d["all"]["flag"] is None, d["all"]
    assert d == plain()


def test_replacing_a_too_strong_character_shows_as_weaker():
    """With Titan in the pool, the seats Ash takes were sometimes Titan's: Ash does worse there."""
    d = focus_json("--games", "30", "--focus", "Ash")
    assert d["all"]["difference"]["value"] < 0


def test_the_text_names_the_character_and_the_verdict():
    result = run("balance", ARENA, "--with", TITAN, "--games", "20", "--focus", "巨人")     # a label works too
    assert result.exit_code == 0, result.output
    assert "focus 巨人 Titan" in result.output and "stronger than the characters it replaced" in result.output


@pytest.mark.parametrize("args, message", [
    (("--focus", "titan"), "--focus: 'titan' is no character of"),
    (("--focus", "titan"), "did you mean `Titan`?"),
    (("--focus", "Titan", "-o", "r.html"), "with --focus, use the tables or --json"),
])
def test_bad_focus_gets_a_clear_answer(args, message):
    result = run("balance", ARENA, "--with", TITAN, "--games", "2", *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_pack_without_characters_says_so():
    result = run("balance", "examples/love_letter", "--games", "2", "--focus", "Guard")
    assert result.exit_code == 2 and "--focus seats a character, and examples/love_letter has none" in result.output


def test_the_paired_interval_holds_the_difference_and_narrows_with_agreement():
    low, high = newcombe_paired(40, 30, 10, 20)
    assert low < 0.2 < high and 0 < low
    # The same margins, but the pairs agree more often: the paired interval is narrower.
    tight = newcombe_paired(60, 10, 0, 30)
    assert tight[1] - tight[0] < high - low and tight[0] <= 0.1 <= tight[1]
    assert newcombe_paired(0, 0, 0, 0) == (-1.0, 1.0)
    same = newcombe_paired(25, 0, 0, 25)                            # every pair agrees: no difference
    assert same[0] < 0 < same[1] and same[1] - same[0] < 0.1
    assert newcombe_paired(0, 50, 0, 0)[0] > 0.8                   # the focus always won, the baseline never


def test_a_mode_that_ignores_presets_is_named():
    fixed = str(Path(ARENA).parent / "arena_fixed_mode.spell")
    result = run("balance", ARENA, "--with", fixed, "--mode", "Fixed", "--games", "2", "--focus", "Birch")
    assert result.exit_code == 2, result.output
    assert "mode Fixed did not seat Birch at P0 (it seated Ash)" in result.output
    assert "preset_character" in result.output
