"""A log for people in the pack's words (issue 29 point 4): cards by their faces as the deck prints
them, actions as their `says` phrases, and the skills the setup granted gathered out of the way, in
`simulate --show-log`, a failing test's report (render_game) and the HTML viewer (spellcard/doc/replay.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from spellcard.compiler.pack.loader import load_pack
from spellcard.doc.replay import viewer_data
from spellcard.render import FacedLog, phrases_of, render_game
from spellcard.simulate import Table, play

from .runtime.test_engine import pack_of


def _game(pack: str, mode: str, seed: int = 3):
    game, _ = play(Table(load_pack(pack), mode, 5 if mode == "Identity5Mode" else 2), seed, log=True)
    return game


def test_a_thb_log_names_cards_by_face_and_actions_by_their_phrases():
    lines = [t.plain for t in render_game(_game("thb", "Identity5Mode"))]
    text = "\n".join(lines)
    assert re.search(r"deck → P\d hand: \w+[♠♡♣♢](?:[AJQK]|\d+)\b", text)       # Danmaku♠7, never an id
    assert "#" not in text
    assert re.search(r"P\d \(\w+\) draws 4 cards", text)                           # draw's says phrase
    assert not re.search(r"^\s*draw player=", text, re.M)


def test_a_chosen_card_is_named_by_its_face_unless_the_seat_did_not_see_it():
    game = _game("examples/the_game", "Classic")
    whole = [t.plain for t in render_game(game)]
    picks = [line for line in whole if "出哪一張牌" in line]
    assert picks and all(re.search(r"→ Number\d+$", line) for line in picks)       # never the bare kind
    seen = [t.plain for t in render_game(game, seat=1)]
    assert any(re.search(r"P0 出哪一張牌？ → …$", line) for line in seen)          # another seat's pick: hidden
    assert any(re.search(r"P1 出哪一張牌？ → Number\d+$", line) for line in seen)


def test_the_outcome_line_gives_a_scored_games_scores():
    from spellcard.render import outcome_line

    game, result = play(Table(load_pack("examples/the_game"), "Classic", 2), 3, log=True)
    assert re.fullmatch(r"Winner: nobody after \d+ turns?, score \d+", outcome_line(game, result).plain)
    game, result = play(Table(load_pack("examples/love_letter"), "Classic", 2), 3, log=True)
    assert re.fullmatch(r"Winner: P\d after \d+ turns, scores P0 \d, P1 \d", outcome_line(game, result).plain)


def test_setup_grants_are_gathered_before_the_first_turn():
    lines = [t.plain for t in render_game(_game("thb", "Identity5Mode"))]
    first = next(i for i, line in enumerate(lines) if line.startswith(("══ Round", "── Turn")))
    setup, game = lines[:first], lines[first:]
    assert not any(" gains " in line for line in setup)                       # no grant one by one
    held = [line for line in "\n".join(setup).splitlines() if " has " in line]
    assert len(held) >= 6 and any(line.startswith("table has ") for line in held)   # five seats and the rules
    assert all(not line.endswith(" has ") for line in held)


def test_the_compiled_pack_carries_each_actions_phrases():
    pack = load_pack("thb")
    assert pack.actions["draw"].says == ("{player}摸{amount}張牌", "{player} draws {amount} cards")
    assert phrases_of(pack)["draw"] == "{player} draws {amount} cards"
    assert phrases_of(pack, 0)["draw"] == "{player}摸{amount}張牌"
    garden = load_pack(str(Path(__file__).parent / "data" / "garden"))
    assert not garden.actions["plant"].says                                    # an action with no says…
    assert "plant" not in phrases_of(garden)                                   # …has no phrase


def test_the_html_viewer_names_cards_by_face_too():
    data = viewer_data(_game("thb", "Duel"), {"mode": "Duel", "seed": 3})
    faces = set(data["cards"].values())
    assert all(re.fullmatch(r"\w+[♠♡♣♢](?:[AJQK]|\d+)", f) for f in faces), sorted(faces)[:5]
    assert any(" draws " in step["t"] for step in data["views"]["all"]["steps"])


def test_a_log_is_said_in_the_packs_other_language_with_lang():
    """`--lang zh`: the same game, its actions by their Chinese `says` and its phases by their labels."""
    game = _game("esper", "Duel")
    en = "\n".join(t.plain for t in render_game(game))
    zh = "\n".join(t.plain for t in render_game(game, lang="zh"))
    assert re.search(r"^P\d draws 2 cards$", en, re.M) and re.search(r"^P\d抽2张牌$", zh, re.M)
    assert " ▸ round prepare phase" in en and " ▸ 准备阶段" in zh and "round prepare phase" not in zh
    assert len(en.splitlines()) == len(zh.splitlines())            # the same entries, other words


@pytest.mark.parametrize("phase, en, zh", [
    ('draw_phase "摸牌階段"', "draw phase", "摸牌階段"),     # a Chinese label: English says the name as words
    ('act "act now"', "act now", "act now"),                # a label in English: both take the pack's own word
    ('end_step ""', "end step", "end_step"),                # none: the name, as the rules text says it
])
def test_a_phase_is_said_by_its_label_where_it_is_in_the_logs_language_else_by_its_name(phase, en, zh):
    pack = pack_of(f"phase {phase}\n")
    name = phase.split()[0]
    for lang, said in (("en", en), ("zh", zh)):
        lines = [t.plain for t in FacedLog({}, {}, pack, {}, lang=lang).render([("phase", name, "P0")])]
        assert lines == [f" ▸ {said}"], lang


def test_lang_is_an_option_of_the_commands_that_print_a_log():
    from click.testing import CliRunner
    from spellcard.cli.main import cli

    result = CliRunner().invoke(cli, ["simulate", "esper", "--games", "1", "--seed", "3", "--show-log", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^P\d抽2张牌$", result.output, re.M)
    assert CliRunner().invoke(cli, ["replay", "--help"]).output.count("--lang") == 1
