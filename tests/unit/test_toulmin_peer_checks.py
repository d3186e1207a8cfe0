"""Toulmini's behaviours (peer-projects.md, "Candidate external checks"), re-expressed as our own tests.

Each test names the Toulmini behaviour it covers. The state-file engine, the standalone chain and
Toulmini's own tool names (through the MCP server's tool functions, in-process) are all exercised.
"""

from __future__ import annotations

import json
import os

import pytest
from make_toulmin_examples import CHAIN, Chain, component, grounding, judgment, logic_bridge, stress_test

from argcheck.mcp import server as mcpserver
from argcheck.files import operations
from argcheck.core.env import default_env


def chain_codes(doc: dict) -> list[str]:
    return sorted(f.code for f in operations.replay_doc(doc, default_env()).findings)


def tool(name: str, **arguments) -> dict:
    return mcpserver.call(mcpserver.tool_named(name), **arguments)


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-11-21T09:00:00Z")


# "missing Data/Claim => error" and Toulmini's MISSING_PHASE_1_OUTPUT on empty phase-1 inputs


def test_empty_phase_1_inputs_give_missing_phase_1_output():
    result = tool("inject_logic_bridge", query=CHAIN["query"], data_json="", claim_json="")
    assert not result["ok"] and result["error"]["code"] == "TLM103"
    assert result["error"]["name"] == "MISSING_PHASE_1_OUTPUT"
    assert "data, claim" in result["error"]["message"]


@pytest.mark.parametrize("missing", ["data", "claim"])
def test_missing_data_or_claim_is_an_error(missing):
    given = {"data_json": json.dumps(CHAIN["data"]), "claim_json": json.dumps(CHAIN["claim"])}
    given.pop(f"{missing}_json")
    result = tool("inject_logic_bridge", query=CHAIN["query"], **given)
    assert result["error"]["code"] == "TLM103" and result["error"]["message"].endswith(f"missing: {missing}")


# "weak or irrelevant warrant or backing => termination" (WARRANT REJECTED / BACKING REJECTED)


@pytest.mark.parametrize("which,strength,label", [
    ("warrant", "weak", "WARRANT REJECTED"), ("warrant", "irrelevant", "WARRANT REJECTED"),
    ("backing", "weak", "BACKING REJECTED"), ("backing", "irrelevant", "BACKING REJECTED"),
])
def test_a_weak_link_returns_termination_signal(which, strength, label):
    components = {f"{name}_json": CHAIN[name] for name in ("data", "claim", "warrant", "backing")}
    components[f"{which}_json"] = component(which, strength=strength)
    result = tool("stress_test_argument", query=CHAIN["query"], **components)
    assert not result["ok"] and result["terminated"] is True
    assert result["error"]["name"] == "TERMINATION_SIGNAL" and result["error"]["message"].startswith(label)
    assert result["status"] == "terminated" and result["exit_code"] == 4
    assert "TERMINATED" in result["report"]


# "missing warrant+backing => MISSING_COMPONENTS naming both"


def test_missing_warrant_and_backing_are_both_named():
    result = tool("stress_test_argument", query=CHAIN["query"], data_json=CHAIN["data"], claim_json=CHAIN["claim"])
    assert result["error"]["name"] == "MISSING_COMPONENTS"
    assert result["error"]["message"].endswith("without warrant, backing")


# "missing rebuttal/qualifier => INCOMPLETE_CHAIN"


@pytest.mark.parametrize("given", [(), ("rebuttal",), ("qualifier",)])
def test_missing_rebuttal_or_qualifier_gives_incomplete_chain(given):
    components = {f"{name}_json": CHAIN[name] for name in ("data", "claim", "warrant", "backing", *given)}
    result = tool("render_verdict", query=CHAIN["query"], **components)
    assert result["error"]["name"] == "INCOMPLETE_CHAIN"
    missing = [name for name in ("rebuttal", "qualifier") if name not in given]
    assert result["error"]["message"].endswith("missing: " + ", ".join(missing))


# "a claim ending in '?' is rejected"


def test_a_claim_ending_with_a_question_mark_is_rejected():
    claim = component("claim", statement="Should our team adopt type hints everywhere?")
    result = tool("inject_logic_bridge", query=CHAIN["query"], data_json=CHAIN["data"], claim_json=claim)
    assert result["error"]["name"] == "CLAIM_IS_QUESTION"
    assert Chain().codes(grounding(statement="Should our team adopt type hints everywhere?")) == {"TLM107"}


# "chain errors: Claim requires Data, Warrant requires Claim, Backing requires Warrant" (the dependency order)


@pytest.mark.parametrize("present,missing", [
    (("claim",), "data"),
    (("data", "warrant"), "claim"),
    (("data", "claim", "backing"), "warrant"),
    (("data", "claim", "warrant", "backing", "qualifier"), "rebuttal"),
    (("data", "claim", "warrant", "backing", "rebuttal"), "qualifier"),
])
def test_each_component_requires_the_one_before_it(present, missing):
    doc = {name: CHAIN[name] for name in present}
    found = operations.replay_doc(doc, default_env()).findings
    assert len(found) == 1 and found[0].code in ("TLM103", "TLM104")
    assert missing in found[0].message.split("missing: ")[-1].split("without ")[-1].split(", ")


def test_the_dependency_order_is_data_claim_warrant_backing_rebuttal_qualifier_verdict():
    from argcheck.protocols.toulmin.state import COMPONENTS, requirements

    assert COMPONENTS == ("data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict")
    assert requirements("logic_bridge") == ("data", "claim")
    assert requirements("stress_test") == ("data", "claim", "warrant", "backing")
    assert requirements("judgment") == COMPONENTS[:6]


def test_a_verdict_without_the_rest_is_an_incomplete_chain():
    assert chain_codes({"data": CHAIN["data"], "claim": CHAIN["claim"], "verdict": CHAIN["verdict"]}) == ["TLM105"]


# "absolute rebuttal => REBUTTAL FATAL: the verdict must be overruled"


@pytest.mark.parametrize("status", ["sustained", "remanded"])
def test_an_absolute_rebuttal_must_be_overruled(status):
    doc = dict(CHAIN, rebuttal=component("rebuttal", strength="absolute"),
               qualifier=component("qualifier", degree="apparently", confidence_pct=10),
               verdict=component("verdict", status=status))
    assert chain_codes(doc) == ["TLM111"]
    doc["verdict"] = component("verdict", status="overruled")
    assert chain_codes(doc) == []


# "inconsistent verdict => VERDICT INCONSISTENT"; "confidence < 30 => overruled or remanded"


@pytest.mark.parametrize("confidence", [0, 15, 29])
def test_low_confidence_cannot_be_sustained(confidence):
    chain = Chain().ok(grounding(), logic_bridge(), stress_test("negligible", confidence))
    assert chain.codes(judgment("sustained")) == {"TLM112"}
    assert chain.codes(judgment("overruled")) == set()
    chain2 = Chain().ok(grounding(), logic_bridge(), stress_test("negligible", confidence))
    assert chain2.codes(judgment("remanded")) == set()


def test_an_inconsistent_verdict_is_refused_through_the_tool():
    components = {f"{name}_json": CHAIN[name] for name in ("data", "claim", "warrant", "backing", "rebuttal",
                                                           "qualifier")}
    result = tool("render_verdict", query=CHAIN["query"], verdict_json=component("verdict", status="overruled"),
                  **components)
    assert result["error"]["name"] == "VERDICT_INCONSISTENT" and not result["ok"]
    assert result["state"] is None and not os.path.exists(".argcheck")  # a refused state-less call keeps nothing
    started = tool("initiate_toulmin_sequence", query=CHAIN["query"], state="chain.json")
    result = tool("render_verdict", state=started["state"], verdict_json=component("verdict", status="overruled"),
                  **components)
    assert result["error"]["name"] == "VERDICT_INCONSISTENT"
    status = operations.validate_file(started["state"]).replay.engine.status
    assert status == "stress_tested"  # the phases before it were recorded, the verdict was not


# "qualifier degree from the allowed set; confidence 0-100"


@pytest.mark.parametrize("change", [{"degree": "definitely"}, {"confidence_pct": 101}, {"confidence_pct": -5}])
def test_the_qualifier_schema(change):
    chain = Chain().ok(grounding(), logic_bridge())
    move = stress_test()
    move["qualifier"] = component("qualifier", **change)
    assert chain.codes(move) == {"ARG013"}


@pytest.mark.parametrize("degree", ["certainly", "presumably", "probably", "possibly", "apparently"])
def test_every_allowed_degree_is_accepted_in_its_band(degree):
    from argcheck.protocols.toulmin.state import BANDS

    low, _ = BANDS[degree]
    assert Chain().ok(grounding(), logic_bridge()).codes(stress_test("weak", low, degree=degree)) == set()


# "strict-mode toggles switch the breakers off"


@pytest.mark.parametrize("relax,which", [(["warrant"], "warrant"), (["backing"], "backing")])
def test_relaxing_a_breaker_switches_it_off(relax, which):
    components = {f"{name}_json": CHAIN[name] for name in ("data", "claim", "warrant", "backing")}
    components[f"{which}_json"] = component(which, strength="weak")
    started = tool("initiate_toulmin_sequence", query=CHAIN["query"], relax=relax, state="chain.json")
    assert started["ok"] and started["relax"] == relax
    result = tool("stress_test_argument", state=started["state"], **components)
    assert result["ok"] and result["status"] == "bridged"
    assert [f["code"] for f in result["findings"]] == ["TLM110"]
    report = tool("argcheck_render", state=started["state"])["report"]
    assert f"RELAXED for {which}" in report and "Relaxation in effect" in report


# "QUERY_TOO_SHORT" and Toulmini's council errors


def test_a_short_query_is_refused():
    result = tool("initiate_toulmin_sequence", query="why")
    assert result["error"]["name"] == "QUERY_TOO_SHORT" and result["exit_code"] == 2


def test_council_disabled_and_no_perspectives():
    started = tool("initiate_toulmin_sequence", query=CHAIN["query"], council=False, state="off.json")
    assert tool("consult_field_experts", state=started["state"], perspectives=["economist"])["error"]["name"] == \
        "COUNCIL_DISABLED"
    started = tool("initiate_toulmin_sequence", query=CHAIN["query"], state="on.json")
    assert tool("consult_field_experts", state=started["state"], perspectives=[])["error"]["name"] == \
        "NO_PERSPECTIVES_PROVIDED"
    assert tool("consult_field_experts", state=started["state"])["error"]["name"] == "NO_PERSPECTIVES_PROVIDED"


# What Toulmini only promises: the verdict JSON is validated, phase 1 is schema-checked, state is kept


def test_phase_1_output_is_schema_checked():
    bad = component("data", facts=[])
    result = tool("inject_logic_bridge", query=CHAIN["query"], data_json=bad, claim_json=CHAIN["claim"])
    assert result["error"]["code"] == "ARG013" and "facts" in result["error"]["message"]


def test_invalid_json_is_a_structured_error():
    result = tool("inject_logic_bridge", query=CHAIN["query"], data_json="{not json", claim_json=CHAIN["claim"])
    assert result["error"]["code"] == "ARG001" and not result["ok"]


def test_phase_order_is_enforced_by_state_not_by_argument_presence():
    started = tool("initiate_toulmin_sequence", query=CHAIN["query"], state="chain.json")
    # Toulmini would accept any non-empty JSON here; the state knows there is no grounding yet.
    result = tool("stress_test_argument", state=started["state"], warrant_json=CHAIN["warrant"],
                  backing_json=CHAIN["backing"])
    assert result["error"]["code"] == "TLM103"
