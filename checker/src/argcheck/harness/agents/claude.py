"""Claude Code's hooks: the canonical input and answer are Claude Code's own, so both pass as they are."""

from __future__ import annotations

AGENT = "claude"
EVENTS = {name: name for name in ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
                                  "SessionStart")}


def canonical(event: str, data: dict) -> list[dict]:
    """The input as it is; an "event" key (how other adapters re-route a call, PostToolUseFailure) dropped."""
    return [{key: value for key, value in data.items() if key != "event"}]


def answer(event: str, core_answer: dict | None) -> dict | None:
    return core_answer
