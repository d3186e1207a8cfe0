"""Accessibility of the page: colours readable in light and dark mode (WCAG AA contrast, 4.5:1, measured on
the palette the browser applies), text alternatives and keyboard reach for every graph."""

from __future__ import annotations

import pytest
from pagekit import argcheck

pytestmark = pytest.mark.browser
TEXT_ON_BACKGROUNDS = {  # text colour -> the backgrounds it is drawn on
    "--fg": ["--bg", "--panel", "--good-bg", "--bad-bg", "--warn-bg", "--info-bg", "--muted-bg"],
    "--muted": ["--bg", "--panel"],
    "--link": ["--bg", "--panel"],
    "--good": ["--bg", "--panel", "--good-bg"], "--bad": ["--bg", "--panel", "--bad-bg"],
    "--warn": ["--bg", "--panel", "--warn-bg"], "--info": ["--bg", "--panel", "--info-bg"],
}


def luminance(rgb) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def palette(page) -> dict:
    names = sorted({n for pair in TEXT_ON_BACKGROUNDS.items() for n in [pair[0], *pair[1]]})
    hexes = page.evaluate("names => names.map(n => getComputedStyle(document.documentElement)"
                          ".getPropertyValue(n).trim())", names)
    return {name: tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for name, h in zip(names, hexes)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_colour_reads_on_its_backgrounds(scheme, runs, tmp_path, open_page):
    target = tmp_path / "page.html"
    argcheck("view", runs["council"], "-o", target, "--no-open")
    opened = open_page(target.as_uri())
    opened.page.emulate_media(color_scheme=scheme)
    colours = palette(opened.page)
    poor = [(text, back, round(contrast(colours[text], colours[back]), 2))
            for text, backs in TEXT_ON_BACKGROUNDS.items() for back in backs
            if contrast(colours[text], colours[back]) < 4.5]
    assert poor == []


def test_every_graph_has_a_text_alternative_and_keyboard_reach(runs, tmp_path, open_page):
    target = tmp_path / "page.html"
    argcheck("view", runs["triz"], "-o", target, "--no-open")
    opened = open_page(target.as_uri())
    page = opened.page
    for graph in page.locator("svg.graph").all():
        assert graph.get_attribute("aria-label")
        nodes = graph.locator("g.node").all()
        assert all(node.get_attribute("tabindex") == "0" and node.get_attribute("aria-label") for node in nodes)
    listed = page.locator(".graph-text [data-listed-node]").count()
    assert listed == page.locator("svg.graph g.node").count()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(60):  # Tab reaches a graph node from the top of the page
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('node')"):
            break
    else:
        pytest.fail("Tab never reached a graph node")
