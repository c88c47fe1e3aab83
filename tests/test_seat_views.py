"""Issue 14 point 1: the log as one seat saw it (`replay LOG --seat N`, `simulate --show-log --seat N`)
and the HTML replay viewer (`replay LOG --html OUT`), tested in headless Chromium like the doc site."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli
from spellcard.compiler.pack.loader import load_pack
from spellcard.render import render_game
from spellcard.runtime.agents.simple import RandomAgent
from spellcard.runtime.engine.game import Game
from spellcard.runtime.view import knows
from spellcard.seen_log import SeatLog, start_zones

from .test_doc_site import needs_chromium, png_rows


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


class Recorder(RandomAgent):
    """A random player that notes, at every decision, what each seat knows then (the truth, read
    from the game: a test's agent, so it says so)."""
    sees_all = True

    def __init__(self, seed, notes):
        super().__init__(seed)
        self.notes = notes

    def answer(self, game, d):
        self.notes.append((len(game.log.entries), [frozenset(c.id for c in game.cards if knows(game, p.seat, c))
                                                   for p in game.players]))
        return super().answer(game, d)


TABLES = [("thb", "Identity5Mode", 5, ("Ran", "Tenshi", "Kokoro", "", "")), ("bots", "Free", 2, ()),
          ("esper", "Duel", 2, ())]


@pytest.mark.parametrize("pack,mode,n,characters", TABLES)
def test_the_seat_log_knows_what_the_runtime_says_the_seat_knew(pack, mode, n, characters):
    """The log read as one seat saw it and the runtime's View agree, at every decision, on which
    cards the seat knew: the log carries who may see each card (zones by owner, `show`'s seats)."""
    notes = []
    g = Game(load_pack(pack), mode, n, [Recorder(i, notes) for i in range(n)], seed=5, log=True,
             characters=characters)
    g.play()
    start = start_zones(g)
    ids = [c.id for c in g.cards]
    for seat in range(n):
        seer, done = SeatLog(g.pack, start, seat), 0
        for upto, known in notes[::7]:
            for _ in seer.render(g.log.entries[done:upto]):
                pass
            done = upto
            assert {cid for cid in ids if seer.knows(cid)} == known[seat], f"P{seat} at entry {upto}"
    if pack == "thb":
        assert any(e[0] == "show" for e in g.log.entries), "a private look was taken (神算, 抖M, 希望之面)"


def test_a_seat_sees_its_own_draws_and_not_the_others():
    g = Game(load_pack("thb"), "Identity5Mode", 5, [RandomAgent(i) for i in range(5)], seed=2, log=True)
    g.play()
    full = [t.plain for t in render_game(g)]
    mine = [t.plain for t in render_game(g, 1)]
    assert len(full) == len(mine)
    draws = [(a, b) for a, b in zip(full, mine) if "deck → P" in a and " hand: " in a]
    assert any("deck → P1 hand" in a and a == b for a, b in draws)                  # its own: named
    others = [(a, b) for a, b in draws if "deck → P1 hand" not in a]
    assert others and all(re.fullmatch(r".*: a card(, a card)*", b) and "#" not in b for a, b in others)
    assert not any("a card" in line for line in full)


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "game.log"
    result = run("simulate", "thb", "--mode", "Identity5Mode", "--games", "1", "--seed", "3", "--log", str(path))
    assert result.exit_code == 0, result.output
    return path


def test_replay_prints_the_game_as_a_seat_saw_it(logged):
    whole = run("replay", str(logged), "--show-log")
    seen = run("replay", str(logged), "--seat", "2")
    assert whole.exit_code == 0 and seen.exit_code == 0, seen.output
    assert "as P2 saw it" in seen.output and "a card" in seen.output and "a card" not in whole.output
    assert seen.output.strip().endswith("events)")          # and the replay still checked


def test_bad_seats_get_a_clear_answer(logged):
    result = run("replay", str(logged), "--seat", "9")
    assert result.exit_code == 2 and "--seat 9: the game has seats 0 to 4" in result.output
    result = run("simulate", "thb", "--mode", "Duel", "--games", "1", "--seat", "0")
    assert result.exit_code == 2 and "add --show-log" in result.output
    for cmd in ("replay", "simulate"):
        assert "--seat" in run(cmd, "--help").output
    assert "--html" in run("replay", "--help").output


def test_simulate_shows_the_first_game_as_a_seat_saw_it():
    result = run("simulate", "thb", "--mode", "Duel", "--games", "1", "--show-log", "--seat", "0")
    assert result.exit_code == 0, result.output
    assert "as P0 saw it" in result.output and "a card" in result.output


@pytest.fixture(scope="module")
def viewer(logged, tmp_path_factory):
    out = tmp_path_factory.mktemp("viewer") / "replay.html"
    result = run("replay", str(logged), "--html", str(out))
    assert result.exit_code == 0, result.output
    return out


def page_data(path) -> dict:
    page = path.read_text("utf-8")
    return json.loads(page.split('<script id="game" type="application/json">')[1].split("</script>")[0]
                      .replace("<\\/", "</"))


def test_the_viewer_holds_every_seat_and_hides_what_each_did_not_see(viewer):
    page = viewer.read_text("utf-8")
    data = page_data(viewer)
    assert sorted(data["views"]) == ["0", "1", "2", "3", "4", "all"]
    whole, p1 = data["views"]["all"]["steps"], data["views"]["1"]["steps"]
    assert len(whole) == len(p1)
    hidden = [s for s in p1 if s.get("m") and None in s["m"][3]]
    assert hidden and all(s["m"][1] != "hand@1" for s in hidden)        # its own hand is never face down
    assert not any(s.get("m") and None in s["m"][3] for s in whole)
    assert '<option value="all" selected>' in page and "http" not in page.split("<body")[1].split("<script")[0]


def test_a_viewer_for_one_seat_carries_that_seat_s_view_alone(logged, tmp_path):
    """Issue 26: with --seat N the page is the one to hand to that player: its view alone, and the
    names of the cards it knew at some step, none other (the whole page tells nothing it did not see)."""
    out = tmp_path / "p1.html"
    result = run("replay", str(logged), "--html", str(out), "--seat", "1")
    assert result.exit_code == 0, result.output
    data, page = page_data(out), out.read_text("utf-8")
    assert list(data["views"]) == ["1"] and '<option value="1" selected>P1</option>' in page
    assert '"all"' not in page.split("<body")[1].split("<script")[0]
    view = data["views"]["1"]
    named = {cid for slot in view["init"].values() for cid in slot["ids"]}
    named |= {c for s in view["steps"] if "m" in s for c in s["m"][2] + s["m"][3] if c is not None}
    assert {int(k) for k in data["cards"]} == named and len(named) < len(page_data(logged_page(logged, tmp_path))["cards"])


def logged_page(logged, tmp_path):
    out = tmp_path / "all.html"
    assert run("replay", str(logged), "--html", str(out)).exit_code == 0
    return out


STEPPER = """<script>
const seen = [];
const mark = () => seen.push(document.getElementById("where").textContent.split(" / ")[0]);
const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true}));
for (const id of ["forward", "forward", "forward", "back"]) { document.getElementById(id).click(); mark(); }
key("ArrowRight"); mark(); key("ArrowRight"); mark(); key("ArrowLeft"); mark();
document.getElementById("last").click(); mark(); key("Home"); mark();
const seat = document.getElementById("seat"); seat.value = "all"; seat.dispatchEvent(new Event("change")); mark();
const out = document.createElement("pre"); out.id = "stepped"; out.textContent = seen.join("|");
document.body.append(out);
</script>
</body>"""


@needs_chromium
def test_the_viewer_steps_forward_and_back_in_chromium_without_console_messages(viewer, chromium, tmp_path):
    driven = tmp_path / "driven.html"
    driven.write_text(viewer.read_text("utf-8").replace("</body>", STEPPER), encoding="utf-8")
    dom, console = chromium.dump_dom(driven.as_uri())
    assert not console, console
    stepped = dom.split('<pre id="stepped">')[1].split("</pre>")[0].split("|")
    n = re.search(r"step \d+ / (\d+)", dom).group(1)
    assert stepped == ["step 1", "step 2", "step 3", "step 2", "step 3", "step 4", "step 3", f"step {n}",
                       "step 0", "step 0"]


@needs_chromium
def test_a_screenshot_of_the_viewer_is_not_blank(viewer, chromium, tmp_path):
    shot = tmp_path / "replay.png"
    chromium.screenshot(viewer.as_uri() + "#300", shot, 1000, 800)
    width, height, rows = png_rows(shot.read_bytes())
    assert (width, height) == (1000, 800)
    colours = {bytes(row[i:i + 3]) for row in rows[::20] for i in range(1, len(row) - 3, 3 * 7)}
    assert len(colours) > 20, f"only {len(colours)} colours: a blank page"


@needs_chromium
def test_a_viewer_for_one_seat_steps_in_chromium_without_console_messages(logged, chromium, tmp_path):
    out = tmp_path / "p2.html"
    assert run("replay", str(logged), "--html", str(out), "--seat", "2").exit_code == 0
    stepper = STEPPER.replace('const seat = document.getElementById("seat"); seat.value = "all"; '
                              'seat.dispatchEvent(new Event("change")); mark();\n', "")
    driven = tmp_path / "driven.html"
    driven.write_text(out.read_text("utf-8").replace("</body>", stepper), encoding="utf-8")
    dom, console = chromium.dump_dom(driven.as_uri())
    assert not console, console
    stepped = dom.split('<pre id="stepped">')[1].split("</pre>")[0].split("|")
    assert stepped[:3] == ["step 1", "step 2", "step 3"] and "(you)" in dom
