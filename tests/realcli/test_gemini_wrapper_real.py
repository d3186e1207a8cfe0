"""gemini-wrapper.sh drives the real Gemini CLI (pinned 0.61.0) against the mock Gemini API: Gemini as the
consultee, in a new session and in the same session resumed."""

from __future__ import annotations

import re

import pytest

from mock_llm_server import last_user_text

pytestmark = pytest.mark.realcli

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
TRICKY = '-n $(touch pwned) `touch pwned2` "double" \'single\' \\back\n\nline 3 ${HOME} * ?\n'


def turns(request) -> list[tuple[str, str]]:
    """(role, text) of each message of a Gemini request that holds text, in order."""
    out = []
    for message in request["body"]["messages"]:
        text = "\n".join(b["text"] for b in message["content"] if b.get("type") == "text")
        if text:
            out.append((message["role"], text))
    return out


def test_new_then_resume_keeps_the_session_and_sends_prior_turns(mock_server, gemini_env, consult, sandbox):
    server = mock_server([{"reply": "first answer"}, {"reply": "second answer"}])
    env = gemini_env(server.base_url)

    first = consult("gemini", ["--cd", str(sandbox / "work"), "new"], "first question\n", env)
    assert first.exit_code == 0, first.stderr
    assert first.envelope["failure"] is None, first.envelope
    assert first.envelope["response"] == "first answer"
    assert UUID.match(first.envelope["session_id"] or ""), first.envelope
    # Gemini CLI asks its model router first (a side call to another model); the wrapper sums the tokens over
    # both, and names the model that answered (its stats give it the role "main").
    assert first.envelope["usage"] == {"input_tokens": 240, "output_tokens": 60, "cached_input_tokens": 14}
    answered = server.model_requests()[0]["path"].split("/models/")[1].split(":")[0]
    assert first.envelope["model"] == answered, first.envelope

    second = consult("gemini", ["--cd", str(sandbox / "work"), "resume", first.envelope["session_id"]],
                     "second question\n", env)
    assert second.exit_code == 0, second.stderr
    assert second.envelope["session_id"] == first.envelope["session_id"]
    assert second.envelope["response"] == "second answer"

    history = turns(server.model_requests()[1])
    assert history[0][0] == "user" and history[0][1].endswith("first question\n")
    assert ("assistant", "first answer") in history
    assert history[-1] == ("user", "second question\n")


def test_prompt_reaches_the_model_verbatim_and_is_never_evaluated(mock_server, gemini_env, consult, sandbox):
    server = mock_server([{"reply": "ok"}])
    result = consult("gemini", ["new"], TRICKY, gemini_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert last_user_text(server.model_requests()[0]["body"]).endswith(TRICKY)
    assert not list(sandbox.rglob("pwned*"))


def test_model_flag_reaches_the_request_path(mock_server, gemini_env, consult):
    server = mock_server([{"reply": "ok"}])
    result = consult("gemini", ["--model", "gemini-2.5-flash", "new"], "q", gemini_env(server.base_url))
    assert result.exit_code == 0, result.stderr
    assert "/models/gemini-2.5-flash:streamGenerateContent" in server.model_requests()[0]["path"]
    assert result.envelope["model"] == "gemini-2.5-flash"


def test_http_500_is_a_cli_error(mock_server, gemini_env, consult):
    server = mock_server([{"status": 500}])
    result = consult("gemini", ["--timeout", "60", "new"], "q", gemini_env(server.base_url), limit=90)
    assert (result.exit_code, result.envelope["failure"]) == (5, "cli_error"), result.envelope
    assert result.envelope["response"] == ""
    assert "500" in result.envelope["detail"], result.envelope
    assert len(server.model_requests()) == 1, "general.maxAttempts 1: no retry"
    assert result.seconds < 20


def test_a_hang_is_a_timeout_within_the_limit(mock_server, gemini_env, consult, sandbox):
    server = mock_server([{"hang": 120}])
    result = consult("gemini", ["--timeout", "5", "new"], "q", gemini_env(server.base_url))
    assert (result.exit_code, result.envelope["failure"]) == (124, "timeout"), result.envelope
    assert result.seconds < 5 + 5 + 3
    assert not list((sandbox / "tmp").iterdir()), "the wrapper left temp files behind"


def test_rejected_key_is_auth(mock_server, gemini_env, consult):
    server = mock_server(require_key="the-right-key")
    result = consult("gemini", ["--timeout", "60", "new"], "q", gemini_env(server.base_url), limit=90)
    assert (result.exit_code, result.envelope["failure"]) == (4, "auth"), result.envelope
    assert "401" in result.envelope["detail"] or "API key" in result.envelope["detail"], result.envelope
