"""The scripted mock model tells conversations and turns apart (tests/stubs/mock_llm_server.py): each
subagent follows its own script, a turn opened by a background-task notice follows the notice script, and a
branch chooses by the last tool result."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stubs"))

from mock_llm_server import MockLLMServer  # noqa: E402
from mock_turns import chosen_arm, first_user_text, turn_opener  # noqa: E402

NOTICE = "<system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event"


def ask(server: MockLLMServer, messages: list) -> dict:
    request = urllib.request.Request(f"{server.base_url}/v1/messages", method="POST",
                                     data=json.dumps({"messages": messages}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def text(role: str, words: str) -> dict:
    return {"role": role, "content": [{"type": "text", "text": words}]}


def result(words: str) -> dict:
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": words}]}


def said(answer: dict) -> str:
    return answer["content"][0].get("text") or answer["content"][0]["input"]["command"]


def test_each_subagent_follows_its_own_script_whatever_the_order():
    routes = {"persona A": [{"reply": "A1"}, {"reply": "A2"}], "persona B": [{"reply": "B1"}]}
    with MockLLMServer([{"reply": "main"}], routes=routes) as server:
        assert said(ask(server, [text("user", "You are persona B")])) == "B1"
        assert said(ask(server, [text("user", "You are persona A")])) == "A1"
        assert said(ask(server, [text("user", "start")])) == "main"
        assert said(ask(server, [text("user", "You are persona A"), text("assistant", "A1"), result("x")])) == "A2"
        assert said(ask(server, [text("user", "You are persona B")])) == "done"  # a route that ran out
        assert len(server.requests_of("persona A")) == 2 and len(server.requests_of(None)) == 1


def test_a_turn_opened_by_a_notice_follows_a_fresh_copy_of_the_notice_script():
    notice = [{"tool": {"name": "Bash", "input": {"command": "argcheck next s.json"}}}, {"reply": "noted"}]
    with MockLLMServer([{"reply": "first turn"}], notice=notice) as server:
        start = [text("user", "start"), text("assistant", "first turn")]
        first = [*start, text("user", NOTICE)]
        assert said(ask(server, first)) == "argcheck next s.json"
        second = [*first, text("assistant", "..."), result("status"), text("assistant", "noted"),
                  text("user", NOTICE)]
        assert said(ask(server, [*first, text("assistant", "..."), result("status")])) == "noted"
        assert said(ask(server, second)) == "argcheck next s.json"  # the next notice's turn starts over


def test_the_turn_opener_is_the_last_user_message_that_is_not_only_tool_results():
    messages = [text("user", "start"), text("assistant", "a"), text("user", NOTICE), text("assistant", "b"),
                result("out")]
    index, opener = turn_opener({"messages": messages})
    assert index == 2 and "background-task event" in opener


def test_a_branch_takes_the_first_matching_arm_and_a_once_arm_only_once():
    arms = [{"contains": "ready", "once": "go", "steps": ["launch"]}, {"steps": ["wait"]}]
    fired: set = set()
    assert chosen_arm(arms, "not yet", fired) == ["wait"]
    assert chosen_arm(arms, "all ready", fired) == ["launch"]
    assert chosen_arm(arms, "all ready", fired) == ["wait"]


def test_a_branch_step_in_the_script_chooses_by_the_last_tool_result():
    script = [{"branch": [{"contains": "synthesized", "steps": [{"reply": "assess"}]}, {"steps": [{"reply": "wait"}]}]},
              {"reply": "after"}]
    with MockLLMServer(script) as server:
        assert said(ask(server, [text("user", "go"), text("assistant", "x"), result("status synthesized")])) == "assess"
        assert said(ask(server, [text("user", "go")])) == "after"


def test_a_codex_conversation_is_routed_by_its_prompt_not_by_its_context_messages():
    """Codex sends the environment (and the project's AGENTS.md) as user messages before the prompt."""
    def user(words: str) -> dict:
        return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": words}]}

    body = {"input": [{"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "rules"}]},
                      user("<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"),
                      user("# AGENTS.md instructions for /w\n\nbe brief"), user("You are Kant, one member")]}
    assert first_user_text(body) == "You are Kant, one member"
    server = MockLLMServer(routes={"You are Kant": []})
    server.httpd.server_close()
    assert server.route_of(body) == "You are Kant"
