"""Which conversation and which turn a model request belongs to, for the scripted mock model server.

Claude Code sends every conversation to the same server: the main one, each subagent's, and the turns a
background subagent's completion notice opens. These helpers read a request body to tell them apart, and
choose a branch of a script by the last tool result (see mock_llm_server.py).
"""

from __future__ import annotations

from typing import Any

NOTICE_MARK = "background-task event"  # in the system notification that a background subagent finished
# Codex sends these user messages before the prompt (the working directory, the project's AGENTS.md).
CODEX_CONTEXT = ("<environment_context>", "# AGENTS.md instructions")


def _text_of(content: Any) -> str:
    """The text of a message content: a string or a list of typed blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b.get("text", "") for b in content if isinstance(b, dict) and "text" in b]
        return "\n".join(p for p in parts if not p.startswith("<system-reminder>"))
    return ""


def first_user_text(body: dict) -> str:
    """The text of the first user message (what starts the conversation: the prompt, or a subagent's brief);
    Codex's context messages before the prompt do not count."""
    items = body.get("input") if "input" in body else body.get("messages", [])
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and item.get("role") == "user":
            text = _text_of(item.get("content"))
            if text and not text.startswith(CODEX_CONTEXT):
                return text
    return items if isinstance(items, str) else ""


def turn_opener(body: dict) -> tuple[int, str]:
    """The index and the whole text (system reminders included) of the user message that opened the current
    turn: the last user message that is not only tool results."""
    messages = body.get("messages", []) if isinstance(body.get("messages"), list) else []
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return index, content
        blocks = [b for b in content or [] if isinstance(b, dict)]
        if not any(b.get("type") == "tool_result" for b in blocks):
            return index, "\n".join(b.get("text", "") for b in blocks)
    return -1, ""


def last_tool_result_text(body: dict) -> str:
    results = tool_results(body)
    if not results:
        return ""
    content = results[-1].get("content") if isinstance(results[-1], dict) else None
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
    return str(content or results[-1].get("output", ""))


def tool_results(body: dict) -> list:
    """Tool results the client sent back: Anthropic tool_result blocks or Responses outputs."""
    found = []
    for item in body.get("input", []) if isinstance(body.get("input"), list) else []:
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            found.append(item)
    for message in body.get("messages", []):
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            found.extend(b for b in content if isinstance(b, dict) and b.get("type") == "tool_result")
    return found


def chosen_arm(arms: list, result: str, fired: set) -> list:
    """The steps of the first arm whose `contains` is in `result` (an arm without it always matches) and whose
    `once` key has not fired yet."""
    for arm in arms:
        if ("contains" in arm and arm["contains"] not in result) or arm.get("once") in fired:
            continue
        if arm.get("once"):
            fired.add(arm["once"])
        return list(arm.get("steps", []))
    return []
