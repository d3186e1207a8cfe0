"""Toulmini's tools called as a Toulmini client calls them: its argument names, its JSON strings, no `state`.

Behaviours from Toulmini's documentation and tests, re-expressed as our own (peer-projects.md §1): each tool
returns the next phase's prompt; weak warrant, irrelevant backing, absolute rebuttal, missing components,
incomplete chain, short query and a disabled council are refused with Toulmini's error JSON; its
environment toggles are the server's defaults; a state-less call, refused or not, leaves no state file behind.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from test_toulmin_toulmini_inputs import PHASE_FILES, QUERY, load

from argcheck.mcp import server as mcpserver

PROMPT_TITLES = {"inject_logic_bridge": "phase 2 of 4", "stress_test_argument": "phase 3 of 4",
                 "render_verdict": "phase 4 of 4"}
# Toulmini-shaped inputs for its failure modes (our own values, Toulmini's shapes and argument names).
DATA = {"facts": ["The moon looks yellow from the ground."],
        "citations": [{"source": "Visual observation", "reference": "Night sky, 2 May"}], "evidence_type": "empirical"}
CLAIM = {"statement": "The moon is made of cheese.", "scope": "specific"}
WARRANT = {"principle": "Things that look yellow from afar are made of cheese.", "logic_type": "inductive",
           "strength": "strong"}
BACKING = {"authority": "An astronomy handbook", "citations": [{"source": "Handbook", "reference": "ch. 2",
                                                                 "url": None}], "strength": "strong"}


def tool(name: str, **arguments) -> dict:
    return mcpserver.call(mcpserver.tool_named(name), **arguments)


def as_json(value: dict) -> str:
    return json.dumps(value)


def state_files() -> list[Path]:
    return sorted(Path(".argcheck").glob("*.json")) if Path(".argcheck").is_dir() else []


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-11-21T09:00:00Z")
    for name in ("TOULMINI_STRICT_MODE", "TOULMINI_FAIL_ON_WEAK_WARRANT", "TOULMINI_FAIL_ON_WEAK_BACKING",
                 "TOULMINI_ENABLE_COUNCIL"):
        monkeypatch.delenv(name, raising=False)


def phase_arguments() -> list[tuple[str, dict]]:
    """Each tool with the outputs of the phases before it, as Toulmini's JSON strings (no `state`)."""
    given, calls = {}, []
    tools = ("inject_logic_bridge", "stress_test_argument", "render_verdict", "format_analysis_report")
    for name, phase in zip(tools, PHASE_FILES):
        given.update({f"{key}_json": as_json(value) for key, value in load(phase).items()})
        calls.append((name, dict(given)))
    return calls


# Each tool, called with Toulmini's example arguments, returns the next phase's prompt


def test_initiate_returns_the_phase_1_prompt():
    result = tool("initiate_toulmin_sequence", query=QUERY)
    assert result["ok"] and "phase 1 of 4" in result["prompt"] and '"reference"' in result["prompt"]


@pytest.mark.parametrize("name,arguments", phase_arguments(), ids=[c[0] for c in phase_arguments()])
def test_each_tool_with_the_example_outputs_returns_the_next_prompt(name, arguments):
    result = tool(name, query=QUERY, **arguments)
    assert result["ok"], result["error"]
    if name == "format_analysis_report":
        assert result["report"].startswith("# Toulmin analysis: ") and "**Verdict: REMANDED**" in result["report"]
    else:
        assert PROMPT_TITLES[name] in result["prompt"]


def test_the_council_example_runs_through_every_tool():
    example = load("council_integration")
    given = {}
    for step in example["workflow"]:
        arguments = {key: value for key, value in step["input"].items() if not key.endswith("_json")}
        result = tool(step["tool"], **arguments, **given)
        assert result["ok"], (step["tool"], result["error"])
        if step["tool"] != "consult_field_experts":
            given.update({f"{key}_json": as_json(value) for key, value in step["output"].items()})
    assert tool("format_analysis_report", query=example["query"], **given)["ok"]


# Toulmini's failure modes, with its argument names


def test_a_weak_warrant_gives_termination_signal_and_warrant_rejected():
    result = tool("stress_test_argument", query="The moon is made of cheese because it is yellow.",
                  data_json=as_json(DATA), claim_json=as_json(CLAIM),
                  warrant_json=as_json(dict(WARRANT, strength="weak")),
                  backing_json=as_json(dict(BACKING, strength="weak")))
    assert result["client_error"]["error"] == "TERMINATION_SIGNAL"
    assert result["client_error"]["reason"].startswith("WARRANT REJECTED")
    assert "report" in result and result["state"] is None and state_files() == []


def test_irrelevant_backing_gives_backing_rejected():
    data = dict(DATA, evidence_type="scientific")
    result = tool("stress_test_argument", query="Should we eat more fruit?", data_json=as_json(data),
                  claim_json=as_json(CLAIM), warrant_json=as_json(WARRANT),
                  backing_json=as_json(dict(BACKING, strength="irrelevant")))
    assert result["error"]["name"] == "TERMINATION_SIGNAL" and "BACKING REJECTED" in result["error"]["message"]


def test_an_absolute_rebuttal_must_be_overruled():
    arguments = dict(phase_arguments()[2][1])
    arguments["rebuttal_json"] = as_json(dict(load("phase3_rebuttal_qualifier")["rebuttal"], strength="absolute"))
    prompt = tool("render_verdict", query=QUERY, **arguments)["prompt"]
    assert "the status must be one of: overruled" in prompt
    verdict = dict(load("phase4_verdict")["verdict"], status="sustained",
                   reasoning="The chain holds up on the tested routes and the trial data is sound, so it stands.")
    result = tool("render_verdict", query=QUERY, verdict_json=as_json(verdict), **arguments)
    assert result["error"]["name"] == "ABSOLUTE_REBUTTAL_NOT_OVERRULED"
    assert result["client_error"]["error"] == "VALIDATION_ERROR"
    assert result["client_error"]["reason"].startswith("REBUTTAL FATAL: ")


def test_missing_warrant_and_backing_give_missing_components_naming_both():
    result = tool("stress_test_argument", query="Some query", data_json="{}", claim_json="{}", warrant_json="",
                  backing_json="")
    assert result["client_error"]["error"] == "MISSING_COMPONENTS"
    assert result["client_error"]["missing"] == ["warrant", "backing"]


def test_missing_rebuttal_and_qualifier_give_incomplete_chain():
    result = tool("render_verdict", query="Some query", data_json="{}", claim_json="{}", warrant_json="{}",
                  backing_json="{}", rebuttal_json="", qualifier_json="")
    assert result["client_error"] == {"error": "INCOMPLETE_CHAIN"}  # Toulmini's bare error; the detail after it
    assert result["client_detail"] == {"code": "TLM105", "name": "INCOMPLETE_CHAIN",
                                       "missing": ["rebuttal", "qualifier"],
                                       "reason": result["error"]["message"]}


def test_empty_phase_1_output_gives_missing_phase_1_output():
    result = tool("inject_logic_bridge", query="Some query", data_json="", claim_json="")
    assert result["client_error"] == {"error": "MISSING_PHASE_1_OUTPUT"}
    assert result["client_detail"]["missing"] == ["data", "claim"]


def test_a_short_query_gives_query_too_short():
    result = tool("initiate_toulmin_sequence", query="Hi")
    assert result["client_error"]["error"] == "QUERY_TOO_SHORT" and "missing" not in result["client_error"]


def test_a_phase_missing_from_a_named_state_names_what_is_missing():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="t.json")
    result = tool("stress_test_argument", state=started["state"], warrant_json=as_json(WARRANT),
                  backing_json=as_json(BACKING))
    assert result["client_error"] == {"error": "MISSING_PHASE_1_OUTPUT"}
    assert result["client_detail"]["missing"] == ["data", "claim"]


# The environment toggles are the server's defaults


def test_council_disabled_by_the_environment(monkeypatch):
    monkeypatch.setenv("TOULMINI_ENABLE_COUNCIL", "false")
    result = tool("consult_field_experts", query="Query", perspectives=["Expert"])
    assert result["client_error"]["error"] == "COUNCIL_DISABLED" and state_files() == []
    started = tool("initiate_toulmin_sequence", query=QUERY, state="a.json")
    assert tool("consult_field_experts", state=started["state"], perspectives=["Expert"])["error"]["name"] == \
        "COUNCIL_DISABLED"
    explicit = tool("initiate_toulmin_sequence", query=QUERY, council=True, state="b.json")
    assert tool("consult_field_experts", state=explicit["state"], perspectives=["Expert"])["ok"]


def test_the_council_is_on_by_default():
    result = tool("consult_field_experts", query="Query", perspectives=["Expert"])
    assert result["ok"] and "Expert" in result["prompt"]


def weak_bridge_result(warrant="weak", backing="strong", **start) -> dict:
    return tool("stress_test_argument", query=QUERY, data_json=as_json(DATA), claim_json=as_json(CLAIM),
                warrant_json=as_json(dict(WARRANT, strength=warrant)),
                backing_json=as_json(dict(BACKING, strength=backing)), **start)


@pytest.mark.parametrize("variable,value,warrant,backing,passes", [
    ("TOULMINI_STRICT_MODE", "false", "weak", "weak", True),
    ("TOULMINI_STRICT_MODE", "off", "irrelevant", "weak", True),
    ("TOULMINI_STRICT_MODE", "true", "weak", "strong", False),
    ("TOULMINI_FAIL_ON_WEAK_WARRANT", "0", "weak", "strong", True),
    ("TOULMINI_FAIL_ON_WEAK_WARRANT", "no", "strong", "weak", False),
    ("TOULMINI_FAIL_ON_WEAK_BACKING", "False", "strong", "weak", True),
    ("TOULMINI_FAIL_ON_WEAK_BACKING", "false", "weak", "strong", False),
])
def test_the_breaker_toggles(monkeypatch, variable, value, warrant, backing, passes):
    monkeypatch.setenv(variable, value)
    result = weak_bridge_result(warrant, backing)
    assert result["ok"] is passes, result["error"]
    if passes:
        assert "phase 3 of 4" in result["prompt"] and {f["code"] for f in result["findings"]} == {"TLM110"}


def test_an_explicit_relax_wins_over_the_environment(monkeypatch):
    monkeypatch.setenv("TOULMINI_STRICT_MODE", "false")
    started = tool("initiate_toulmin_sequence", query=QUERY, relax=[], state="t.json")
    assert started["relax"] == []
    assert weak_bridge_result(state=started["state"])["error"]["name"] == "TERMINATION_SIGNAL"
    assert tool("initiate_toulmin_sequence", query=QUERY)["relax"] == ["warrant", "backing"]


# State files: a state-less call leaves none, refused or not


REFUSED_CALLS = [
    ("initiate_toulmin_sequence", {"query": "Hi"}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": "", "claim_json": ""}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": "{not json", "claim_json": as_json(CLAIM)}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": as_json(dict(DATA, facts=[])),
                             "claim_json": as_json(CLAIM)}),
    ("inject_logic_bridge", {"query": "Some query", "data_json": as_json(DATA),
                             "claim_json": as_json(dict(CLAIM, statement="Is the moon made of cheese?"))}),
    ("stress_test_argument", {"query": "Some query", "data_json": as_json(DATA), "claim_json": as_json(CLAIM),
                              "warrant_json": as_json(dict(WARRANT, strength="weak")),
                              "backing_json": as_json(BACKING)}),
    ("stress_test_argument", {"query": "Some query", "data_json": "{}", "claim_json": "{}", "warrant_json": "",
                              "backing_json": ""}),
    ("render_verdict", {"query": "Some query", "data_json": "{}", "claim_json": "{}", "warrant_json": "{}",
                        "backing_json": "{}", "rebuttal_json": "", "qualifier_json": ""}),
    ("format_analysis_report", {"query": "Some query", "data_json": as_json(DATA), "claim_json": as_json(CLAIM)}),
    ("consult_field_experts", {"query": "Query", "perspectives": []}),
    ("consult_field_experts", {"query": "Query", "perspectives": "economist"}),
    ("inject_logic_bridge", {"data_json": as_json(DATA), "claim_json": as_json(CLAIM)}),
]


@pytest.mark.parametrize("name,arguments", REFUSED_CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(REFUSED_CALLS)])
def test_a_refused_stateless_call_leaves_no_state_file(name, arguments):
    result = tool(name, **arguments)
    assert not result["ok"] and result["exit_code"] != 3, result
    assert not os.path.exists(".argcheck") or state_files() == []
    assert result.get("state") is None


def test_a_successful_stateless_call_leaves_no_state_file():
    name, arguments = phase_arguments()[0]
    result = tool(name, query=QUERY, **arguments)
    assert result["ok"] and result["created"] is False and result["stateless"] is True
    assert result["state"] is None and os.listdir(".") == []


# Toulmini's citation shape through the generic tools too


def test_the_generic_apply_and_ingest_take_toulmini_citations():
    started = tool("argcheck_init", protocol="toulmin", options={"query": QUERY})
    applied = tool("argcheck_apply", state=started["state"], moves={"type": "grounding", **load(PHASE_FILES[0])})
    assert applied["ok"] and applied["status"] == "grounded", applied["error"]
    reply = {"envelope": 1, "consultee": "codex", "failure": None,
             "response": "```json\n" + as_json(load(PHASE_FILES[1])) + "\n```"}
    ingested = tool("argcheck_ingest", state=started["state"], reply=reply)
    assert ingested["ok"] and ingested["status"] == "bridged", ingested["error"]


def test_half_a_phase_on_a_named_state_is_a_schema_error_not_a_crash():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="t.json")
    before = Path(started["state"]).read_bytes()
    result = tool("stress_test_argument", state=started["state"], claim_json=as_json(CLAIM))
    assert result["error"]["code"] == "ARG013" and result["exit_code"] == 1
    assert Path(started["state"]).read_bytes() == before


# Toulmini's council answer ({perspective, argument_for, argument_against, key_citation})


def test_toulminis_council_answer_feeds_the_backing_and_the_rebuttal():
    example = load("council_integration")
    helper = example["workflow"][0]
    started = tool("initiate_toulmin_sequence", query=helper["input"]["query"], state="t.json")
    asked = tool("consult_field_experts", state=started["state"], **helper["input"])
    assert asked["ok"] and asked["pending"] == helper["input"]["perspectives"]
    reply = {"envelope": 1, "consultee": "codex", "failure": None, "response": as_json(helper["output"])}
    answered = tool("argcheck_ingest", state=asked["state"], reply=reply)
    assert answered["ok"], answered["error"]
    chain = mcpserver.call(mcpserver.tool_named("argcheck_render"), state=asked["state"], format="json")
    recorded = json.loads(chain["report"])["council"]["opinions"]
    assert [(o["perspective"], o["feeds"]) for o in recorded] == [
        (p, feeds) for p in helper["input"]["perspectives"] for feeds in ("backing", "rebuttal")]
    assert "(key citation: " in recorded[0]["opinion"] and recorded[0]["provenance"]["consultee"] == "codex"


def test_toulminis_council_answer_through_the_opinions_argument():
    started = tool("initiate_toulmin_sequence", query=QUERY, state="t.json")
    asked = tool("consult_field_experts", state=started["state"], perspectives=["Economist"])
    answered = tool("consult_field_experts", state=asked["state"], opinions=[
        {"perspective": "Economist", "argument_for": "Lower running costs.", "argument_against": "High upfront cost."}])
    assert answered["ok"] and [o["feeds"] for o in answered["opinions"]] == ["backing", "rebuttal"]
    bad = tool("consult_field_experts", state=asked["state"], opinions=[{"perspective": "Economist",
                                                                        "argument_for": "Lower running costs."}])
    assert bad["error"]["code"] == "USAGE" and "argument_against" in bad["error"]["message"]
