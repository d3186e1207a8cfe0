"""Fixtures of the page tests: one headless Chromium for the session (the distribution's package, driven by
Playwright, which downloads no browser), pages opened in it, and one finished run per protocol."""

from __future__ import annotations

import shutil

import pytest
from pagekit import CHROMIUM_ARGS, DEMO_PROTOCOLS, TOULMIN_EXAMPLE, Opened, argcheck, chromium_path


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory):
    """One browser per test module: Playwright's sync API keeps an event loop running while it is open, which
    the asyncio tests of other modules (the MCP ones) must not meet, so it closes with the module."""
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    with sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=executable, headless=True,
            args=CHROMIUM_ARGS, viewport={"width": 1200, "height": 900}, color_scheme="light")
        yield context
        context.close()


@pytest.fixture
def open_page(browser_context):
    opened = []

    def opener(url: str) -> Opened:
        page = Opened(browser_context, url)
        opened.append(page)
        return page

    yield opener
    for page in opened:
        page.close()


@pytest.fixture(scope="session")
def runs(tmp_path_factory) -> dict:
    """One finished run per protocol: the three bundled demos (`argcheck demo NAME --keep`) and toulmin's
    bundled example state."""
    folder = tmp_path_factory.mktemp("runs")
    found = {}
    for name in DEMO_PROTOCOLS:
        argcheck("demo", name, "--keep", folder / name, "--no-color")
        found[name] = folder / name / f"{name}-demo.json"
    found["toulmin"] = folder / "toulmin" / "toulmin-run.json"
    found["toulmin"].parent.mkdir()
    shutil.copy(TOULMIN_EXAMPLE, found["toulmin"])
    return found
