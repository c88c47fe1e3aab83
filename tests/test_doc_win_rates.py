"""`spellcard doc --simulate N`: each character's win rate on its page and in the character list,
from the same seeded games `spellcard simulate` plays."""
from __future__ import annotations

import html
import json
import re

from click.testing import CliRunner

from spellcard.cli.main import cli

ROW = re.compile(r'<tr><td><a href="#character-(\w+)">[^<]*</a></td><td>(\d+)</td><td>(\d+)</td><td>([^<]*)</td></tr>')


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_the_character_list_shows_the_wins_simulate_counts(tmp_path):
    result = run("doc", "bots", "-o", str(tmp_path), "--simulate", "6", "--mode", "Free", "--seed", "3")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "characters.html").read_text("utf-8")
    shown = {name: (int(p), int(w), rate) for name, p, w, rate in ROW.findall(page)}
    sim = json.loads(run("simulate", "bots", "--mode", "Free", "--games", "6", "--seed", "3", "--json").stdout)
    counted = sim["wins"]["by_character"]
    listed = [c["name"] for c in json.loads(run("list", "bots", "--json").stdout)["characters"]]
    assert sorted(shown) == sorted(listed)                   # every character has its row
    for name, (played, won, rate) in shown.items():
        row = counted.get(name, {"played": 0, "won": 0})
        assert (played, won) == (row["played"], row["won"]), name
        assert rate == (f"{100 * won / played:.1f}%" if played else "—")
    assert sum(p for p, _, _ in shown.values()) == 6 * 2     # a 2-player mode: two characters a game
    assert "6 games per mode (seeds 3–8)" in html.unescape(page)


def test_each_character_page_has_its_rate_per_mode(tmp_path):
    result = run("doc", "bots", "-o", str(tmp_path), "--simulate", "3")
    assert result.exit_code == 0, result.output
    page = html.unescape((tmp_path / "characters.html").read_text("utf-8"))
    article = page[page.index('id="character-Cirno"'):]
    article = article[:article.index("</article>")]
    assert "胜率 win rate" in article and "<td>all</td>" in article       # bots is written in simplified
    played = re.findall(r"<tr[^>]*><td>([^<]+)</td><td>(\d+)</td><td>(\d+)</td>", article)
    by_mode = {label: int(n) for label, n, _ in played}
    assert by_mode["all"] == sum(n for label, n in by_mode.items() if label != "all")


def test_without_simulate_no_rates_are_shown(tmp_path):
    assert run("doc", "bots", "-o", str(tmp_path)).exit_code == 0
    assert "win-rate" not in (tmp_path / "characters.html").read_text("utf-8")


def test_mode_needs_simulate_and_must_exist(tmp_path):
    alone = run("doc", "bots", "-o", str(tmp_path), "--mode", "Free")
    assert alone.exit_code == 2 and "give --simulate N too" in alone.output
    wrong = run("doc", "bots", "-o", str(tmp_path), "--simulate", "2", "--mode", "Fre")
    assert wrong.exit_code == 2 and "unknown mode 'Fre'" in wrong.output
