"""The MCP tools on bad input and on runs that end: every call gets a structured answer that tells the
truth about the state file, and never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from argcheck.mcp.server import call, tool_named

QUESTION = "Should the checker cache replayed states between calls?"
CHAIN = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "toulmin" / "chain-sustained.json")
                   .read_text())
ABORT = {"type": "abort", "actor": "user", "reason": "The question is moot."}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-03-01T12:00:00Z")


def run(name: str, **arguments) -> dict:
    result = call(tool_named(name), **arguments)
    assert result["exit_code"] != 3 and result["error"] is None or result["error"]["code"] != "INTERNAL", result
    return result


def new_run(name: str = "d.json") -> str:
    created = run("argcheck_init", protocol="deliberate", options={"question": QUESTION}, state=name)
    assert created["ok"], created
    return created["state"]


def tampered(path: str) -> str:
    """The state with one move appended and then rewritten by hand (the chain no longer holds)."""
    run("argcheck_apply", state=path, moves={"type": "point", "actor": "orchestrator", "id": "P1",
                                             "text": "A point.", "kind": "value"})
    doc = json.loads(Path(path).read_text())
    doc["moves"][0]["text"] = "A different point."
    Path(path).write_text(json.dumps(doc))
    return path


def test_validate_reports_a_tampered_state_with_its_findings():
    result = run("argcheck_validate", state=tampered(new_run()))
    assert not result["ok"] and result["valid"] is False and result["exit_code"] == 1
    assert result["error"]["code"] in ("ARG020", "ARG022")
    assert "ARG022" in {f["code"] for f in result["findings"]}


def test_validate_reports_a_state_whose_header_was_edited():
    path = new_run()
    doc = json.loads(Path(path).read_text())
    doc["header"]["mode"] = []
    Path(path).write_text(json.dumps(doc))
    result = run("argcheck_validate", state=path)
    assert not result["ok"] and result["exit_code"] == 1
    assert "ARG013" in {f["code"] for f in result["findings"]}


def test_an_abort_through_apply_is_reported_as_applied_and_terminal():
    path = new_run()
    result = run("argcheck_apply", state=path, moves=ABORT)
    after = json.loads(Path(path).read_text())
    assert after["status"] == "aborted" and after["move_count"] == 1
    assert result["applied"] == 1 and result["terminated"] is True
    assert result["exit_code"] == 4 and result["status"] == "aborted"
    assert result["error"]["name"] == "RUN_ENDED"
    assert "not changed" not in json.dumps(result)


def test_a_breaker_tripped_through_ingest_is_reported_as_applied_and_terminal():
    started = run("argcheck_init", protocol="toulmin", options={"query": CHAIN["query"]}, state="t.json")
    path = started["state"]
    grounded = run("argcheck_apply", state=path, moves={"type": "grounding", "data": CHAIN["data"],
                                                        "claim": CHAIN["claim"]})
    assert grounded["ok"], grounded
    reply = {"warrant": CHAIN["warrant"], "backing": dict(CHAIN["backing"], strength="irrelevant")}
    result = run("argcheck_ingest", state=path, reply=reply)
    after = json.loads(Path(path).read_text())
    assert after["status"] == "terminated" and after["move_count"] == 2
    assert result["applied"] == 1 and result["terminated"] is True and result["exit_code"] == 4
    assert result["error"]["code"] == "TLM108"


@pytest.mark.parametrize("options", [
    {"question": QUESTION, "workspace": 3},
    {"question": QUESTION, "workspace": ["."]},
    {"question": QUESTION, "workspace": {"path": "."}},
    {"question": QUESTION, "workspace": "a\x00b"},
    {"question": ["a list"]},
    {"question": {"text": QUESTION}},
    {"question": 42},
])
def test_init_with_options_of_the_wrong_type_is_a_usage_problem(tmp_path, options):
    result = run("argcheck_init", protocol="deliberate", options=options, state="d.json")
    assert not result["ok"] and result["exit_code"] == 2, result
    assert not (tmp_path / "d.json").exists()


@pytest.mark.parametrize("query", [["a list"], {"q": QUESTION}, 42])
def test_init_toulmin_with_a_query_of_the_wrong_type_is_refused(tmp_path, query):
    result = run("argcheck_init", protocol="toulmin", options={"query": query}, state="t.json")
    assert not result["ok"] and result["exit_code"] == 2
    assert not (tmp_path / "t.json").exists()


@pytest.mark.parametrize("tool", ["argcheck_validate", "argcheck_next", "argcheck_apply", "argcheck_prompt",
                                  "argcheck_render", "argcheck_ingest", "argcheck_init"])
def test_a_nul_byte_in_state_is_a_usage_problem(tmp_path, tool):
    arguments = {"argcheck_apply": {"moves": ABORT}, "argcheck_ingest": {"reply": ABORT},
                 "argcheck_init": {"protocol": "deliberate", "options": {"question": QUESTION}}}.get(tool, {})
    result = run(tool, state="sub/d\x00.json", **arguments)
    assert not result["ok"] and result["exit_code"] == 2 and "NUL" in result["error"]["message"]
    assert list(tmp_path.iterdir()) == []
