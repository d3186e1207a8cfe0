"""Standalone Toulmin chain documents (the seven components in one object) validate with the same codes."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from make_toulmin_examples import CHAIN, FIXTURES, component

from argcheck.files import operations
from argcheck.core.env import default_env


def findings(doc) -> list:
    return operations.replay_doc(doc, default_env()).findings


def codes(doc) -> list[str]:
    return sorted(f.code for f in findings(doc))


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=60)


def test_the_fixture_chain_is_valid_and_judged():
    outcome = operations.replay_doc(copy.deepcopy(CHAIN), default_env())
    assert outcome.findings == []
    assert outcome.replay.engine.status == "judged"
    assert outcome.doc["protocol"] == "toulmin" and len(outcome.doc["moves"]) == 4


def test_a_partial_chain_is_in_progress_not_invalid():
    doc = {name: CHAIN[name] for name in ("data", "claim", "warrant", "backing")}
    outcome = operations.replay_doc(doc, default_env())
    assert outcome.findings == [] and outcome.replay.engine.status == "bridged"


def test_query_is_optional():
    doc = {k: v for k, v in CHAIN.items() if k != "query"}
    outcome = operations.replay_doc(doc, default_env())
    assert outcome.findings == [] and outcome.replay.engine.state.query == CHAIN["claim"]["statement"]


def test_paths_point_into_the_chain():
    doc = dict(CHAIN, warrant=component("warrant", principle="short"))
    found = findings(doc)
    assert [(f.code, f.path, f.move) for f in found] == [("ARG013", "/warrant/principle", None)]


def test_unknown_top_level_fields_are_reported():
    assert codes(dict(CHAIN, extra=1)) == ["ARG013"]


def test_a_non_string_query_is_reported():
    assert codes(dict(CHAIN, query=42)) == ["ARG013"]


def test_a_short_query_is_reported():
    assert codes(dict(CHAIN, query="why")) == ["TLM101"]


@pytest.mark.parametrize("which,strength", [("warrant", "weak"), ("backing", "irrelevant")])
def test_a_weak_link_terminates_and_later_components_are_refused(which, strength):
    doc = dict(CHAIN, **{which: component(which, strength=strength)})
    found = findings(doc)
    assert sorted((f.code, f.path) for f in found) == [("TLM108", f"/{which}/strength"), ("TLM109", "/rebuttal"),
                                                       ("TLM109", "/verdict")]


def test_a_terminated_partial_chain_is_terminal_not_invalid():
    doc = {name: CHAIN[name] for name in ("data", "claim", "warrant")}
    doc["backing"] = component("backing", strength="weak")
    outcome = operations.replay_doc(doc, default_env())
    assert [f.code for f in outcome.findings] == ["TLM108"]
    assert outcome.replay.engine.status == "terminated"


def test_relax_in_the_chain_switches_the_breaker_off():
    doc = dict(CHAIN, relax=["warrant"], warrant=component("warrant", strength="weak"))
    assert codes(doc) == ["TLM110"]
    assert codes(dict(doc, relax=["bogus"])) == ["ARG013", "TLM108", "TLM109", "TLM109"]


def test_verdict_rules_apply_to_chains():
    assert codes(dict(CHAIN, verdict=component("verdict", status="overruled"))) == ["TLM112"]
    doc = dict(CHAIN, rebuttal=component("rebuttal", strength="absolute"))
    assert codes(doc) == ["TLM111"]
    assert codes(dict(CHAIN, qualifier=component("qualifier", degree="certainly"))) == ["TLM113"]
    assert codes(dict(CHAIN, claim=component("claim", statement="Should we adopt type hints?"))) == ["TLM107"]


def test_a_malformed_component_stops_the_replay_with_its_shape_error_only():
    doc = dict(CHAIN, warrant=component("warrant", strength="medium"))
    assert codes(doc) == ["ARG013"]


def test_null_optional_fields_count_as_absent():
    data = component("data")
    data["citations"] = [dict(c, quote=None) for c in data["citations"]]
    assert codes(dict(CHAIN, data=data)) == []


def test_a_document_without_components_is_not_a_chain():
    assert codes({"query": "Should we?"}) == ["ARG010"]
    assert codes({"format": "something", "data": {}}) == ["ARG010"]


def test_cli_validate_accepts_a_chain(tmp_path):
    result = cli("validate", FIXTURES / "chain-sustained.json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "valid (toulmin, judged, 4 moves)" in result.stdout


def test_cli_validate_reports_chain_codes_and_exit_codes(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(CHAIN, verdict=component("verdict", status="remanded"))))
    result = cli("validate", "--format", "json", bad)
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert [f["code"] for f in report["findings"]] == ["TLM112"] and report["protocol"] == "toulmin"
    terminated = tmp_path / "terminated.json"
    terminated.write_text(json.dumps({name: CHAIN[name] for name in ("data", "claim")} |
                                     {"warrant": component("warrant", strength="irrelevant"),
                                      "backing": CHAIN["backing"]}))
    assert cli("validate", terminated).returncode == 4


def test_cli_render_and_next_accept_a_chain():
    md = cli("render", FIXTURES / "chain-sustained.json", "--format", "md")
    assert md.returncode == 0 and "**Verdict: SUSTAINED**" in md.stdout
    assert "standalone chain" in cli("next", FIXTURES / "chain-sustained.json").stdout


def test_a_rendered_state_exports_a_chain_that_validates_again(tmp_path):
    from make_toulmin_examples import Chain, full_chain

    from argcheck.protocols.toulmin.render import standalone_chain

    chain = Chain()
    chain.ok(*full_chain())
    exported = standalone_chain(chain.state)
    outcome = operations.replay_doc(exported, default_env())
    assert outcome.findings == [] and outcome.replay.engine.state.components == chain.state.components


def test_a_weak_warrant_without_backing_is_flagged_for_the_warrant_not_only_as_incomplete():
    doc = {name: copy.deepcopy(CHAIN[name]) for name in ("data", "claim", "warrant")}
    doc["warrant"]["strength"] = "weak"
    found = {f.code: f for f in findings(doc)}
    assert set(found) == {"TLM104", "TLM108"} and found["TLM108"].path == "/warrant/strength"
    assert found["TLM108"].message.startswith("WARRANT REJECTED")
    doc["relax"] = ["warrant"]
    assert codes(doc) == ["TLM104"]
