"""Claude Code's hooks: the canonical input and answer are Claude Code's own, so both pass as they are."""

from __future__ import annotations

AGENT = "claude"
EVENTS = {name: name for name in ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop",
                                  "SessionStart")}


def canonical(event: str, data: dict) -> list[dict]:
    return [data]


def answer(event: str, core_answer: dict | None) -> dict | None:
    return core_answer
