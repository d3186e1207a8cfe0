"""Each agent's adapter on the events the pinned CLIs really sent (tests/fixtures/agent-events), and on
shapes it does not know: the canonical input the core reads, and the agent's answer from the core's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from argcheck.harness import answers
from argcheck.harness.agents import EVENT_NAMES, adapter, codex, gemini

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "agent-events"
PROJECT = "/home/user/project"


def fixture(agent: str, name: str) -> dict:
    return json.loads((FIXTURES / agent / f"{name}.json").read_text())


def canonical(agent: str, name: str) -> dict:
    data = fixture(agent, name)
    calls = adapter(agent).canonical(data["hook_event_name"], data)
    assert calls is not None and len(calls) == 1
    return calls[0]


def test_every_captured_event_is_one_the_adapter_knows():
    for agent in ("codex", "gemini"):
        for path in sorted((FIXTURES / agent).glob("*.json")):
            data = json.loads(path.read_text())
            assert data["hook_event_name"] in EVENT_NAMES[agent], path.name
            if EVENT_NAMES[agent][data["hook_event_name"]] is None:
                continue
            calls = adapter(agent).canonical(data["hook_event_name"], data)
            assert calls and all(call["agent"] == agent and call["session_id"] == data["session_id"]
                                 and call["cwd"] == PROJECT for call in calls), path.name


def test_codex_events_are_claude_shaped():
    assert canonical("codex", "SessionStart-resume")["source"] == "resume"
    assert canonical("codex", "UserPromptSubmit")["prompt"] == "capture: first prompt"
    pre = canonical("codex", "PreToolUse-Bash-2")
    assert (pre["tool_name"], pre["tool_input"]) == ("Bash", {"command": "ls /nonexistent-dir"})
    assert pre["transcript_path"].startswith("/home/user/.codex/sessions/")
    assert pre["transcript_path"].endswith(".jsonl")
    asked = canonical("codex", "PermissionRequest-Bash.schema")
    assert (asked["tool_name"], asked["tool_input"]["command"]) == ("Bash", "argcheck next .argcheck/run.json")
    stop, again = canonical("codex", "Stop"), canonical("codex", "Stop-after-block")
    assert (stop["stop_hook_active"], again["stop_hook_active"]) == (False, True)
    assert again["last_assistant_message"] == "second stop"


def test_codex_reads_the_exit_code_of_a_command_from_its_rollout(tmp_path, monkeypatch):
    rollout = tmp_path / "rollout.jsonl"
    rollout.write_text((FIXTURES / "codex" / "rollout-calls.jsonl").read_text())
    monkeypatch.setattr(codex, "ROLLOUT_WAIT", 0.0)
    assert codex.exit_code(str(rollout), "call_2") == 2
    assert codex.exit_code(str(rollout), "call_1") == 0
    assert codex.exit_code(str(rollout), "call_9") is None
    failed = dict(fixture("codex", "PostToolUse-Bash-failed"), transcript_path=str(rollout))
    [call] = codex.canonical("PostToolUse", failed)
    assert call["event"] == "PostToolUseFailure" and call["exit_code"] == 2
    assert call["error"].startswith("Exit code 2\nls: cannot access")
    unknown = dict(failed, transcript_path=str(tmp_path / "missing.jsonl"))
    [call] = codex.canonical("PostToolUse", unknown)
    assert "event" not in call and call["exit_code"] is None and "No such file" in call["tool_response"]["stdout"]


@pytest.mark.parametrize(("tool", "claude", "fields"), [
    ("run_shell_command", "Bash", {"command"}),
    ("read_file", "Read", {"file_path"}),
    ("write_file", "Write", {"file_path", "content"}),
    ("replace", "Edit", {"file_path", "old_string", "new_string"}),
    ("glob", "Glob", {"pattern", "path"}),
    ("grep_search", "Grep", {"pattern", "path"}),
    ("google_web_search", "WebSearch", {"query"}),
    ("web_fetch", "WebFetch", {"prompt", "url"}),
])
def test_gemini_tools_take_claude_codes_names(tool, claude, fields):
    for event in ("BeforeTool", "AfterTool"):
        call = canonical("gemini", f"{event}-{tool}")
        assert call["tool_name"] == claude and set(call["tool_input"]) == fields
    fetched = canonical("gemini", "BeforeTool-web_fetch")["tool_input"]
    assert fetched["url"] == "http://127.0.0.1:9/page"


def test_gemini_shell_results_give_output_and_exit_code():
    call = canonical("gemini", "AfterTool-run_shell_command")
    assert call["tool_response"] == {"stdout": "hello"} and call["exit_code"] == 0
    failed = "<untrusted_context>\nOutput: boom\nError: x\nExit Code: 3\nProcess Group PGID: 7\n</untrusted_context>"
    assert gemini.shell_result(failed) == ("boom", 3)
    assert gemini.shell_result("Output: (empty)\nProcess Group PGID: 9") == ("", 0)
    assert gemini.shell_result("Command moved to background (PID: 4).")[1] is None
    data = dict(fixture("gemini", "AfterTool-run_shell_command"), tool_response={"llmContent": failed})
    [call] = gemini.canonical("AfterTool", data)
    assert call["event"] == "PostToolUseFailure" and call["error"].startswith("Exit code 3\nboom")


def test_gemini_agent_events_and_the_hook_context_cut_from_a_prompt():
    assert canonical("gemini", "BeforeAgent")["prompt"] == "capture: first prompt"
    stop = canonical("gemini", "AfterAgent-after-block")
    assert stop["stop_hook_active"] is True and stop["last_assistant_message"] == "first stop\nsecond stop"
    data = dict(fixture("gemini", "BeforeAgent"),
                prompt="<hook_context>argcheck: open protocol runs\n- x</hook_context>\n\nmy answer is B")
    assert gemini.canonical("BeforeAgent", data)[0]["prompt"] == "my answer is B"
    shell = dict(fixture("gemini", "BeforeTool-run_shell_command"))
    shell["tool_input"] = dict(shell["tool_input"], dir_path="sub")
    assert gemini.canonical("BeforeTool", shell)[0]["cwd"] == PROJECT + "/sub"


DENY, ALLOW, ASK = (answers.permission(kind, "because") for kind in ("deny", "allow", "ask"))
BLOCK, CONTEXT = answers.block_stop("go on"), answers.additional_context("SessionStart", "runs")


def test_codex_answers_as_its_output_parser_accepts_them():
    assert codex.answer("PreToolUse", DENY) == DENY
    assert codex.answer("PreToolUse", ALLOW) is None and codex.answer("PreToolUse", ASK) is None
    assert codex.answer("PermissionRequest", ALLOW) == {
        "hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}
    assert codex.answer("PermissionRequest", DENY)["hookSpecificOutput"]["decision"] == {
        "behavior": "deny", "message": "because"}
    assert codex.answer("PermissionRequest", ASK) is None
    assert codex.answer("Stop", BLOCK) == {"decision": "block", "reason": "go on"}
    assert codex.answer("SessionStart", CONTEXT) == CONTEXT
    assert codex.answer("PostToolUse", None) is None and codex.answer("Stop", None) is None


def test_gemini_answers_as_its_hook_runner_reads_them():
    assert gemini.answer("BeforeTool", DENY) == {"decision": "deny", "reason": "because"}
    assert gemini.answer("BeforeTool", ASK) == {"decision": "ask", "systemMessage": "because"}
    assert gemini.answer("BeforeTool", ALLOW) is None  # Gemini's policy files decide an allow
    assert gemini.answer("AfterAgent", BLOCK) == {"decision": "block", "reason": "go on"}
    # Gemini drops a resumed prompt a SessionStart context was put before from the model's history: none given
    assert gemini.answer("SessionStart", CONTEXT) is None
    assert gemini.answer("AfterTool", None) is None


BAD_VALUES = (None, 1, True, [], {}, "", "x" * 3)


def mutations(data: dict):
    """The event with each key dropped, and each key's value (and each tool_input key's) replaced."""
    for key in data:
        yield {k: v for k, v in data.items() if k != key}
        for bad in BAD_VALUES:
            yield dict(data, **{key: bad})
    for key in data.get("tool_input") or {}:
        for bad in BAD_VALUES:
            yield dict(data, tool_input=dict(data["tool_input"], **{key: bad}))


@pytest.mark.parametrize("agent", ["codex", "gemini"])
def test_a_changed_shape_gives_a_canonical_input_or_none_never_an_error(agent):
    module = adapter(agent)
    for path in sorted((FIXTURES / agent).glob("*.json")):
        data = json.loads(path.read_text())
        for changed in mutations(data):
            calls = module.canonical(data["hook_event_name"], changed)
            assert calls is None or all(isinstance(call.get("session_id"), str) and isinstance(call.get("cwd"), str)
                                        for call in calls)


def test_a_codex_patch_is_one_editor_call_per_file():
    calls = codex.canonical("PreToolUse", fixture("codex", "PreToolUse-apply_patch"))
    assert [(c["tool_name"], c["tool_input"]) for c in calls] == [("Write", {"file_path": PROJECT + "/notes.txt"})]
    patch = ("*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** Delete File: /abs/b.py\n"
             "*** Update File: c.py\n*** Move to: .argcheck/t.json\n*** End Patch\n")
    data = dict(fixture("codex", "PreToolUse-apply_patch"), tool_input={"command": patch})
    assert [(c["tool_name"], c["tool_input"]["file_path"]) for c in codex.canonical("PreToolUse", data)] == [
        ("Edit", PROJECT + "/a.py"), ("Edit", "/abs/b.py"), ("Edit", PROJECT + "/c.py"),
        ("Write", PROJECT + "/.argcheck/t.json")]
    assert codex.canonical("PreToolUse", dict(data, tool_input={"command": "no files"})) is None


def test_a_claude_code_input_cannot_name_another_event():
    data = {"session_id": "s", "cwd": "/p", "tool_name": "Bash", "tool_input": {"command": "ls"}, "event": "Stop"}
    assert "event" not in adapter("claude").canonical("PreToolUse", data)[0]
