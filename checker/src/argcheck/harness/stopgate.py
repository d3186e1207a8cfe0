"""The Stop gate: a run this conversation started, that owes the agent's move, is not left half done.

`decide` is pure: given the open runs, the conversation, and how many times in a row the stop was already
blocked, it answers a block whose reason is the next step (as `argcheck next` gives it), or nothing. It never
blocks for a run that waits for the user, a consultee or an arbiter, for a run another conversation
started, while background tasks (subagents) are still running, or more than MAX_BLOCKS times in a row: after
that the agent may stop, and the user sees the run where it stands. The agent can always end a run
honestly with the protocol's cancel or abort move, which closes it.

Nor does it block a turn in which the user refused a tool call (`user_refused_last_turn`, read from the
client's own transcript): Claude Code then tells the model to stop and wait for the user, and a protocol's
way on (asking the user for sources when a web search is refused) is the user's next message.
"""

from __future__ import annotations

import os
import re

MAX_BLOCKS = 3
MAX_COMMAND = 400
SESSION_PATTERN = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


def owing_runs(runs: list, session_id) -> list:
    """The open runs started in this conversation whose next move is the agent's."""
    return [run for run in runs if run.conversation_id == session_id and run.owed_by_agent()]


def decide(runs: list, session_id, stop_hook_active: bool, background_tasks, blocks_so_far: int) -> str | None:
    """The reason to block this stop, or None to let the agent stop."""
    if not isinstance(session_id, str) or not SESSION_PATTERN.match(session_id):
        return None
    if background_tasks:
        return None  # subagents are working: their notices will open the next turn
    if stop_hook_active and blocks_so_far >= MAX_BLOCKS:
        return None
    owing = owing_runs(runs, session_id)
    return reason_for(owing[0]) if owing else None


# What Claude Code writes as the result of a tool call the user refused: interactively, and in `-p` mode
# where a permission nobody granted is refused.
REFUSALS = ("The user doesn't want to proceed with this tool use", "but you haven't granted it yet")
HOOK_FEEDBACK = "Stop hook feedback:"  # a blocked stop's reason, written as a user line: not a prompt
MAX_LINES = 2000


def user_refused_last_turn(transcript: str | None) -> bool:
    """True when, after the last prompt the user typed, the transcript shows a tool call the user refused."""
    if not transcript:
        return False
    import json

    for text in transcript.splitlines()[::-1][:MAX_LINES]:
        if '"user"' not in text:
            continue
        try:
            line = json.loads(text)
        except ValueError:
            continue
        message = line.get("message") if isinstance(line, dict) else None
        content = message.get("content") if isinstance(message, dict) and line.get("type") == "user" else None
        if isinstance(content, str):
            if not content.startswith(HOOK_FEEDBACK) and not line.get("isMeta"):
                return False  # the user's own prompt: the turn began here
            continue
        blocks = [block for block in content if isinstance(block, dict)] if isinstance(content, list) else []
        if any(block.get("type") == "tool_result" and _refused(block.get("content")) for block in blocks):
            return True
        if any(block.get("type") == "text" for block in blocks) and not line.get("isMeta"):
            return False
    return False


def as_written(text: str) -> str:
    """The start of `text` as it stands inside a JSON string in the transcript (found before it is parsed)."""
    import json

    return json.dumps(text[:120], ensure_ascii=False)[1:-1]


def _refused(content) -> bool:
    if isinstance(content, list):
        content = " ".join(block.get("text", "") for block in content if isinstance(block, dict)
                           and isinstance(block.get("text"), str))
    return isinstance(content, str) and any(mark in content for mark in REFUSALS)


def reason_for(run) -> str:
    """One or two lines: the run, the step it owes, its first command, the honest way out."""
    step = run.next_step
    commands = step.get("commands") or []
    first = commands[0] if commands and isinstance(commands[0], str) else f"argcheck next {run.path}"
    if len(first) > MAX_COMMAND:
        first = first[:MAX_COMMAND] + "…"
    return (f"argcheck: the {run.protocol} run {run.path} is not done and the next move is yours: "
            f"{step.get('text', '')}\nRun: {first}  (or end the run with its cancel/abort move; "
            f"`argcheck next {run.path}` shows every option)")


# -- the count of blocks in a row, kept per conversation outside the project ---------------------------------

def counter_path(session_id: str) -> str:
    base = os.environ.get("XDG_STATE_HOME")
    if not base or not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "argcheck", "stop-blocks", session_id)


# Fail open: a gate that cannot keep its count could block for ever, so when the count cannot be read or
# written (a read-only XDG_STATE_HOME, a corrupt counter) the stop goes through.

def blocks_so_far(session_id: str, stop_hook_active: bool) -> int | None:
    """How many stops in a row were blocked (0 when this stop is not a continuation of a blocked one), or
    None when the counter is there but cannot be read as a count."""
    if not stop_hook_active:
        return 0
    import stat

    try:  # never blocks: no link followed, no FIFO or device waited on (O_NONBLOCK), only a regular file read
        handle = os.open(counter_path(session_id), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return 0  # the block before this stop came from another Stop hook
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        text = os.read(handle, 17).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    finally:
        os.close(handle)
    return int(text) if text.isdigit() and len(text) <= 16 else None


def remember_blocks(session_id: str, count: int, reason: str | None = None) -> bool:
    """Keep the count for the next stop, and the digest of the block's reason (an agent may send it back as
    the user's prompt: `is_own_reason`); False when the count cannot be kept (then the stop must go through)."""
    from argcheck.files import writing

    path = counter_path(session_id)
    try:
        writing.make_dirs(os.path.dirname(path), mode=0o700)
        writing.replace(path, str(count).encode("ascii"), mode=0o600, follow=False)
        if reason is not None:
            writing.replace(path + REASON_SUFFIX, _digest(reason).encode("ascii"), mode=0o600, follow=False)
    except OSError:
        return False
    return True


REASON_SUFFIX = ".reason"


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.strip().encode("utf-8", "surrogatepass")).hexdigest()


def is_own_reason(session_id, prompt) -> bool:
    """The prompt is the reason the Stop gate last blocked this conversation's stop with: Gemini CLI sends a
    blocked AfterAgent's reason back as the next user message, and its BeforeAgent hook sees it as the
    user's prompt. It is argcheck's own words, never a user's answer. Forgotten once matched."""
    if not isinstance(session_id, str) or not SESSION_PATTERN.match(session_id) or not isinstance(prompt, str):
        return False
    path = counter_path(session_id) + REASON_SUFFIX
    try:
        with open(path, "rb") as handle:
            kept = handle.read(128).decode("ascii", "replace").strip()
    except OSError:
        return False
    if kept != _digest(prompt):
        return False
    try:
        os.unlink(path)
    except OSError:
        pass
    return True
