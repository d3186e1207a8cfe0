"""The protocol boundary holds: a protocol defined only in the test tree (tests/fixtures/protocols/tally) is
discovered through ARGCHECK_PROTOCOL_PATH and runs through the CLI and the MCP server, with no file outside
its folder naming it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_PATH = ROOT / "tests" / "fixtures" / "protocols"
ENV = {**os.environ, "ARGCHECK_PROTOCOL_PATH": str(FIXTURE_PATH), "ARGCHECK_NOW": "2026-11-24T10:00:00Z"}


def argcheck(*args, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "argcheck", *args], cwd=cwd, env=ENV, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_only_its_own_folder_names_the_fixture_protocol():
    excluded = ["tests/fixtures/protocols", "tests/unit/test_protocol_boundary.py", "docs/adding-a-protocol.md"]
    mentions = subprocess.run(["git", "grep", "-l", "-w", "-i", "tally", "--", ".", *(f":!{p}" for p in excluded)],
                              cwd=ROOT, capture_output=True, text=True)
    assert mentions.stdout == ""


def test_no_module_outside_a_protocols_folder_names_a_bundled_protocol():
    """The core (CLI, MCP server, replay, rules) reads the specs; only a protocol's own folder names it."""
    from argcheck.core import discovery

    source = ROOT / "checker" / "src" / "argcheck"
    pattern = r"\b(" + "|".join(discovery.names()) + r")\b"
    outside = [str(path.relative_to(source)) for path in source.rglob("*.py")
               if "protocols" not in path.relative_to(source).parts[:1]
               and re.search(pattern, path.read_text(encoding="utf-8"), re.I)]
    assert outside == []


def test_without_the_path_the_protocol_does_not_exist(tmp_path):
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "tally", "--goal", "3"], cwd=tmp_path,
                          env={k: v for k, v in ENV.items() if k != "ARGCHECK_PROTOCOL_PATH"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "tally" in done.stderr


def test_the_cli_discovers_initialises_applies_validates_and_renders_it(tmp_path):
    assert "tally" in argcheck("init", "--help", cwd=tmp_path).stdout
    made = argcheck("init", "tally", "--goal", "3", "--state", "t.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    applied = argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 2}')
    assert applied.returncode == 0, applied.stdout + applied.stderr
    before = (tmp_path / "t.json").read_bytes()
    refused = argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 5}')
    assert refused.returncode == 1 and "TLY101 OVERSHOOT" in refused.stdout
    assert (tmp_path / "t.json").read_bytes() == before
    assert argcheck("apply", "t.json", "-", cwd=tmp_path, stdin='{"type": "step", "by": 1}').returncode == 0
    valid = argcheck("validate", "t.json", cwd=tmp_path)
    assert valid.returncode == 0 and "valid (tally, reached, 2 moves)" in valid.stdout
    assert json.loads(argcheck("render", "t.json", "--format", "json", cwd=tmp_path).stdout)["total"] == 3
    wrong = argcheck("render", "t.json", "--format", "dot", cwd=tmp_path)
    assert wrong.returncode == 2 and "the tally protocol renders md, json" in wrong.stderr
    assert argcheck("next", "t.json", cwd=tmp_path).stdout.startswith("tally · reached · 3 of 3")
    explained = argcheck("rules", "TLY101", cwd=tmp_path).stdout
    assert "‹goal› the header's goal" in explained and "{goal}" not in explained
    assert "TLY101" in argcheck("rules", "--protocol", "tally", cwd=tmp_path).stdout


@pytest.mark.anyio
async def test_the_mcp_server_serves_it(tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "argcheck", "mcp"], cwd=str(tmp_path),
                                   env={k: ENV[k] for k in ("ARGCHECK_PROTOCOL_PATH", "ARGCHECK_NOW", "PATH")})
    async with Client(params) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        assert "tally" in tools["argcheck_init"].input_schema["properties"]["protocol"]["enum"]
        made = (await client.call_tool("argcheck_init", {"protocol": "tally", "options": {"goal": 2},
                                                         "state": "t.json"})).structured_content
        assert made["ok"] and made["status"] == "counting", made
        stepped = (await client.call_tool("argcheck_apply", {"state": "t.json",
                                                             "moves": {"type": "step", "by": 2}})).structured_content
        assert stepped["ok"] and stepped["status"] == "reached", stepped
        checked = (await client.call_tool("argcheck_validate", {"state": "t.json"})).structured_content
        assert checked["valid"] and checked["protocol"] == "tally"
        shown = (await client.call_tool("argcheck_render", {"state": "t.json"})).structured_content
        assert shown["report"].startswith("# Tally")


@pytest.fixture
def anyio_backend():
    return "asyncio"
