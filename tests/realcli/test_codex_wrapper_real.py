"""codex-wrapper.sh drives the real Codex CLI (pinned) against the mock Responses API."""

from __future__ import annotations

import re

import pytest

from mock_llm_server import last_user_text, tool_results

pytestmark = pytest.mark.realcli

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
TRICKY = '-n $(touch pwned) `touch pwned2` "double" \'single\' \\back\n\nline 3 ${HOME} * ?\n'


def user_texts(request) -> list[str]:
    """Texts of the user/assistant messages of a Responses request, in order."""
    out = []
    for item in request["body"]["input"]:
        if isinstance(item, dict) and item.get("role") in ("user", "assistant"):
            out.append((item["role"], "".join(c.get("text", "") for c in item["content"])))
    return out


def test_new_then_resume_keeps_the_thread_and_sends_prior_turns(mock_server, codex_env, consult):
    server = mock_server([{"reply": "first answer"}, {"reply": "second answer"}])
    env = codex_env(server.base_url)

    first = consult("codex", ["new"], "first question\n", env)
    assert first.exit_code == 0, first.stderr
    assert first.envelope["failure"] is None
    assert first.envelope["response"] == "first answer"
    assert UUID.match(first.envelope["session_id"])
    assert first.envelope["usage"] == {"input_tokens": 120, "output_tokens": 30, "cached_input_tokens": 7}

    second = consult("codex", ["resume", first.envelope["session_id"]], "second question\n", env)
    assert second.exit_code == 0, second.stderr
    assert second.envelope["session_id"] == first.envelope["session_id"]
    assert second.envelope["response"] == "second answer"
    # Codex reports usage summed over the whole thread.
    assert second.envelope["usage"] == {"input_tokens": 240, "output_tokens": 60, "cached_input_tokens": 14}

    history = user_texts(server.model_requests()[1])
    assert ("user", "first question\n") in history
    assert ("assistant", "first answer") in history
    assert history[-1] == ("user", "second question\n")


def test_prompt_reaches_the_model_verbatim_and_is_never_evaluated(mock_server, codex_env, consult, sandbox):
    server = mock_server([{"reply": "ok"}])
    result = consult("codex", ["new"], TRICKY, codex_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert last_user_text(server.model_requests()[0]["body"]) == TRICKY
    assert not list(sandbox.rglob("pwned*"))


def test_flags_reach_the_request_model_effort_and_abstract_workdir(mock_server, codex_env, consult, sandbox):
    server = mock_server([{"reply": "ok"}])
    args = ["--model", "gpt-5.5", "--effort", "low", "--abstract", "new"]
    result = consult("codex", args, "abstract question", codex_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert result.envelope["model"] == "gpt-5.5"
    body = server.model_requests()[0]["body"]
    assert body["model"] == "gpt-5.5"
    assert body["reasoning"]["effort"] == "low"
    context = next(t for r, t in user_texts(server.model_requests()[0]) if "<cwd>" in t)
    cwd = re.search(r"<cwd>(.*?)</cwd>", context).group(1)
    assert cwd.startswith(str(sandbox / "tmp" / "argcheck-abstract."))
    assert not list((sandbox / "tmp").iterdir()), "the wrapper left temp files behind"


def test_read_only_sandbox_refuses_a_write(mock_server, codex_env, consult, sandbox):
    touch = {"cmd": "touch created.txt && echo made", "login": False}
    server = mock_server([{"tool": {"name": "exec_command", "arguments": touch}}, {"reply": "done"}])
    result = consult("codex", ["--cd", str(sandbox / "work"), "new"], "make a file",
                     codex_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert result.envelope["response"] == "done"
    assert not (sandbox / "work" / "created.txt").exists()
    (output,) = tool_results(server.model_requests()[1]["body"])
    assert "Process exited with code 0" not in output["output"]


def test_http_500_is_a_cli_error(mock_server, codex_env, consult):
    server = mock_server([{"status": 500}])
    result = consult("codex", ["--timeout", "30", "new"], "q", codex_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error")
    assert result.envelope["response"] == ""
    assert result.envelope["detail"]
    assert result.seconds < 20


def test_dead_port_is_a_cli_error(dead_url, codex_env, consult):
    result = consult("codex", ["--timeout", "30", "new"], "q", codex_env(dead_url))
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error")
    assert "onnect" in result.envelope["detail"]
    assert result.seconds < 20


def test_a_hang_is_a_timeout_within_the_limit(mock_server, codex_env, consult, sandbox):
    server = mock_server([{"hang": 120}])
    result = consult("codex", ["--timeout", "3", "new"], "q", codex_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (124, "timeout")
    assert result.seconds < 3 + 5 + 3
    assert not list((sandbox / "tmp").iterdir())


def test_rejected_key_is_auth(mock_server, codex_env, consult):
    server = mock_server(require_key="the-right-key")
    result = consult("codex", ["new"], "q", codex_env(server.base_url, api_key="wrong"))
    assert (result.exit_code, result.envelope["failure"]) == (4, "auth")
