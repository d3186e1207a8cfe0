"""`argcheck hook EVENT` as Claude Code calls it: every input shape, and malformed or hostile input.

Whatever arrives on stdin, the hook exits 0 with either nothing (no decision) or one JSON answer, and
never prints a traceback: exit 2 would be a block the user cannot get out of.
"""

from __future__ import annotations

import json

import pytest

from argcheck.harness.events import EVENTS, event_name

COMMON = {"session_id": "7b0e", "transcript_path": "/nonexistent/t.jsonl", "permission_mode": "default"}


def shapes(project) -> dict:
    """One input per event, as Claude Code 2.1.330 sends them (recorded from a real run)."""
    base = dict(COMMON, cwd=str(project))
    bash = {"command": "argcheck next .argcheck/t.json", "description": "x"}
    return {
        "PreToolUse": dict(base, hook_event_name="PreToolUse", tool_name="Bash", tool_input=bash, tool_use_id="t1"),
        "PostToolUse": dict(base, hook_event_name="PostToolUse", tool_name="Bash", tool_input=bash,
                            tool_response={"stdout": "ok", "stderr": "", "interrupted": False}, tool_use_id="t1"),
        "PostToolUseFailure": dict(base, hook_event_name="PostToolUseFailure", tool_name="Bash", tool_input=bash,
                                   error="Exit code 1", is_interrupt=False, tool_use_id="t1"),
        "UserPromptSubmit": dict(base, hook_event_name="UserPromptSubmit", prompt="go on"),
        "Stop": dict(base, hook_event_name="Stop", stop_hook_active=False, last_assistant_message="done"),
        "SessionStart": dict(base, hook_event_name="SessionStart", source="startup"),
    }


def assert_harmless(done):
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    if done.stdout.strip():
        answer = json.loads(done.stdout)
        assert answer.get("decision") != "block"
        assert answer.get("hookSpecificOutput", {}).get("permissionDecision") in (None, "allow")
    return done


@pytest.mark.parametrize("spelling", ["PreToolUse", "pre-tool-use", "pre_tool_use", "pretooluse", "PRE-TOOL-USE"])
def test_the_event_may_be_named_in_camel_or_kebab_case(spelling):
    assert event_name(spelling) == "PreToolUse"


@pytest.mark.parametrize("event", EVENTS)
def test_each_event_answers_its_real_input_shape_with_exit_0(event, project, hook):
    assert_harmless(hook(event, shapes(project)[event]))


def test_pre_tool_use_allows_a_taught_command_in_the_hook_protocol(project, hook):
    done = hook("pre-tool-use", shapes(project)["PreToolUse"])
    answer = json.loads(done.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "PreToolUse" and answer["permissionDecision"] == "allow"
    assert answer["permissionDecisionReason"]


def test_pre_tool_use_asks_for_render_to_another_path(project, hook):
    payload = shapes(project)["PreToolUse"]
    payload["tool_input"] = {"command": "argcheck render .argcheck/t.json -o /tmp/elsewhere.md"}
    answer = json.loads(hook("PreToolUse", payload).stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "ask"


def test_the_project_directory_comes_from_claude_project_dir_first(project, tmp_path, hook):
    payload = shapes(project)["PreToolUse"]
    payload["tool_input"] = {"command": "argcheck apply ../project/.argcheck/t.json '{}'"}
    payload["cwd"] = str(tmp_path / "elsewhere")
    (tmp_path / "elsewhere").mkdir()
    assert json.loads(hook("PreToolUse", payload, env={"CLAUDE_PROJECT_DIR": str(project)}).stdout)[
        "hookSpecificOutput"]["permissionDecision"] == "allow"
    assert json.loads(hook("PreToolUse", payload, env={"CLAUDE_PROJECT_DIR": str(tmp_path / "other")}).stdout)[
        "hookSpecificOutput"]["permissionDecision"] == "ask"  # another project's run


HOSTILE = [
    b"", b"   ", b"not json", b"[1, 2]", b"null", b"42", b'"text"', b"{", b"\xff\xfe\x00garbage",
    b"[" * 100000 + b"]" * 100000, b'{"tool_name": "Bash"}', b'{"tool_name": "Bash", "tool_input": "argcheck next"}',
    b'{"tool_name": "Bash", "tool_input": {"command": ["argcheck", "next"]}, "cwd": "/tmp"}',
    b'{"tool_name": "Bash", "tool_input": {"command": "argcheck next"}, "cwd": 7}',
    b'{"tool_name": "Bash", "tool_input": {"command": "argcheck next"}, "cwd": "relative/dir"}',
    b'{"tool_name": "Bash", "tool_input": {"command": "argcheck next"}, "cwd": "/tmp/\\u0000x"}',
    b'{"tool_name": "Bash", "tool_input": {"command": "argcheck apply \\u0000 x"}, "cwd": "/tmp"}',
    b'{"stop_hook_active": "yes", "session_id": {"a": 1}, "cwd": "/"}',
    b'{"source": ["compact"], "cwd": null}', b'{"prompt": null, "cwd": "/"}',
    b'{"tool_name": "Write", "tool_input": {"file_path": 12}}',
    b'{"a": ' + b'"x" ' * 10 + b"}",
]


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize("payload", HOSTILE, ids=range(len(HOSTILE)))
def test_malformed_or_hostile_input_gets_no_decision_and_no_traceback(event, payload, hook):
    done = assert_harmless(hook(event, payload))
    assert done.stdout == b""


@pytest.mark.parametrize("event", EVENTS)
def test_an_input_bigger_than_the_limit_gets_no_decision(event, hook):
    big = json.dumps({"tool_name": "Bash", "tool_input": {"command": "argcheck next"}, "pad": "x" * (9 << 20)})
    assert assert_harmless(hook(event, big)).stdout == b""


def test_an_unknown_event_is_a_setup_mistake_named_on_stderr_with_exit_1(hook):
    done = hook("PreCompactish", b"{}")
    assert done.returncode == 1 and b"unknown event" in done.stderr and b"Traceback" not in done.stderr


def test_hook_help_goes_through_click(hook):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "argcheck", "hook", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "PreToolUse" in done.stdout
