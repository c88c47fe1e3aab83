"""Fixtures the test modules share."""
import pytest

from ._pages import Pages, playwright_browser


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a module's pages (a launch costs more than the pages it reads). Per
    module, not per session: while Playwright's sync API runs, this thread's asyncio loop counts as
    running, and the LSP tests need asyncio.run."""
    opened, close = playwright_browser()
    yield Pages(opened)
    close()
