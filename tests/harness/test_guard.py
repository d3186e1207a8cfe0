"""The state guard: the agent's file tools and (best effort) its shell never write argcheck's files."""

from __future__ import annotations

import json

import pytest

from argcheck.harness import guard, places


@pytest.fixture
def where(project, tmp_path):
    key = tmp_path / "config" / "argcheck"
    key.mkdir(parents=True)
    (project / ".argcheck" / "run.json").write_text("{}")
    return {"cwd": str(project), "state_dir": places.state_dir(str(project)), "key_dir": str(key)}


def tool_reason(where, tool, **tool_input):
    return guard.check_tool(tool, tool_input, where["cwd"], where["state_dir"], where["key_dir"])


def bash_reason(where, command):
    return guard.check_bash(command, where["cwd"], where["state_dir"], where["key_dir"])


@pytest.mark.parametrize("tool,field", [("Edit", "file_path"), ("Write", "file_path"), ("MultiEdit", "file_path"),
                                        ("NotebookEdit", "notebook_path")])
def test_file_tools_on_a_state_file_are_denied_with_the_command_to_use(where, project, tool, field):
    for path in (".argcheck/run.json", str(project / ".argcheck" / "run.json"), "sub/../.argcheck/new.json",
                 ".argcheck/witness.jsonl"):
        reason = tool_reason(where, tool, **{field: path})
        assert reason and "argcheck apply" in reason, path


def test_file_tools_elsewhere_and_reading_state_files_are_left_alone(where):
    assert tool_reason(where, "Write", file_path="notes.md") is None
    assert tool_reason(where, "Edit", file_path="argcheck.json") is None
    assert tool_reason(where, "Read", file_path=".argcheck/run.json") is None
    assert tool_reason(where, "Grep", path=".argcheck") is None


def test_a_symlink_into_the_state_directory_is_followed(where, project):
    (project / "alias.json").symlink_to(project / ".argcheck" / "run.json")
    assert tool_reason(where, "Write", file_path="alias.json")


def test_every_tool_of_the_agent_is_kept_off_the_witness_key(where):
    for tool, field in (("Read", "file_path"), ("Grep", "path"), ("Glob", "path"), ("Write", "file_path")):
        assert tool_reason(where, tool, **{field: where["key_dir"] + "/witness.key"}) == guard.KEY_REASON
    assert bash_reason(where, f"cat {where['key_dir']}/witness.key") == guard.KEY_REASON
    assert bash_reason(where, "cat ~/.config/argcheck/witness.key") == guard.KEY_REASON


@pytest.mark.parametrize("command", [
    "echo '{}' > .argcheck/run.json",
    "echo x >> .argcheck/run.json",
    "cat moves.json 1> .argcheck/run.json",
    "ls && echo x >.argcheck/run.json",
    "printf x | tee .argcheck/run.json",
    "tee -a .argcheck/run.json < x",
    "sed -i 's/a/b/' .argcheck/run.json",
    "sed -i.bak -e s/a/b/ .argcheck/run.json",
    "perl -pi -e 's/a/b/' .argcheck/run.json",
    "cp other.json .argcheck/run.json",
    "mv /tmp/x .argcheck/run.json",
    "rm .argcheck/run.json",
    "rm -rf .argcheck",
    "truncate -s 0 .argcheck/run.json",
    "dd if=/dev/zero of=.argcheck/run.json count=1",
    "sudo rm .argcheck/run.json",
    "git checkout -- .argcheck/run.json",
    "python3 -c 'open(\".argcheck/run.json\", \"w\").write(\"{}\")'",
    "D=.argcheck; rm $D/run.json",
    "rm \"$(ls .argcheck/*.json)\"",
    "cd .argcheck && rm run.json 'unbalanced",
])
def test_shell_writes_to_a_state_file_are_denied(where, command):
    reason = bash_reason(where, command)
    assert reason and "argcheck apply" in reason, command


@pytest.mark.parametrize("command", [
    "cat .argcheck/run.json",
    "jq .moves .argcheck/run.json",
    "python3 -m json.tool .argcheck/run.json",
    "sed -n 1p .argcheck/run.json",
    "ls .argcheck > listing.txt",
    "cp .argcheck/run.json /tmp/backup.json",
    "argcheck apply .argcheck/run.json '{\"type\": \"point\", \"text\": \"perform the rm > step; costs $5\"}'",
    "argcheck next .argcheck/run.json",
    "git log .argcheck",
    "echo hello > notes.txt",
])
def test_reading_state_files_and_writing_elsewhere_pass(where, command):
    assert bash_reason(where, command) is None, command


def test_inside_the_state_directory_a_relative_write_is_caught(where, project):
    inside = dict(where, cwd=str(project / ".argcheck"))
    assert bash_reason(inside, "rm run.json")


def test_the_hook_denies_edit_on_a_state_file_in_the_protocol(project, hook):
    (project / ".argcheck" / "run.json").write_text("{}")
    payload = {"cwd": str(project), "tool_name": "Edit", "session_id": "s",
               "tool_input": {"file_path": str(project / ".argcheck" / "run.json"), "old_string": "{",
                              "new_string": "["}}
    answer = json.loads(hook("PreToolUse", payload).stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny" and "argcheck apply" in answer["permissionDecisionReason"]


def test_the_hook_denies_a_redirection_before_consent_is_considered(project, hook):
    payload = {"cwd": str(project), "tool_name": "Bash",
               "tool_input": {"command": "argcheck next > .argcheck/run.json"}}
    answer = json.loads(hook("PreToolUse", payload).stdout)["hookSpecificOutput"]
    assert answer["permissionDecision"] == "deny"


def test_the_fast_path_still_sees_an_edit_through_a_symlink_when_the_project_has_runs(project, hook):
    (project / ".argcheck" / "run.json").write_text("{}")
    (project / "alias.json").symlink_to(project / ".argcheck" / "run.json")
    payload = {"cwd": str(project), "tool_name": "Write", "tool_input": {"file_path": "alias.json", "content": "x"}}
    answer = json.loads(hook("PreToolUse", payload, env={"CLAUDE_PROJECT_DIR": str(project)}).stdout)
    assert answer["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_the_fast_path_skips_parsing_only_where_nothing_can_be_protected(tmp_path, project, monkeypatch):
    from argcheck.harness.events import nothing_to_do

    bare = tmp_path / "bare"
    bare.mkdir()
    write = b'{"tool_name":"Write","tool_input":{"file_path":"x.py"}}'
    bash = b'{"tool_name":"Bash","tool_input":{"command":"npm test"}}'
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(bare))
    assert nothing_to_do("PreToolUse", write) and nothing_to_do("PreToolUse", bash) and nothing_to_do("Stop", b"{}")
    assert not nothing_to_do("PreToolUse", b'{"tool_input":{"command":"argcheck next"}}')
    assert not nothing_to_do("SessionStart", b"{}")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))  # it has .argcheck/
    assert not nothing_to_do("PreToolUse", write) and nothing_to_do("PreToolUse", bash)
    assert nothing_to_do("Stop", b"{}")  # an empty state directory holds no open run
    (project / ".argcheck" / "run.json").write_text("{}")  # a state file the run index does not know
    assert not nothing_to_do("Stop", b"{}") and not nothing_to_do("UserPromptSubmit", b"{}")
    monkeypatch.delenv("CLAUDE_PROJECT_DIR")
    assert not nothing_to_do("PreToolUse", write) and not nothing_to_do("Stop", b"{}")


def test_an_editor_call_is_skipped_unparsed_only_when_its_plain_target_lies_elsewhere(project, tmp_path, monkeypatch):
    from argcheck.harness.events import nothing_to_do

    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (project / "link").symlink_to(project / ".argcheck")

    def edit(path: str) -> bytes:
        return ('{"tool_name":"Edit","tool_input":{"file_path":' + json.dumps(path)
                + ',"old_string":"\\"file_path\\": x","new_string":"y"}}').encode()

    assert nothing_to_do("PreToolUse", edit(str(project / "src" / "app.py")))
    for guarded in (project / ".argcheck" / "run.json", project / "link" / "run.json",
                    tmp_path / "config" / "argcheck" / "k"):
        assert not nothing_to_do("PreToolUse", edit(str(guarded)))
    assert not nothing_to_do("PreToolUse", edit("src/app.py"))  # relative: left to the full check
    assert not nothing_to_do("PreToolUse", edit(str(project) + "/src/\u00e9.py").replace(b"\\\\", b"\\"))
