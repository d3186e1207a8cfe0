"""The toulmin examples and render goldens: what the chains and the goldens show (the generic checks of every
example are in test_examples.py; `generate.py --check` keeps them and the goldens up to date)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import make_toulmin_examples as examples

from argcheck.files import operations

ROOT = Path(__file__).resolve().parents[2]
INVALID = sorted((ROOT / "state" / "examples" / "invalid").glob("TLM*.json"))
VALID = sorted((ROOT / "state" / "examples" / "valid").glob("toulmin-*.json"))


def codes_of(path: Path) -> set[str]:
    return {found.code for found in operations.validate_file(str(path)).findings}


def test_there_are_valid_examples_of_each_ending():
    statuses = {operations.validate_file(str(p)).replay.engine.status for p in VALID}
    assert statuses == {"reported", "terminated", "judged"}


CHAINS = sorted(examples.CHAINS.glob("*.json"))


@pytest.mark.parametrize("path", CHAINS, ids=lambda p: p.name)
def test_standalone_chain_example_yields_exactly_its_code(path):
    assert codes_of(path) == {path.name.split("-")[0]}


# -- what the goldens must show -------------------------------------------------------------------------


def golden(name: str) -> str:
    return (examples.GOLDEN / name).read_text(encoding="utf-8")


def test_the_report_shows_verdict_rule_breakers_and_diagram():
    md = golden("toulmin-sustained-reported.md")
    assert md.startswith("# Toulmin analysis: ")
    assert "**Verdict: SUSTAINED**" in md and "```mermaid\nflowchart LR" in md
    assert "rebuttal weak, confidence 80 → allowed: sustained; recorded sustained: consistent" in md
    assert "## Report (phase 5, move 5)" in md


def test_the_report_of_a_terminated_chain_says_why():
    md = golden("toulmin-terminated-irrelevant-warrant.md")
    assert "**Outcome: TERMINATED by the circuit breaker** — WARRANT REJECTED" in md
    assert "REJECTED: the chain terminates here" in md
    assert "TLM108 TERMINATION_SIGNAL warning" in md


def test_the_report_shows_a_relaxation():
    md = golden("toulmin-relaxed-backing-remanded.md")
    assert "| Circuit breakers | RELAXED for backing (see below) |" in md
    assert "a strict chain would have terminated here" in md
    assert "TLM110 BREAKER_RELAXED info" in md


def test_the_report_shows_council_provenance():
    md = golden("toulmin-council-overruled.md")
    assert "| O1 | static-analysis researcher | backing | via codex | backing |" in md
    assert "| O2 | site reliability engineer | rebuttal | by the orchestrator | rebuttal |" in md


def test_mermaid_uses_the_classic_layout():
    mmd = golden("toulmin-sustained-reported.mmd")
    for edge in ("D -->|so| Q", "Q --> C", "W -.->|since| Q", "B -.->|on account of| W", "Q -.->|unless| R",
                 "C ==> V"):
        assert edge in mmd
    assert re.search(r'^  V\{\{"<b>Verdict</b><br/>SUSTAINED"\}\}$', mmd, re.M)
    terminated = golden("toulmin-terminated-irrelevant-warrant.mmd")
    assert "class W,V rejected" in terminated and "class Q,R pending" in terminated


def test_mermaid_labels_cannot_break_out():
    from make_toulmin_examples import Chain, grounding

    from argcheck.protocols.toulmin.render import mermaid

    chain = Chain().ok(grounding(statement='We should "quote" <b>tags</b> & #hashes] safely.'))
    line = next(line for line in mermaid(chain.state).splitlines() if line.startswith("  C["))
    assert line.count('"') == 2 and "<b>tags" not in line and "#34;quote#34;" in line


def test_dot_puts_warrant_and_backing_under_the_step():
    dot = golden("toulmin-sustained-reported.dot")
    assert "{ rank=same; J; W; B; }" in dot and "{ rank=same; C; R; }" in dot and dot.startswith("digraph toulmin")


def test_json_render_holds_a_standalone_chain():
    value = json.loads(golden("toulmin-sustained-reported.json"))
    assert value["chain"]["verdict"]["status"] == "sustained"
    assert value["verdict_check"] == {"rebuttal": "weak", "confidence": 80, "weakest_link": "strong",
                                      "allowed": ["sustained"],
                                      "excluded": value["verdict_check"]["excluded"], "status": "sustained",
                                      "consistent": True}
    assert set(value["verdict_check"]["excluded"]) == {"overruled", "remanded"}


def test_the_report_of_a_toulmini_shaped_chain_shows_references_and_urls():
    md = golden("toulmin-toulmini-shapes-judged.md")
    assert "1. Incident tracker export, Q1-Q2 — rows tagged type-error\n" in md
    assert "Section 5, Table 3 — https://example.org/to-type-or-not-to-type" in md
    assert "### Rebuttal (irrelevant, read as negligible)" in md
