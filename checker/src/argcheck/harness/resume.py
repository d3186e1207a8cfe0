"""SessionStart: tell the next Bash commands which conversation they run in; after a compaction or a
resume, put each open run's summary line and next step back into the model's context.
"""

from __future__ import annotations

import os

from argcheck.harness.stopgate import SESSION_PATTERN

PER_RUN = 1024
MAX_RUNS = 5
CONVERSATION_VARIABLE = "ARGCHECK_CONVERSATION_ID"  # read by `argcheck init` as its default --conversation-id


def export_conversation(session_id) -> None:
    """Append `export ARGCHECK_CONVERSATION_ID=<id>` to Claude Code's CLAUDE_ENV_FILE, when there is one."""
    env_file = os.environ.get("CLAUDE_ENV_FILE")
    if not env_file or not isinstance(session_id, str) or not SESSION_PATTERN.match(session_id):
        return
    from argcheck.files import writing

    try:
        fd = writing.open_append(env_file, private=False, follow=True)
        try:
            os.write(fd, f"export {CONVERSATION_VARIABLE}={session_id}\n".encode("ascii"))
        finally:
            os.close(fd)
    except OSError:
        pass


def context_text(runs: list) -> str | None:
    """The text added to the context: each open run, at most PER_RUN bytes."""
    if not runs:
        return None
    parts = ["argcheck: open protocol runs in this project (continue with the next step, or ask the user):"]
    for run in runs[:MAX_RUNS]:
        parts.append(_clip(_run_text(run), PER_RUN))
    if len(runs) > MAX_RUNS:
        parts.append(f"… and {len(runs) - MAX_RUNS} more: `argcheck sessions` lists them")
    return "\n".join(parts)


def _run_text(run) -> str:
    from argcheck.core.commandtext import next_step_lines

    step = run.next_step
    lines = [f"- {run.path}: {run.headline}"]
    if step.get("text"):
        lines += ["  " + line for line in next_step_lines({"actor": step.get("actor", "?"), "text": step["text"],
                                                           "commands": list(step.get("commands") or [])[:2]})]
    return "\n".join(lines)


def _clip(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit - 3].decode("utf-8", "ignore") + "…"
