"""The toulmin protocol through the CLI: init, apply, validate, next, prompt, ingest, render, rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from make_toulmin_examples import CHAIN, component, grounding, judgment, logic_bridge, stress_test

NOW = "2026-11-21T09:00:00Z"


def argcheck(*args, input: str | None = None, cwd=None):
    env = dict(os.environ, ARGCHECK_NOW=NOW)
    env.pop("ARGCHECK_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], input=input, capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=60)


@pytest.fixture
def state(tmp_path) -> Path:
    path = tmp_path / "chain.json"
    result = argcheck("init", "toulmin", "--query", CHAIN["query"], "--state", path, "--workspace", tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(path)
    return path


def apply(state, move, expect=0):
    result = argcheck("apply", state, "-", input=json.dumps(move))
    assert result.returncode == expect, result.stdout + result.stderr
    return result


def test_init_writes_the_header(tmp_path):
    path = tmp_path / "s.json"
    result = argcheck("init", "toulmin", "--query", "  Should we ship on Friday?  ", "--relax", "backing",
                      "--relax", "warrant", "--no-council", "--conversation-id", "c-1", "--state", path)
    assert result.returncode == 0
    header = json.loads(path.read_text())["header"]
    assert header["query"] == "Should we ship on Friday?" and header["relax"] == ["warrant", "backing"]
    assert header["council"] is False and header["conversation_id"] == "c-1"
    assert json.loads(path.read_text())["status"] == "started"


def test_init_refuses_a_short_query_and_a_bad_breaker(tmp_path):
    short = argcheck("init", "toulmin", "--query", "why", "--state", tmp_path / "a.json")
    assert short.returncode == 2 and "TLM101 QUERY_TOO_SHORT" in short.stderr
    assert not (tmp_path / "a.json").exists()
    bad = argcheck("init", "toulmin", "--query", "Should we?", "--relax", "rebuttal", "--state", tmp_path / "b.json")
    assert bad.returncode == 2


def test_a_refused_move_leaves_the_file_byte_for_byte_unchanged(state):
    before = state.read_bytes()
    result = apply(state, logic_bridge(), expect=1)
    assert "TLM103 MISSING_PHASE_1_OUTPUT" in result.stdout and "unchanged" in result.stdout
    assert state.read_bytes() == before


def test_a_terminated_chain_exits_4_everywhere(state):
    apply(state, grounding())
    result = apply(state, logic_bridge(warrant="weak"), expect=4)
    assert "TLM108 TERMINATION_SIGNAL warning: WARRANT REJECTED" in result.stdout
    assert argcheck("validate", state).returncode == 4
    assert argcheck("validate", "--fail-on", "warning", state).returncode == 1
    refused = apply(state, stress_test(), expect=1)
    assert "TLM109 CHAIN_TERMINATED" in refused.stdout
    prompt = argcheck("prompt", state)
    assert prompt.returncode == 4 and prompt.stdout == ""
    assert "No prompt is due: the chain was terminated" in prompt.stderr


def test_the_whole_chain_through_prompt_and_ingest(state, tmp_path):
    expected = [("phase 1 of 4: grounding", ("data", "claim")),
                ("phase 2 of 4: the logic bridge", ("warrant", "backing")),
                ("phase 3 of 4: the stress test", ("rebuttal", "qualifier")),
                ("phase 4 of 4: the judgment", ("verdict",))]
    for title, names in expected:
        prompt = argcheck("prompt", state)
        assert prompt.returncode == 0 and title in prompt.stdout
        assert "Return ONE JSON object and nothing else" in prompt.stdout
        reply = tmp_path / "reply.json"
        reply.write_text(json.dumps({name: CHAIN[name] for name in names}))
        result = argcheck("ingest", state, reply)
        assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(state.read_text())["status"] == "judged"
    assert "phase 5 (optional)" in argcheck("prompt", state).stdout
    summary = {"envelope": 1, "consultee": "codex", "session_id": "t-1", "failure": None,
               "response": "```json\n" + json.dumps({"summary": "## Summary\n\nShip it."}) + "\n```"}
    assert argcheck("ingest", state, "-", input=json.dumps(summary)).returncode == 0
    assert json.loads(state.read_text())["status"] == "reported"
    assert argcheck("validate", state).returncode == 0


def test_the_judgment_prompt_names_the_allowed_statuses(state):
    apply(state, [grounding(), logic_bridge(), stress_test("strong", 65)])
    prompt = argcheck("prompt", state).stdout
    assert "r = strong and c = 65, so the status must be one of: sustained, overruled, remanded" in prompt
    apply(state, judgment("sustained"))


def test_ingest_skips_an_identical_resend_and_refuses_a_different_one(state, tmp_path):
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps({"data": CHAIN["data"], "claim": CHAIN["claim"]}))
    assert argcheck("ingest", state, reply).returncode == 0
    assert argcheck("ingest", state, "--dry-run", reply).stdout.strip() == "[]"
    reply.write_text(json.dumps({"data": CHAIN["data"], "claim": component("claim", scope="general")}))
    result = argcheck("ingest", state, reply)
    assert result.returncode == 1 and "TLM106" in result.stdout


def test_ingest_dry_run_runs_every_check_ingest_runs_and_writes_nothing(state, tmp_path):
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps({"data": CHAIN["data"], "claim": CHAIN["claim"]}))
    before = Path(state).read_bytes()
    tried = argcheck("ingest", state, "--dry-run", reply)
    assert tried.returncode == 0 and "dry run: ingest would record" in tried.stderr
    assert [move["type"] for move in json.loads(tried.stdout)] == ["grounding"]
    assert Path(state).read_bytes() == before
    assert argcheck("ingest", state, reply).returncode == 0
    resent = argcheck("ingest", state, "--dry-run", reply)  # the same reply again: ingest refuses it (ARG028)
    assert resent.returncode == argcheck("ingest", state, reply).returncode == 1 and "ARG028" in resent.stderr
    reply.write_text(json.dumps({"data": CHAIN["data"], "claim": component("claim", scope="general")}))
    before = Path(state).read_bytes()
    tried = argcheck("ingest", state, "--dry-run", reply)
    assert tried.returncode == 1 and "TLM106" in tried.stderr and "would refuse" in tried.stderr, tried
    assert Path(state).read_bytes() == before
    assert argcheck("ingest", state, reply).returncode == 1  # as the dry run said


def test_a_reply_refused_after_its_first_move_leaves_the_file_unchanged(state, tmp_path):
    before = state.read_bytes()
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps({"perspectives": ["economist"], "warrant": CHAIN["warrant"],
                                 "backing": CHAIN["backing"]}))
    result = argcheck("ingest", state, reply)
    assert result.returncode == 1 and "TLM103" in result.stdout and "Traceback" not in result.stderr
    assert state.read_bytes() == before


def test_ingest_reports_a_failed_call_and_an_unusable_reply(state):
    failed = {"envelope": 1, "consultee": "codex", "response": "", "failure": "timeout", "detail": "no answer"}
    result = argcheck("ingest", state, "-", input=json.dumps(failed))
    assert result.returncode == 2 and "failed (timeout" in result.stderr
    prose = {"envelope": 1, "consultee": "codex", "response": "I think you should.", "failure": None}
    assert argcheck("ingest", state, "-", input=json.dumps(prose)).returncode == 2


def test_council_through_ingest_records_provenance(state):
    apply(state, {"type": "council_request", "perspectives": ["economist", "physician"]})
    prompt = argcheck("prompt", state).stdout
    assert "the field-experts council" in prompt and "economist, physician" in prompt
    response = json.dumps({"opinions": [
        {"perspective": "economist", "opinion": "Typing pays back within two quarters.", "feeds": "backing"},
        {"perspective": "physician", "opinion": "Checklists fail when they are ignored.", "feeds": "rebuttal"}]})
    envelope = {"envelope": 1, "consultee": "codex", "session_id": "s-9", "response": response, "failure": None}
    assert argcheck("ingest", state, "-", input=json.dumps(envelope)).returncode == 0
    moves = json.loads(state.read_text())["moves"]
    assert [m["id"] for m in moves[1:]] == ["O1", "O2"]
    assert moves[1]["provenance"]["consultee"] == "codex" and moves[1]["provenance"]["session_id"] == "s-9"
    assert len(moves[1]["provenance"]["response_sha256"]) == 64
    assert "phase 1 of 4" in argcheck("prompt", state).stdout  # no perspective is pending any more


def test_next_in_text_and_json(state):
    apply(state, grounding())
    text = argcheck("next", state).stdout
    assert text.startswith("toulmin · grounded · 2 of 7 components · next: logic bridge (phase 2)")
    assert "Allowed moves: logic_bridge, council_request" in text
    report = json.loads(argcheck("next", state, "--format", "json").stdout)
    assert report["missing"] == ["warrant", "backing", "rebuttal", "qualifier", "verdict"]
    assert report["next"]["actor"] == "orchestrator"


def test_render_formats(state):
    apply(state, [grounding(), logic_bridge(), stress_test(), judgment()])
    assert argcheck("render", state).stdout.startswith("# Toulmin analysis: ")
    assert argcheck("render", state, "--format", "mermaid").stdout.startswith("flowchart LR")
    assert argcheck("render", state, "--format", "dot").stdout.startswith("digraph toulmin")
    assert json.loads(argcheck("render", state, "--format", "json").stdout)["status"] == "judged"
    af = argcheck("render", state, "--format", "af")
    assert af.returncode == 2 and "renders md, json, mermaid, dot" in af.stderr


def test_rules_explains_the_verdict_rule():
    result = argcheck("rules", "TLM112")
    assert result.returncode == 0 and "VERDICT_INCONSISTENT" in result.stdout and "≥ 60" in result.stdout
    listing = argcheck("rules", "--protocol", "toulmin").stdout.splitlines()
    assert len(listing) == 24 and listing[0].startswith("TLM101")


def test_schema_covers_toulmin():
    schema = json.loads(argcheck("schema", "toulmin").stdout)
    assert {"Grounding", "LogicBridge", "StressTest", "Judgment", "Citation", "Verdict"} <= set(schema["$defs"])
