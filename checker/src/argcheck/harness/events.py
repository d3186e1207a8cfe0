"""`argcheck hook EVENT`: read Claude Code's hook JSON on stdin, answer in the hook protocol.

Whatever the input, the answer is exit 0 with a JSON answer or nothing (no decision); never exit 2, which
Claude Code reads as a block the user could not get out of, and never a traceback. An unknown EVENT is a
setup mistake: it is named on stderr with exit 1, which Claude Code shows and otherwise ignores.
Kept free of click and of the protocols' code: with no run open a call must cost about one interpreter start.
Only the consent for an argcheck command loads click, through the reader the CLI hands in (`read_command`).
"""

from __future__ import annotations

import os
import sys

EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop", "SessionStart")
MAX_INPUT = 8 * 1024 * 1024  # a Bash call's whole output can come in a PostToolUse input
SETUP_PROBLEM = 1


def event_name(text: str) -> str | None:
    """The event `text` names (PreToolUse, pre-tool-use, pre_tool_use, pretooluse), or None."""
    wanted = text.replace("-", "").replace("_", "").lower()
    for event in EVENTS:
        if event.lower() == wanted:
            return event
    return None


def run(argv: list[str], read_command=None) -> int:
    """The whole hook call for argv == [EVENT]. `read_command(args, cwd)`: what an argcheck command line will
    do, read by the CLI's click commands (argcheck.cli.effects.read); without it consent gives no decision."""
    event = event_name(argv[0]) if len(argv) == 1 else None
    if event is None:
        sys.stderr.write(f"argcheck hook: unknown event {' '.join(argv)!r}; one of {', '.join(EVENTS)}\n")
        return SETUP_PROBLEM
    try:
        data = read_input()
        if data is None or nothing_to_do(event, data):
            return 0
        hook_input = parse(data)
        answer = respond(event, hook_input, read_command) if hook_input is not None else None
    except Exception as problem:  # noqa: BLE001 - a hook never fails the tool call: no decision instead
        sys.stderr.write(f"argcheck hook {event}: no decision ({type(problem).__name__})\n")
        return 0
    if answer:
        import json

        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return 0


def read_input() -> bytes | None:
    """The hook's input from stdin, or None when there is none or it is too big."""
    if sys.stdin is None or sys.stdin.isatty():
        return None
    data = sys.stdin.buffer.read(MAX_INPUT + 1)
    return None if len(data) > MAX_INPUT else data


EDITOR_NAMES = (b'"Edit"', b'"Write"', b'"MultiEdit"', b'"NotebookEdit"')
READER_FIELDS = {"Read": "file_path", "Grep": "path", "Glob": "path"}


def nothing_to_do(event: str, data: bytes) -> bool:
    """The fast path, decided before JSON is even parsed (which costs more than the rest of the call).

    PreToolUse: the witness guard has nothing against the call (a Bash command's text and the paths its
    words resolve to, a Read / Grep / Glob path; each read from the JSON without parsing it), nothing in
    it names argcheck or the witness, and it is no file editor's call (an editor may reach a state file
    through a symlink) unless the project has no state directory and the call names no `projects` folder
    (the client's transcripts are guarded in every project), or its target plainly lies elsewhere. The other
    events: Claude Code names the project (CLAUDE_PROJECT_DIR) and it has no state directory, so no run is
    open. SessionStart always runs: once per session, it exports the conversation id. Stop, UserPromptSubmit
    and PostToolUse also do nothing when the run index says every run of the project is closed."""
    if event == "SessionStart":
        return False
    if event == "PreToolUse":
        lowered = data.lower()
        if b"argcheck" in lowered or b"witness" in lowered or not _clear_of_the_witness(data):
            return False
        return not any(name in data for name in EDITOR_NAMES) or (_no_state_dir() and b"projects" not in lowered) \
            or _edits_elsewhere(data)  # "projects": it may be the client's transcripts, guarded in every project
    return _no_state_dir() or _no_open_run()


def _clear_of_the_witness(data: bytes) -> bool:
    """The witness guard finds nothing in a Bash command or a Read / Grep / Glob path, read without parsing
    the JSON (harness/witnessguard.py). False also when the field cannot be read plainly."""
    from argcheck.harness import rawinput

    tool = rawinput.string_field(data, "tool_name", escapes=False)
    if tool is None:
        return False  # not plainly written: the full check reads it
    if tool != "Bash" and tool not in READER_FIELDS:
        return True
    from argcheck.harness import witnessguard
    from argcheck.files.witnesslog import key_dir

    cwd = rawinput.string_field(data, "cwd") or os.environ.get("CLAUDE_PROJECT_DIR", "")
    if not os.path.isabs(cwd):
        return False
    if tool == "Bash":
        command = rawinput.string_field(data, "command")
        project = os.environ.get("CLAUDE_PROJECT_DIR", "")
        state = os.path.join(os.path.realpath(project), ".argcheck") if os.path.isabs(project) else None
        return command is not None and witnessguard.check_bash(command, cwd, key_dir()) is None \
            and not witnessguard.reaches(command, cwd, state)
    field = READER_FIELDS[tool]
    tool_input = {field: rawinput.string_field(data, field) or cwd, "pattern": rawinput.string_field(data, "pattern")}
    return witnessguard.check_tool(tool_input, cwd, key_dir()) is None


def _edits_elsewhere(data: bytes) -> bool:
    """An editor's call whose one target path, read without parsing the JSON, is a plain absolute path
    that resolves (symlinks followed) outside the project's state directory and the key's directory,
    compared without case. Anything less plain (an escape, a relative path, two targets) is left to the
    full check."""
    from argcheck.harness import rawinput

    found = [rawinput.string_field(data, key, escapes=False) for key in ("file_path", "notebook_path")]
    found = [path for path in found if path is not None]
    if len(found) != 1:
        return False
    path = found[0]
    project = os.environ.get("CLAUDE_PROJECT_DIR", "")
    if not os.path.isabs(path) or not os.path.isabs(project) or "\0" in path:
        return False
    from argcheck.files.witnesslog import key_dir
    from argcheck.harness.places import inside
    from argcheck.harness.witnessguard import transcripts_dir

    target = os.path.realpath(path)
    return not any(inside(target, root) for root in (os.path.realpath(os.path.join(project, ".argcheck")),
                                                     key_dir(), transcripts_dir()))


def _no_open_run() -> bool:
    """The project's run index (files/runindex.py) vouches that every state file holds a closed run: the
    Stop gate has nothing to hold, and the witness records nothing while no run is open."""
    project = os.environ.get("CLAUDE_PROJECT_DIR", "")
    if not os.path.isabs(project):
        return False
    from argcheck.files.runindex import no_open_run

    return no_open_run(os.path.join(project, ".argcheck"))


def _no_state_dir() -> bool:
    project = os.environ.get("CLAUDE_PROJECT_DIR", "")
    return os.path.isabs(project) and not os.path.isdir(os.path.join(project, ".argcheck"))


def parse(data: bytes) -> dict | None:
    """The hook's JSON object, or None when it is not one."""
    import json

    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


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


def witness(event: str, hook_input: dict) -> None:
    """Record a user prompt, or a Bash / WebSearch / WebFetch call, in the witness log of a project with runs."""
    from argcheck.harness import places

    project = places.project_dir(hook_input)
    state_dir = places.state_dir(project) if project else None
    if not state_dir or not os.path.isdir(state_dir):
        return
    from argcheck.harness import witness as log

    record = log.prompt_record(hook_input) if event == "UserPromptSubmit" else log.tool_record(hook_input)
    if record is None:
        return
    key = log.load_key(places.key_dir())
    if key:
        log.append(state_dir, key, record, hook_input.get("session_id"), transcript=hook_input.get("transcript_path"))


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
    """Block a stop while a run this conversation started owes the agent's move (bounded)."""
    session_id, active = hook_input.get("session_id"), hook_input.get("stop_hook_active") is True
    _, open_runs = _open_runs(hook_input)
    if not open_runs:
        return None
    from argcheck.harness import answers, stopgate

    count = stopgate.blocks_so_far(session_id, active) if isinstance(session_id, str) else 0
    if count is None:
        return None  # a count it cannot read: fail open, never trap the agent
    reason = stopgate.decide(open_runs, session_id, active, hook_input.get("background_tasks"), count)
    if reason is not None and _user_refused(hook_input, session_id):
        return None  # the user said no to a tool call: the turn is the user's to continue
    if reason is None or not stopgate.remember_blocks(session_id, count + 1):
        return None  # nothing owed, or a count it cannot keep: the stop goes through
    return answers.block_stop(reason)


TRANSCRIPT_WAIT, TRANSCRIPT_POLL = 2.0, 0.05  # seconds: the client writes its transcript a moment behind


def _user_refused(hook_input: dict, session_id) -> bool:
    """The conversation's transcript shows a tool call the user refused in this turn. The client may not have
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
    """Export the conversation id to later Bash commands; after compact/resume, restate the open runs."""
    from argcheck.harness import resume

    resume.export_conversation(hook_input.get("session_id"))
    from argcheck.harness import places, witness as log

    log.load_key(places.key_dir())  # made now, so a run started in this conversation is witnessed
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
