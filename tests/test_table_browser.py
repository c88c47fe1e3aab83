"""The table in a real browser: Debian's Chromium, driven by Playwright (no browser is downloaded; the
test is skipped where the system has no `chromium`). Two people play a whole Love Letter game in two
pages, one of them a phone's width, by clicking the options their pages show; neither page, nor any
frame it was sent, ever shows the other's hand (but a card the rules showed it, which its log says)."""
from __future__ import annotations

import json
import shutil
import time

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

pytest.importorskip("playwright")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no system chromium")

from tests.table_helpers import LOVE_LETTER, served  # noqa: E402
from tests.test_table import other_hand_is_hidden  # noqa: E402

PHONE = {"width": 390, "height": 844}


def shown_to(page, seat: int) -> bool:
    log = page.inner_text("#lines")
    return f"shown to P{seat}" in log or "revealed" in log


def click_decision(page, clicked: dict) -> bool:
    """Answer the page's decision with its first options, once (`clicked`: its id -> its text); False if
    there is none to answer, or if it was redrawn for another decision meanwhile."""
    from playwright.sync_api import TimeoutError as Late

    did = page.locator("#decision").get_attribute("data-id")
    if not did or did in clicked:
        return False
    box = page.locator(f'#decision[data-id="{did}"]')      # this decision's controls, or none
    buttons = box.locator(".options button")
    try:
        text = box.inner_text(timeout=2000)
        if box.get_attribute("data-kind", timeout=2000) == "many":
            for i in range(int(box.get_attribute("data-min", timeout=2000))):
                buttons.nth(i).click(timeout=2000)
            box.locator("button.done").click(timeout=2000)
        else:
            buttons.first.click(timeout=2000)
    except Late:
        return False
    clicked[did] = text
    return True


def test_two_browsers_play_a_whole_love_letter_game_and_never_see_the_others_hand(chromium):
    with served(LOVE_LETTER, "--seats", "human,human", "--seed", "8") as urls:
        contexts = []
        try:
            pages, frames, errors = [], {0: [], 1: []}, []
            for seat, size in ((0, PHONE), (1, {"width": 1280, "height": 900})):
                contexts.append(chromium.browser.new_context(viewport=size))
                page = contexts[-1].new_page()
                page.on("pageerror", lambda err: errors.append(str(err)))
                page.on("websocket", lambda ws, seat=seat: ws.on(
                    "framereceived", lambda payload, seat=seat: frames[seat].append(json.loads(payload))))
                page.goto(urls[f"seat {seat}"])
                pages.append(page)
            clicked = [{}, {}]
            deadline = time.monotonic() + 240
            while not any(p.locator("#over").is_visible() for p in pages):
                assert time.monotonic() < deadline, "the game did not end"
                acted = False
                for seat, page in enumerate(pages):
                    other = 1 - seat
                    faces_up = page.locator(f'article[data-seat="{other}"] [data-zone="hand"] .card:not(.back)').count()
                    assert faces_up == 0 or shown_to(page, seat), f"P{seat}'s page shows P{other}'s hand"
                    acted = click_decision(page, clicked[seat]) or acted
                if not acted:
                    pages[0].wait_for_timeout(30)
            for seat, page in enumerate(pages):
                assert "won" in page.inner_text("#over")
                assert page.locator(f'article[data-seat="{seat}"] h3').count() == 1
            width = pages[0].evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the phone's page is {width} px wide"
            assert sum(len(c) for c in clicked) > 4
            assert not errors, errors                       # the page's script never failed
            for seat in (0, 1):
                lines: list[str] = []
                got = [m for m in frames[seat] if m.get("type") == "frame"]
                assert got and got[-1]["over"] is not None
                for m in got:
                    lines = m["log"]["lines"] if m["log"]["from"] == 0 else lines + m["log"]["lines"]
                    assert other_hand_is_hidden(m, lines)
        finally:
            for context in contexts:
                context.close()


def play_until(page, clicked: dict, deadline: float, stop) -> None:
    """Answer the page's decisions with their first options until `stop()`."""
    while not stop():
        assert time.monotonic() < deadline, "the game did not end"
        if not click_decision(page, clicked):
            page.wait_for_timeout(20)


def test_a_designer_plays_thb_to_the_end_takes_back_and_saves_a_moment_that_passes(chromium, tmp_path):
    with served("thb", "--mode", "Duel", "--seats", "human,random", "--seed", "11") as urls:
        context = chromium.browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        try:
            page = context.new_page()
            page.goto(urls["seat 0"])
            clicked: dict = {}
            deadline = time.monotonic() + 400
            play_until(page, clicked, deadline, lambda: len(clicked) >= 6)
            last = list(clicked)[-1]
            page.wait_for_function(f"Number(document.querySelector('#decision').dataset.id) > {last}", timeout=60_000)
            page.locator("#take-back").click()             # the last answer taken back: asked it again
            page.wait_for_function(f"Number(document.querySelector('#decision').dataset.id) > {last} + 1",
                                   timeout=60_000)
            assert page.locator("#decision").inner_text() == clicked[last]
            with page.expect_download() as download:
                page.locator("#save-moment").click()
            moment = tmp_path / "moment.spell"
            download.value.save_as(moment)
            play_until(page, clicked, deadline, lambda: page.locator("#over").is_visible())
            assert "Game over" in page.inner_text("#over")
        finally:
            context.close()
    run = CliRunner().invoke(cli, ["test", "thb", "--with", str(moment), "-k", "moment"])
    assert run.exit_code == 0 and "1 passed, 0 failed" in run.stdout, run.output


def test_a_hot_seat_page_holds_every_person_and_switches_between_them(chromium):
    with served(LOVE_LETTER, "--seats", "human,human", "--seed", "9") as urls:
        page = chromium.browser.new_page(viewport=PHONE)
        try:
            page.goto(urls["hot seat"])
            tabs = page.locator("#seats button")
            tabs.first.wait_for()
            assert tabs.count() == 2
            clicked: dict = {}
            answered = 0
            deadline = time.monotonic() + 120
            while answered < 6 and not page.locator("#over").is_visible():
                assert time.monotonic() < deadline
                for i in range(2):
                    tabs.nth(i).click()                    # the seat with a ● is asked: answer it there
                    if click_decision(page, clicked):
                        answered += 1
                page.wait_for_timeout(30)
            assert answered >= 6 or page.locator("#over").is_visible()
        finally:
            page.context.close()


def test_the_replay_viewer_is_the_table_read_only(chromium, tmp_path):
    log, page_file = tmp_path / "game.log", tmp_path / "game.html"
    run = CliRunner().invoke(cli, ["simulate", LOVE_LETTER, "--games", "1", "--seed", "3", "--log", str(log)])
    assert run.exit_code == 0, run.output
    run = CliRunner().invoke(cli, ["replay", str(log), "--trust-log", "--html", str(page_file), "--table",
                                   "--seat", "0"])
    assert run.exit_code == 0, run.output
    html = page_file.read_text()
    assert "/static/" not in html                                  # self-contained: opens from disk
    boot = json.loads(html.split('<script id="boot" type="application/json">')[1].split("</script>")[0])
    steps = boot["replay"]["steps"]
    assert steps[-1]["over"]["reason"] == "win" and any(s["decision"] for s in steps)
    for step in steps:                                             # P1's hand: never shown to P0's viewer
        assert other_hand_is_hidden(step, boot["replay"]["lines"][:step["log_count"]])
    page = chromium.browser.new_page(viewport=PHONE)
    try:
        errors: list = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(page_file.as_uri() + "#2")
        assert "step 3 of" in page.inner_text("#step-label")
        page.keyboard.press("PageDown")
        assert page.evaluate("location.hash") != "#2"
        assert page.locator("#decision button:not([disabled])").count() == 0    # read-only
        page.keyboard.press("End")
        assert page.evaluate("location.hash") == f"#{len(steps) - 1}"
        assert "won" in page.inner_text("#over")
        assert not errors, errors
    finally:
        page.context.close()
