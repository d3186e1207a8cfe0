"""bench/agent_bytes.py replays the demo as an agent runs it and measures what the agent reads (kept from rotting).

Bytes are deterministic (`argcheck doctor` runs with only the interpreter on PATH), so the
measuring function runs directly (no wall clock), and the targets hold: under 1.5 KB of tool output per
round, under 12 KB read before the first consultation.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import agent_bytes  # noqa: E402
import protocol_bytes  # noqa: E402


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    return agent_bytes.measure(tmp_path_factory.mktemp("agent-bytes"))


@pytest.mark.slow
def test_every_output_the_agent_reads_is_measured(figures):
    assert set(figures["before"]) == {"SKILL.md body", "argcheck doctor", "argcheck init",
                                      "argcheck apply (the user's constraints)", "argcheck next"}
    assert all(value > 0 for value in figures["before"].values())
    assert [row["who"] for row in figures["rounds"]] == ["consultee"] * 5 + ["arbiter"]
    for row in figures["rounds"]:
        assert row["consult"] > 0 and row["read"] == row["consult"] + row["apply"]
    assert figures["optional"]["all"] > 0 and all(value > 0 for value in figures["optional"]["one"].values())


@pytest.mark.slow
def test_the_headline_figures_are_positive_beside_codex_ask(figures):
    assert len(figures["codex"]) == 5
    heads = agent_bytes.summary(figures)
    assert heads["loaded before the first consult"][1] == agent_bytes.CODEX_ASK_SKILL
    for ours, theirs in heads.values():
        assert ours > 0 and theirs > 0


@pytest.mark.slow
def test_the_agent_reads_less_than_the_targets(figures):
    assert sum(figures["before"].values()) < agent_bytes.TARGET_BEFORE, figures["before"]
    assert max(row["read"] for row in figures["rounds"]) < agent_bytes.TARGET_ROUND, figures["rounds"]


@pytest.fixture(scope="module")
def protocols(tmp_path_factory):
    return protocol_bytes.measure(tmp_path_factory.mktemp("protocol-bytes"))


@pytest.mark.slow
def test_every_protocol_is_measured_round_by_round(protocols):
    assert list(protocols) == ["deliberate", "toulmin", "council", "triz"]
    for skill, figures in protocols.items():
        assert figures["skill"] == len((agent_bytes.ROOT / "skills" / skill / "SKILL.md").read_bytes())
        assert len(figures["rounds"]) >= 4 and all(row["read"] >= 0 for row in figures["rounds"])
        assert figures["largest round"]["read"] == max(row["read"] for row in figures["rounds"]) > 0


@pytest.mark.slow
def test_a_council_persona_prompt_is_read_by_its_subagent_not_the_orchestrator(protocols):
    council = protocols["council"]["rounds"]
    assert [row["subagent"] > 1000 for row in council].count(True) == 1
    assert all(row["read"] < 8 * 1024 for row in council)


@pytest.mark.slow
def test_every_protocol_meets_the_targets(protocols):
    for skill, figures in protocols.items():
        assert figures["skill"] <= protocol_bytes.TARGET_SKILL, (skill, figures["skill"])
        assert figures["largest round"]["read"] <= protocol_bytes.TARGET_ROUND, (skill, figures["largest round"])
