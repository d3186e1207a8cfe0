"""`argcheck mcp` through the MCP SDK's own client over stdio: tools, a full chain, a breaker, bad arguments.

The server is spawned as `python -m argcheck mcp` exactly as a client (Cursor, Claude Desktop, VS Code,
Codex) would spawn it; every call goes over JSON-RPC on its stdin/stdout.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
CHAIN = json.loads((ROOT / "tests" / "fixtures" / "toulmin" / "chain-sustained.json").read_text())
NOW = "2026-11-21T09:00:00Z"
GENERIC = {"argcheck_init", "argcheck_apply", "argcheck_next", "argcheck_validate", "argcheck_prompt",
           "argcheck_render", "argcheck_ingest"}
TOULMINI = {"initiate_toulmin_sequence", "inject_logic_bridge", "stress_test_argument", "render_verdict",
            "format_analysis_report", "consult_field_experts"}

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def server(cwd: Path) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "argcheck", "mcp"], cwd=str(cwd),
                                 env={"ARGCHECK_NOW": NOW})


async def call(client, name: str, **arguments) -> tuple[dict, bool]:
    result = await client.call_tool(name, arguments)
    data = result.structured_content
    assert data is not None, result
    assert result.content and result.content[-1].type == "text"
    json.loads(result.content[-1].text)  # the last block is always JSON: the summary, or a Toulmini client's error
    if data.get("client_error"):
        # A refusal of one of Toulmini's tools is answered as Toulmini does: a plain text result, its JSON alone
        # first (exactly as json.dumps writes it), argcheck's detail after it.
        assert not result.is_error and len(result.content) == 2
        assert result.content[0].text == json.dumps(data["client_error"])
        assert json.loads(result.content[1].text) == data["client_detail"]
        return data, True
    return data, result.is_error


async def test_lists_the_generic_and_the_toulmini_tools(tmp_path):
    async with Client(server(tmp_path)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert set(tools) == GENERIC | TOULMINI
    assert all(tool.description for tool in tools.values())
    assert tools["argcheck_validate"].annotations.read_only_hint is True
    assert tools["argcheck_apply"].annotations.read_only_hint is False
    assert tools["initiate_toulmin_sequence"].input_schema["properties"]["query"]["type"] == "string"
    assert set(tools["stress_test_argument"].input_schema["properties"]) == {
        "state", "query", "data_json", "claim_json", "warrant_json", "backing_json"}


async def test_a_full_chain_with_toulminis_tool_names(tmp_path):
    async with Client(server(tmp_path)) as client:
        started, error = await call(client, "initiate_toulmin_sequence", query=CHAIN["query"],
                                    state=".argcheck/chain.json")
        assert not error and started["ok"] and started["status"] == "started" and started["created"]
        state = started["state"]
        assert state == str(tmp_path / ".argcheck" / "chain.json") and "phase 1 of 4" in started["prompt"]
        steps = [
            ("inject_logic_bridge", {"data_json": json.dumps(CHAIN["data"]), "claim_json": json.dumps(CHAIN["claim"])},
             "grounded", "phase 2 of 4"),
            ("stress_test_argument", {"warrant_json": json.dumps(CHAIN["warrant"]),
                                      "backing_json": json.dumps(CHAIN["backing"])}, "bridged", "phase 3 of 4"),
            ("render_verdict", {"rebuttal_json": json.dumps(CHAIN["rebuttal"]),
                                "qualifier_json": json.dumps(CHAIN["qualifier"])}, "stress_tested", "phase 4 of 4"),
        ]
        for name, arguments, status, title in steps:
            result, error = await call(client, name, state=state, **arguments)
            assert not error and result["ok"] and result["status"] == status, result
            assert title in result["prompt"]
        assert "the status must be one of: sustained" in result["prompt"]
        done, error = await call(client, "format_analysis_report", state=state,
                                 verdict_json=json.dumps(CHAIN["verdict"]),
                                 summary="## Summary\n\nAdopt type hints service by service.")
        assert not error and done["status"] == "reported"
        assert "**Verdict: SUSTAINED**" in done["report"] and "```mermaid" in done["report"]
        checked, error = await call(client, "argcheck_validate", state=state)
        assert not error and checked["valid"] and checked["exit_code"] == 0 and checked["moves"] == 5
    on_disk = subprocess.run([sys.executable, "-m", "argcheck", "validate", state], capture_output=True, text=True)
    assert on_disk.returncode == 0, on_disk.stdout


async def test_stateless_toulmini_calls_check_the_chain_and_write_nothing(tmp_path):
    components = {f"{name}_json": json.dumps(CHAIN[name]) for name in
                  ("data", "claim", "warrant", "backing", "rebuttal", "qualifier")}
    async with Client(server(tmp_path)) as client:
        started, error = await call(client, "initiate_toulmin_sequence", query=CHAIN["query"])
        assert not error and started["stateless"] and started["state"] is None
        result, error = await call(client, "render_verdict", query=CHAIN["query"], **components)
        assert not error and result["stateless"] and result["status"] == "stress_tested"
        report = await client.call_tool("format_analysis_report", {"query": CHAIN["query"], **components,
                                                                   "verdict_json": json.dumps(CHAIN["verdict"])})
    assert not report.is_error and report.content[0].text.startswith("# Toulmin analysis: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


async def test_a_circuit_breaker_terminates_the_chain(tmp_path):
    async with Client(server(tmp_path)) as client:
        started, _ = await call(client, "initiate_toulmin_sequence", query=CHAIN["query"], state=".argcheck/chain.json")
        state = started["state"]
        await call(client, "inject_logic_bridge", state=state, data_json=CHAIN["data"], claim_json=CHAIN["claim"])
        backing = dict(CHAIN["backing"], strength="irrelevant")
        tripped, error = await call(client, "stress_test_argument", state=state, warrant_json=CHAIN["warrant"],
                                    backing_json=backing)
        assert error and not tripped["ok"] and tripped["terminated"]
        assert tripped["error"]["code"] == "TLM108" and tripped["error"]["name"] == "TERMINATION_SIGNAL"
        assert tripped["error"]["message"].startswith("BACKING REJECTED")
        assert tripped["exit_code"] == 4 and tripped["status"] == "terminated"
        later, error = await call(client, "render_verdict", state=state, rebuttal_json=CHAIN["rebuttal"],
                                  qualifier_json=CHAIN["qualifier"])
        assert error and later["error"]["name"] == "CHAIN_TERMINATED"
        checked, error = await call(client, "argcheck_validate", state=state)
        assert not error and checked["exit_code"] == 4 and checked["status"] == "terminated"


async def test_bad_arguments_are_structured_errors(tmp_path):
    (tmp_path / "not-json.json").write_text("{nope")
    async with Client(server(tmp_path)) as client:
        wrong_type, error = await call(client, "argcheck_apply", state=42, moves=[])
        assert error and wrong_type["error"]["code"] == "USAGE" and "must be a string" in wrong_type["error"]["message"]
        missing, error = await call(client, "argcheck_validate")
        assert error and missing["error"]["code"] == "USAGE"
        unknown, error = await call(client, "argcheck_init", protocol="debate", options={})
        assert error and unknown["error"]["name"] == "UNKNOWN_PROTOCOL"
        unreadable, error = await call(client, "argcheck_validate", state="no-such-file.json")
        assert error and unreadable["error"]["name"] == "UNREADABLE_INPUT"
        broken, error = await call(client, "argcheck_validate", state="not-json.json")
        assert error and broken["error"]["name"] == "NOT_JSON"
        bad_json, error = await call(client, "inject_logic_bridge", query=CHAIN["query"], data_json="{oops",
                                     claim_json=json.dumps(CHAIN["claim"]))
        assert error and bad_json["error"]["code"] == "ARG001"
        short, error = await call(client, "initiate_toulmin_sequence", query="why")
        assert error and short["error"]["name"] == "QUERY_TOO_SHORT"
        started, _ = await call(client, "initiate_toulmin_sequence", query=CHAIN["query"],
                                state=".argcheck/chain.json")
        before = Path(started["state"]).read_bytes()
        refused, error = await call(client, "argcheck_apply", state=started["state"],
                                    moves={"type": "judgment", "verdict": CHAIN["verdict"]})
        assert error and refused["error"]["name"] == "INCOMPLETE_CHAIN" and refused["applied"] == 0
        assert Path(started["state"]).read_bytes() == before
        schema, error = await call(client, "argcheck_apply", state=started["state"],
                                   moves={"type": "grounding", "data": {}, "claim": CHAIN["claim"]})
        assert error and schema["error"]["code"] == "ARG013"
        fmt, error = await call(client, "argcheck_render", state=started["state"], format="af")
        assert error and fmt["error"]["code"] == "USAGE"
        nothing = await client.call_tool("no_such_tool", {})
        assert nothing.is_error
        alive, error = await call(client, "argcheck_next", state=started["state"])  # the server survived it all
        assert not error and alive["next"]["status"] == "started"


async def test_generic_tools_and_the_council(tmp_path):
    async with Client(server(tmp_path)) as client:
        created, error = await call(client, "argcheck_init", protocol="toulmin",
                                    options={"query": CHAIN["query"], "relax": ["warrant"]}, state=".argcheck/t.json")
        assert not error and created["state"] == str(tmp_path / ".argcheck" / "t.json")
        assert created["next"]["relax"] == ["warrant"]
        asked, error = await call(client, "consult_field_experts", state=".argcheck/t.json",
                                  perspectives=["compiler engineer", "SRE"], question="Do types prevent outages?")
        assert not error and asked["pending"] == ["compiler engineer", "SRE"]
        assert "field-experts council" in asked["prompt"]
        answered, error = await call(client, "consult_field_experts", state=".argcheck/t.json", consultee="codex",
                                     opinions=[
            {"perspective": "compiler engineer", "opinion": "Types encode invariants checked on every build.",
             "feeds": "backing"},
            {"perspective": "SRE", "opinion": "Most outages come from configuration, not code.", "feeds": "rebuttal"}])
        assert not error and answered["pending"] == [] and [o["id"] for o in answered["opinions"]] == ["O1", "O2"]
        prompt, error = await call(client, "argcheck_prompt", state=".argcheck/t.json")
        assert not error and "phase 1 of 4" in prompt["prompt"]
        applied, error = await call(client, "argcheck_apply", state=".argcheck/t.json", moves=json.dumps(
            [{"type": "grounding", "data": CHAIN["data"], "claim": CHAIN["claim"]},
             {"type": "logic_bridge", "warrant": dict(CHAIN["warrant"], strength="weak"),
              "backing": dict(CHAIN["backing"], council=["O1"])}]))
        assert not error and applied["applied"] == 2 and applied["status"] == "bridged"
        assert [f["code"] for f in applied["findings"]] == ["TLM110"]
        ingested, error = await call(client, "argcheck_ingest", state=".argcheck/t.json",
                                     reply={"rebuttal": dict(CHAIN["rebuttal"], council=["O2"]),
                                            "qualifier": CHAIN["qualifier"]})
        assert not error and ingested["status"] == "stress_tested"
        rendered, error = await call(client, "argcheck_render", state=".argcheck/t.json", format="mermaid")
        assert not error and rendered["report"].startswith("flowchart LR")
        md, _ = await call(client, "argcheck_render", state=".argcheck/t.json")
        assert "via codex" in md["report"] and "RELAXED for warrant" in md["report"]
        record, error = await call(client, "argcheck_render", state=".argcheck/t.json", format="madr")
        assert not error and record["report"].startswith("---\nstatus: proposed\n")
        assert "## Considered Options" in record["report"]
        argdown, error = await call(client, "argcheck_render", state=".argcheck/t.json", format="argdown")
        assert not error and "  <+ [warrant]" in argdown["report"]


async def test_generic_tools_serve_the_deliberate_protocol_too(tmp_path):
    async with Client(server(tmp_path)) as client:
        created, error = await call(client, "argcheck_init", protocol="deliberate",
                                    options={"question": "Should the CLI cache replayed states?"})
        assert not error and created["protocol"] == "deliberate"
        checked, error = await call(client, "argcheck_validate", state=created["state"])
        assert not error and checked["valid"]
        nxt, error = await call(client, "argcheck_next", state=created["state"])
        assert not error and nxt["text"]


def test_stdout_carries_only_the_protocol(tmp_path):
    """Raw JSON-RPC over the pipes: every stdout line is a JSON-RPC message; logs go to stderr."""
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "raw-test", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
         "params": {"name": "argcheck_validate", "arguments": {"state": "missing.json"}}},
        {"jsonrpc": "2.0", "id": 4, "method": "tools/call",
         "params": {"name": "initiate_toulmin_sequence", "arguments": {"query": CHAIN["query"]}}},
    ]
    proc = subprocess.Popen([sys.executable, "-m", "argcheck", "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path, env={**_env(), "ARGCHECK_MCP_LOG": "INFO"})
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    replies = []
    try:
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            while "id" in message:  # read up to this request's answer (notifications may come first)
                line = proc.stdout.readline()
                assert line, proc.stderr.read()
                replies.append(json.loads(line))
                if replies[-1].get("id") == message["id"]:
                    break
        proc.stdin.close()
        rest = proc.stdout.read()
        replies += [json.loads(line) for line in rest.splitlines() if line.strip()]
        assert proc.wait(timeout=30) == 0
        stderr = proc.stderr.read()
    finally:
        watchdog.cancel()
        proc.kill()
    assert all(reply.get("jsonrpc") == "2.0" for reply in replies)
    by_id = {reply["id"]: reply for reply in replies if "id" in reply}
    assert set(by_id) == {1, 2, 3, 4}
    assert by_id[3]["result"]["isError"] is True
    assert by_id[3]["result"]["structuredContent"]["error"]["name"] == "UNREADABLE_INPUT"
    assert by_id[4]["result"]["structuredContent"]["ok"] is True
    assert "argcheck MCP server starting on stdio" in stderr


def _env() -> dict:
    import os

    env = dict(os.environ, ARGCHECK_NOW=NOW)
    env.pop("ARGCHECK_DEBUG", None)
    return env


async def test_the_plugin_manifest_declares_the_server_and_its_command_starts_it(tmp_path):
    manifest = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text())
    declared = manifest["mcpServers"]["argcheck"]
    assert declared["command"] == "argcheck" and declared["args"] == ["mcp"]
    console_script = Path(sys.executable).parent / "argcheck"
    if not console_script.exists():
        pytest.skip("no argcheck console script beside this interpreter")
    params = StdioServerParameters(command=str(console_script), args=declared["args"], cwd=str(tmp_path))
    async with Client(params) as client:
        assert client.server_info.name == "argcheck"
        assert {tool.name for tool in (await client.list_tools()).tools} == GENERIC | TOULMINI
