"""Toulmin for Toulmini's users (issue 21): stateless calls leave no file, the report comes back as the report,
and refusals answer in Toulmini's shape, a plain text result `{"error": NAME, ...}` with Toulmini's names."""

from __future__ import annotations

import json
import os

import pytest
from test_toulmin_mcp_toulmini import BACKING, CLAIM, DATA, WARRANT, as_json, phase_arguments, tool
from test_toulmin_toulmini_inputs import PHASE_FILES, QUERY, load

from argcheck.mcp.server import _as_call_tool_result

TOULMINI_NAMES = {"QUERY_TOO_SHORT", "MISSING_PHASE_1_OUTPUT", "MISSING_COMPONENTS", "INCOMPLETE_CHAIN",
                  "TERMINATION_SIGNAL", "VALIDATION_ERROR", "COUNCIL_DISABLED", "NO_PERSPECTIVES_PROVIDED"}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-11-21T09:00:00Z")
    for name in ("TOULMINI_STRICT_MODE", "TOULMINI_FAIL_ON_WEAK_WARRANT", "TOULMINI_FAIL_ON_WEAK_BACKING",
                 "TOULMINI_ENABLE_COUNCIL"):
        monkeypatch.delenv(name, raising=False)


def _all_components() -> dict:
    return dict(phase_arguments()[-1][1])


def _six_components() -> dict:
    return {k: v for k, v in _all_components().items() if k != "verdict_json"}


def _inconsistent_verdict(**changes) -> str:
    verdict = {**load(PHASE_FILES[3])["verdict"], "status": "sustained",
               "reasoning": "The trial data and the costing support the claim on every tested route, so the "
                            "argument holds for the fleet.", **changes}
    return as_json(verdict)


# -- stateless calls leave nothing behind ---------------------------------------------------------------

def test_a_toulmini_clients_whole_session_leaves_the_servers_directory_empty():
    """Every tool as a Toulmini client calls it, successes and refusals alike, 26 calls: no file."""
    calls = [("initiate_toulmin_sequence", {"query": QUERY}), ("initiate_toulmin_sequence", {"query": "Hi"})]
    calls += [(name, {"query": QUERY, **arguments}) for name, arguments in phase_arguments()]
    calls += [("consult_field_experts", {"query": QUERY, "perspectives": ["Economist", "Engineer"]}),
              ("consult_field_experts", {"query": QUERY, "perspectives": []}),
              ("stress_test_argument", {"query": QUERY, "data_json": as_json(DATA), "claim_json": as_json(CLAIM),
                                        "warrant_json": as_json(dict(WARRANT, strength="weak")),
                                        "backing_json": as_json(BACKING)}),
              ("render_verdict", dict(_six_components(), query=QUERY, verdict_json=_inconsistent_verdict()))]
    calls = (calls * 3)[:26]
    results = [tool(name, **arguments) for name, arguments in calls]
    assert sum(r["ok"] for r in results) >= 10 and sum(not r["ok"] for r in results) >= 6
    assert all(r.get("state") is None for r in results)
    assert os.listdir(".") == []


def test_a_kept_chain_is_written_only_where_the_caller_names_it():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="chain.json")
    assert started["created"] and started["state"] == os.path.abspath("chain.json")
    assert os.listdir(".") == ["chain.json"]


# -- format_analysis_report returns the report ----------------------------------------------------------

def test_a_toulmini_style_report_call_returns_the_markdown_report():
    result = tool("format_analysis_report", query=QUERY, **_all_components())
    assert result["ok"] and "prompt" not in result
    assert result["report"].startswith("# Toulmin analysis: ") and "**Verdict: REMANDED**" in result["report"]
    content = _as_call_tool_result(result).content
    assert content[0].text == result["report"] and "narrative" not in content[0].text.lower()


def test_the_report_with_a_summary_on_a_kept_chain_closes_it():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="chain.json")
    result = tool("format_analysis_report", state=started["state"], summary="## Summary\n\nRun the winter trial.",
                  **_all_components())
    assert result["ok"] and result["status"] == "reported" and "Run the winter trial." in result["report"]


# -- refusals in Toulmini's shape, with Toulmini's names ------------------------------------------------

def _texts(result: dict) -> list[str]:
    """A plain (not isError) result: Toulmini's error JSON first, argcheck's detail after it."""
    answer = _as_call_tool_result(result)
    assert answer.is_error is False and len(answer.content) == 2
    assert all(block.type == "text" for block in answer.content)
    return [block.text for block in answer.content]


def _plain(result: dict) -> dict:
    """What a Toulmini client reads (the first text), with argcheck's detail merged in for the assertions."""
    first, detail = (json.loads(text) for text in _texts(result))
    return {**detail, **first}


def test_an_inconsistent_verdict_is_toulminis_verdict_inconsistent():
    result = tool("render_verdict", query=QUERY, verdict_json=_inconsistent_verdict(), **_six_components())
    assert result["error"]["name"] == "VERDICT_INCONSISTENT"
    error = _plain(result)
    assert error["error"] == "VALIDATION_ERROR" and error["code"] == "TLM112"
    assert error["reason"].startswith("VERDICT INCONSISTENT: verdict 'sustained'")


def test_reasoning_that_contradicts_the_status_is_verdict_inconsistent_too():
    # Remanded is allowed here (strong rebuttal, 45%); overruled is too, but its reasoning says it succeeds.
    verdict = _inconsistent_verdict(status="overruled", reasoning="The argument succeeds on every route that was "
                                                                  "tested, and the costing is sound as stated.")
    result = tool("render_verdict", query=QUERY, verdict_json=verdict, **_six_components())
    assert result["error"]["name"] == "VERDICT_REASONING_CONTRADICTS"
    error = _plain(result)
    assert error["error"] == "VALIDATION_ERROR" and error["reason"].startswith("VERDICT INCONSISTENT: ")


def test_a_question_as_claim_is_claim_rejected():
    result = tool("inject_logic_bridge", query=QUERY, data_json=as_json(DATA),
                  claim_json=as_json(dict(CLAIM, statement="Is the moon made of cheese?")))
    error = _plain(result)
    assert error["error"] == "VALIDATION_ERROR" and error["reason"].startswith("CLAIM REJECTED: ")


def test_a_schema_error_is_validation_error():
    result = tool("inject_logic_bridge", query=QUERY, data_json=as_json(dict(DATA, facts=[])),
                  claim_json=as_json(CLAIM))
    assert result["error"]["code"] == "ARG013" and _plain(result)["error"] == "VALIDATION_ERROR"


def test_a_chain_terminated_earlier_is_termination_signal():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="chain.json")
    tool("inject_logic_bridge", state=started["state"], data_json=as_json(DATA), claim_json=as_json(CLAIM))
    tool("stress_test_argument", state=started["state"], warrant_json=as_json(dict(WARRANT, strength="weak")),
         backing_json=as_json(BACKING))
    later = tool("render_verdict", state=started["state"], **{k: v for k, v in _six_components().items()
                                                              if k in ("rebuttal_json", "qualifier_json")})
    assert later["error"]["name"] == "CHAIN_TERMINATED" and _plain(later)["error"] == "TERMINATION_SIGNAL"


def test_missing_components_keep_toulminis_name_and_list():
    result = tool("stress_test_argument", query="Some query", data_json="{}", claim_json="{}", warrant_json="",
                  backing_json="")
    assert _texts(result)[0] == '{"error": "MISSING_COMPONENTS", "missing": ["warrant", "backing"]}'
    assert _plain(result) == {"error": "MISSING_COMPONENTS", "missing": ["warrant", "backing"], "name":
                              "MISSING_COMPONENTS", "reason": result["error"]["message"], "code": "TLM104"}


# -- Toulmini's own client checks (its tests/test_server.py and test_failure_modes.py), on the text itself --

@pytest.mark.parametrize("name,arguments,text", [
    ("initiate_toulmin_sequence", {"query": "Hi"}, '{"error": "QUERY_TOO_SHORT"}'),
    ("inject_logic_bridge", {"query": "Query", "data_json": "", "claim_json": "{}"},
     '{"error": "MISSING_PHASE_1_OUTPUT"}'),
    ("render_verdict", {"query": "Query", "data_json": "{}", "claim_json": "{}", "warrant_json": "{}",
                        "backing_json": "{}", "rebuttal_json": "", "qualifier_json": ""},
     '{"error": "INCOMPLETE_CHAIN"}'),
    ("consult_field_experts", {"query": "Query", "perspectives": []}, '{"error": "NO_PERSPECTIVES_PROVIDED"}'),
])
def test_an_error_without_toulmini_detail_is_exactly_toulminis_text(name, arguments, text):
    first, detail = _texts(tool(name, **arguments))
    assert first == text and json.loads(detail)["code"].startswith("TLM")


def test_council_disabled_is_exactly_toulminis_text(monkeypatch):
    monkeypatch.setenv("TOULMINI_ENABLE_COUNCIL", "false")
    assert _texts(tool("consult_field_experts", query=QUERY, perspectives=["Economist"]))[0] == \
        '{"error": "COUNCIL_DISABLED"}'


def test_a_weak_warrant_without_backing_is_flagged_for_the_warrant_not_only_as_incomplete():
    result = tool("stress_test_argument", query=QUERY, data_json=as_json(DATA), claim_json=as_json(CLAIM),
                  warrant_json=as_json(dict(WARRANT, strength="weak")), backing_json="")
    first = _texts(result)[0]
    assert first.startswith('{"error": "MISSING_COMPONENTS", "missing": ["backing"]')
    assert "WARRANT REJECTED" in first
    assert {f["code"] for f in result["findings"]} == {"TLM104", "TLM108"}


def test_a_relaxed_weak_warrant_without_backing_is_only_incomplete(monkeypatch):
    monkeypatch.setenv("TOULMINI_FAIL_ON_WEAK_WARRANT", "false")
    result = tool("stress_test_argument", query=QUERY, data_json=as_json(DATA), claim_json=as_json(CLAIM),
                  warrant_json=as_json(dict(WARRANT, strength="weak")), backing_json="")
    assert _texts(result)[0] == '{"error": "MISSING_COMPONENTS", "missing": ["backing"]}'


def test_the_verdict_reasoning_contradiction_carries_verdict_inconsistent_beside_tlm124():
    verdict = _inconsistent_verdict(status="overruled", reasoning="The argument succeeds on every route that was "
                                                                  "tested, and the costing is sound as stated.")
    result = tool("render_verdict", query=QUERY, verdict_json=verdict, **_six_components())
    assert result["error"]["code"] == "TLM124" and result["error"]["message"].startswith("VERDICT INCONSISTENT: ")
    assert "VERDICT INCONSISTENT" in _texts(result)[0]


def test_the_phase_prompts_carry_toulminis_fixed_strings_and_quote_the_json_verbatim():
    first = tool("initiate_toulmin_sequence", query=QUERY)["prompt"]
    assert "PHASE 1: DATA EXTRACTION + CLAIM CONSTRUCTION" in first and "EMIT JSON" in first
    data_json, claim_json = json.dumps(DATA), json.dumps(CLAIM, indent=1)  # any spelling, quoted as passed
    second = tool("inject_logic_bridge", query=QUERY, data_json=data_json, claim_json=claim_json)["prompt"]
    assert "PHASE 2: LOGICAL BRIDGE CONSTRUCTION" in second and data_json in second and claim_json in second
    warrant_json = json.dumps(WARRANT)
    third = tool("stress_test_argument", query=QUERY, data_json=data_json, claim_json=claim_json,
                 warrant_json=warrant_json, backing_json=json.dumps(BACKING))["prompt"]
    assert "PHASE 3: ADVERSARIAL STRESS TEST" in third and warrant_json in third
    fourth = tool("render_verdict", query=QUERY, **_six_components())["prompt"]
    assert "PHASE 4: VERDICT" in fourth and "COMPLETE ARGUMENT CHAIN" in fourth


@pytest.mark.parametrize("name,arguments", [
    ("initiate_toulmin_sequence", {"query": "Hi"}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": "", "claim_json": ""}),
    ("render_verdict", {"query": "Some query", "data_json": "{}", "claim_json": "{}", "warrant_json": "{}",
                        "backing_json": "{}", "rebuttal_json": "", "qualifier_json": ""}),
    ("consult_field_experts", {"query": "Query", "perspectives": []}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": "{oops", "claim_json": as_json(CLAIM)}),
])
def test_every_refusal_of_a_toulmini_tool_carries_a_toulmini_name(name, arguments):
    assert _plain(tool(name, **arguments))["error"] in TOULMINI_NAMES


def test_the_generic_tools_keep_argchecks_error_result():
    result = tool("argcheck_validate", state="no-such-file.json")
    answer = _as_call_tool_result(result)
    assert answer.is_error is True and "client_error" not in result
