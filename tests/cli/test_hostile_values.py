"""Values that are valid JSON but hostile to the code behind them: a NUL byte where a path is expected, a
header field of the wrong type. Each gets a finding and a documented exit code, never exit 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import init_state, run_in_process

OK, FINDINGS, USAGE, INTERNAL = 0, 1, 2, 3
CHAIN = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "toulmin" / "chain-sustained.json")
                   .read_text())


def no_crash(result) -> None:
    assert result.exit_code != INTERNAL, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output, result.output


def toulmin_state(path: Path) -> Path:
    result = run_in_process("init", "toulmin", "--query", CHAIN["query"], "--state", str(path),
                            "--workspace", str(path.parent))
    assert result.exit_code == OK, result.output
    return path


def verified_entry(artifact: str) -> dict:
    return {"type": "ledger", "actor": "orchestrator", "id": "L1", "text": "The file says x.",
            "provenance": "verified", "claim_type": "empirical", "artifact": artifact, "quote": "x"}


def grounding_citing(locator: str) -> dict:
    citations = [dict(CHAIN["data"]["citations"][0], locator=locator)]
    return {"type": "grounding", "data": dict(CHAIN["data"], citations=citations), "claim": CHAIN["claim"]}


NUL_LOCATORS = ["f\x00.py:1", "\x00:1", "dir/\x00/f.py:2"]


@pytest.mark.parametrize("artifact", NUL_LOCATORS)
def test_a_nul_byte_in_a_deliberate_artifact_is_a_finding(run, tmp_path, artifact):
    (tmp_path / "f.py").write_text("x\n")
    state = init_state(tmp_path / "d.json")
    before = state.read_bytes()
    moves = tmp_path / "m.json"
    moves.write_text(json.dumps(verified_entry(artifact)))
    result = run("apply", state, moves)
    no_crash(result)
    assert result.exit_code == FINDINGS and "DLB141" in result.output
    assert state.read_bytes() == before


@pytest.mark.parametrize("locator", NUL_LOCATORS)
def test_a_nul_byte_in_a_toulmin_citation_locator_is_a_finding(run, tmp_path, locator):
    state = toulmin_state(tmp_path / "t.json")
    moves = tmp_path / "m.json"
    moves.write_text(json.dumps(grounding_citing(locator)))
    before = state.read_bytes()
    result = run("apply", state, moves)
    no_crash(result)
    assert result.exit_code == FINDINGS and "TLM122" in result.output
    assert state.read_bytes() == before
    no_crash(run("validate", state))


HEADER_VALUES = [[], {}, 3, None, True, "weird", ["standard"]]


def _edit_header(state: Path, field: str, value) -> None:
    doc = json.loads(state.read_text())
    doc["header"][field] = value
    state.write_text(json.dumps(doc))


# Any string is a valid consultee, and a question (with its hash): those get only the non-strings.
DELIBERATE_HEADER_CASES = [(field, value) for field in ("mode", "flow", "stakes", "consultee", "question")
                           for value in HEADER_VALUES
                           if not (isinstance(value, str) and field in ("consultee", "question"))]


@pytest.mark.parametrize(("field", "value"), DELIBERATE_HEADER_CASES, ids=repr)
def test_a_deliberate_header_field_of_the_wrong_type_is_reported_not_replayed(run, tmp_path, field, value):
    state = init_state(tmp_path / "d.json")
    _edit_header(state, field, value)
    for command in (("validate", state), ("next", state), ("render", state), ("prompt", state)):
        result = run(*command)
        no_crash(result)
        assert result.exit_code == FINDINGS, result.output
    checked = run("validate", state, "--format", "json")
    codes = {f["code"] for f in checked.json()["findings"]}
    assert "ARG013" in codes or "DLB161" in codes, checked.stdout
    assert "ARG022" in codes  # the genesis hash seals the header: the edit is reported as such too
    moves = tmp_path / "m.json"
    moves.write_text(json.dumps({"type": "abort", "actor": "user", "reason": "stop"}))
    before = state.read_bytes()
    applied = run("apply", state, moves)
    no_crash(applied)
    assert applied.exit_code == FINDINGS and "ARG024" in applied.output
    assert state.read_bytes() == before


@pytest.mark.parametrize("value", HEADER_VALUES, ids=repr)
@pytest.mark.parametrize("field", ["relax", "council", "query", "workspace"])
def test_a_toulmin_header_field_of_the_wrong_type_is_reported_not_replayed(run, tmp_path, field, value):
    state = toulmin_state(tmp_path / "t.json")
    _edit_header(state, field, value)
    result = run("validate", state)
    no_crash(result)
    assert result.exit_code in (OK, FINDINGS), result.output
