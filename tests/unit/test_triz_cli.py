"""The triz commands from the outside: init, apply, next, prompt, ingest, render, validate; bad input never
gives a traceback and never changes the state file."""

from __future__ import annotations

import json
import shlex
import re
import subprocess
import sys
from pathlib import Path

import pytest
from triz_kit import Session, add, decision, decompose_moves, dialectic, validation, verdicts

from argcheck.files import statefile
from argcheck.protocols.triz import ingest, nextstep, prompting

ARGCHECK = [sys.executable, "-m", "argcheck"]
PROBLEM = "How can an electric car keep its driving range in freezing weather?"


def run(*args, stdin: str | None = None, cwd=None):
    result = subprocess.run([*ARGCHECK, *args], input=stdin, capture_output=True, text=True, cwd=cwd, timeout=60)
    assert "Traceback" not in result.stderr, result.stderr
    return result


@pytest.fixture()
def state(tmp_path) -> Path:
    path = tmp_path / "triz.json"
    assert run("init", "triz", "--problem", PROBLEM, "--state", str(path)).returncode == 0
    return path


def test_init_refuses_a_too_short_problem(tmp_path):
    result = run("init", "triz", "--problem", "why", "--state", str(tmp_path / "t.json"))
    assert result.returncode == 2 and "10 characters" in result.stderr + result.stdout
    assert not (tmp_path / "t.json").exists()


def test_apply_from_stdin_and_next(state):
    move = json.dumps({"type": "decompose_to_fundamentals", "fundamentals": ["cell temperature"]})
    assert run("apply", str(state), "-", stdin=move).returncode == 0
    result = run("next", str(state))
    assert "Next (agent)" in result.stdout and "web_search" in result.stdout


@pytest.mark.parametrize("text", ['{"type": "state_thesis"', '{"type": "verdicts", "actor": "agent"}', "[]",
                                  '{"type": "extract_assumptions", "assumptions": "one"}', "\xff", "7",
                                  '{"type": "web_search", "query": "q", "purpose": "magic"}'])
def test_bad_input_is_refused_without_changing_the_file(state, text):
    before = state.read_bytes()
    result = run("apply", str(state), "-", stdin=text)
    assert result.returncode in (1, 2) and state.read_bytes() == before


def test_every_command_of_next_is_accepted_by_apply_when_filled_in(state):
    """The recommended move of `next` is refused as printed (its "..." are placeholders, ARG027) and accepted
    once they are filled in."""
    doc = json.loads(state.read_text())
    report = nextstep.report(Session().state, str(state))
    command = report["next"]["commands"][0]
    argv = shlex.split(command)  # as the agent's shell reads it
    assert argv[:3] == ["argcheck", "apply", str(state)] and len(argv) == 4, command
    move = json.loads(argv[3])
    as_printed = run("apply", str(state), "--dry-run", "-", stdin=json.dumps(move))
    assert as_printed.returncode == 1 and set(re.findall(r"\b[A-Z]{3}\d{3}\b", as_printed.stdout)) == {"ARG027"}
    filled = json.loads(json.dumps(move).replace('"..."', '"cells lose power when cold"'))
    result = run("apply", str(state), "--dry-run", "-", stdin=json.dumps(filled))
    assert result.returncode == 0, result.stdout
    assert json.loads(state.read_text()) == doc


def test_next_asks_the_user_for_each_review():
    session = Session().ok(*decompose_moves())
    step = nextstep.report(session.state, "s.json")["next"]
    assert step["actor"] == "user" and "decompose_review" in step["text"] and "at least one" in step["text"]
    session.to("validate", claims=2).ok(*validation(0), *validation(1))
    step = nextstep.report(session.state, "s.json")["next"]
    assert "(C1, C2)" in step["text"] and '"claim_id": "C2"' in step["commands"][0]


def test_next_in_the_fifth_round_offers_only_resolve():
    session = Session().to("build")
    for first in (1, 2, 3, 4):
        session.next_round(f"C{first}")
    session.ok(add("C5"))
    step = nextstep.report(session.state, "s.json")["next"]
    assert "last of 5 rounds" in step["text"] and '"decision": "resolve"' in step["commands"][0]


def test_next_tells_the_agent_to_search_before_the_gated_move():
    session = Session().to("synthesize").ok(*dialectic(0)[:2])
    step = nextstep.report(session.state, "s.json")["next"]
    assert step["actor"] == "agent" and '"purpose": "antithesis"' in step["commands"][0]


def test_prompt_is_empty_when_the_user_acts_next():
    assert prompting.render_prompt(Session().ok(*decompose_moves()).state) == ""
    text = prompting.render_prompt(Session().state)
    assert PROBLEM in text and not re.search(r"\{[A-Z_]+\}", text)
    assert text.rstrip().endswith('{"type": "decompose_to_fundamentals", "fundamentals": ["..."]}')


def test_ingest_takes_an_envelope_whose_response_is_the_move_json():
    reply = {"envelope": 1, "response": '```json\n[{"type": "get_session_status"}]\n```'}
    assert ingest.moves_from_envelope(Session().state, reply) == [{"type": "get_session_status"}]
    assert ingest.moves_from_envelope(Session().state, {"moves": [{"type": "get_session_status"}]})


@pytest.mark.parametrize("reply", [{"envelope": 1, "failure": "timeout"}, {"envelope": 1, "response": "no json"},
                                   [], {"type": "verdicts", "actor": "user", "verdicts": []}, ["x"]])
def test_ingest_refuses_what_it_cannot_record(reply):
    with pytest.raises(ingest.IngestProblem):
        ingest.moves_from_envelope(Session().state, reply)


def test_render_every_format_of_a_crystallized_session(tmp_path):
    session = Session().to("build").ok(add("C1"), decision("resolve"), {
        "type": "generate_knowledge_document", "core_insight": "It works [C1].", "implementation_guide": "Do [C1].",
        "next_frontiers": "More [C1]."})
    path = tmp_path / "done.json"
    path.write_bytes(statefile.serialize(session.doc))
    for fmt in ("md", "status", "json", "mermaid", "dot", "reactflow"):
        result = run("render", str(path), "--format", fmt)
        assert result.returncode == 0 and result.stdout.strip()
    assert run("validate", str(path)).returncode == 0
    assert json.loads(run("render", str(path), "--format", "json").stdout)["session"]["status"] == "crystallized"


def test_validate_reports_a_hand_edited_verdict(tmp_path):
    session = Session().to("validate").ok(*validation(0), verdicts(("C1", "accept")), add("C1"))
    doc = session.doc
    doc["moves"][-2]["verdicts"][0]["verdict"] = "reject"
    path = tmp_path / "edited.json"
    path.write_bytes(statefile.serialize(doc))
    result = run("validate", str(path), "--format", "json")
    codes = {f["code"] for f in json.loads(result.stdout)["findings"]}
    assert result.returncode == 1 and "ARG020" in codes


def test_next_recommends_only_moves_of_the_right_shape_and_phase_throughout_a_session():
    """At every step of the five-round session, the move `next` recommends has a valid shape, belongs to the
    current phase, and (for the user's reviews) names the right claims: only its "..." placeholders are left."""
    from kit import make_env

    from argcheck.core import lifecycle

    recorded = json.loads((Path(__file__).resolve().parents[2] / "state/examples/valid/"
                           "triz-five-rounds-crystallized.json").read_text())["moves"]
    session = Session()
    for stored in recorded:
        report = nextstep.report(session.state, "s.json")
        for command in report["next"]["commands"]:
            if "argcheck apply" not in command:
                continue
            move = json.loads(shlex.split(command)[3])
            codes = {f.code for f in lifecycle.apply_moves(session.doc, [move], make_env()).findings}
            assert not codes & {"ARG013", "ARG014", "TRZ120", "TRZ121", "TRZ122", "TRZ124"}, (move, codes)
        session.ok({k: v for k, v in stored.items() if k not in ("seq", "prev", "at")})
    assert session.status == "crystallized"
