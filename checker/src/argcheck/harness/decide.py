"""The harness core: one answer per canonical hook call, the same for every agent.

The input is canonical (Claude Code's hook input plus "agent", made by harness/agents/*), the answer is
Claude Code's (harness/answers.py); the agent's adapter turns it into its own protocol. Every decision lives
here once: the witness guard, the state guard and the consent (PreToolUse), the Stop gate, the witness
record (UserPromptSubmit, PostToolUse, PostToolUseFailure) and the conversation's start (SessionStart).
"""

from __future__ import annotations

import os

CLAUDE = "claude"


def respond(event: str, hook_input: dict, read_command=None) -> dict | None:
    """The answer to one hook call (None: no decision)."""
    if event == "PreToolUse":
        return pre_tool_use(hook_input, read_command)
    if event == "Stop":
        return stop(hook_input)
    if event == "SessionStart":
        return session_start(hook_input)
    witness(event, hook_input)
    return None


def agent_of(hook_input: dict) -> str:
    agent = hook_input.get("agent")
    return agent if isinstance(agent, str) and agent else CLAUDE


def witness(event: str, hook_input: dict) -> None:
    """Record a user prompt, or a Bash / WebSearch / WebFetch call, in the witness log of a project with runs.
    A prompt that is argcheck's own blocked stop, sent back by the agent as the user's (Gemini), is not one."""
    from argcheck.harness import places

    project = places.project_dir(hook_input)
    state_dir = places.state_dir(project) if project else None
    if not state_dir or not os.path.isdir(state_dir):
        return
    from argcheck.harness import stopgate, witness as log

    session = hook_input.get("session_id")
    if event == "UserPromptSubmit":
        if stopgate.is_own_reason(session, hook_input.get("prompt")):
            return
        record = log.prompt_record(hook_input)
    else:
        record = log.tool_record(hook_input)
    if record is None:
        return
    key = log.load_key(places.key_dir())
    if key:
        agent = agent_of(hook_input)
        log.append(state_dir, key, record, session, transcript=hook_input.get("transcript_path"),
                   agent=None if agent == CLAUDE else agent)


def _open_runs(hook_input: dict):
    """The project and its open runs; ([], None) at once when it has no state directory."""
    from argcheck.harness import places

    project = places.project_dir(hook_input)
    state_dir = places.state_dir(project) if project else None
    if not state_dir or not os.path.isdir(state_dir):
        return project, []
    from argcheck.harness import runs

    return project, runs.open_runs(state_dir, project)


def stop(hook_input: dict) -> dict | None:
    """Block a stop while a run this conversation started owes the agent's move (bounded, for every agent:
    the count of blocks in a row is kept per conversation, and `stop_hook_active` says a stop follows one)."""
    session_id, active = hook_input.get("session_id"), hook_input.get("stop_hook_active") is True
    _, open_runs = _open_runs(hook_input)
    if not open_runs:
        return None
    from argcheck.harness import answers, stopgate

    count = stopgate.blocks_so_far(session_id, active) if isinstance(session_id, str) else 0
    if count is None:
        return None  # a count it cannot read: fail open, never trap the agent
    reason = stopgate.decide(open_runs, session_id, active, hook_input.get("background_tasks"), count)
    if reason is not None and agent_of(hook_input) == CLAUDE and _user_refused(hook_input, session_id):
        return None  # the user said no to a tool call: the turn is the user's to continue
    echoed = reason if agent_of(hook_input) == "gemini" else None  # sent back to it as the user's prompt
    if reason is None or not stopgate.remember_blocks(session_id, count + 1, echoed):
        return None  # nothing owed, or a count it cannot keep: the stop goes through
    return answers.block_stop(reason)


TRANSCRIPT_WAIT, TRANSCRIPT_POLL = 2.0, 0.05  # seconds: the client writes its transcript a moment behind


def _user_refused(hook_input: dict, session_id) -> bool:
    """Claude Code's transcript shows a tool call the user refused in this turn. The client may not have
    written the turn's last lines yet when it calls the hook: the transcript is read again, for a moment,
    until it holds the message the turn ended with (`last_assistant_message`)."""
    import time

    from argcheck.files import transcripts
    from argcheck.harness import stopgate

    path, last = hook_input.get("transcript_path"), hook_input.get("last_assistant_message")
    needle = stopgate.as_written(last) if isinstance(last, str) and last.strip() else None
    deadline = time.monotonic() + TRANSCRIPT_WAIT
    text = transcripts.tail(path, session_id)
    while text is not None and needle and needle not in text and time.monotonic() < deadline:
        time.sleep(TRANSCRIPT_POLL)
        text = transcripts.tail(path, session_id)
    return stopgate.user_refused_last_turn(text)


def session_start(hook_input: dict) -> dict | None:
    """Mark the conversation's start (Claude Code: the id exported to later Bash commands; every agent: a
    marker in the key's directory, files/sessionmarks.py); after compact/resume, restate the open runs."""
    from argcheck.files import sessionmarks
    from argcheck.harness import places, resume, witness as log

    resume.export_conversation(hook_input.get("session_id"))
    log.load_key(places.key_dir())  # made now, so a run started in this conversation is witnessed
    sessionmarks.mark(places.key_dir(), agent_of(hook_input), hook_input.get("session_id"),
                  hook_input.get("transcript_path"), hook_input.get("cwd"))
    if hook_input.get("source") not in ("compact", "resume"):
        return None
    _, open_runs = _open_runs(hook_input)
    text = resume.context_text(open_runs)
    if text is None:
        return None
    from argcheck.harness import answers

    return answers.additional_context("SessionStart", text)


def pre_tool_use(hook_input: dict, read_command=None) -> dict | None:
    """The witness guard's deny, else the state guard's deny, else the consent's allow or ask, else no
    decision."""
    tool, tool_input = hook_input.get("tool_name"), hook_input.get("tool_input")
    if not isinstance(tool, str) or not isinstance(tool_input, dict):
        return None
    from argcheck.harness import answers, guard, places, witnessguard

    command = tool_input.get("command") if tool == "Bash" else None
    cwd = places.working_dir(hook_input) or os.sep
    if tool == "Bash":
        reason = witnessguard.check_bash(command, cwd, places.key_dir())
    else:
        reason = witnessguard.check_tool(tool_input, cwd, places.key_dir(), tool in guard.EDITORS,
                                         places.project_dir(hook_input)) if tool in guard.GUARDED else None
    if reason:
        return answers.permission("deny", reason)
    project, cwd = places.project_dir(hook_input), places.working_dir(hook_input)
    if project is None or cwd is None:
        return None
    state_dir = places.state_dir(project)
    cwd_text = hook_input.get("cwd")
    if tool == "Bash" and not (isinstance(command, str) and ("argcheck" in command.lower() or "witness" in command
                                                                or ".argcheck" in str(cwd_text).lower()
                                                                or witnessguard.reaches(command, cwd, state_dir))):
        return None  # the everyday call: nothing of argcheck's in it
    from argcheck.harness import consent

    if tool == "Bash":
        reason = guard.check_bash(command, cwd, state_dir, places.key_dir())
    else:
        reason = guard.check_tool(tool, tool_input, cwd, state_dir, places.key_dir())
    if reason:
        return answers.permission("deny", reason)
    verdict = consent.decide(command, cwd, project, read_command) if tool == "Bash" else None
    return answers.permission(verdict.decision, verdict.reason) if verdict else None
