"""The user prioritises more than 7 open points grouped by theme (issue 28, deliberate; codex-ask's SKILL.md:
"If >7 points remain, group by theme and ask user to prioritize"): `next` waits for the user, the page offers
the form only then, its answer is the `prioritise` move the same answer gives in chat, judged by DLB200-DLB203,
and `next` shows the priority afterwards."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from dlb import Run, classify, point, reply

from argcheck.cli.view import answers, run as runs
from argcheck.core import protocol_calls
from argcheck.core.env import default_env
from argcheck.core.formvalues import FormProblem
from argcheck.files import operations
from argcheck.protocols.deliberate import forms, nextstep

SECRET = "page-secret-for-tests"
THEMES = {"P1": "latency", "P2": "cost", "P3": "latency", "P4": "cost", "P5": "latency", "P6": "cost",
          "P7": "operations", "P8": "operations"}


def _points(count: int = 8) -> list[dict]:
    moves = []
    for n in range(1, count + 1):
        move = point(f"P{n}", actor="orchestrator", text=f"position {n} on caching")
        move["theme"] = THEMES.get(f"P{n}", "operations")
        moves.append(move)
    return moves


def prioritise(first=(), drop=()) -> dict:
    return {"type": "prioritise", "actor": "user", "first": list(first), "drop": list(drop)}


@pytest.fixture
def eight_open(tmp_path):
    path = tmp_path / "deliberate.json"
    options = {"question": "How should we cache the catalog API?", "consultee": "codex"}
    operations.init_file(str(path), "deliberate", options, default_env())
    outcome = operations.apply_to_file(str(path), [reply(), *_points()])
    assert outcome.applied, [f.code for f in outcome.findings]
    return path


def body(run, values: dict) -> bytes:
    fields = {"secret": SECRET, "head": run.doc["head"], "move": "user_entry", **values}
    return urlencode(fields, doseq=True).encode()


def test_next_waits_for_the_users_priority_only_above_seven_open_points():
    seven = Run().ok(reply(), *_points(7))
    assert nextstep.next_action(seven.state)["actor"] == "consultee"
    assert forms.pending_form(seven.state) is None  # the run does not wait for the user: no form
    eight = Run().ok(reply(), *_points(8))
    action = nextstep.next_action(eight.state)
    assert action["actor"] == "user" and '"type": "prioritise"' in action["commands"][0]
    assert "prioritise" in nextstep.report(eight.state)["allowed_moves"]
    skeleton = json.loads(action["commands"][0].split("'")[1])
    assert eight.codes(skeleton) == {"ARG013"}  # its placeholder is refused unedited


def test_the_form_groups_the_points_by_theme_and_its_answer_is_the_chat_move(eight_open):
    run = runs.load(str(eight_open))
    form = answers.pending_form(run)
    assert [o["value"] for o in form["fields"][0]["options"]][0] == "prioritise"
    assert [c["heading"] for c in form["context"][1:]] == ["Theme: latency", "Theme: cost", "Theme: operations"]
    legends = [f["legend"] for f in form["fields"][1]["fields"]]
    assert legends[:3] == ["Theme: latency (P1, P3, P5)", "Theme: cost (P2, P4, P6)", "Theme: operations (P7, P8)"]
    values = {"entry": ["prioritise"], "theme0": ["first"], "theme2": ["drop"], "first_points": ["P4"]}
    made = protocol_calls.call(run.spec, "page_answer", run.state, values)
    assert made == prioritise(first=["P1", "P3", "P4", "P5"], drop=["P7", "P8"])
    with pytest.raises(FormProblem, match="theme1"):
        protocol_calls.call(run.spec, "page_answer", run.state, {"entry": ["prioritise"], "theme1": ["soon"]})


def test_the_page_records_the_priority_and_next_shows_it_and_moves_on(eight_open):
    run = runs.load(str(eight_open))
    values = {"entry": ["prioritise"], "theme1": ["first"], "drop_points": ["P8"]}
    answer = answers.submit(str(eight_open), body(run, values), SECRET)
    assert answer.recorded, [f.code for f in answer.findings]
    moved = runs.load(str(eight_open))
    assert moved.doc["moves"][-1]["via"] == "page"
    report = nextstep.report(moved.state)
    assert report["next"]["actor"] == "consultee" and answers.pending_form(moved) is None
    said = "The user's priority (move #10, in the page): take first P2, P4, P6; drop P8"
    assert said in nextstep.format_text(report) and said in runs.report_text(moved)


def test_the_same_answer_in_chat_gives_the_same_state(eight_open, tmp_path):
    chat = tmp_path / "chat.json"
    chat.write_bytes(eight_open.read_bytes())
    run = runs.load(str(eight_open))
    values = {"entry": ["prioritise"], "theme0": ["first"], "theme2": ["drop"]}
    assert answers.submit(str(eight_open), body(run, values), SECRET).recorded
    assert operations.apply_to_file(str(chat), [prioritise(first=["P1", "P3", "P5"], drop=["P7", "P8"])]).applied
    page_move, chat_move = (json.loads(p.read_text())["moves"][-1] for p in (eight_open, chat))
    assert {k: v for k, v in page_move.items() if k not in ("at", "via")} == {
        k: v for k, v in chat_move.items() if k != "at"}
    page_given, chat_given = (runs.load(str(p)).state.priorities[-1] for p in (eight_open, chat))
    assert dict(page_given, via=None) == chat_given and page_given["via"] == "page"


def test_a_refused_priority_records_nothing_and_names_its_code(eight_open):
    run = runs.load(str(eight_open))
    values = {"entry": ["prioritise"], "theme0": ["first"], "drop_points": ["P1"]}
    answer = answers.submit(str(eight_open), body(run, values), SECRET)
    assert not answer.recorded and [f.code for f in answer.findings] == ["DLB202"]
    assert len(json.loads(eight_open.read_text())["moves"]) == 9


@pytest.mark.parametrize("moves, code", [
    ([prioritise(first=["P1"])], "DLB200"),
    ([*_points(9)[3:], classify("P1", "AGREE", actor="consultee"), prioritise(first=["P1"])], "DLB201"),
    ([*_points(8)[3:], prioritise(first=["P9"])], "DLB201"),
    ([*_points(8)[3:], prioritise(first=["P2"], drop=["P2"])], "DLB202"),
    ([*_points(8)[3:], prioritise()], "DLB203"),
])
def test_the_rules_judge_the_priority(moves, code):
    run = Run().ok(reply(), *_points(3))
    assert code in run.codes(*moves)


def test_a_point_no_priority_saw_asks_the_user_again():
    run = Run().ok(reply(), *_points(8), prioritise(first=["P1"]))
    assert nextstep.next_action(run.state)["actor"] == "consultee"
    run.ok(point("P9", actor="orchestrator"))
    assert nextstep.next_action(run.state)["actor"] == "user"
    assert "prioritise" not in nextstep.report(Run().ok(reply(), *_points(7)).state)["allowed_moves"]


def test_the_consultees_next_prompt_carries_the_users_priority_once():
    from argcheck.protocols.deliberate.prompting import render_prompt

    run = Run().ok(reply(), *_points(8))
    assert "The user's priority" not in render_prompt(run.state)
    run.ok(prioritise(first=["P2", "P4"], drop=["P7"]))
    prompt = render_prompt(run.state)
    said = "## The user's priority\n\nTake these first: P2, P4.\nThe user dropped these; do not pursue them: P7."
    assert said in prompt
    assert "The user's priority" not in render_prompt(run.state, seen=run.state)  # already seen: not repeated
