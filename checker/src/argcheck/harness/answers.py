"""The hook protocol's answers, as Claude Code 2.1.330 reads them on stdout (exit status 0).

No answer at all (empty stdout) means "no decision": Claude Code goes on as if the hook were not there.
"""

from __future__ import annotations

MAX_REASON = 2000


def permission(decision: str, reason: str) -> dict:
    """PreToolUse: allow (skip the prompt), ask (prompt the user) or deny (refuse; the reason goes to the model)."""
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": decision,
                                   "permissionDecisionReason": reason[:MAX_REASON]}}


def block_stop(reason: str) -> dict:
    """Stop: the model goes on, with `reason` as what to do next."""
    return {"decision": "block", "reason": reason[:MAX_REASON]}


def additional_context(event: str, text: str) -> dict:
    """SessionStart / UserPromptSubmit: text added to the model's context."""
    return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}
