"""The MCP server keeps its tools in the project it was started in: state files are written only inside the
project's .argcheck/ (`force` included), documents and workspaces are read only inside the project
(`options.workspace: "/"` cannot lift it), unless the server was started with `argcheck mcp --allow-outside`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from argcheck.mcp import confinement
from argcheck.mcp.server import call, tool_named

QUESTION = "Should the checker cache replayed states between calls?"


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "project"
    root.mkdir()
    monkeypatch.chdir(root)
    monkeypatch.setenv("ARGCHECK_NOW", "2026-03-01T12:00:00Z")
    confinement.configure(allow_outside=False, project=str(root))
    yield root
    confinement.configure(allow_outside=True)  # back to the in-process default of the other tests


@pytest.fixture
def outside(tmp_path):
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "victim.txt").write_text("precious\n")
    (folder / "secret.md").write_text("# a private note\n\nThe key is hunter2.\n")
    return folder


def snapshot(folder) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def init(**arguments) -> dict:
    return call(tool_named("argcheck_init"), **arguments)


def assert_outside(result: dict) -> None:
    assert not result["ok"] and result["exit_code"] == 2, result
    assert result["error"]["name"] == "OUTSIDE_PROJECT" and "nothing was written" in result["error"]["message"]
    assert "--allow-outside" in result["error"]["hint"]


@pytest.mark.parametrize("where", ["outside/new.json", "outside/victim.txt", "project/x.json", "project/.argcheck",
                                   "project/.argcheck/../x.json", "project/sub/.argcheck/x.json"])
@pytest.mark.parametrize("force", [False, True])
def test_a_state_is_written_only_inside_the_projects_state_directory(project, outside, where, force):
    (project / ".argcheck").mkdir()
    before = snapshot(outside)
    result = init(protocol="deliberate", options={"question": QUESTION}, state=str(project.parent / where),
                  force=force)
    assert_outside(result)
    assert snapshot(outside) == before and not (project / "x.json").exists()
    assert not (project / "sub").exists()


def test_inside_the_state_directory_a_state_is_written(project):
    result = init(protocol="deliberate", options={"question": QUESTION}, state=".argcheck/d.json")
    assert result["ok"] and result["state"] == str(project / ".argcheck" / "d.json"), result
    default = init(protocol="deliberate", options={"question": QUESTION})
    assert default["ok"] and default["state"].startswith(str(project / ".argcheck") + "/"), default


def test_a_state_kept_outside_takes_no_move(project, outside):
    confinement.configure(allow_outside=True)
    made = init(protocol="deliberate", options={"question": QUESTION}, state=str(outside / "d.json"))
    assert made["ok"], made
    confinement.configure(allow_outside=False, project=str(project))
    before = snapshot(outside)
    move = {"type": "ledger", "actor": "user", "id": "L1", "provenance": "user", "text": "One file.",
            "claim_type": "constraint"}
    assert_outside(call(tool_named("argcheck_apply"), state=str(outside / "d.json"), moves=move))
    assert snapshot(outside) == before
    assert call(tool_named("argcheck_validate"), state=str(outside / "d.json"))["ok"]  # reading is fine


@pytest.mark.parametrize("options", [
    {"workspace": "/"},
    {"workspace": "OUTSIDE"},
    {},  # the workspace is the project, the document is not in it
])
def test_a_document_outside_the_project_is_never_read(project, outside, options):
    options = {key: str(outside) if value == "OUTSIDE" else value for key, value in options.items()}
    result = init(protocol="council", options={"document": str(outside / "secret.md"), **options})
    assert not result["ok"], result
    assert result["error"]["name"] == "OUTSIDE_PROJECT" or "outside" in result["error"]["message"], result
    assert not (project / ".argcheck").exists() or not list((project / ".argcheck").glob("*.json"))


def test_a_document_inside_the_project_is_read(project):
    (project / "plan.md").write_text("# Plan\n\nWe ship on Friday.\n")
    result = init(protocol="council", options={"document": "plan.md"})
    assert result["ok"], result


def test_allow_outside_lifts_both(project, outside):
    confinement.configure(allow_outside=True, project=str(project))
    assert init(protocol="deliberate", options={"question": QUESTION}, state=str(outside / "d.json"))["ok"]
    result = init(protocol="council", options={"document": str(outside / "secret.md"), "workspace": str(outside)},
                  state=".argcheck/c.json")
    assert result["ok"], result


def test_an_argument_or_option_a_tool_does_not_declare_is_refused(project):
    extra = init(protocol="deliberate", options={"question": QUESTION}, overwrite=True)
    assert not extra["ok"] and "does not take `overwrite`" in extra["error"]["message"], extra
    option = init(protocol="deliberate", options={"question": QUESTION, "output": "/tmp/x"})
    assert not option["ok"] and "`options.output` is not an init option" in option["error"]["message"], option
    assert not (project / ".argcheck").exists()


def _served(cwd, *flags, requests) -> list[dict]:
    """Raw JSON-RPC lines to `python -m argcheck mcp FLAGS` in `cwd`; the tool results."""
    hello = [{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    calls = [{"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": name, "arguments": args}}
             for i, (name, args) in enumerate(requests, start=1)]
    data = "".join(json.dumps(line) + "\n" for line in hello + calls).encode()
    done = subprocess.run([sys.executable, "-m", "argcheck", "mcp", *flags], input=data, cwd=cwd,
                          capture_output=True, timeout=120)
    replies = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [r["result"]["structuredContent"] for r in sorted((r for r in replies if r.get("id")),
                                                             key=lambda r: r["id"])]


def test_the_server_confines_its_tools_unless_started_with_allow_outside(tmp_path, outside):
    project = tmp_path / "project"
    project.mkdir()
    request = ("argcheck_init", {"protocol": "deliberate", "options": {"question": QUESTION},
                                 "state": str(outside / "victim.txt"), "force": True})
    [refused] = _served(project, requests=[request])
    assert_outside(refused)
    assert (outside / "victim.txt").read_text() == "precious\n"
    [allowed] = _served(project, "--allow-outside", requests=[request])
    assert allowed["ok"] and json.loads((outside / "victim.txt").read_text())["protocol"] == "deliberate"
