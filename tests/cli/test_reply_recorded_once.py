"""A consultee reply is recorded once: ingesting it again (CLI, `consult`, MCP) is refused with ARG028 and the
state file is left byte for byte as it was."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from argcheck.mcp.server import call, tool_named
from argcheck.protocols.council import demo as council_demo

ROOT = Path(__file__).resolve().parents[2]
CHAIN = json.loads((ROOT / "tests" / "fixtures" / "toulmin" / "chain-sustained.json").read_text())
NOW = "2026-03-01T12:00:00Z"
OK, FINDINGS = 0, 1
POINTS = {"points": [{"id": "P1", "text": "Caching saves a replay per call.", "kind": "empirical"}]}


def argcheck(*args, input: str | None = None, env: dict | None = None, cwd=None):
    full = dict(os.environ, ARGCHECK_NOW=NOW, **(env or {}))
    full.pop("ARGCHECK_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "argcheck", *map(str, args)], input=input, capture_output=True,
                          text=True, env=full, cwd=cwd, timeout=120)


def envelope(response: str, consultee: str = "codex") -> dict:
    return {"envelope": 1, "consultee": consultee, "session_id": "s-1", "response": response, "failure": None}


def fenced(content: dict) -> str:
    return "```json\n" + json.dumps(content) + "\n```"


def assert_refused_unchanged(result, state: Path, before: bytes) -> None:
    assert result.returncode == FINDINGS, result.stdout + result.stderr
    assert "ARG028 REPLY_ALREADY_RECORDED" in result.stdout and "already recorded" in result.stdout
    assert "Traceback" not in result.stderr
    assert state.read_bytes() == before


def deliberation(tmp_path) -> Path:
    state = tmp_path / "d.json"
    assert argcheck("init", "deliberate", "--question", "Cache the replay?", "--state", state).returncode == 0
    return state


def test_ingest_of_the_same_deliberate_reply_twice_is_refused(tmp_path):
    state, reply = deliberation(tmp_path), tmp_path / "reply.json"
    reply.write_text(json.dumps(envelope(fenced(POINTS))))
    assert argcheck("ingest", state, reply).returncode == OK
    before = state.read_bytes()
    assert_refused_unchanged(argcheck("ingest", state, reply), state, before)


def test_a_failure_may_be_ingested_again(tmp_path):
    state = deliberation(tmp_path)
    failed = json.dumps({"envelope": 1, "response": None, "failure": "timeout"})
    assert argcheck("ingest", state, failed).returncode == OK
    assert argcheck("ingest", state, failed).returncode == OK
    assert len(json.loads(state.read_text())["moves"]) == 2


def test_consult_refuses_a_reply_the_consultee_repeats(tmp_path):
    """A consultee (here a stub wrapper) that sends the very same reply again: consult records it once."""
    state = deliberation(tmp_path)
    wrapper = tmp_path / "wrapper"
    wrapper.write_text("#!/bin/sh\ncat >/dev/null\ncat \"$REPLY_FILE\"\n")
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    reply = tmp_path / "reply.json"
    reply.write_text(json.dumps(envelope(fenced(POINTS))))
    env = {"ARGCHECK_CONSULT": str(wrapper), "REPLY_FILE": str(reply)}
    assert argcheck("consult", state, env=env).returncode == OK
    before = state.read_bytes()
    assert_refused_unchanged(argcheck("consult", state, env=env), state, before)


def test_a_toulmin_phase_reply_ingested_twice_is_refused(tmp_path):
    state = tmp_path / "t.json"
    assert argcheck("init", "toulmin", "--query", CHAIN["query"], "--state", state,
                    "--workspace", tmp_path).returncode == OK
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps(envelope(json.dumps({"data": CHAIN["data"], "claim": CHAIN["claim"]}))))
    assert argcheck("ingest", state, reply).returncode == OK
    before = state.read_bytes()
    assert_refused_unchanged(argcheck("ingest", state, reply), state, before)


def test_a_council_critique_ingested_twice_is_refused(tmp_path):
    script = council_demo.load_script()
    document = tmp_path / "design.md"
    document.write_text(council_demo._data(script["document"]).read_text(encoding="utf-8"))
    state = tmp_path / "c.json"
    assert argcheck("init", "council", "--document", document, "--panel", script["panel"], "--state", state,
                    "--consultee", "replay", cwd=tmp_path).returncode == OK
    name = json.loads(argcheck("next", state, "--format", "json").stdout)["next"]["persona"] \
        if False else next(n for n in script["critiques"] if n not in script["failures"])
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps(council_demo.envelope(script["critiques"][name], session=name)))
    first = argcheck("ingest", state, reply, cwd=tmp_path)
    assert first.returncode == OK, first.stdout + first.stderr
    before = state.read_bytes()
    assert_refused_unchanged(argcheck("ingest", state, reply, cwd=tmp_path), state, before)


def test_the_mcp_ingest_tool_refuses_the_same_reply_twice(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    created = call(tool_named("argcheck_init"), protocol="deliberate", options={"question": "Cache it?"},
                   state="d.json")
    reply = envelope(fenced(POINTS))
    assert call(tool_named("argcheck_ingest"), state="d.json", reply=reply)["ok"]
    before = Path("d.json").read_bytes()
    again = call(tool_named("argcheck_ingest"), state=created["state"], reply=reply)
    assert not again["ok"] and again["error"]["code"] == "ARG028" and again["exit_code"] == FINDINGS
    assert Path("d.json").read_bytes() == before


def test_a_triz_reply_ingested_twice_is_refused(tmp_path):
    """triz moves carry no reply hash: the log holding the reply's moves as they are is what refuses it."""
    from argcheck.protocols.triz import demo as triz_demo

    script = triz_demo.load_script()
    state = tmp_path / "t.json"
    assert argcheck("init", "triz", "--problem", script["init"]["problem"], "--state", state).returncode == OK
    reply = tmp_path / "r.json"
    reply.write_text(json.dumps(envelope(json.dumps(script["turns"][0]["moves"]), consultee="claude")))
    first = argcheck("ingest", state, reply)
    assert first.returncode == OK, first.stdout + first.stderr
    before = state.read_bytes()
    assert_refused_unchanged(argcheck("ingest", state, reply), state, before)
