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
    result = run("apply", state, moves)
    no_crash(result)
    assert result.exit_code == OK and "TLM122" in result.output
    no_crash(run("validate", state))
