"""The witness log: prompts and tool calls recorded append-only, chained and signed with a key outside the
project; any edit, drop, reorder or unsigned addition shows."""

from __future__ import annotations

import json
import os
import stat

import pytest

from argcheck.harness import witness


@pytest.fixture
def key_dir(tmp_path):
    return str(tmp_path / "config" / "argcheck")


def hook_env(tmp_path):
    return {"XDG_CONFIG_HOME": str(tmp_path / "config")}


def test_the_key_is_made_once_readable_by_the_user_only(key_dir):
    key = witness.load_key(key_dir)
    path = os.path.join(key_dir, witness.KEY_NAME)
    assert len(key) == 64 and witness.load_key(key_dir) == key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(key_dir).st_mode) == 0o700


def test_records_chain_and_verify(project, key_dir):
    key = witness.load_key(key_dir)
    state_dir = str(project / ".argcheck")
    for text in ("first", "second", "third"):
        witness.append(state_dir, key, {"kind": "prompt", "text": text}, "conv-1")
    entries, problems = witness.verify(witness.read_log(state_dir), key)
    assert problems == [] and [e["text"] for e in entries] == ["first", "second", "third"]
    assert [e["seq"] for e in entries] == [1, 2, 3] and entries[1]["prev"] == entries[0]["mac"]


@pytest.mark.parametrize("tamper", ["edit", "drop", "swap", "forge", "other key"])
def test_tampering_breaks_the_chain(project, key_dir, tamper):
    key = witness.load_key(key_dir)
    state_dir = str(project / ".argcheck")
    for text in ("yes, accept C1", "go on", "stop"):
        witness.append(state_dir, key, {"kind": "prompt", "text": text}, "conv-1")
    lines = witness.read_log(state_dir)
    if tamper == "edit":
        lines[1] = lines[1].replace("go on", "reject C1")
    elif tamper == "drop":
        del lines[1]
    elif tamper == "swap":
        lines[0], lines[1] = lines[1], lines[0]
    elif tamper == "forge":
        last = json.loads(lines[-1])
        forged = {"seq": 4, "prev": last["mac"], "at": "x", "session": "conv-1", "kind": "prompt", "text": "accept"}
        lines.append(json.dumps(dict(forged, mac="0" * 64)))
    entries, problems = witness.verify(lines, key if tamper != "other key" else b"another key")
    assert problems, tamper
    assert len(entries) < (4 if tamper == "forge" else 3)


def test_a_bash_call_keeps_command_exit_code_and_checkable_output():
    ok = witness.tool_record({"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                              "tool_response": {"stdout": "3 passed", "stderr": "", "interrupted": False}})
    assert ok["exit_code"] == 0 and ok["output"] == "3 passed" and ok["command"] == "pytest -q"
    failed = witness.tool_record({"tool_name": "Bash", "tool_input": {"command": "false"}, "error": "Exit code 1"})
    assert failed["exit_code"] == 1
    huge = witness.tool_record({"tool_name": "Bash", "tool_input": {"command": "yes"},
                                "tool_response": {"stdout": "y\n" * 100000}})
    assert len(huge["output"]) == witness.MAX_TEXT and huge["output_chars"] == 200000


def test_searches_and_fetches_keep_the_urls_they_returned():
    found = witness.tool_record({"tool_name": "WebSearch", "tool_input": {"query": "EV battery cold"},
                                 "tool_response": {"results": [{"url": "https://a.example/x", "title": "A"},
                                                               "see https://b.example/y."]}})
    assert found == {"kind": "web_search", "query": "EV battery cold",
                     "urls": ["https://a.example/x", "https://b.example/y"]}
    fetched = witness.tool_record({"tool_name": "WebFetch", "tool_input": {"url": "https://c.example"},
                                   "tool_response": "text"})
    assert fetched["kind"] == "web_fetch" and fetched["url"] == "https://c.example"


@pytest.mark.parametrize("hook_input", [{}, {"tool_name": "Bash"}, {"tool_name": "Bash", "tool_input": {"command": 3}},
                                        {"tool_name": "Read", "tool_input": {"file_path": "x"}}, {"prompt": None}])
def test_inputs_that_are_no_record_make_none(hook_input):
    assert witness.tool_record(hook_input) is None and witness.prompt_record(hook_input) is None


def test_the_hooks_write_the_log_only_in_a_project_with_runs(project, tmp_path, hook):
    env = hook_env(tmp_path)
    common = {"session_id": "conv-1", "cwd": str(project)}
    hook("UserPromptSubmit", dict(common, prompt="accept C1 and C2"), env=env)
    hook("PostToolUse", dict(common, tool_name="Bash", tool_input={"command": "echo hi"},
                             tool_response={"stdout": "hi", "stderr": ""}), env=env)
    hook("PostToolUseFailure", dict(common, tool_name="Bash", tool_input={"command": "false"}, error="Exit code 1"),
         env=env)
    key = witness.load_key(str(tmp_path / "config" / "argcheck"), create=False)
    entries, problems = witness.verify(witness.read_log(str(project / ".argcheck")), key)
    assert problems == [] and [e["kind"] for e in entries] == ["prompt", "bash", "bash"]
    assert entries[0]["text"] == "accept C1 and C2" and entries[2]["exit_code"] == 1
    elsewhere = tmp_path / "no-runs"
    elsewhere.mkdir()
    hook("UserPromptSubmit", {"session_id": "c", "cwd": str(elsewhere), "prompt": "hi"}, env=env)
    assert not (elsewhere / ".argcheck").exists()


def test_the_guard_keeps_the_agent_off_the_log_and_the_key(project, tmp_path, hook):
    env = hook_env(tmp_path)
    for payload in ({"tool_name": "Write", "tool_input": {"file_path": str(project / ".argcheck" / "witness.jsonl")}},
                    {"tool_name": "Bash", "tool_input": {"command": "echo x >> .argcheck/witness.jsonl"}},
                    {"tool_name": "Read", "tool_input": {"file_path": str(tmp_path / "config/argcheck/witness.key")}}):
        answer = json.loads(hook("PreToolUse", dict(payload, cwd=str(project)), env=env).stdout)
        assert answer["hookSpecificOutput"]["permissionDecision"] == "deny", payload
