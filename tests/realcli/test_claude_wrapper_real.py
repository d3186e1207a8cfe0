"""claude-wrapper.sh drives the real Claude Code CLI (pinned) against the mock Messages API."""

from __future__ import annotations

import re

import pytest

from mock_llm_server import last_user_text, tool_results

pytestmark = pytest.mark.realcli

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
TRICKY = '-n $(touch pwned) `touch pwned2` "double" \'single\' \\back\n\nline 3 ${HOME} * ?'


def dialogue(request) -> list[tuple[str, str]]:
    """(role, text) of the user/assistant messages of a Messages request, in order."""
    out = []
    for message in request["body"]["messages"]:
        content = message["content"]
        if isinstance(content, list):
            content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
        out.append((message["role"], content))
    return [m for m in out if m[0] in ("user", "assistant")]


def test_new_then_resume_keeps_the_session_and_sends_prior_turns(mock_server, claude_env, consult):
    server = mock_server([{"reply": "first answer"}, {"reply": "second answer"}])
    env = claude_env(server.base_url)

    first = consult("claude", ["new"], "first question", env)
    assert first.exit_code == 0, first.stderr
    assert first.envelope["failure"] is None
    assert first.envelope["response"] == "first answer"
    assert UUID.match(first.envelope["session_id"])
    assert first.envelope["usage"] == {"input_tokens": 120, "output_tokens": 30, "cached_input_tokens": 7}
    assert first.envelope["model"]

    second = consult("claude", ["resume", first.envelope["session_id"]], "second question", env)
    assert second.exit_code == 0, second.stderr
    assert second.envelope["session_id"] == first.envelope["session_id"]
    assert second.envelope["response"] == "second answer"

    history = dialogue(server.model_requests()[1])
    assert any(role == "user" and "first question" in text for role, text in history)
    assert ("assistant", "first answer") in history
    assert last_user_text(server.model_requests()[1]["body"]) == "second question"


def test_runs_inside_a_claude_code_session_and_keeps_the_prompt_verbatim(
    mock_server, claude_env, consult, sandbox
):
    server = mock_server([{"reply": "ok"}])
    env = claude_env(server.base_url)
    env["CLAUDECODE"] = "1"  # as when called from Claude Code's Bash tool
    result = consult("claude", ["--model", "claude-mock-1", "--effort", "low", "new"], TRICKY, env)
    assert result.exit_code == 0, result.stderr
    body = server.model_requests()[0]["body"]
    assert last_user_text(body) == TRICKY
    assert body["model"] == "claude-mock-1"
    assert not list(sandbox.rglob("pwned*"))


def test_write_tools_are_not_offered(mock_server, claude_env, consult):
    server = mock_server([{"reply": "ok"}])
    result = consult("claude", ["new"], "q", claude_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    tools = {tool["name"] for tool in server.model_requests()[0]["body"]["tools"]}
    assert "Read" in tools
    assert not tools & {"Edit", "Write", "NotebookEdit"}


def test_a_scripted_tool_turn_runs_and_its_result_comes_back(mock_server, claude_env, consult):
    bash = {"command": "echo scripted-ok", "description": "Print a marker"}
    server = mock_server([{"tool": {"name": "Bash", "input": bash}}, {"reply": "done"}])
    result = consult("claude", ["new"], "run it", claude_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert result.envelope["response"] == "done"
    (tool_result,) = tool_results(server.model_requests()[1]["body"])
    assert "scripted-ok" in str(tool_result["content"])


def test_a_write_through_bash_is_refused_even_when_settings_bypass_permissions(
    mock_server, claude_env, consult, sandbox
):
    settings = sandbox / "home" / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"permissions": {"defaultMode": "bypassPermissions"}}')
    touch = {"command": "touch created.txt && echo made", "description": "Make a file"}
    server = mock_server([{"tool": {"name": "Bash", "input": touch}}, {"reply": "done"}])
    result = consult("claude", ["--cd", str(sandbox / "work"), "new"], "make a file",
                     claude_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert not (sandbox / "work" / "created.txt").exists()
    (tool_result,) = tool_results(server.model_requests()[1]["body"])
    assert "denied" in str(tool_result["content"])


def test_http_500_is_a_cli_error(mock_server, claude_env, consult):
    server = mock_server([{"status": 500}])
    result = consult("claude", ["--timeout", "30", "new"], "q", claude_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error")
    assert "500" in result.envelope["detail"]
    assert result.envelope["response"] == ""
    assert result.seconds < 20


def test_dead_port_is_a_cli_error(dead_url, claude_env, consult):
    result = consult("claude", ["--timeout", "30", "new"], "q", claude_env(dead_url))
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error")
    assert "ECONNREFUSED" in result.envelope["detail"]
    assert result.seconds < 20


def test_a_hang_is_a_timeout_within_the_limit(mock_server, claude_env, consult, sandbox):
    server = mock_server([{"hang": 120}])
    result = consult("claude", ["--timeout", "3", "new"], "q", claude_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (124, "timeout")
    assert result.seconds < 3 + 5 + 3
    assert not list((sandbox / "tmp").glob("argcheck-*"))


def test_rejected_key_is_auth(mock_server, claude_env, consult):
    server = mock_server(require_key="the-right-key")
    result = consult("claude", ["new"], "q", claude_env(server.base_url, api_key="wrong"))
    assert (result.exit_code, result.envelope["failure"]) == (4, "auth")


def test_unknown_session_is_a_cli_error(mock_server, claude_env, consult):
    server = mock_server()
    missing = "00000000-0000-4000-8000-000000000000"
    result = consult("claude", ["resume", missing], "q", claude_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error")
    assert server.model_requests() == []
