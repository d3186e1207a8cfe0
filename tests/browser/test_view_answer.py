"""Answering in the page: every triz review of the demo session, and a deliberate priority, given through the
served page's form with the keyboard only; the state validates, each move is the one the same answer gives in
chat, stamped `via: page`; a submission without the secret, or a stale one, records nothing."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from urllib.parse import urlencode

import pageanswers
import pytest
from keyboard import answer_by_keyboard
from pagekit import argcheck, validate_json

from argcheck.files import operations

pytestmark = pytest.mark.browser


def serve(state):
    server = subprocess.Popen([sys.executable, "-m", "argcheck", "view", str(state), "--serve", "--no-open"],
                              stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = server.stderr.readline()
    match = re.search(r"at (http://127\.0\.0\.1:(\d+)/)", line)
    assert match, line
    return server, match.group(1), int(match.group(2))


def stop(server) -> tuple[str, str]:
    server.terminate()
    out, err = server.communicate(timeout=10)
    return out, err


@pytest.fixture
def triz_served(tmp_path):
    state = tmp_path / ".argcheck" / "triz-demo.json"
    state.parent.mkdir()
    turns = pageanswers.start_demo(state)
    server, url, port = serve(state)
    yield state, turns, url, port, server
    if server.poll() is None:
        stop(server)


def post(port: int, fields: dict, origin: str | None = None) -> tuple[int, str]:
    body = urlencode(fields, doseq=True)
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/x-www-form-urlencoded"}
    if origin:
        headers["Origin"] = origin
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/answer", body=body, headers=headers)
    reply = connection.getresponse()
    return reply.status, reply.read().decode("utf-8", "replace")


def test_every_triz_review_is_answered_in_the_page_by_keyboard_and_matches_the_chat_moves(triz_served, open_page):
    state, turns, url, _, server = triz_served
    answered = []
    while True:
        turns = pageanswers.play_until_user(state, turns)
        if not turns:
            break
        chat_move = turns.pop(0)["moves"][0]
        opened = open_page(url)
        replayed = operations.validate_file(str(state)).replay.engine.state
        assert opened.page.locator("#answer-form input[name=move]").get_attribute("value") == chat_move["type"]
        answer_by_keyboard(opened.page, pageanswers.form_values(chat_move, replayed))
        assert "Recorded your " + chat_move["type"] in opened.page.locator(".answer-done").inner_text()
        recorded = json.loads(state.read_text())["moves"][-1]
        assert recorded["via"] == "page" and recorded["actor"] == "user"
        assert pageanswers.normalized(recorded) == pageanswers.normalized(chat_move)
        assert opened.errors == [] and all(r.startswith(url) for r in opened.requests), opened.errors
        answered.append(chat_move["type"])
        opened.close()
    assert answered == ["decompose_review", "explore_review", "claims_review", "verdicts", "build_decision",
                        "claims_review", "verdicts", "build_decision"]
    found = validate_json(state)
    assert found["findings"] == [] and found.get("status", "crystallized") == "crystallized", found
    next_text = argcheck("next", state).stdout
    assert "crystallized" in next_text
    report = argcheck("render", state, "--format", "md").stdout
    assert report.count("via page (the user's own form)") == 8
    out, err = stop(server)
    assert "secret" not in out + err


def test_a_submission_without_the_secret_or_a_stale_one_records_nothing(triz_served, open_page):
    state, turns, url, port, server = triz_served
    turns = pageanswers.play_until_user(state, turns)
    chat_move = turns[0]["moves"][0]
    opened = open_page(url)
    form = opened.page.locator("#answer-form")
    secret = form.locator("input[name=secret]").get_attribute("value")
    head = form.locator("input[name=head]").get_attribute("value")
    replayed = operations.validate_file(str(state)).replay.engine.state
    values = pageanswers.form_values(chat_move, replayed)
    before = state.read_bytes()

    status, body = post(port, {"head": head, "move": chat_move["type"], **values})
    assert status == 403 and "ARG041" in body and state.read_bytes() == before
    status, body = post(port, {"secret": "guessed", "head": head, "move": chat_move["type"], **values})
    assert status == 403 and "ARG041" in body and state.read_bytes() == before
    status, body = post(port, {"secret": secret, "head": head, "move": chat_move["type"], **values},
                        origin="http://attacker.example")
    assert status == 403 and state.read_bytes() == before
    status, body = post(port, {"secret": secret, "head": "0" * 32, "move": chat_move["type"], **values})
    assert status == 409 and "ARG042" in body and state.read_bytes() == before
    status, body = post(port, {"secret": secret, "head": head, "move": "build_decision", **values})
    assert status == 409 and "ARG044" in body and state.read_bytes() == before

    typed = argcheck("apply", state, "-", stdin=json.dumps(chat_move), check=False)  # the agent answers for the user
    assert typed.returncode == 1 and "ARG040" in typed.stdout + typed.stderr and state.read_bytes() == before

    status, _ = post(port, {"secret": secret, "head": head, "move": chat_move["type"], **values})
    assert status == 303 and json.loads(state.read_text())["moves"][-1]["via"] == "page"
    status, body = post(port, {"secret": secret, "head": head, "move": chat_move["type"], **values})
    assert status == 409 and "ARG042" in body  # the same form again: the run has moved on
    assert "The user answered in the page: decompose_review" in argcheck("next", state).stdout

    out, err = stop(server)
    for place in (out, err, state.read_text(), *(p.read_text() for p in state.parent.iterdir())):
        assert secret not in place
    assert not (state.parent / "triz-demo.page").exists()  # the hold went with the server


def test_a_refused_answer_shows_its_code_in_the_form_and_keeps_what_was_typed(triz_served, open_page):
    state, turns, url, _, _ = triz_served
    pageanswers.play_until_user(state, turns)
    opened = open_page(url)
    before = state.read_bytes()
    answer_by_keyboard(opened.page, {"added_assumptions": ["<script>alert(1)</script> a cabin kept cold"]})
    refusal = opened.page.locator("#refusal")
    assert refusal.is_visible() and "TRZ" in refusal.inner_text()  # no reframing selected: the protocol's own rule
    assert "Not recorded" in refusal.inner_text() and state.read_bytes() == before
    kept = opened.page.locator("textarea[name=added_assumptions]").input_value()
    assert kept == "<script>alert(1)</script> a cabin kept cold"
    assert opened.dialogs == []  # the hostile text typed stays text
    assert [e for e in opened.errors if "status of 422" not in e] == []  # (the browser logs the refusal's status)


def test_a_deliberate_entry_is_given_in_the_page_by_keyboard(tmp_path, open_page):
    state = _eight_open_points(tmp_path)  # the page asks only while the run waits for the user
    server, url, _ = serve(state)
    try:
        opened = open_page(url)
        answer_by_keyboard(opened.page, {"entry": ["ledger"], "constraint": ["The files must stay diff-friendly."]})
        assert "Recorded your ledger" in opened.page.locator(".answer-done").inner_text()
    finally:
        stop(server)
    move = json.loads(state.read_text())["moves"][-1]
    assert {k: move[k] for k in ("type", "actor", "provenance", "claim_type", "text", "via")} == {
        "type": "ledger", "actor": "user", "provenance": "user", "claim_type": "constraint",
        "text": "The files must stay diff-friendly.", "via": "page"}
    assert validate_json(state)["findings"] == []
    chat = dict({k: v for k, v in move.items() if k not in ("seq", "prev", "at", "via")}, id="L9")
    assert argcheck("apply", state, "-", stdin=json.dumps(chat)).returncode == 0  # the same entry in chat is legal


HOSTILE_POINT = "<img src=x onerror=alert(1)> a cache kept warm"


def _eight_open_points(tmp_path):
    """A deliberation with 8 open points in three themes: `next` waits for the user's priority."""
    state = tmp_path / ".argcheck" / "deliberate-priority.json"
    argcheck("init", "deliberate", "--question", "How should we cache the catalog API?", "--consultee", "codex",
             "--state", state, "-q")
    themes = ["latency", "cost", "latency", "cost", "latency", "cost", "operations", "operations"]
    points = [{"type": "point", "actor": "orchestrator", "id": f"P{n}", "kind": "value", "theme": theme,
               "text": f"position {n} on caching"} for n, theme in enumerate(themes, 1)]
    points[-1]["text"] = HOSTILE_POINT
    moves = [{"type": "consult", "actor": "consultee", "outcome": "reply", "session_id": "s-1"}, *points]
    argcheck("apply", state, "-", stdin=json.dumps(moves))
    return state


def test_the_deliberate_priority_over_more_than_seven_points_is_given_in_the_page_by_keyboard(tmp_path,
                                                                                           open_page):
    state = _eight_open_points(tmp_path)
    chat = tmp_path / "chat.json"
    chat.write_bytes(state.read_bytes())
    assert json.loads(argcheck("next", state, "--format", "json").stdout)["next"]["actor"] == "user"
    server, url, _ = serve(state)
    try:
        opened = open_page(url)
        form_text = opened.page.locator("#answer-form").inner_text()
        assert "Theme: operations (P7, P8)" in form_text and f"P8: {HOSTILE_POINT}" in form_text  # shown as text
        answer_by_keyboard(opened.page, {"entry": ["prioritise"], "theme0": ["first"], "theme2": ["drop"],
                                         "first_points": ["P4"]})
        assert "Recorded your prioritise" in opened.page.locator(".answer-done").inner_text()
        assert opened.dialogs == []  # the hostile point text never ran
    finally:
        stop(server)
    move = json.loads(state.read_text())["moves"][-1]
    assert (move["type"], move["actor"], move["first"], move["drop"], move["via"]) == (
        "prioritise", "user", ["P1", "P3", "P4", "P5"], ["P7", "P8"], "page")
    assert validate_json(state)["findings"] == []
    said = argcheck("next", state).stdout
    assert said.startswith("The user answered in the page: prioritise (move #10, via page)")
    assert "The user's priority (move #10, in the page): take first P1, P3, P4, P5; drop P7, P8" in said
    typed = {"type": "prioritise", "actor": "user", "first": ["P1", "P3", "P4", "P5"], "drop": ["P7", "P8"]}
    argcheck("apply", chat, "-", stdin=json.dumps(typed))  # the same answer given in chat
    chat_move = json.loads(chat.read_text())["moves"][-1]
    assert {k: v for k, v in move.items() if k not in ("at", "via")} == {k: v for k, v in chat_move.items()
                                                                          if k != "at"}


def _rgb(text: str) -> tuple:
    return tuple(int(v) for v in re.findall(r"[\d.]+", text)[:3])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_form_reads_at_aa_contrast_and_shows_the_focus(scheme, triz_served, open_page):
    from test_view_access import contrast

    state, turns, url, _, _ = triz_served
    pageanswers.play_until_user(state, turns)
    opened = open_page(url)
    opened.page.emulate_media(color_scheme=scheme)
    body_bg = _rgb(opened.page.evaluate("getComputedStyle(document.body).backgroundColor"))
    for selector in ("#answer-form button", "#answer-form textarea", "#answer-form legend", "#answer-form label"):
        colours = opened.page.locator(selector).first.evaluate(
            "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
        background = _rgb(colours[1]) if not colours[1].endswith(", 0)") else body_bg
        assert contrast(_rgb(colours[0]), background) >= 4.5, (scheme, selector, colours)
    opened.page.locator("#answer-form textarea").first.focus()
    outline = opened.page.locator("#answer-form textarea").first.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline == "solid"


def test_hostile_text_in_every_review_form_stays_text(runs, tmp_path, open_page):
    import copy

    from hostile import PAYLOAD, hostile_copy
    from kit import reseal

    whole = hostile_copy(json.loads(runs["triz"].read_text(encoding="utf-8")))
    reviews = [i for i, m in enumerate(whole["moves"]) if m.get("actor") == "user" and m["type"] != "cancel"]
    state = tmp_path / ".argcheck" / "triz-hostile.json"
    state.parent.mkdir()

    def write_before(index: int) -> None:
        doc = copy.deepcopy(whole)
        doc["moves"] = doc["moves"][:index]
        doc["move_count"] = index
        doc["status"] = operations.replay_doc(doc).replay.engine.status
        state.write_text(json.dumps(reseal(doc), indent=1, ensure_ascii=False), encoding="utf-8")

    write_before(reviews[0])
    server, url, _ = serve(state)
    seen = set()
    try:
        for index in reviews:
            write_before(index)
            opened = open_page(url)
            form = opened.page.locator("#answer-form")
            seen.add(form.locator("input[name=move]").get_attribute("value"))
            assert PAYLOAD.strip()[:40] in form.inner_text(), "the hostile text is shown in the form, as text"
            assert opened.page.evaluate("typeof window.__pwned") == "undefined"
            assert opened.dialogs == [] and opened.errors == []
            injected = "#answer script, #answer img, #answer a[href^='javascript'], #answer svg *[onload]"
            assert opened.page.locator(injected).count() == 0
            opened.close()
    finally:
        stop(server)
    assert seen == {"decompose_review", "explore_review", "claims_review", "verdicts", "build_decision"}
