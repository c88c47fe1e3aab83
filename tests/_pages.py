"""What the page tests share: every page the tools write (the doc site, the replay viewer, the balance
report) made from one pack, a pack whose every word is a given string (tests/data/hostile_html),
and a real browser to read them in, one per module (Debian's chromium, driven by Playwright from
PyPI). Tests skip without either."""
from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from spellcard.cli.main import cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HOSTILE = Path(__file__).parent / "data" / "hostile_html"

CORPUS = ("</script>", "<![CDATA[", "]]>", "\u2028", "\u2029", "<img src=x onerror=alert(1)>",
          '"', "'", "&lt;", "&amp;", "&#x3c;", "<style>", "</title>", "</textarea>", "-->", "<!--",
          "<svg onload=alert(2)>", "<math><mi>", "</noscript>", "\\u003c/script>", "javascript:alert(3)",
          "<!--<script>")
"""Strings that break a page which pastes text into HTML or a script unescaped. `<!--<script>` comes
last: a `-->` after it would undo what it does to a script block (issue 27's blank viewer)."""
WORDS = " ".join(CORPUS)

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def write_pack(folder: Path, words: str) -> Path:
    """The hostile_html pack with every HOSTILE written as `words` (escaped as a .spell string)."""
    quoted = words.replace("\\", "\\\\").replace('"', '\\"')
    for name in ("pack.spell", "tests/first.spell"):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text((HOSTILE / name).read_text("utf-8").replace("HOSTILE", quoted), "utf-8")
    return folder


def write_pages(pack: str, out: Path, mode: str, games: int = 10, pack_option: str = "") -> dict[str, Path]:
    """Every page the tools write for `pack`: the doc site's pages, the replay viewer of game 0 and a
    balance report of `games` games of `mode`. Keys: the page's file name."""
    site = out / "site"
    done = run("doc", pack, "-o", str(site))
    assert done.exit_code == 0, done.output
    log, viewer, report = out / "game.log", out / "replay.html", out / "report.html"
    done = run("simulate", pack, "--mode", mode, "--games", "1", "--log", str(log))
    assert done.exit_code == 0, done.output
    done = run("replay", str(log), *(("--pack", pack_option) if pack_option else ()), "--html", str(viewer))
    assert done.exit_code == 0, done.output
    done = run("balance", pack, "--mode", mode, "--games", str(games), "-o", str(report))
    assert done.exit_code == 0, done.output
    pages = {p.name: p for p in sorted(site.glob("*.html"))}
    pages["replay.html"], pages["report.html"] = viewer, report
    return pages


class Pages:
    """Pages read in one running Chromium (the `chromium` fixture, tests/conftest.py), each in a fresh
    context as a fresh `chromium --headless` reads it: the DOM after its scripts ran, what it printed."""

    def __init__(self, browser):
        self.browser = browser

    def dump_dom(self, url: str) -> tuple[str, list[str]]:
        """The page's DOM after its scripts ran, and its console messages and uncaught errors."""
        page = self.browser.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(f"console {message.type}: {message.text}"))
        page.on("pageerror", lambda error: console.append(f"uncaught: {error}"))
        try:
            page.goto(url)
            return page.content(), console
        finally:
            page.context.close()

    def screenshot(self, url: str, path: Path, width: int, height: int) -> None:
        page = self.browser.new_page(viewport={"width": width, "height": height})
        try:
            page.goto(url)
            page.screenshot(path=str(path))
        finally:
            page.context.close()


class Shape(HTMLParser):
    """A DOM's structure (each element's tag and attribute names, in order) and its visible text."""

    def __init__(self, dom: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple] = []
        self.text: list[str] = []
        self._raw = 0                  # inside <script> or <style>: not shown
        self.feed(dom)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, tuple(sorted(name for name, _ in attrs))))
        self._raw += tag in ("script", "style")

    def handle_endtag(self, tag):
        self._raw -= tag in ("script", "style") and self._raw > 0

    def handle_data(self, data):
        if not self._raw:
            self.text.append(data)

    @property
    def shown(self) -> str:
        return "".join(self.text)


def playwright_browser():
    """Debian's chromium driven by Playwright (never a downloaded browser), and how to close it; or a
    skip. One per module: Playwright's sync API runs one driver at a time."""
    sync = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    driver = sync.sync_playwright().start()
    browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

    def close():
        browser.close()
        driver.stop()
    return browser, close
