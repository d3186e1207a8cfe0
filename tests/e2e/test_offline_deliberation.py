"""A whole deliberation offline: prompt -> wrappers/consult replay -> ingest -> apply -> next -> render."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "e2e" / "offline_deliberation.sh"


def script_env(tmp_path: Path) -> dict:
    """argcheck (from this interpreter's environment) and jq on PATH; nothing from the user's HOME."""
    assert shutil.which("jq"), "jq is needed by the wrappers"
    bindir = Path(sys.executable).parent
    assert (bindir / "argcheck").exists(), f"argcheck is not installed next to {sys.executable}"
    env = dict(os.environ, HOME=str(tmp_path / "home"), PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")
    env.pop("CONSULT_TRANSCRIPT", None)
    return env


@pytest.mark.slow
def test_offline_deliberation_runs_end_to_end(tmp_path):
    result = subprocess.run(["bash", str(SCRIPT), str(tmp_path)], env=script_env(tmp_path),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    log = result.stdout
    assert "## Agreed (2)" in log and "WARNING: degraded result" in log and "1 consultee failure" in log
    assert "2. failure (timeout) → iteration 1" in log

    state = json.loads((tmp_path / "deliberation.json").read_text())
    consults = [m for m in state["moves"] if m["type"] == "consult"]
    assert [m["outcome"] for m in consults] == ["reply", "failure", "reply", "reply"]
    assert len({m["session_id"] for m in consults}) == 1, "resume keeps one consultee session"
    assert state["status"] == "presented"

    session = json.loads(next((tmp_path / "sessions").glob("*.json")).read_text())
    prompts = session["prompts"]
    assert len(prompts) == 4
    assert "C1" in prompts[1] and "C1" in prompts[2], "the open challenge id reaches the consultee"
    assert "How should a CLI keep the state" in prompts[0]
    assert not prompts[0].startswith("# Deliberation (continued)"), "a new session gets the whole state"
    assert all(p.startswith("# Deliberation (continued)") for p in prompts[1:]), "resumed calls get the changes"
    assert all("How should a CLI keep the state" in p and "## Response format" in p for p in prompts)


@pytest.mark.slow
def test_offline_deliberation_in_a_terminal(tmp_path):
    child = pexpect.spawn("bash", [str(SCRIPT), str(tmp_path)], env=script_env(tmp_path),
                          encoding="utf-8", timeout=120, dimensions=(50, 160))
    try:
        child.expect_exact("round 1: the consultee proposes")
        child.expect_exact("classify P1 P2")
        child.expect_exact("consult-replay: timeout")
        child.expect_exact("Termination met: convergence")
        child.expect_exact("status presented")
        child.expect_exact("# Decision log")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0, child.before
