"""No game words outside the packs: `show` and `harness` declarations, what `list`, `simulate` and the
scenario harness make of them, and a pack of another family (tests/data/garden) whose output
carries none of THB's words."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.scenario import Scenario, ScenarioError
from spellcard.simulate import Table, simulate

from .test_checks import clean, expect

DATA = Path(__file__).parent / "data"
GARDEN = str(DATA / "garden")
MINI = str(DATA / "mini")
THB_WORDS = re.compile(r"\b(hp|category|subtype|role|spirit|danmaku)\b", re.IGNORECASE)


def run(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def garden_copy(tmp_path: Path, old: str, new: str) -> str:
    """The garden pack with one line changed, in a folder of its own."""
    folder = tmp_path / "garden"
    folder.mkdir()
    text = (DATA / "garden" / "garden.spell").read_text("utf-8")
    assert old in text
    (folder / "garden.spell").write_text(text.replace(old, new), "utf-8")
    return str(folder)


# ── the checker ────────────────────────────────────────────────────────────────
def test_show_and_harness_on_the_base_pack_are_clean():
    clean("show card category\nshow character faction, base_life\nharness deck = deck, seat = set_character\n")


# One mistake each: the snippet, what the checker says, where, and a part of its help (or none).
MISTAKES = [
    ("show character factoin\n", "`factoin` is not a character attribute", "1:16", "did you mean `faction`?"),
    ("show player life\n", "`life` is not a player attribute", "1:13", "counter"),
    ("show card suit\n", "`suit` differs from copy to copy (deck `standard` lists it)", "1:11", "copies"),
    ('attr card tone: text = if self.suit == spade then "dark" else "light"\nshow card tone\n',
     "`tone` is worked out for each card, not fixed by its kind", "2:11", None),
    ("attr player picks: characters = []\nshow player picks\n",
     "wins cannot be grouped by `picks`, which is characters", "2:13", None),
    ("attr table weather: int = 0\nshow table weather\n", "not table ones", "2:1", None),
    ("harness dek = deck\n", "unknown harness setting `dek`", "1:9", "did you mean `deck`?"),
    ("harness deck = dekc\n", "unknown zone `dekc`", "1:16", "did you mean `deck`?"),
    ("harness deck = hand\n", "`hand` is each player's zone; the deck is a table zone", "1:16",
     "the table's zones are: deck, discard"),
    ("harness seat = dyin\n", "unknown function `dyin`", "1:16", "did you mean `dying`?"),
    ("harness seat = dying\n", "`dying` takes (player)", "1:16", "set_character"),
    ("harness deck = deck\nharness deck = discard\n", "the harness `deck` is set twice", "2:9", None),
    ('skill Probe "探" { active { say("x") }\nshow card category\n',
     "`show` starts a new declaration, but the one above is not closed", "2:1", None),
]


@pytest.mark.parametrize("source, message, at, help", MISTAKES)
def test_a_mistake_in_show_or_harness_is_located_and_explained(source, message, at, help):
    d = expect(source, message, at)
    if help is not None:
        assert help in d.help


def test_show_lines_add_up_and_name_each_attribute_once():
    expect("show card category, category\n", "`category` is already shown", "1:21")
    d = expect("show character faction\nshow character faction\n", "`faction` is already shown", "2:16")
    assert d.help == "first shown at snippet.spell:1:16"
    clean("show character faction\nshow character base_life\n")


def test_show_and_harness_stay_names_elsewhere():
    clean('func harness(show_: int) -> int = show_ + 1\n'
          'func shown() -> int { let harness_ = harness(2) return harness_ }\n')
    # `show` is also a built-in (a private reveal): a `let show` parses, and the checker only warns
    # that it hides the built-in
    expect('func harness(show_: int) -> int = show_ + 1\n'
           'func shown() -> int { let show = harness(2) return show }\n',
           "`show` is also the pack's built-in function", "2:23", severity="warning")


# ── what the compiled pack carries ─────────────────────────────────────────────
def test_declared_shows_and_harness_reach_the_pack():
    pack = load_pack(GARDEN, ())
    assert pack.shown == {"card": ["family"], "character": ["patience"], "player": ["team"]}
    assert pack.harness_deck == "pile" and pack.harness_seat is pack.funcs["plant_gardener"]


def test_without_show_the_tools_show_what_the_declarations_fix(tmp_path):
    """colour and petals are listed per copy by the deck, so a card kind's fixed attribute is only
    `family`; every character attribute; every player attribute that is an enum."""
    folder = garden_copy(tmp_path, "show card family\nshow character patience\nshow player team\n", "")
    assert load_pack(folder, ()).shown == {"card": ["family"], "character": ["patience"], "player": ["team"]}
    assert load_pack(MINI, ()).shown == {"card": ["category"], "character": ["hp"], "player": ["role"]}


def test_the_three_packs_show_what_they_declare():
    assert load_pack("thb", ()).shown == {"card": ["category", "subtype"], "character": ["hp"],
                                          "player": ["role", "faction", "side", "couple"]}
    assert load_pack("bots", ()).shown["character"] == ["hp", "spirit"]
    assert load_pack("esper", ()).shown["card"] == ["category", "cost", "speed", "life", "power"]


# ── the scenario harness ───────────────────────────────────────────────────────
def test_scenario_deals_from_the_declared_deck_and_seats_with_the_declared_function():
    s = Scenario(GARDEN, ["Hana", "Kusa"])
    assert s.deck.name == "pile"
    assert [len(s.cards_in(seat)) for seat in (0, 1)] == [2, 1]      # plant_gardener: `patience` cards each
    [white] = s.hand(0, "Daisy白2")
    s.answer(0, white)
    s.phase(0, "sow")
    assert s.value(0, "bloom") == 3                                # 2 petals, and 綠手指 adds 1 for white


def test_scenario_can_seat_with_the_builtin(tmp_path):
    s = Scenario(garden_copy(tmp_path, "seat = plant_gardener", "seat = set_character"), ["Hana", "Kusa"])
    assert s.p(0).character.name == "Hana" and s.cards_in(0) == []


def test_scenario_without_a_declared_deck_says_what_to_declare():
    with pytest.raises(ScenarioError, match=r"does not say which zone is the deck: declare `harness deck = ZONE`"):
        Scenario(MINI, ["A", "B"])


def test_scenario_without_a_declared_seat_says_what_to_declare(tmp_path):
    folder = garden_copy(tmp_path, ", seat = plant_gardener", "")
    with pytest.raises(ScenarioError, match=r"does not say how a test seats a character: declare `harness seat"):
        Scenario(folder, ["Hana", "Kusa"])


# ── list and simulate on a pack of another family ──────────────────────────────
def test_list_prints_the_declared_columns_and_no_thb_word():
    out = run("list", GARDEN)
    assert re.search(r"name\s*┃\s*label\s*┃\s*family\s*┃\s*copies", out)
    assert re.search(r"name\s*┃\s*label\s*┃\s*patience\s*┃\s*skills", out)
    assert not THB_WORDS.search(out), THB_WORDS.search(out)
    data = json.loads(run("list", GARDEN, "--json"))
    assert [c["attrs"] for c in data["cards"]] == [{"family": "bulb"}, {"family": "seed"}]
    assert {c["name"]: c["attrs"] for c in data["characters"]} == {"Hana": {"patience": 2}, "Kusa": {"patience": 1}}


def test_simulate_groups_wins_by_seat_and_by_the_declared_attribute():
    s = json.loads(run("simulate", GARDEN, "--players", "4", "--games", "20", "--json"))
    wins = s["wins"]
    assert list(wins["by_seat"]) == ["P0", "P1", "P2", "P3"]
    assert set(wins["by_attribute"]) == {"team"} and set(wins["by_attribute"]["team"]) == {"sun", "moon"}
    # teammates win together: seats 0 and 2 (sun) have one record, seats 1 and 3 (moon) another
    assert wins["by_seat"]["P0"] == wins["by_seat"]["P2"] and wins["by_seat"]["P1"] == wins["by_seat"]["P3"]
    sun = wins["by_attribute"]["team"]["sun"]
    assert sun["won"] == 2 * wins["by_seat"]["P0"]["won"] and sun["played"] == 40
    out = run("simulate", GARDEN, "--players", "4", "--games", "20")
    assert "wins by seat" in out and "wins by team" in out and "wins by character" in out
    assert wins["labels"] == {"moon": "月", "sun": "日"} and "│ 日 " in out      # members by the pack's labels
    assert not THB_WORDS.search(out), THB_WORDS.search(out)


def test_players_with_no_value_are_left_out_of_the_attribute_count():
    """THB's Duel deals no roles: no `role` table, but the seats still count."""
    pack = load_pack("thb", ())
    summary = simulate(Table(pack, "Duel", 2), 2, seed=1).tally.summary(1.0)
    assert "role" not in summary["wins"]["by_attribute"]
    assert sum(r["played"] for r in summary["wins"]["by_seat"].values()) == 4
