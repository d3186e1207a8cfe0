"""Each protocol's page in headless Chromium: no console error, no network request, every node, move and
finding that `render --format json` / `validate --format json` lists is shown, a move opens to its JSON, the
keyboard reaches everything, the screenshot is drawn, and the graph layout matches its recorded boxes."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

import pytest
from pagekit import PROTOCOLS, argcheck, render_json, validate_json
from pictures import ink
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
LAYOUTS = Path(__file__).parent / "layouts"
TOULMIN_NODE = {"data": "D", "claim": "C", "warrant": "W", "backing": "B", "rebuttal": "R", "qualifier": "Q",
                "verdict": "V"}


def expected_nodes(protocol: str, data: dict) -> list[str]:
    """The graph nodes `render --format json` lists for a run, as the page's node ids."""
    if protocol == "deliberate":
        return list(data["derived"]["grounded"])
    if protocol == "council":
        return [point["id"] for point in data["points"]]
    if protocol == "triz":
        return list(data["graph"]["nodes"]) + list(data["claims"])
    return [TOULMIN_NODE[name] for name in data["chain"] if name in TOULMIN_NODE]


def page_of(state: Path, tmp_path: Path) -> Path:
    target = tmp_path / f"{state.stem}.html"
    argcheck("view", state, "-o", target, "--no-open")
    return target


@pytest.fixture(params=PROTOCOLS)
def shown(request, runs, tmp_path, open_page):
    state = runs[request.param]
    target = page_of(state, tmp_path)
    return request.param, state, target, open_page(target.as_uri())


def test_the_page_loads_with_no_error_and_no_request(shown):
    _, _, target, opened = shown
    assert opened.errors == []
    assert opened.requests == [target.as_uri()]
    assert opened.dialogs == []


def test_every_node_of_the_json_rendering_is_drawn(shown):
    protocol, state, _, opened = shown
    nodes = expected_nodes(protocol, render_json(state))
    assert nodes, "the demo run has a graph"
    for node in nodes:
        drawn = opened.page.locator(f'svg.graph g.node[data-node="{node}"]')
        assert drawn.count() >= 1, node
        assert drawn.first.bounding_box() is not None, f"{node} is not laid out"
        assert opened.page.locator(f'[data-listed-node="{node}"]').count() >= 1, f"{node} has no text alternative"


def test_every_move_is_on_the_timeline_in_order(shown):
    _, state, _, opened = shown
    moves = json.loads(state.read_text(encoding="utf-8"))["moves"]
    types = opened.page.eval_on_selector_all("details.move", "all => all.map(d => d.dataset.type)")
    assert types == [move["type"] for move in moves]


def test_every_finding_is_listed(shown):
    protocol, state, _, opened = shown
    findings = validate_json(state)["findings"]
    listed = opened.page.eval_on_selector_all("#findings ~ ul li[data-finding]",
                                              "all => all.map(l => l.dataset.finding)")
    assert Counter(listed) == Counter(f["code"] for f in findings)
    on_moves = opened.page.eval_on_selector_all("details.move li[data-finding]", "all => all.length")
    assert on_moves == sum(1 for f in findings if f["path"].startswith("/moves/"))
    rendered = render_json(state).get("findings")
    if rendered is not None:  # the json rendering lists the same findings
        assert Counter(f["code"] for f in rendered) == Counter(f["code"] for f in findings)


def test_clicking_a_move_shows_its_json(shown):
    _, state, _, opened = shown
    moves = json.loads(state.read_text(encoding="utf-8"))["moves"]
    last = len(moves)
    summary = opened.page.locator(f"#move-{last} > summary")
    json_block = opened.page.locator(f"#move-{last} pre.move-json")
    assert not json_block.is_visible()
    summary.click()
    expect(json_block).to_be_visible()  # waits: under load the details open a moment after the click
    expect(json_block).to_contain_text('"type"')  # and the page writes the move's JSON in on opening
    assert json.loads(json_block.inner_text()) == moves[-1]


def test_the_keyboard_opens_moves_and_walks_the_timeline(shown):
    _, _, _, opened = shown
    page = opened.page
    page.locator("#move-1 > summary").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#move-1 pre.move-json")).to_be_visible()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.parentElement.id") == "move-2"
    page.locator("svg.graph g.node").first.focus()
    detail = page.locator(".node-detail").first.inner_text()
    assert detail == page.locator("svg.graph g.node").first.get_attribute("aria-label")


def test_the_screenshot_is_drawn_in_light_and_dark(shown):
    _, _, _, opened = shown
    for scheme in ("light", "dark"):
        opened.page.emulate_media(color_scheme=scheme)
        opened.page.locator("#picture").scroll_into_view_if_needed()
        share, colours = ink(opened.page.screenshot(clip={"x": 0, "y": 0, "width": 900, "height": 600}))
        assert share > 0.03 and colours >= 12, (scheme, share, colours)
    background = opened.page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(13, 17, 23)"  # the dark palette is applied


def node_boxes(page) -> list:
    """Per graph, each node's box relative to its drawing, rounded (what the layout guard compares)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('svg.graph')).map(svg => {
        const frame = svg.getBoundingClientRect();
        return Array.from(svg.querySelectorAll('g.node')).map(g => {
            const box = g.querySelector('rect').getBoundingClientRect();
            return [g.dataset.node, Math.round(box.x - frame.x), Math.round(box.y - frame.y),
                    Math.round(box.width), Math.round(box.height)];
        });
    })""")


def test_the_layout_matches_its_recorded_boxes(shown):
    """A layout regression guard: node boxes as the browser lays them out, within 3 px of the recorded ones,
    and no two nodes of a graph overlap. ARGCHECK_UPDATE_LAYOUTS=1 records them anew."""
    protocol, _, _, opened = shown
    graphs = node_boxes(opened.page)
    for boxes in graphs:
        for n, (_, x, y, w, h) in enumerate(boxes):
            for other, ox, oy, ow, oh in boxes[n + 1:]:
                assert x + w <= ox or ox + ow <= x or y + h <= oy or oy + oh <= y, f"overlap with {other}"
    recorded = LAYOUTS / f"{protocol}.json"
    if os.environ.get("ARGCHECK_UPDATE_LAYOUTS") == "1":
        recorded.parent.mkdir(exist_ok=True)
        recorded.write_text(json.dumps(graphs, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(recorded.read_text(encoding="utf-8"))
    assert [[b[0] for b in g] for g in graphs] == [[b[0] for b in g] for g in expected]
    for got, want in zip(graphs, expected):
        for a, b in zip(got, want):
            assert all(abs(p - q) <= 3 for p, q in zip(a[1:], b[1:])), (a, b)


def test_a_thousand_move_run_opens_quickly(tmp_path, open_page, capsys):
    """The figure is reported, not asserted (wall-clock depends on the machine)."""
    import subprocess
    import sys

    from pagekit import ROOT

    made = subprocess.run([sys.executable, str(ROOT / "bench" / "make_states.py"), "--out-dir", str(tmp_path),
                           "--sizes", "1000"], capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    state = Path(json.loads(made.stdout)["1000"])
    started = time.perf_counter()
    target = page_of(state, tmp_path)
    written = time.perf_counter() - started
    started = time.perf_counter()
    opened = open_page(target.as_uri())
    loaded = time.perf_counter() - started
    moves = len(json.loads(state.read_text(encoding="utf-8"))["moves"])
    assert moves >= 1000
    assert opened.page.locator("details.move").count() == moves
    assert opened.errors == [] and opened.requests == [target.as_uri()]
    for node in render_json(state)["derived"]["grounded"]:
        assert opened.page.locator(f'g.node[data-node="{node}"]').count() == 1
    with capsys.disabled():
        print(f"\n[view] {moves}-move run: page written in {written:.2f}s ({target.stat().st_size / 1e6:.1f} MB), "
              f"loaded in headless Chromium in {loaded:.2f}s")


def test_every_link_on_the_page_lands_somewhere(shown):
    """Links stay on the page (no other target), and each names an element that exists."""
    _, _, _, opened = shown
    hrefs = opened.page.eval_on_selector_all("a[href]", "all => all.map(a => a.getAttribute('href'))")
    assert hrefs and all(href.startswith("#") for href in hrefs), [h for h in hrefs if not h.startswith("#")]
    missing = opened.page.evaluate("""hrefs => hrefs.filter(h => !document.getElementById(decodeURIComponent(
        h.slice(1))))""", sorted(set(hrefs)))
    assert missing == []


def test_a_finding_opens_the_move_it_concerns(runs, tmp_path, open_page):
    """(The deliberation demo has findings on single moves; the other runs' findings concern the whole run.)"""
    target_page = page_of(runs["deliberate"], tmp_path)
    opened = open_page(target_page.as_uri())
    links = opened.page.locator("#findings ~ ul li[data-finding] a")
    assert links.count() >= 1
    target = links.first.get_attribute("href")[1:]
    links.first.click()
    opened.page.wait_for_selector(f"#{target}[open]", timeout=10000)  # waits, as a user would, under load
    expect(opened.page.locator(f"#{target} pre.move-json")).to_contain_text('"type"')
    assert opened.page.locator(f"#{target} pre.move-json").inner_text().startswith("{")
    opened.page.locator("#row-challenge-C1 a[href='#row-point-P2']").click()
    opened.page.wait_for_function("(document.querySelector(':target') || {}).id === 'row-point-P2'", timeout=10000)
