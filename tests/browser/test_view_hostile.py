"""Hostile text in every free-text field of a run (header and moves) renders as text on the page, in the
index, and in the Markdown report: no script from the run's content runs, no request leaves the page."""

from __future__ import annotations

import json
import re

import pytest
from pagekit import PROTOCOLS, argcheck
from hostile import PAYLOAD, hostile_copy

pytestmark = pytest.mark.browser


@pytest.fixture(params=PROTOCOLS)
def hostile_state(request, runs, tmp_path):
    doc = hostile_copy(json.loads(runs[request.param].read_text(encoding="utf-8")))
    state = tmp_path / f"{request.param}-hostile.json"
    state.write_text(json.dumps(doc, indent=1, ensure_ascii=False), encoding="utf-8")
    valid = json.loads(argcheck("validate", state, "--format", "json", check=False).stdout)
    errors = [f for f in valid["findings"] if f["severity"] == "error"]
    assert errors == [], "the hostile copy is still a valid run, so every part of the page shows its text"
    return state


def exercise(page) -> None:
    """Open every move and focus every node, so that any text filled in late is exercised too."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    for node in page.locator("svg.graph g.node").all()[:40]:
        node.focus()
    page.wait_for_timeout(200)


def test_hostile_text_never_runs_on_the_page(hostile_state, tmp_path, open_page):
    target = tmp_path / "page.html"
    argcheck("view", hostile_state, "-o", target, "--no-open")
    opened = open_page(target.as_uri())
    exercise(opened.page)
    assert opened.page.evaluate("typeof window.__pwned") == "undefined"
    assert opened.dialogs == [] and opened.errors == []
    assert opened.requests == [target.as_uri()]
    text = opened.page.evaluate("document.body.innerText")
    assert PAYLOAD.strip()[:40] in text, "the hostile text is shown, as text"
    injected = "main script:not(#move-data), main img, main a[href^='javascript'], main iframe, main svg *[onload]"
    assert opened.page.locator(injected).count() == 0


def test_hostile_text_never_runs_in_the_index(hostile_state, tmp_path, open_page):
    folder = tmp_path / "runs"
    folder.mkdir()
    (folder / hostile_state.name).write_bytes(hostile_state.read_bytes())
    argcheck("view", folder, "--no-open")
    opened = open_page((folder / "index.html").as_uri())
    assert opened.page.evaluate("typeof window.__pwned") == "undefined"
    assert opened.errors == [] and opened.dialogs == []
    assert opened.page.locator("#runs tbody tr").count() == 1


def outside_code(markdown: str) -> str:
    """The Markdown with fenced blocks and code spans removed (what a viewer would parse as markup)."""
    without_fences = re.sub(r"^ {0,3}(`{3,}|~{3,}).*?^ {0,3}\1", "", markdown, flags=re.S | re.M)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", without_fences)


def test_the_markdown_report_shows_hostile_text_as_text(hostile_state):
    markdown = argcheck("render", hostile_state, "--format", "md").stdout
    assert "&lt;script>" in markdown
    visible = outside_code(markdown)
    assert "<script" not in visible and "<img" not in visible and "<svg" not in visible
    assert "](javascript:" not in visible


def test_the_mermaid_labels_escape_hostile_text(hostile_state):
    mermaid = argcheck("render", hostile_state, "--format", "mermaid").stdout
    assert "<script" not in mermaid and "onerror=" not in mermaid.replace("onerror=#quot;", "")
