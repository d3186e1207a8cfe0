"""The scripted mock model speaks the Gemini API as Gemini CLI 0.61.0 uses it (tests/stubs/mock_gemini.py): the
conversation streamed as server-sent events, the CLI's side questions answered at once and off the script, and
what the client sends back read as tool results (an error or a non-zero exit code kept)."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stubs"))

from mock_llm_server import MockLLMServer, last_user_text, tool_results  # noqa: E402

MODEL = "/v1beta/models/gemini-test"


def post(server: MockLLMServer, action: str, body: dict) -> bytes:
    request = urllib.request.Request(f"{server.base_url}{MODEL}:{action}", method="POST",
                                     data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.read()


def streamed(raw: bytes) -> list[dict]:
    return [json.loads(line[len(b"data: "):]) for line in raw.splitlines() if line.startswith(b"data: ")]


def user(words: str) -> dict:
    return {"role": "user", "parts": [{"text": words}]}


def test_a_tool_step_is_a_function_call_and_a_reply_is_text():
    shell = {"tool": {"name": "run_shell_command", "args": {"command": "argcheck next S"}}}
    with MockLLMServer([shell, {"reply": "done"}]) as server:
        first = streamed(post(server, "streamGenerateContent?alt=sse", {"contents": [user("go")]}))
        second = streamed(post(server, "streamGenerateContent?alt=sse", {"contents": [user("go")]}))
    (chunk,) = first
    call = {"functionCall": {"name": "run_shell_command", "args": {"command": "argcheck next S"}}}
    assert chunk["candidates"][0]["content"] == {"role": "model", "parts": [call]}
    assert chunk["candidates"][0]["finishReason"] == "STOP"
    assert chunk["usageMetadata"]["promptTokenCount"] == 120
    assert second[0]["candidates"][0]["content"]["parts"] == [{"text": "done"}]


def test_side_questions_do_not_take_a_step():
    with MockLLMServer([{"reply": "the answer"}]) as server:
        side = json.loads(post(server, "generateContent", {"contents": [user("route this")]}))
        count = json.loads(post(server, "countTokens", {"contents": [user("count this")]}))
        answer = streamed(post(server, "streamGenerateContent?alt=sse", {"contents": [user("q")]}))
        assert len(server.model_requests()) == 1, "side questions are not the conversation's requests"
    choice = json.loads(side["candidates"][0]["content"]["parts"][0]["text"])
    assert choice["model_choice"] == "flash" and choice["next_speaker"] == "user"
    assert count == {"totalTokens": 120}
    assert answer[0]["candidates"][0]["content"]["parts"] == [{"text": "the answer"}]


def test_function_responses_read_as_tool_results_with_errors_kept():
    contents = [user("go"),
                {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "run_shell_command",
                                                              "args": {"command": "touch x"}}}]},
                {"role": "user", "parts": [{"functionResponse": {"id": "c1", "name": "run_shell_command",
                                                                 "response": {"error": "denied by policy."}}}]},
                {"role": "model", "parts": [{"functionCall": {"name": "run_shell_command", "args": {}}}]},
                {"role": "user", "parts": [{"functionResponse": {"name": "run_shell_command",
                                                                 "response": {"output": "Exit Code: 2"}}}]}]
    with MockLLMServer([]) as server:
        echoed = streamed(post(server, "streamGenerateContent?alt=sse", {"contents": contents}))
        body = server.model_requests()[0]["body"]
    results = tool_results(body)
    assert [(r["tool_use_id"], r["is_error"], r["content"]) for r in results] == [
        ("c1", True, "denied by policy."), ("gcall_2", False, "Exit Code: 2")]
    assert body["messages"][3]["content"][0] == {"type": "tool_use", "id": "gcall_2", "name": "run_shell_command",
                                                 "input": {}}
    assert last_user_text(body) == "go"
    assert echoed[0]["candidates"][0]["content"]["parts"] == [{"text": "MOCK-ECHO: go"}]
