"""Rules text in the pack's own words: an active skill is used in the phase where the pack offers
plays (never an "action phase" a pack does not declare), and a counter is called by its label."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from spellcard.cli.main import cli

EXAMPLES = Path(__file__).parent.parent / "examples"
PEEK = 'skill Peek "偷看" {\n  active limit 1 per phase { draw(owner) }\n}\n'


def explain(pack: str, name: str, *extra: str) -> str:
    args = ["explain", pack, name] + [a for f in extra for a in ("--with", f)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_game_without_an_action_phase_never_says_action_phase(tmp_path):
    """The Game offers no plays at all (its turn chooses cards itself): the text names no phase."""
    extra = tmp_path / "peek.spell"
    extra.write_text(PEEK.replace("draw(owner)", "draw(owner, 1)"), "utf-8")
    out = explain(str(EXAMPLES / "the_game"), "Peek", str(extra))
    assert "action phase" not in out and "出牌階段" not in out
    assert "rules text (en) When you play (once per phase)" in out
    assert "rules text (zh) 出牌時每階段限一次" in out


def test_an_active_skill_is_used_in_the_phase_that_offers_plays(tmp_path):
    extra = tmp_path / "peek.spell"
    extra.write_text(PEEK, "utf-8")
    out = explain(str(EXAMPLES / "love_letter"), "Peek", str(extra))
    assert "rules text (en) In your play phase (once per phase)" in out     # Love Letter's play_phase
    assert "rules text (zh) 出牌限一次" in out                                # its label, "出牌"
    assert "rules text (en) In your character turn (once per round)" in explain("esper", "IgnitePassion")
    assert "rules text (en) In your action phase (once per phase)" in explain("thb", "Borrow")


def test_a_counter_is_called_by_its_label(tmp_path):
    extra = tmp_path / "boast.spell"
    extra.write_text('skill Boast "誇耀" locked { on turn.end when owner.tokens > 2 { draw(owner) } }\n', "utf-8")
    out = explain(str(EXAMPLES / "love_letter"), "Boast", str(extra))
    assert "若你的好感大於2" in out
    assert explain(str(EXAMPLES / "love_letter"), "tokens").startswith("counter tokens “好感”")


def test_list_of_a_game_without_characters_shows_no_characters_table():
    result = CliRunner().invoke(cli, ["list", str(EXAMPLES / "the_game")])
    assert result.exit_code == 0, result.output
    assert "characters" not in result.output and "cards" in result.output and "modes" in result.output
