"""What a Toulmini client legitimately sends is accepted: its citation shape, its rebuttal strength word, its
example files (our own chains, written in the shapes of Toulmini's examples/*.json), with our rules on top."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from make_toulmin_examples import Chain, component, grounding, judgment, logic_bridge, stress_test

from argcheck.files import operations
from argcheck.core.env import default_env

ROOT = Path(__file__).resolve().parents[2]
TOULMINI = ROOT / "tests" / "fixtures" / "toulmin" / "toulmini"
PHASE_FILES = ("phase1_data_claim", "phase2_warrant_backing", "phase3_rebuttal_qualifier", "phase4_verdict")
QUERY = "Should the city replace its diesel buses with battery-electric ones?"


def load(name: str) -> dict:
    return json.loads((TOULMINI / f"{name}.json").read_text(encoding="utf-8"))


def phases_chain() -> dict:
    """The four phase files of the example, merged into one chain as Toulmini's tools pass it around."""
    chain = {"query": QUERY}
    for name in PHASE_FILES:
        chain.update(load(name))
    return chain


def council_chain() -> dict:
    example = load("council_integration")
    chain = {"query": example["query"]}
    for step in example["workflow"]:
        if step["tool"] != "consult_field_experts":
            chain.update(step["output"])
    return chain


def codes(doc: dict) -> list[str]:
    return sorted(f.code for f in operations.replay_doc(doc, default_env()).findings)


TOULMINI_CITATION = {"source": "Municipal transit authority", "reference": "Trial report 2023, section 4", "url": None}


# Each example chain validates


def test_the_phase_files_validate_as_one_chain():
    outcome = operations.replay_doc(phases_chain(), default_env())
    assert [f.code for f in outcome.findings] == []
    assert outcome.replay.engine.status == "judged"


def test_the_council_example_validates_with_only_the_band_warning():
    # Toulmini's own examples put `probably` at 70; the band (50–69) is a warning, never a refusal.
    outcome = operations.replay_doc(council_chain(), default_env())
    assert [(f.code, f.severity) for f in outcome.findings] == [("TLM113", "warning")]
    assert outcome.replay.engine.state.components["verdict"]["status"] == "sustained"


@pytest.mark.parametrize("make", [phases_chain, council_chain], ids=["phases", "council"])
def test_argcheck_validate_exits_0_on_an_example_chain(make, tmp_path):
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(make()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "argcheck", "validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


# Citations: {source, reference, url?} beside {source, locator, quote?}


@pytest.mark.parametrize("citation", [
    TOULMINI_CITATION,
    {"source": "Fleet maintenance ledger", "reference": "table 2"},
    {"source": "Cold-climate study", "reference": "vol. 112", "url": "https://example.org/study"},
    {"source": "Incident tracker export", "locator": "rows tagged type-error", "quote": "type error"},
])
def test_both_citation_shapes_are_accepted_by_apply(citation):
    move = grounding()
    move["data"]["citations"] = [citation]
    bridge = logic_bridge(citations=[citation])
    assert Chain().codes(move, bridge) == set()


@pytest.mark.parametrize("citation,path", [
    ({"source": "Gao et al."}, "/moves/0/data/citations/0"),
    ({"source": "Gao et al.", "url": "https://example.org/gao"}, "/moves/0/data/citations/0"),
])
def test_a_citation_without_locator_or_reference_is_tlm123(citation, path):
    move = grounding()
    move["data"]["citations"] = [citation]
    chain = Chain()
    assert chain.codes(move) == {"TLM123"}
    assert chain.findings[0].path == path and "Gao et al." in chain.findings[0].message


@pytest.mark.parametrize("citation", [
    {"source": "x", "reference": "p. 3", "url": 7},
    {"source": "x", "reference": "p. 3", "url": ""},
    {"source": "x", "reference": "p. 3", "isbn": "123"},
    {"source": "x", "reference": None},
])
def test_a_malformed_toulmini_citation_is_a_schema_violation(citation):
    move = grounding()
    move["data"]["citations"] = [citation]
    assert Chain().codes(move) == {"ARG013"}


def test_the_workspace_check_reads_a_reference_too():
    chain = Chain().ok(grounding())
    found = chain.apply(logic_bridge(citations=[{"source": "our code", "reference": "src/types.py:99", "url": None}]))
    assert [(f.code, f.path) for f in found] == [("TLM122", "/moves/1/backing/citations/0/reference")]
    assert Chain().ok(grounding()).codes(logic_bridge(citations=[{"source": "our code",
                                                                  "reference": "src/types.py:3"}])) == set()


def test_the_report_shows_the_reference_and_the_url():
    from argcheck.protocols.toulmin.render import report

    move = grounding()
    move["data"]["citations"] = [{"source": "Cold-climate study", "reference": "vol. 112",
                                  "url": "https://example.org/study"}, TOULMINI_CITATION]
    chain = Chain().ok(move)
    text = report(chain.state, [])
    assert "1. Cold-climate study — vol. 112 — https://example.org/study" in text
    assert "2. Municipal transit authority — Trial report 2023, section 4\n" in text


def test_ingest_records_toulmini_citations_from_an_envelope(tmp_path):
    from argcheck.protocols.toulmin import ingest

    reply = "Here it is:\n```json\n" + json.dumps(load("phase1_data_claim")) + "\n```"
    envelope = {"envelope": 1, "consultee": "codex", "response": reply, "failure": None}
    chain = Chain()
    moves = ingest.moves_from_envelope(chain.state, envelope)
    assert [m["type"] for m in moves] == ["grounding"] and chain.codes(*moves) == set()


# Rebuttal strength: Toulmini's `irrelevant` is the seed's `negligible`


def test_an_irrelevant_rebuttal_is_read_as_negligible():
    chain = Chain().ok(grounding(), logic_bridge(), stress_test("irrelevant", 40))
    check = chain.state.verdict_check
    assert check["rebuttal"] == "negligible" and check["allowed"] == ["sustained", "remanded"]
    assert chain.codes(judgment("sustained")) == set()


def test_an_irrelevant_rebuttal_reads_as_negligible_in_the_report():
    from argcheck.protocols.toulmin.render import report

    chain = Chain().ok(grounding(), logic_bridge(), stress_test("irrelevant", 80))
    assert "### Rebuttal (irrelevant, read as negligible)" in report(chain.state, [])


# The degree bands are a warning


def test_a_degree_outside_its_band_is_recorded_with_a_warning():
    chain = Chain().ok(grounding(), logic_bridge())
    found = chain.apply(stress_test("weak", 85, degree="probably"))
    assert [(f.code, f.severity) for f in found] == [("TLM113", "warning")]
    assert chain.state.status == "stress_tested"
    assert "'presumably'" in found[0].hint


def test_a_chain_with_a_band_warning_validates_with_exit_0(tmp_path):
    doc = dict(phases_chain(), qualifier=component("qualifier", degree="probably", confidence_pct=80))
    doc["verdict"] = component("verdict")
    path = tmp_path / "chain.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "argcheck", "validate", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "TLM113 QUALIFIER_DEGREE_MISMATCH warning" in done.stdout
