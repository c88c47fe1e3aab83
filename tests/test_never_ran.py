"""Usage counts every kind of skill part (triggers, actives, conversions; awakening and limited skills
too), and balance, explore and doc list each part of a seated character's skill that never ran, with
why: the condition quoted from its .spell line, or the offers its owner declined (issue 30, point 5)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from spellcard.balance.sweep import Seats, play_batch
from spellcard.balance.unfired import line, why
from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.simulate import Table

HOARDER = Path(__file__).parent / "data" / "explore" / "hoarder.spell"
DEAD = "event.player == owner and owner.charms >= 2"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def hoard(entries: list) -> dict:
    [entry] = [f for f in entries if f["part"] == "Hoard#0"]
    return entry


def assert_dead_skill_flagged(entries: list) -> None:
    f = hoard(entries)
    assert f["kind"] == "trigger" and f["place"].endswith("hoarder.spell:23"), f
    assert f["condition"] == DEAD and f["why"] == f"never held: `{DEAD}` (when turn.start opened)"
    assert not {"Windfall#0", "Splurge#0"} & {e["part"] for e in entries}    # the charms were won and spent


def test_balance_flags_the_dead_awakening_with_its_unmet_condition():
    result = run("balance", "thb", "--mode", "Duel", "--games", "40", "--with", HOARDER, "--json")
    assert result.exit_code == 0, result.output
    assert_dead_skill_flagged(json.loads(result.stdout)["never_ran"])
    text = run("balance", "thb", "--mode", "Duel", "--games", "40", "--with", HOARDER)
    [shown] = [ln for ln in text.output.splitlines() if "Hoard#0" in ln]
    assert shown.startswith("  Hoard#0 (trigger) at ") and f"hoarder.spell:23: never held: `{DEAD}`" in shown


def test_balance_focus_flags_it_too():
    result = run("balance", "thb", "--mode", "Duel", "--games", "6", "--with", HOARDER, "--focus", "Hoarder", "--json")
    assert result.exit_code == 0, result.output
    assert_dead_skill_flagged(json.loads(result.stdout)["never_ran"])


def test_explore_flags_the_dead_awakening_with_its_unmet_condition():
    args = ("explore", "thb", "--with", HOARDER, "--focus", "Hoarder", "--mode", "Duel", "--examples", "12")
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    assert_dead_skill_flagged(json.loads(result.stdout)["coverage"]["never_ran"])
    [shown] = [ln for ln in run(*args).output.splitlines() if "Hoard#0" in ln]
    assert shown.startswith("  Hoard#0 (trigger) at ") and f"hoarder.spell:23: never held: `{DEAD}`" in shown


def test_doc_shows_each_skills_uses_and_the_dead_one(tmp_path):
    result = run("doc", "thb", "--with", HOARDER, "-o", tmp_path / "site", "--simulate", "20", "--mode", "Duel")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "character-Hoarder.html").read_text("utf-8")
    assert "Skill usage" in page and "<code>Hoard#0</code>" in page
    assert "never held: `event.player == owner and owner.charms &gt;= 2`" in page


def test_every_kind_of_part_is_counted():
    """Triggers of awakening and limited skills, actives and conversions all count, each by its
    part, and an optional trigger's owner saying no counts as declined."""
    pack = load_pack("thb")
    counts = play_batch(pack, Seats.of(Table(pack, "Identity5Mode", 5)), 0, 40)
    kinds = {"awakening": set(), "active": set(), "conversion": set(), "declined": set()}
    for key in counts.parts:
        skill = pack.skills[key.split("#")[0]]
        index = int(key.split("#")[1])
        if skill.kind == "locked" and any(t.limit and t.limit.scope == "game" for t in skill.triggers):
            kinds["awakening"].add(key)         # an awakening is emitted locked, once per game
        if any(a.index == index for a in skill.actives):
            kinds["active"].add(key)
        if any(c.index == index for c in skill.converts):
            kinds["conversion"].add(key)
    kinds["declined"] = set(counts.declined)
    assert all(kinds.values()), kinds
    for key in counts.parts:                    # a skill's count is its parts' (a conversion's card too)
        assert counts.skills[key.split("#")[0]] >= counts.parts[key]


def test_the_reason_says_offered_and_declined():
    f = {"declined": 3, "offered": 3, "kind": "trigger", "condition": "", "has_condition": False,
         "window": "turn.start", "part": "S#0", "place": "a.spell:4"}
    assert why(f) == "offered 3 times, declined 3"
    f.update(declined=0, offered=0)
    assert why(f) == "turn.start never opened while it was held"
    f.update(why=why(f))
    assert line(f) == "S#0 (trigger) at a.spell:4: turn.start never opened while it was held"


def test_counting_parts_changes_no_game():
    pack = load_pack("thb")
    table = Table(pack, "Identity5Mode", 5)
    from spellcard.simulate import play
    for seed in range(3):
        plain, counted = play(table, seed, log=True), play(table, seed, log=True, usage=True)
        assert plain[0].log.lines() == counted[0].log.lines() and counted[0].usage.parts
