"""`argcheck mcp` as seen by the official MCP Inspector CLI (npm @modelcontextprotocol/inspector, offline).

Install it once with tests/setup/install-mcp-inspector.sh (into .cache/npm/mcp-inspector). A missing
Inspector FAILS these tests; set ARGCHECK_SKIP_INSPECTOR=1 to skip them knowingly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.kit.cache import tool_cache

pytestmark = pytest.mark.realcli  # needs the Inspector from npm (installed by run-tests.sh)

ROOT = Path(__file__).resolve().parents[2]
PREFIX = Path(os.environ.get("ARGCHECK_MCP_INSPECTOR_DIR") or tool_cache() / "npm" / "mcp-inspector")
INSPECTOR = PREFIX / "node_modules" / ".bin" / "mcp-inspector"
SERVER = [sys.executable, "-m", "argcheck", "mcp"]
QUERY = "Should our team adopt type hints across the Python codebase?"


@pytest.fixture(scope="module")
def inspector() -> Path:
    if not INSPECTOR.exists():
        if os.environ.get("ARGCHECK_SKIP_INSPECTOR") == "1":
            pytest.skip("ARGCHECK_SKIP_INSPECTOR=1: the MCP Inspector tests are skipped on purpose")
        pytest.fail(f"the MCP Inspector is not installed at {INSPECTOR}: run tests/setup/install-mcp-inspector.sh "
                    "(or set ARGCHECK_SKIP_INSPECTOR=1 to skip these tests)")
    return INSPECTOR


def run(inspector: Path, tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    """mcp-inspector --cli OPTIONS --cwd TMP SERVER... (--cwd also ends --tool-arg's value list)."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), ARGCHECK_NOW="2026-11-21T09:00:00Z")
    return subprocess.run([str(inspector), "--cli", *options, "--cwd", str(tmp_path), *SERVER], capture_output=True,
                          text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)


def test_inspector_lists_every_tool(inspector, tmp_path):
    done = run(inspector, tmp_path, "--method", "tools/list")
    assert done.returncode == 0, done.stderr
    names = {tool["name"] for tool in json.loads(done.stdout)["tools"]}
    assert {"argcheck_init", "argcheck_apply", "argcheck_next", "argcheck_validate", "argcheck_prompt",
            "argcheck_render", "initiate_toulmin_sequence", "inject_logic_bridge", "stress_test_argument",
            "render_verdict", "format_analysis_report", "consult_field_experts"} <= names


def test_inspector_finds_no_schema_portability_problem(inspector, tmp_path):
    done = run(inspector, tmp_path, "--method", "tools/list", "--strict")
    assert done.returncode == 0, done.stderr
    assert "Warning" not in done.stderr and "Error" not in done.stderr


def test_inspector_starts_a_chain(inspector, tmp_path):
    done = run(inspector, tmp_path, "--method", "tools/call", "--tool-name", "initiate_toulmin_sequence",
               "--tool-arg", f"query={QUERY}")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["isError"] is False
    structured = result["structuredContent"]
    assert structured["ok"] and structured["status"] == "started"
    assert structured["state"] is None and structured["stateless"]
    assert [p.name for p in tmp_path.iterdir()] == ["home"]  # the test's HOME only: no state file
    assert "phase 1 of 4: grounding" in structured["prompt"]
    kept = run(inspector, tmp_path, "--method", "tools/call", "--tool-name", "initiate_toulmin_sequence",
               "--tool-arg", f"query={QUERY}", "--tool-arg", "state=.argcheck/chain.json")
    assert Path(json.loads(kept.stdout)["structuredContent"]["state"]) == tmp_path / ".argcheck" / "chain.json"


def test_inspector_sees_a_toulmini_refusal_as_toulminis_plain_text_error(inspector, tmp_path):
    done = run(inspector, tmp_path, "--method", "tools/call", "--tool-name", "initiate_toulmin_sequence",
               "--tool-arg", "query=why")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["isError"] is False and len(result["content"]) == 2
    assert result["content"][0]["text"] == '{"error": "QUERY_TOO_SHORT"}'  # Toulmini's text exactly
    assert json.loads(result["content"][1]["text"])["code"] == "TLM101"
    assert result["structuredContent"]["error"]["name"] == "QUERY_TOO_SHORT"


def test_inspector_sees_a_generic_refusal_as_a_tool_error(inspector, tmp_path):
    done = run(inspector, tmp_path, "--method", "tools/call", "--tool-name", "argcheck_validate",
               "--tool-arg", "state=no-such-file.json")
    assert done.returncode != 0 and "tool_is_error" in done.stderr
    structured = json.loads(done.stdout)["structuredContent"]
    assert structured["error"]["name"] == "UNREADABLE_INPUT"


def test_inspector_validates_a_state_file(inspector, tmp_path):
    chain = ROOT / "state" / "examples" / "valid" / "toulmin-terminated-irrelevant-warrant.json"
    done = run(inspector, tmp_path, "--method", "tools/call", "--tool-name", "argcheck_validate",
               "--tool-arg", f"state={chain}")
    assert done.returncode == 0, done.stderr
    structured = json.loads(done.stdout)["structuredContent"]
    assert structured["status"] == "terminated" and structured["exit_code"] == 4
