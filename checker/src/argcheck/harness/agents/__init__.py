"""One adapter per agent: the agent's hook event as the canonical input the harness core reads, and the
core's answer in the agent's own protocol.

The canonical input is Claude Code's hook input (session_id, transcript_path, cwd, tool_name
Bash|Read|Write|Edit|Grep|Glob|WebSearch|WebFetch, tool_input with Claude Code's field names,
tool_response, prompt, stop_hook_active, last_assistant_message) plus "agent"; the canonical events are
Claude Code's (PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SessionStart).
The core's answer is Claude Code's (harness/answers.py). Each adapter module has:

  AGENT          its name, as `argcheck hook --agent NAME` takes it
  EVENTS         the agent's event name -> the canonical event (None: known, nothing to do)
  canonical(event, data) -> list of canonical inputs (one per tool call the event stands for; "event" in one
                 names another canonical event for it, as PostToolUseFailure for a failed command), or None
                 when the event's shape is not the one the adapter knows (the core then decides nothing)
  answer(event, core_answer) -> the agent's answer (None: print nothing, no decision)

  claude.py   Claude Code 2.1.330: both sides as they are
  codex.py    Codex CLI 0.169.0 (its generated hook schemas, and events captured from the binary)
  gemini.py   Gemini CLI 0.61.0 (its bundle's hook runner, and events captured from it)
"""

from __future__ import annotations

DEFAULT = "claude"
# Each agent's hook events -> the canonical event (None: known, nothing to do); read by the entry point
# before any adapter is imported. Claude Code's are the canonical ones (harness/events.EVENTS).
EVENT_NAMES = {
    "codex": {"SessionStart": "SessionStart", "UserPromptSubmit": "UserPromptSubmit", "PreToolUse": "PreToolUse",
              "PermissionRequest": "PreToolUse", "PostToolUse": "PostToolUse", "Stop": "Stop"},
    "gemini": {"BeforeTool": "PreToolUse", "AfterTool": "PostToolUse", "BeforeAgent": "UserPromptSubmit",
               "AfterAgent": "Stop", "SessionStart": "SessionStart", "SessionEnd": None, "BeforeModel": None,
               "AfterModel": None, "BeforeToolSelection": None, "PreCompress": None, "Notification": None},
}


def adapter(name: str):
    """The adapter module of agent `name` (one of core/agent_limits.AGENTS)."""
    if name == "codex":
        from argcheck.harness.agents import codex as module
    elif name == "gemini":
        from argcheck.harness.agents import gemini as module
    else:
        from argcheck.harness.agents import claude as module
    return module


def text(value) -> bool:
    return isinstance(value, str)


def common(data: dict, agent: str) -> dict | None:
    """The fields every canonical input has, or None when the event lacks them (an unknown shape)."""
    session, cwd = data.get("session_id"), data.get("cwd")
    if not text(session) or not text(cwd):
        return None
    transcript = data.get("transcript_path")
    return {"agent": agent, "session_id": session, "cwd": cwd,
            "transcript_path": transcript if text(transcript) else None}
