"""`argcheck cost`: the tokens a run used, summed from the client's own transcript (Claude Code's session JSONL,
Codex's rollout file, Gemini's session file) over the run's turns, per model; a consultee's reported usage
added; "not measured" said where no transcript names the run; the triz status and report show it."""

from __future__ import annotations

import json
import os

import pytest

from argcheck.cli import verbs
from argcheck.core import tokencost
from argcheck.core.env import default_env
from argcheck.files import operations, runcost

CREATED, UPDATED = "2026-11-28T10:00:05Z", "2026-11-28T10:09:00Z"


@pytest.fixture
def homes(tmp_path, monkeypatch):
    for name, folder in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex"), ("GEMINI_CLI_HOME", "gemini")):
        monkeypatch.setenv(name, str(tmp_path / folder))
    return tmp_path


@pytest.fixture
def run(tmp_path, monkeypatch):
    project = tmp_path / "project"
    (project / ".argcheck").mkdir(parents=True)
    path = project / ".argcheck" / "triz-20261128-abc123.json"
    monkeypatch.setenv("ARGCHECK_NOW", CREATED)
    operations.init_file(str(path), "triz", {"problem": "How can an electric car keep its range when cold?"},
                         default_env())
    doc = json.loads(path.read_text())
    doc["updated_at"] = UPDATED  # (the cost reads only the times)
    return path, doc


def claude_line(kind: str, at: str, **fields) -> str:
    return json.dumps({"type": kind, "timestamp": at, "sessionId": "s1", **fields})


def assistant(at: str, message_id: str, model: str, usage: dict, text: str = "") -> str:
    return claude_line("assistant", at, requestId="req-" + message_id, message={
        "id": message_id, "model": model, "role": "assistant", "content": [{"type": "text", "text": text}],
        "usage": usage})


def write_claude(homes, project, lines: list[str]) -> None:
    slug = "".join(c if c.isalnum() else "-" for c in str(project))
    folder = homes / "claude" / "projects" / slug
    folder.mkdir(parents=True)
    (folder / "s1.jsonl").write_text("\n".join(lines) + "\n")


def usage(i, o, read=0, write=0) -> dict:
    return {"input_tokens": i, "output_tokens": o, "cache_read_input_tokens": read,
            "cache_creation_input_tokens": write}


def test_claude_code_calls_are_summed_once_per_message_over_the_runs_turns(homes, run):
    path, doc = run
    project = path.parent.parent
    write_claude(homes, project, [
        claude_line("user", "2026-11-28T09:00:00Z", message={"role": "user", "content": "an earlier task"}),
        assistant("2026-11-28T09:00:02Z", "m0", "claude-sonnet", usage(500, 50)),  # before the run's turn
        claude_line("user", "2026-11-28T10:00:00Z", message={"role": "user", "content": "run triz on the car"}),
        assistant("2026-11-28T10:00:03Z", "m1", "claude-sonnet", usage(100, 10, 1000, 200), "argcheck init"),
        assistant("2026-11-28T10:00:03Z", "m1", "claude-sonnet", usage(100, 10, 1000, 200)),  # same message
        claude_line("user", "2026-11-28T10:00:04Z", message={"role": "user", "content": [
            {"type": "tool_result", "content": f"wrote {path.name}"}]}),  # a tool result is no prompt
        assistant("2026-11-28T10:05:00Z", "m2", "claude-haiku", usage(30, 3)),
        claude_line("user", "2026-11-28T10:08:00Z", message={"role": "user", "content": "confirm 0 and 1"}),
        assistant("2026-11-28T10:08:30Z", "m3", "claude-sonnet", usage(7, 2, 5)),
        claude_line("user", "2026-11-28T10:09:30Z", message={"role": "user", "content": "Stop hook feedback:\nowed"}),
        assistant("2026-11-28T10:09:40Z", "m3b", "claude-sonnet", usage(1, 1)),  # the same turn, sent back
        claude_line("user", "2026-11-28T11:00:00Z", message={"role": "user", "content": "something else"}),
        assistant("2026-11-28T11:00:01Z", "m4", "claude-sonnet", usage(900, 90)),  # after the run
    ])
    cost = runcost.measure(doc, str(path))
    assert cost["client"] == "Claude Code" and cost["source"] == "measured"
    assert cost["models"] == {
        "claude-sonnet": {"input": 108, "output": 13, "cache_read": 1005, "cache_write": 200, "calls": 3},
        "claude-haiku": {"input": 30, "output": 3, "cache_read": 0, "cache_write": 0, "calls": 1}}
    assert cost["total"] == {"input": 138, "output": 16, "cache_read": 1005, "cache_write": 200, "calls": 4}


def test_a_codex_rollout_counts_each_rise_of_its_cumulative_usage(homes, run):
    path, doc = run
    folder = homes / "codex" / "sessions" / "2026" / "11" / "28"
    folder.mkdir(parents=True)

    def count(at, i, cached, o):
        return {"timestamp": at, "type": "event_msg", "payload": {"type": "token_count", "info": {
            "total_token_usage": {"input_tokens": i, "cached_input_tokens": cached, "output_tokens": o,
                                  "reasoning_output_tokens": 0, "total_tokens": i + o}}}}
    lines = [{"timestamp": "2026-11-28T10:00:00Z", "type": "session_meta", "payload": {"id": "t1", "cwd": "/p"}},
             {"timestamp": "2026-11-28T10:00:00Z", "type": "turn_context", "payload": {"model": "gpt-5-codex"}},
             {"timestamp": "2026-11-28T10:00:00Z", "type": "event_msg", "payload": {
                 "type": "user_message", "message": f"run triz; state {path.name}"}},
             count("2026-11-28T10:00:03Z", 1000, 200, 50),
             count("2026-11-28T10:00:03Z", 1000, 200, 50),  # repeated: no new call
             {"timestamp": "2026-11-28T10:00:04Z", "type": "event_msg",
              "payload": {"type": "token_count", "info": None}},
             count("2026-11-28T10:04:00Z", 2500, 1200, 80)]
    (folder / "rollout-2026-11-28T10-00-00-t1.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cost = runcost.measure(doc, str(path))
    assert cost["client"] == "Codex CLI"
    assert cost["models"] == {"gpt-5-codex": {"input": 1300, "output": 80, "cache_read": 1200, "cache_write": 0,
                                              "calls": 2}}


def test_a_gemini_session_file_is_read(homes, run):
    path, doc = run
    folder = homes / "gemini" / ".gemini" / "tmp" / "abc" / "chats"
    folder.mkdir(parents=True)
    session = {"sessionId": "g1", "projectHash": "abc", "startTime": CREATED, "messages": [
        {"id": "1", "timestamp": "2026-11-28T10:00:00Z", "type": "user", "content": "run triz"},
        {"id": "2", "timestamp": "2026-11-28T10:00:02Z", "type": "gemini", "content": f"argcheck init {path.name}",
         "model": "gemini-2.5-pro", "tokens": {"input": 400, "output": 20, "cached": 100, "thoughts": 5, "tool": 0,
                                               "total": 425}}]}
    (folder / "session-2026-11-28T10-00-g1.json").write_text(json.dumps(session))
    cost = runcost.measure(doc, str(path))
    assert cost["models"] == {"gemini-2.5-pro": {"input": 300, "output": 25, "cache_read": 100, "cache_write": 0,
                                                 "calls": 1}}


def test_without_a_transcript_the_cost_says_it_is_not_measured(homes, run, capsys):
    path, doc = run
    cost = runcost.measure(doc, str(path))
    assert cost["source"] == "not measured" and cost["transcripts"] == []
    assert tokencost.cost_lines(cost)[0].startswith("Tokens: not measured: no Claude Code, Codex CLI or Gemini")


def test_a_consultees_reported_usage_is_added_on_its_own_line():
    moves = [{"type": "consult", "actor": "consultee", "outcome": "reply",
              "usage": {"input_tokens": 1200, "cached_input_tokens": 200, "output_tokens": 90}},
             {"type": "consult", "actor": "consultee", "outcome": "failure"}]
    assert tokencost.consultee_usage(moves) == {
        "consultee": {"input": 1000, "output": 90, "cache_read": 200, "cache_write": 0, "calls": 1}}


def test_the_triz_status_and_report_show_the_measured_cost_in_place_of_the_reported_one(homes, run, capsys):
    path, doc = run
    project = path.parent.parent
    operations.apply_to_file(str(path), [{"type": "report_token_usage", "tokens_used": 5, "tokens_limit": 100}])
    write_claude(homes, project, [
        claude_line("user", "2026-11-28T10:00:00Z", message={"role": "user", "content": f"run {path.name}"}),
        assistant("2026-11-28T10:00:03Z", "m1", "claude-sonnet", usage(100, 10))])
    verbs.render(str(path), "status")
    status = capsys.readouterr().out
    assert "Tokens (measured from Claude Code's transcript): input 100, output 10" in status
    assert "reported by the agent" not in status
    verbs.render(str(path), "md")
    assert "## Appendix: tokens" in capsys.readouterr().out


def test_the_cost_command_prints_the_sum_or_says_why_not(homes, run):
    import subprocess
    import sys

    path, _ = run
    done = subprocess.run([sys.executable, "-m", "argcheck", "cost", str(path)], capture_output=True, text=True,
                          env=dict(os.environ), timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("Tokens: not measured:"), done.stdout + done.stderr
    write_claude(homes, path.parent.parent, [
        claude_line("user", "2026-11-28T10:00:00Z", message={"role": "user", "content": f"run {path.name}"}),
        assistant("2026-11-28T10:00:03Z", "m1", "claude-sonnet", usage(100, 10))])
    done = subprocess.run([sys.executable, "-m", "argcheck", "cost", str(path), "--format", "json"],
                          capture_output=True, text=True, env=dict(os.environ), timeout=60)
    assert json.loads(done.stdout)["total"] == {"input": 100, "output": 10, "cache_read": 0, "cache_write": 0,
                                                "calls": 1}
    missing = subprocess.run([sys.executable, "-m", "argcheck", "cost", str(path) + ".nope"], capture_output=True,
                             text=True, timeout=60)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_a_gemini_jsonl_session_is_read_with_its_updates(homes, run):
    path, doc = run
    folder = homes / "gemini" / ".gemini" / "tmp" / "project" / "chats"
    folder.mkdir(parents=True)
    call = {"id": "2", "timestamp": "2026-11-28T10:00:02Z", "type": "gemini", "content": "ok", "model": "gemini-3",
            "tokens": {"input": 120, "output": 30, "cached": 7, "thoughts": 0, "tool": 0, "total": 150}}
    lines = [{"sessionId": "g1", "projectHash": "abc", "startTime": CREATED, "kind": "main"},
             {"$set": {"messages": [{"id": "0", "timestamp": "2026-11-28T10:00:00Z", "type": "user",
                                     "content": [{"text": "<session_context>...</session_context>"}]}]}},
             {"id": "1", "timestamp": "2026-11-28T10:00:01Z", "type": "user",
              "content": [{"text": f"argcheck next .argcheck/{path.name}"}]},
             call, {"$set": {"lastUpdated": "2026-11-28T10:00:03Z"}}, call]  # the same message written twice
    (folder / "session-2026-11-28T10-00-g1.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    cost = runcost.measure(doc, str(path))
    assert cost["models"] == {"gemini-3": {"input": 113, "output": 30, "cache_read": 7, "cache_write": 0, "calls": 1}}
