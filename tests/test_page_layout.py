"""Pages for people on any screen (issue 27, defect 12): every page the tools write (the doc site, the
replay viewer, the balance report) has a viewport, reads in one column at a phone's 390px with
nothing wider than the screen, and a link to an anchor lands below the sticky header. Measured in
Debian's chromium, driven by Playwright (skipped without either)."""
from __future__ import annotations

import pytest

from ._pages import needs_chromium, playwright_browser, write_pages
from .test_doc_site import png_rows

PHONE, DESKTOP = 390, 1280
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    return write_pages("thb", tmp_path_factory.mktemp("thb_pages"), "Identity5Mode", games=20)


@pytest.fixture(scope="module")
def browser():
    opened, close = playwright_browser()
    yield opened
    close()


@pytest.fixture(scope="module")
def phone(browser):
    """A phone's screen: as a mobile browser, it lays a page without a viewport out 980px wide."""
    return browser.new_page(viewport={"width": PHONE, "height": 844}, is_mobile=True, has_touch=True)


@pytest.fixture(scope="module")
def desktop(browser):
    return browser.new_page(viewport={"width": DESKTOP, "height": 900})


def test_every_page_written_has_a_viewport(pages):
    assert len(pages) > 40                          # the site's pages, one per character among them
    missing = [name for name, path in pages.items() if VIEWPORT not in path.read_text("utf-8")]
    assert not missing, missing


SHOWN = ["index.html", "cards.html", "characters.html", "character-Marisa.html", "skills.html", "modes.html",
         "vocabulary.html", "tutorial.html", "language.html", "testing.html", "replay.html", "report.html"]


@needs_chromium
@pytest.mark.parametrize("name", SHOWN)
def test_no_page_is_wider_than_a_phone(pages, phone, name):
    phone.goto(pages[name].as_uri() + ("#300" if name == "replay.html" else ""))
    width = phone.evaluate("document.documentElement.scrollWidth")
    wide = phone.evaluate(WIDER_THAN_THE_SCREEN)
    assert width <= PHONE and not wide, f"{name}: {width}px wide; {wide}"


WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter(e => !e.parentElement.closest("nav, table, figure, pre, .verdict, #results, #log"))
  .slice(0, 5).map(e => e.tagName + "." + e.className)"""


@needs_chromium
def test_on_a_phone_every_page_is_one_column(pages, phone):
    phone.goto(pages["cards.html"].as_uri())
    lefts = phone.evaluate("[...document.querySelectorAll('.gallery > article')].map(a => a.getBoundingClientRect().left)")
    assert len(lefts) > 10 and len(set(lefts)) == 1                     # one card under another
    assert phone.evaluate(STACKED, [".texts dt", ".texts dd"])            # the label above its text
    phone.goto(pages["replay.html"].as_uri() + "#300")
    assert phone.evaluate(STACKED, ["#table", "#log"])                    # the table, then the log
    phone.goto(pages["report.html"].as_uri())
    assert phone.evaluate("document.querySelector('main').getBoundingClientRect().width") <= PHONE


@needs_chromium
def test_on_a_desktop_the_gallery_and_the_viewer_use_the_width(pages, desktop):
    desktop.goto(pages["cards.html"].as_uri())
    lefts = desktop.evaluate("[...document.querySelectorAll('.gallery > article')].map(a => a.getBoundingClientRect().left)")
    assert len(set(lefts)) > 1
    desktop.goto(pages["replay.html"].as_uri() + "#300")
    assert not desktop.evaluate(STACKED, ["#table", "#log"])


STACKED = """([upper, lower]) => {
  const a = document.querySelector(upper).getBoundingClientRect(), b = document.querySelector(lower).getBoundingClientRect();
  return b.top >= a.bottom - 1 && Math.abs(b.left - a.left) < 40;
}"""

ANCHORS = [("cards.html", "card-Demolition"), ("vocabulary.html", "action-damage"), ("skills.html", "skill-Borrow"),
           ("characters.html", "character-Marisa"), ("vocabulary.html", "window-damage-taken"),
           ("report.html", "skills")]


@needs_chromium
@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_a_link_to_an_anchor_lands_below_the_sticky_header(pages, phone, desktop, width):
    page = phone if width == PHONE else desktop
    for name, anchor in ANCHORS:
        page.goto(pages[name].as_uri() + "#" + anchor)
        page.wait_for_timeout(50)
        where = page.evaluate(f"""() => {{
          const h = document.querySelector("header").getBoundingClientRect();
          const t = document.getElementById({anchor!r}).getBoundingClientRect();
          return [h.bottom, t.top, window.scrollY, innerHeight];
        }}""")
        header_bottom, top, scrolled, height = where
        assert scrolled > 0, f"{name}#{anchor}: not scrolled to"
        assert header_bottom <= top < height, f"{name}#{anchor} at {top}px, under the header (to {header_bottom}px)"


@needs_chromium
@pytest.mark.parametrize("name", ["cards.html", "character-Marisa.html", "vocabulary.html", "replay.html", "report.html"])
def test_a_phone_screenshot_is_not_blank(pages, phone, name, tmp_path):
    phone.goto(pages[name].as_uri() + ("#300" if name == "replay.html" else ""))
    shot = tmp_path / "shot.png"
    phone.screenshot(path=str(shot))
    width, height, rows = png_rows(shot.read_bytes())
    assert width == PHONE
    colours = {bytes(row[i:i + 3]) for row in rows[::20] for i in range(1, len(row) - 3, 3 * 7)}
    assert len(colours) > 20, f"{name}: only {len(colours)} colours, a blank page"
