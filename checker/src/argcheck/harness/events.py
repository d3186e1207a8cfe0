"""`argcheck hook [--agent claude|codex|gemini] EVENT`: read the agent's hook JSON on stdin, answer in its
hook protocol.

The agent's adapter (harness/agents/) turns its event into the canonical, Claude-shaped input; the core
(harness/decide.py) answers it; the adapter turns the answer into the agent's own. Whatever the input, the
answer is exit 0 with a JSON answer or nothing (no decision); never exit 2, which the agents read as a block
the user could not get out of, and never a traceback. An event shape the adapter does not know gets no
decision and a note in `.argcheck/harness.log`. An unknown EVENT (or agent) is a setup mistake: it is named on
stderr with exit 1, which the agents show and otherwise ignore. Kept free of click and of the protocols' code:
with no run open a call must cost about one interpreter start. Only the consent for an argcheck command loads
click, through the reader the CLI hands in (`read_command`).
"""

from __future__ import annotations

import os
import sys

EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop", "SessionStart")
MAX_INPUT = 8 * 1024 * 1024  # a Bash call's whole output can come in a PostToolUse input
SETUP_PROBLEM = 1


def run(argv: list[str], read_command=None) -> int:
    """The whole hook call for argv == [--agent AGENT] EVENT. `read_command(args, cwd)`: what an argcheck
    command line will do, read by the CLI's click commands (argcheck.cli.effects.read); without it consent
    gives no decision."""
    from argcheck.core.agent_limits import AGENTS
    from argcheck.harness.agents import DEFAULT

    agent, rest = agent_and_event(argv, DEFAULT)
    events = agent_events(agent) if agent in AGENTS else {}
    own = agent_event_name(rest[0], events) if len(rest) == 1 else None
    if own is None:
        what = "event" if agent in AGENTS else "agent"
        sys.stderr.write(f"argcheck hook: unknown {what} {' '.join(argv)!r}; agents: {', '.join(AGENTS)}; "
                         f"{agent} events: {', '.join(events)}\n")
        return SETUP_PROBLEM
    event = events[own]
    try:
        data = read_input()
        if event is None or data is None or nothing_to_do(event, data, agent):
            return 0
        answer = answered(agent, own, event, data, read_command)
    except Exception as problem:  # noqa: BLE001 - a hook never fails the tool call: no decision instead
        if agent == DEFAULT:  # Gemini reads stderr as its answer when stdout is empty: nothing there
            sys.stderr.write(f"argcheck hook {own}: no decision ({type(problem).__name__})\n")
        _note(agent, own, f"no decision ({type(problem).__name__})")
        return 0
    if answer:
        import json

        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return 0


def agent_and_event(argv: list[str], default: str) -> tuple[str, list[str]]:
    """(agent, the rest) of `--agent AGENT REST` / `--agent=AGENT REST` / `REST`."""
    if argv[:1] == ["--agent"] and len(argv) >= 2:
        return argv[1], argv[2:]
    if argv and argv[0].startswith("--agent="):
        return argv[0].partition("=")[2], argv[1:]
    return default, argv


def agent_events(agent: str) -> dict:
    """The agent's event names -> the canonical event (None: nothing to do), without importing its adapter."""
    from argcheck.harness.agents import EVENT_NAMES

    return EVENT_NAMES.get(agent) or {event: event for event in EVENTS}


def agent_event_name(text: str, events: dict) -> str | None:
    """The agent's event `text` names (PreToolUse, pre-tool-use, pre_tool_use, pretooluse), or None."""
    wanted = text.replace("-", "").replace("_", "").lower()
    for event in events:
        if event.lower() == wanted:
            return event
    return None


def event_name(text: str) -> str | None:
    """Claude Code's event `text` names, or None."""
    return agent_event_name(text, {event: event for event in EVENTS})


def answered(agent: str, own: str, event: str, data: bytes, read_command) -> dict | None:
    """The agent's answer to its event `own` (canonical `event`) with input `data`."""
    from argcheck.harness import decide
    from argcheck.harness.agents import adapter

    hook_input = parse(data)
    module = adapter(agent)
    calls = module.canonical(own, hook_input) if hook_input is not None else None
    if not calls:
        _note(agent, own, "an event shape argcheck does not know: no decision", hook_input)
        return None
    answers = [decide.respond(call.pop("event", event), call, read_command) for call in calls]
    return module.answer(own, next((found for found in answers if found), None))


def _note(agent: str, event: str, what: str, hook_input=None) -> None:
    from argcheck.harness import notes

    cwd = hook_input.get("cwd") if isinstance(hook_input, dict) else None
    notes.note(os.environ.get("CLAUDE_PROJECT_DIR") or (cwd if isinstance(cwd, str) else None), agent, event, what)


def read_input() -> bytes | None:
    """The hook's input from stdin, or None when there is none or it is too big."""
    if sys.stdin is None or sys.stdin.isatty():
        return None
    data = sys.stdin.buffer.read(MAX_INPUT + 1)
    return None if len(data) > MAX_INPUT else data


EDITOR_NAMES = (b'"Edit"', b'"Write"', b'"MultiEdit"', b'"NotebookEdit"')
TRANSCRIPT_FOLDERS = (b"projects", b"sessions", b"chats")  # Claude Code's, Codex CLI's, Gemini CLI's
READER_FIELDS = {"Read": "file_path", "Grep": "path", "Glob": "path"}
# The fast path's view of an agent whose tools are not Claude Code's, read without its adapter (nor json).
FAST_TOOLS = {"gemini": ({"run_shell_command": "Bash", "read_file": "Read", "glob": "Glob", "grep_search": "Grep",
                          "search_file_content": "Grep", "list_directory": "Glob", "read_many_files": None},
                         {"Read": "file_path", "Grep": "dir_path", "Glob": "dir_path"},
                         (b'"write_file"', b'"replace"')),
              "codex": ({}, READER_FIELDS, EDITOR_NAMES + (b'"apply_patch"',))}


def nothing_to_do(event: str, data: bytes, agent: str = "claude") -> bool:
    """The fast path, decided before JSON is even parsed (which costs more than the rest of the call).

    PreToolUse: the witness guard has nothing against the call (a Bash command's text and the paths its
    words resolve to, a Read / Grep / Glob path; each read from the JSON without parsing it), nothing in
    it names argcheck or the witness, and it is no file editor's call (an editor may reach a state file
    through a symlink) unless the project has no state directory and the call names no folder where a client
    keeps its transcripts (`projects`, `sessions`, `chats`: guarded in every project), or its target plainly
    lies elsewhere. The other events: the project (CLAUDE_PROJECT_DIR, which Claude Code and Gemini CLI set;
    Codex's event `cwd`) has no state directory, so no run is open. SessionStart always runs: once per
    session, it marks the conversation's start. Stop, UserPromptSubmit and PostToolUse also do nothing when
    the run index says every run of the project is closed."""
    if event == "SessionStart":
        return False
    project = _project(data, agent)
    if event == "PreToolUse":
        lowered = data.lower()
        if b"argcheck" in lowered or b"witness" in lowered or not _clear_of_the_witness(data, agent, project):
            return False
        editors = FAST_TOOLS[agent][2] if agent in FAST_TOOLS else EDITOR_NAMES
        return not any(name in data for name in editors) \
            or (_no_state_dir(project) and not any(folder in lowered for folder in TRANSCRIPT_FOLDERS)) \
            or _edits_elsewhere(data, project)
    return _no_state_dir(project) or _no_open_run(project)


def _project(data: bytes, agent: str) -> str:
    """The project as the hook's core will take it (harness/places.project_dir), read without parsing: Claude
    Code always names it (CLAUDE_PROJECT_DIR; without it the fast path decides nothing); Codex CLI does not,
    so its event's `cwd` does."""
    project = os.environ.get("CLAUDE_PROJECT_DIR", "")
    if os.path.isabs(project) or agent == "claude":
        return project
    from argcheck.harness import rawinput

    cwd = rawinput.string_field(data, "cwd")
    return cwd if cwd and os.path.isabs(cwd) and "\0" not in cwd else ""


def _clear_of_the_witness(data: bytes, agent: str, project: str) -> bool:
    """The witness guard finds nothing in a Bash command or a Read / Grep / Glob path, read without parsing
    the JSON (harness/witnessguard.py). False also when the field cannot be read plainly."""
    from argcheck.harness import rawinput

    tool = rawinput.string_field(data, "tool_name", escapes=False)
    if tool is None:
        return False  # not plainly written: the full check reads it
    names, fields = FAST_TOOLS[agent][:2] if agent in FAST_TOOLS else ({}, READER_FIELDS)
    tool = names.get(tool, tool)
    if tool is None:
        return False  # several paths in one call (Gemini's read_many_files): the full check reads each
    if tool != "Bash" and tool not in fields:
        return True
    from argcheck.harness import witnessguard
    from argcheck.files.witnesslog import key_dir

    cwd = rawinput.string_field(data, "cwd") or project
    if not os.path.isabs(cwd) or (tool == "Bash" and b'"dir_path"' in data):
        return False
    if tool == "Bash":
        command = rawinput.string_field(data, "command")
        state = os.path.join(os.path.realpath(project), ".argcheck") if os.path.isabs(project) else None
        return command is not None and witnessguard.check_bash(command, cwd, key_dir()) is None \
            and not witnessguard.reaches(command, cwd, state)
    field = fields[tool]
    tool_input = {"file_path" if tool == "Read" else "path": rawinput.string_field(data, field) or cwd,
                  "pattern": rawinput.string_field(data, "pattern")}
    return witnessguard.check_tool(tool_input, cwd, key_dir()) is None


def _edits_elsewhere(data: bytes, project: str) -> bool:
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
    if not os.path.isabs(path) or not os.path.isabs(project) or "\0" in path:
        return False
    from argcheck.files.witnesslog import key_dir
    from argcheck.harness.places import inside
    from argcheck.harness.witnessguard import transcripts_dirs

    target = os.path.realpath(path)
    return not any(inside(target, root) for root in (os.path.realpath(os.path.join(project, ".argcheck")),
                                                     key_dir(), *transcripts_dirs()))


def _no_open_run(project: str) -> bool:
    """The project's run index (files/runindex.py) vouches that every state file holds a closed run: the
    Stop gate has nothing to hold, and the witness records nothing while no run is open."""
    if not os.path.isabs(project):
        return False
    from argcheck.files.runindex import no_open_run

    return no_open_run(os.path.join(project, ".argcheck"))


def _no_state_dir(project: str) -> bool:
    return os.path.isabs(project) and not os.path.isdir(os.path.join(project, ".argcheck"))


def parse(data: bytes) -> dict | None:
    """The hook's JSON object, or None when it is not one."""
    import json

    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


