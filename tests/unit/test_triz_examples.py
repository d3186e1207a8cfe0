"""The triz examples: each invalid one yields exactly its code; the golden five-round session renders its
Knowledge Document; nothing drifts from its generator."""

from __future__ import annotations

import json
from pathlib import Path

import make_triz_examples as examples
import pytest

from argcheck.files import operations
from argcheck.core.discovery import load_all_rules

ROOT = Path(__file__).resolve().parents[2]
INVALID = sorted((ROOT / "state" / "examples" / "invalid").glob("TRZ*.json"))
VALID = sorted((ROOT / "state" / "examples" / "valid").glob("triz-*.json"))
GOLDEN = ROOT / examples.GOLDEN


def codes_of(path: Path) -> set[str]:
    return {found.code for found in operations.validate_file(str(path)).findings}


def test_every_trz_code_has_an_invalid_example():
    triz_codes = {code for code, rule in load_all_rules().items() if rule.protocol == "triz"}
    assert {path.name.split("-")[0] for path in INVALID} == triz_codes - set(examples.NO_ISOLATED_EXAMPLE)


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_example_yields_exactly_its_code(path):
    code = path.name.split("-")[0]
    assert codes_of(path) == {code} | examples.INHERENT.get(code, set())


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_has_no_finding(path):
    assert codes_of(path) == set()


def test_examples_and_golden_are_up_to_date():
    for relative, data in examples.generated_files().items():
        assert (ROOT / relative).read_bytes() == data, f"{relative} is stale: run checker/tools/generate.py"


# -- the golden five-round session ------------------------------------------------------------------------

def golden() -> str:
    return GOLDEN.read_text(encoding="utf-8")


def test_golden_session_has_five_rounds_and_is_crystallized():
    outcome = operations.validate_file(str(ROOT / "state/examples/valid/triz-five-rounds-crystallized.json"))
    state = outcome.replay.engine.state
    assert state.status == "crystallized" and state.current_round == 4
    assert state.graph.nodes == ["C1", "C3", "C4", "C5", "C6", "C7", "C8"]
    assert [d["decision"] for d in state.decisions][-2:] == ["deep_dive", "resolve"]  # in round 5: no round left
    assert state.negative_knowledge == ["C2"]


def test_golden_document_has_the_ten_sections_in_order():
    from argcheck.protocols.triz.render import SECTIONS

    text = golden()
    positions = [text.index(f"## {n}. {title}\n") for n, title in enumerate(SECTIONS, start=1)]
    assert positions == sorted(positions) and len(SECTIONS) == 10


def test_golden_document_is_built_from_the_recorded_moves():
    text = golden()
    assert "Range in the cold is recovered by heating the pack on a schedule [C1]" in text  # the agent's prose
    assert "- [C2] Scheduled preconditioning" in text and "rejected: fleet data contradicts it" in text
    assert "qualified: only for fleets with depots" in text  # boundaries from the verdicts
    assert "falsification (survived): look for fleet data without gain" in text
    assert "| C6 | merged_from | C5 |" in text and "C7 -->|supports| C6" in text
    assert "- [C4] (builds on [C3]) thesis:" in text and "build decision: **deep_dive** on [C3]" in text
    assert "[Study r0](https://example.org/research/r0) — supporting, by agent" in text
    assert "## Appendix: research log" in text and "| falsification (slot 0) |" in text


def test_react_flow_has_the_graph_api_shape():
    from argcheck.protocols.triz.render import render

    state = operations.validate_file(str(ROOT / "state/examples/valid/triz-five-rounds-crystallized.json")).replay
    value = json.loads(render(state.engine.state, "reactflow"))
    node = value["nodes"][0]
    assert set(node) == {"id", "type", "data", "position"} and set(node["position"]) == {"x", "y"}
    assert {"source", "target", "type"} <= set(value["edges"][0])
    assert {e["type"] for e in value["edges"]} == {"extends", "depends_on", "merged_from", "supports"}
    x = {n["id"]: n["position"]["x"] for n in value["nodes"]}
    assert all(x[e["source"]] > x[e["target"]] for e in value["edges"])


@pytest.mark.parametrize("path", VALID + INVALID, ids=lambda p: p.name)
def test_every_example_renders_in_every_format_and_next_and_prompt_work(path):
    from argcheck.protocols.triz import nextstep, prompting
    from argcheck.protocols.triz.render import render
    from argcheck.protocols.triz.spec import SPEC

    outcome = operations.validate_file(str(path))
    if outcome.replay is None:  # a header that fails its checks builds no engine: nothing to render
        assert path.name[:6] in {f.code for f in outcome.findings}
        return
    state = outcome.replay.engine.state
    for fmt in SPEC.formats:
        assert render(state, fmt, outcome.findings).strip()
    assert nextstep.format_text(nextstep.report(state, str(path)))
    prompting.render_prompt(state)
