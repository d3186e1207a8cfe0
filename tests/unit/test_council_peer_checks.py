"""The public project's tested behaviours (critique_council's test_reasoning_tree), as council rules."""

from __future__ import annotations

import json
from pathlib import Path

import council_kit as ck
from council_kit import critique, node

SCHEMA = Path(__file__).resolve().parents[2] / "state" / "schemas" / "council.schema.json"


def test_tree_stops_at_max_depth_the_depth_two_child_has_no_sub_critiques():
    deepest = node("KAN-3", children=[])
    tree = node("KAN-1", children=[node("KAN-2", children=[deepest])])
    run = ck.council(max_depth=3)
    assert run.codes(critique("Kant", tree)) == set()
    assert run.state.claims["KAN-3"].depth == 2 and run.state.trees["Kant"]["sub_critiques"][0][
        "sub_critiques"][0]["sub_critiques"] == []
    deeper = node("POP-1", children=[node("POP-2", children=[node("POP-3", children=[node("POP-4")])])])
    assert run.codes(critique("Popper", deeper)) == {"CNL108"}


def test_low_confidence_branch_terminates():
    tree = node("KAN-1", confidence=0.29, children=[node("KAN-2")])
    assert ck.council(threshold=0.3).codes(critique("Kant", tree)) == {"CNL109"}


def test_node_has_the_seeds_fields_and_types():
    node_schema = json.loads(SCHEMA.read_text())["$defs"]["Node"]
    fields = {name: _type(spec) for name, spec in node_schema["properties"].items()}
    assert fields == {"id": "string", "claim": "string", "evidence": "string", "confidence": "number",
                      "severity": "string", "sub_critiques": "array",
                      # critique_council's prompts add these per point (optional here: §7.1 does not have them)
                      "recommendation": "string", "concession": "string"}
    # §7.1 marks only severity optional: a leaf says "sub_critiques": [].
    assert set(node_schema["required"]) == {"id", "claim", "evidence", "confidence", "sub_critiques"}


def _type(spec: dict) -> str:
    if "type" in spec:
        return spec["type"]
    return next(option.get("type", "string") for option in spec["anyOf"] if option.get("type") != "null")


def test_node_with_a_missing_field_or_a_wrong_type_is_a_shape_error():
    run = ck.council()
    bad = node("KAN-1")
    del bad["evidence"]
    assert run.codes(critique("Kant", bad)) == {"ARG013"}
    assert run.codes(critique("Kant", dict(node("KAN-1"), confidence="high"))) == {"ARG013"}
    assert run.codes(critique("Kant", dict(node("KAN-1"), confidence=1.2))) == {"ARG013"}
    assert run.codes(critique("Kant", dict(node("KAN-1"), severity="Severe"))) == {"ARG013"}
