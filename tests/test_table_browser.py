"""The table in a real browser: Debian's Chromium, driven by Playwright (no browser is downloaded; the
test is skipped where the system has no `chromium`). Two people play a whole Love Letter game in two
pages, one of them a phone's width, by clicking the options their pages show; neither page, nor any
frame it was sent, ever shows the other's hand (but a card the rules showed it, which its log says)."""
from __future__ import annotations

import json
import shutil
import time

import pytest

pytest.importorskip("playwright")
CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no system chromium")

from tests.table_helpers import LOVE_LETTER, served  # noqa: E402
from tests.test_table import other_hand_is_hidden  # noqa: E402

PHONE = {"width": 390, "height": 844}


def shown_to(page, seat: int) -> bool:
    log = page.inner_text("#lines")
    return f"shown to P{seat}" in log or "revealed" in log


def click_decision(page, clicked: set) -> bool:
    """Answer the page's decision with its first options, once; False if there is none to answer."""
    box = page.locator("#decision")
    did = box.get_attribute("data-id")
    if not did or did in clicked:
        return False
    clicked.add(did)
    buttons = page.locator("#decision .options button")
    if box.get_attribute("data-kind") == "many":
        for i in range(int(box.get_attribute("data-min"))):
            buttons.nth(i).click()
        page.locator("#decision button.done").click()
    else:
        buttons.first.click()
    return True


def test_two_browsers_play_a_whole_love_letter_game_and_never_see_the_others_hand():
    from playwright.sync_api import sync_playwright

    with served(LOVE_LETTER, "--seats", "human,human", "--seed", "8") as urls, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            pages, frames = [], {0: [], 1: []}
            for seat, size in ((0, PHONE), (1, {"width": 1280, "height": 900})):
                page = browser.new_context(viewport=size).new_page()
                page.on("websocket", lambda ws, seat=seat: ws.on(
                    "framereceived", lambda payload, seat=seat: frames[seat].append(json.loads(payload))))
                page.goto(urls[f"seat {seat}"])
                pages.append(page)
            clicked = [set(), set()]
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
            for seat in (0, 1):
                lines: list[str] = []
                got = [m for m in frames[seat] if m.get("type") == "frame"]
                assert got and got[-1]["over"] is not None
                for m in got:
                    lines = m["log"]["lines"] if m["log"]["from"] == 0 else lines + m["log"]["lines"]
                    assert other_hand_is_hidden(m, lines)
        finally:
            browser.close()
