"""Codex CLI 0.169.0's hooks (checked against the binary's own schemas, codex-rs/hooks/schema/generated,
and against events it sent a capture hook: tests/fixtures/agent-events/codex).

Events: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse and Stop are shaped like Claude Code's
(`tool_name` "Bash", `tool_input.command`, `prompt`, `stop_hook_active`, `last_assistant_message`).
PermissionRequest (Codex is about to ask the user to approve a command) is read as a PreToolUse.
PostToolUse's `tool_response` is the command's output as one string, without its exit code: the exit code
is read from the rollout file (`transcript_path`), where Codex has written the finished call's item.
File edits go through `apply_patch` (tool_name "apply_patch", `tool_input.command` the patch text): one
Write or Edit call per file the patch names.

Answers, as the binary's output parser accepts them:
- PreToolUse: only a deny (`permissionDecision: "deny"` with a reason). "allow" (without `updatedInput`)
  and "ask" are refused as unsupported, so the consent's allow or ask is no answer here;
- PermissionRequest: `hookSpecificOutput.decision.behavior` "allow" (the consent's allow: no prompt) or
  "deny" with a `message`; the consent's ask is no answer (Codex asks, as it was going to);
- Stop: `{"decision": "block", "reason": ...}` (Codex makes another model request in the same turn);
- SessionStart: `hookSpecificOutput.additionalContext`.
"""

from __future__ import annotations

import os

from argcheck.harness.agents import EVENT_NAMES, common, text

AGENT = "codex"
EVENTS = EVENT_NAMES[AGENT]
ROLLOUT_TAIL = 512 * 1024
ROLLOUT_WAIT, ROLLOUT_POLL = 1.0, 0.05  # seconds: Codex may write the call's end a moment after the hook


def canonical(event: str, data: dict) -> list[dict] | None:
    base = common(data, AGENT)
    if base is None:
        return None
    if event == "SessionStart":
        return [dict(base, source=data.get("source"))] if text(data.get("source")) else None
    if event == "UserPromptSubmit":
        return [dict(base, prompt=data["prompt"])] if text(data.get("prompt")) else None
    if event == "Stop":
        if not isinstance(data.get("stop_hook_active"), bool):
            return None
        last = data.get("last_assistant_message")
        return [dict(base, stop_hook_active=data["stop_hook_active"], last_assistant_message=last if text(last)
                     else None)]
    tool, tool_input = data.get("tool_name"), data.get("tool_input")
    if not text(tool) or not isinstance(tool_input, dict):
        return None
    if tool == "apply_patch" and text(tool_input.get("command")):
        return patched_files(base, tool_input["command"])
    if tool != "Bash":
        return [dict(base, tool_name=tool, tool_input=tool_input)]  # NetworkAccess, MCP tools: no decision
    if not text(tool_input.get("command")):
        return None
    call = dict(base, tool_name="Bash", tool_input={"command": tool_input["command"]})
    if event != "PostToolUse":
        return [call]
    return [_finished(call, data.get("tool_response"), data.get("tool_use_id"))]


PATCH_FILE = ("*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: ")


def patched_files(base: dict, patch: str) -> list[dict] | None:
    """An apply_patch call as one editor call per file it adds, updates, deletes or moves to (Write for a new
    file, Edit otherwise), paths taken from the event's cwd; None when it names no file."""
    calls = []
    for line in patch.splitlines():
        for mark in PATCH_FILE:
            if line.startswith(mark) and line[len(mark):].strip():
                path = os.path.join(base["cwd"], line[len(mark):].strip())
                tool = "Edit" if mark in ("*** Update File: ", "*** Delete File: ") else "Write"
                calls.append(dict(base, tool_name=tool, tool_input={"file_path": path}))
    return calls or None


def _finished(call: dict, response, call_id) -> dict:
    """The PostToolUse call as Claude Code reports it: exit 0 with its output, or a PostToolUseFailure
    (`error`: "Exit code N" and the output); `exit_code` None when the rollout does not say."""
    output = response if text(response) else ""
    code = exit_code(call.get("transcript_path"), call_id) if text(call_id) else None
    if code is None:
        return dict(call, tool_response={"stdout": output}, exit_code=None)
    if code == 0:
        return dict(call, tool_response={"stdout": output}, exit_code=0)
    return dict(call, event="PostToolUseFailure", error=f"Exit code {code}\n{output}", exit_code=code)


def exit_code(rollout, call_id: str) -> int | None:
    """The exit code the rollout file records for the call `call_id`, waiting a moment for it."""
    import time

    if not text(rollout) or not os.path.isabs(rollout) or not os.path.isfile(rollout):
        return None
    deadline = time.monotonic() + ROLLOUT_WAIT
    while True:
        code = _recorded_exit(rollout, call_id)
        if code is not None or time.monotonic() >= deadline:
            return code
        time.sleep(ROLLOUT_POLL)


def _recorded_exit(rollout: str, call_id: str) -> int | None:
    import json

    try:
        with open(rollout, "rb") as handle:
            handle.seek(max(0, handle.seek(0, os.SEEK_END) - ROLLOUT_TAIL))
            lines = handle.read().splitlines()
    except OSError:
        return None
    needle = json.dumps(call_id).encode("utf-8")
    for line in reversed(lines):
        if needle not in line or b'"exit_code"' not in line:
            continue
        try:
            payload = json.loads(line).get("payload") or {}
        except (ValueError, AttributeError):
            continue
        found = _exit_in(payload, call_id)
        if found is not None:
            return found
    return None


def _exit_in(payload, call_id: str) -> int | None:
    """The `exit_code` of the item (or the event's item) that carries `call_id`, in a rollout line."""
    for item in (payload, payload.get("item") if isinstance(payload, dict) else None):
        if isinstance(item, dict) and call_id in (item.get("call_id"), item.get("id")):
            code = item.get("exit_code")
            if isinstance(code, int) and not isinstance(code, bool):
                return code
    return None


def answer(event: str, core_answer: dict | None) -> dict | None:
    if not core_answer:
        return None
    if event in ("Stop", "SessionStart"):
        return core_answer
    specific = core_answer.get("hookSpecificOutput") or {}
    decision, reason = specific.get("permissionDecision"), specific.get("permissionDecisionReason") or ""
    if event == "PreToolUse":
        return core_answer if decision == "deny" and reason.strip() else None
    if event == "PermissionRequest" and decision in ("allow", "deny"):
        verdict = {"behavior": "allow"} if decision == "allow" else {"behavior": "deny", "message": reason}
        return {"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": verdict}}
    return None
