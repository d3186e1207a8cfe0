"""The page's answers (cli/view/answers.py, the protocols' forms.py): each triz review and deliberate entry made
of a form's values is the move the same answer gives in chat; the page's own checks (ARG041-ARG044) refuse a
submission before anything is written; a live page holds the question against user moves typed elsewhere
(ARG040); `via` is the page's stamp, never a move's field (ARG015)."""

from __future__ import annotations

import json
import os
from urllib.parse import urlencode

import pageanswers
import pytest
from dlb import point, reply

from argcheck.cli import verbs
from argcheck.cli.view import answers, run as runs
from argcheck.core import protocol_calls
from argcheck.core.env import default_env
from argcheck.core.formvalues import FormProblem
from argcheck.files import operations, pagehold

SECRET = "page-secret-for-tests"


@pytest.fixture
def at_first_review(tmp_path):
    path = tmp_path / ".argcheck" / "triz-demo.json"
    path.parent.mkdir()
    turns = pageanswers.play_until_user(path, pageanswers.start_demo(path))
    return path, turns


def body(run, move: str, values: dict, secret: str = SECRET, head: str | None = None) -> bytes:
    fields = {"secret": secret, "head": run.doc["head"] if head is None else head, "move": move, **values}
    return urlencode(fields, doseq=True).encode()


def test_each_demo_review_made_in_the_page_is_the_chat_move_and_the_log_validates(at_first_review):
    path, turns = at_first_review
    reviews = 0
    while turns:
        chat_move = turns.pop(0)["moves"][0]
        run = runs.load(str(path))
        assert answers.pending_form(run)["move"] == chat_move["type"]
        answer = answers.submit(str(path), body(run, chat_move["type"],
                                                pageanswers.form_values(chat_move, run.state)), SECRET)
        assert answer.recorded, [f.code for f in answer.findings]
        recorded = json.loads(path.read_text())["moves"][-1]
        assert recorded["via"] == "page" and pageanswers.normalized(recorded) == pageanswers.normalized(chat_move)
        reviews += 1
        turns = pageanswers.play_until_user(path, turns)
    assert reviews == 8
    assert operations.validate_file(str(path)).findings == []


@pytest.mark.parametrize("move", [
    {"type": "build_decision", "actor": "user", "decision": "deep_dive", "deep_dive_claim_id": "C1"},
    {"type": "build_decision", "actor": "user", "decision": "add_insight", "user_insight": "Preheat while plugged in.",
     "user_evidence_urls": ["https://example.org/preheat"]},
])
def test_the_build_form_gives_deep_dives_and_insights(move):
    from argcheck.protocols.triz import forms

    class State:  # the fields the build form reads
        claims = {"C1": None, "C2": None}
        max_rounds_reached = False
        current_phase = None

    values = pageanswers.form_values(move, State)
    made = {"type": "build_decision", "actor": "user", **forms._build_move(State, values)}
    assert pageanswers.normalized(made) == pageanswers.normalized(move)


def test_a_merge_verdict_names_the_other_claims():
    from argcheck.protocols.triz import forms

    class Claim:
        def __init__(self, cid):
            self.id = cid

    class State:
        round_claims = [Claim("C1"), Claim("C2")]

    move = {"type": "verdicts", "actor": "user", "verdicts": [
        {"claim_id": "C1", "verdict": "merge", "merge_with": ["C2"]}, {"claim_id": "C2", "verdict": "accept"}]}
    made = {"type": "verdicts", "actor": "user", **forms._verdicts_move(State, pageanswers.form_values(move, State))}
    assert pageanswers.normalized(made) == pageanswers.normalized(move)
    with pytest.raises(FormProblem, match="verdict-C2"):
        forms._verdicts_move(State, {"verdict-C1": ["accept"]})
    with pytest.raises(FormProblem, match="not one of the choices"):
        forms._verdicts_move(State, {"verdict-C1": ["maybe"], "verdict-C2": ["accept"]})


def test_a_submission_without_the_secret_is_refused_and_nothing_is_written(at_first_review):
    path, _ = at_first_review
    run, before = runs.load(str(path)), path.read_bytes()
    for secret in ("", "guessed"):
        answer = answers.submit(str(path), body(run, "decompose_review", {}, secret=secret), SECRET)
        assert [f.code for f in answer.findings] == ["ARG041"] and not answer.recorded
    assert path.read_bytes() == before


def test_a_stale_form_and_a_question_not_asked_are_refused(at_first_review):
    path, turns = at_first_review
    run, before = runs.load(str(path)), path.read_bytes()
    values = pageanswers.form_values(turns[0]["moves"][0], run.state)
    stale = answers.submit(str(path), body(run, "decompose_review", values, head="0" * 32), SECRET)
    assert [f.code for f in stale.findings] == ["ARG042"]
    other = answers.submit(str(path), body(run, "verdicts", values), SECRET)
    assert [f.code for f in other.findings] == ["ARG044"]
    invalid = answers.submit(str(path), body(run, "decompose_review", {**values, "reframing": ["99"]}), SECRET)
    assert [f.code for f in invalid.findings] == ["ARG043"] and "reframing" in invalid.findings[0].message
    refused = answers.submit(str(path), body(run, "decompose_review", {**values, "reframing": []}), SECRET)
    assert refused.findings and all(f.code.startswith("TRZ") for f in refused.findings)  # the protocol's own rule
    assert path.read_bytes() == before


def test_a_live_page_holds_the_question_against_user_moves_typed_elsewhere(at_first_review):
    path, turns = at_first_review
    chat_move, before = turns[0]["moves"][0], path.read_bytes()
    pagehold.take(str(path), "http://127.0.0.1:9/")
    try:
        held = operations.apply_to_file(str(path), [chat_move])
        assert [f.code for f in held.findings] == ["ARG040"] and path.read_bytes() == before
        cancel = operations.apply_to_file(str(path), [{"type": "cancel", "actor": "user", "reason": "stop"}],
                                          dry_run=True)
        assert cancel.applied  # ending a run is never held
        assert operations.apply_to_file(str(path), [chat_move], stamp={"via": "page"}).applied
    finally:
        pagehold.release(str(path))
    assert not os.path.exists(pagehold.hold_path(str(path)))


def test_a_hold_whose_server_is_gone_holds_nothing(at_first_review):
    path, turns = at_first_review
    with open(pagehold.hold_path(str(path)), "w", encoding="utf-8") as handle:
        json.dump({"pid": 2 ** 22 + 12345, "url": "http://127.0.0.1:9/"}, handle)  # above any pid in use
    assert pagehold.holder(str(path)) is None
    assert operations.apply_to_file(str(path), turns[0]["moves"]).applied


def test_a_move_cannot_claim_it_came_from_the_page(at_first_review):
    path, turns = at_first_review
    claimed = dict(turns[0]["moves"][0], via="page")
    assert [f.code for f in operations.apply_to_file(str(path), [claimed]).findings] == ["ARG015"]


def test_next_says_the_user_answered_in_the_page(at_first_review, capsys):
    path, turns = at_first_review
    run = runs.load(str(path))
    answers.submit(str(path), body(run, "decompose_review", pageanswers.form_values(turns[0]["moves"][0], run.state)),
                   SECRET)
    verbs.next_step(str(path))
    assert "The user answered in the page: decompose_review (move #6, via page)" in capsys.readouterr().out
    verbs.next_step(str(path), "json")
    assert json.loads(capsys.readouterr().out)["answered_in_page"] == {"type": "decompose_review", "seq": 6}


def waiting_deliberation(path) -> None:
    """A deliberation that waits for the user: more than 7 open points, not yet prioritised."""
    options = {"question": "Should the state files use SQLite or an append-only JSON log?", "consultee": "codex"}
    operations.init_file(str(path), "deliberate", options, default_env())
    points = [dict(point(f"P{n}", actor="orchestrator"), theme="format" if n % 2 else "tooling") for n in range(1, 9)]
    assert operations.apply_to_file(str(path), [reply(), *points]).applied


def test_deliberate_offers_the_users_entries_only_while_it_waits_for_the_user(tmp_path):
    path = tmp_path / "deliberate.json"
    options = {"question": "Should the state files use SQLite or an append-only JSON log?", "consultee": "codex"}
    operations.init_file(str(path), "deliberate", options, default_env())
    assert answers.pending_form(runs.load(str(path))) is None  # `next` waits for the agent, not the user
    path = tmp_path / "waiting.json"
    waiting_deliberation(path)
    run = runs.load(str(path))
    form = answers.pending_form(run)
    assert [o["value"] for o in form["fields"][0]["options"]] == ["prioritise", "ledger", "request_arbitration",
                                                                  "reframe"]
    values = {"entry": ["ledger"], "constraint": ["Keep diffs small."]}
    made = protocol_calls.call(run.spec, "page_answer", run.state, values)
    assert made == {"type": "ledger", "actor": "user", "id": "L1", "text": "Keep diffs small.", "provenance": "user",
                    "claim_type": "constraint"}
    with pytest.raises(FormProblem, match="question"):
        protocol_calls.call(run.spec, "page_answer", run.state, {"entry": ["reframe"]})
    answer = answers.submit(str(path), body(run, "user_entry", {"entry": ["request_arbitration"]}), SECRET)
    assert answer.recorded and json.loads(path.read_text())["moves"][-1]["type"] == "request_arbitration"


def test_protocols_without_forms_offer_none(tmp_path):
    path = tmp_path / "toulmin.json"
    operations.init_file(str(path), "toulmin", {"query": "Should our team adopt type hints everywhere?"},
                         default_env())
    assert answers.pending_form(runs.load(str(path))) is None


def test_a_hold_on_a_run_that_waits_for_the_agent_leaves_the_chat_route_open(tmp_path):
    path = tmp_path / "deliberate.json"
    options = {"question": "Should the state files use SQLite or an append-only JSON log?", "consultee": "codex"}
    operations.init_file(str(path), "deliberate", options, default_env())
    constraint = {"type": "ledger", "actor": "user", "id": "L1", "text": "Keep diffs small.", "provenance": "user",
                  "claim_type": "constraint"}
    pagehold.take(str(path), "http://127.0.0.1:9/")
    try:  # the page asks nothing (no form): the user's entry typed in chat goes on
        assert operations.apply_to_file(str(path), [constraint]).applied
    finally:
        pagehold.release(str(path))


def test_the_hold_refuses_only_the_moves_the_page_answers(tmp_path):
    path = tmp_path / "deliberate.json"
    waiting_deliberation(path)
    constraint = {"type": "ledger", "actor": "user", "id": "L1", "text": "Keep diffs small.", "provenance": "user",
                  "claim_type": "constraint"}
    mine = {"type": "point", "actor": "orchestrator", "id": "P9", "kind": "empirical", "text": "JSON diffs well."}
    pagehold.take(str(path), "http://127.0.0.1:9/")
    try:
        assert [f.code for f in operations.apply_to_file(str(path), [constraint]).findings] == ["ARG040"]
        assert "ARG040" not in {f.code for f in operations.apply_to_file(str(path), [mine], dry_run=True).findings}
    finally:
        pagehold.release(str(path))
    assert operations.apply_to_file(str(path), [constraint]).applied


def test_the_decision_log_marks_an_entry_given_in_the_page(tmp_path):
    path = tmp_path / "deliberate.json"
    waiting_deliberation(path)
    run = runs.load(str(path))
    assert answers.submit(str(path), body(run, "user_entry", {"entry": ["ledger"], "constraint": ["Keep diffs."]}),
                          SECRET).recorded
    assert "via page (the user's own form)" in runs.report_text(runs.load(str(path)))
