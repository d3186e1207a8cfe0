"""The state guard: the agent's own file tools never touch argcheck's files; only `argcheck` does.

Protected are everything under the project's `.argcheck/` (state files, their locks, the witness log) and
the witness key's directory outside the project (`witness.key_dir()`). Edit, Write, MultiEdit and
NotebookEdit on a protected path are denied; so are Read, Grep and Glob on the key's directory. A Bash
command is checked on a best-effort basis (see `shellwrites`): a redirection, `tee`, `sed -i`, `cp`/`mv`
over, `rm`, `truncate`, ... aimed at a protected path is denied. An agent with an unrestricted shell can
still find a way past a textual check; docs/hooks.md says so.
"""

from __future__ import annotations

import os

from argcheck.harness import places

EDITORS = {"Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}
READERS = {"Read": "file_path", "Grep": "path", "Glob": "path"}
GUARDED = frozenset(EDITORS) | frozenset(READERS)
INSTEAD = ("argcheck's files change only through argcheck: record a move with `argcheck apply STATE '<move>'` "
           "(or `argcheck ingest`); `argcheck next STATE` says what is due. To drop a run, use the protocol's "
           "cancel or abort move where it has one, or ask the user to run `argcheck sessions delete`.")
KEY_REASON = "the witness key is the user's alone: no tool of the agent reads or writes it"


def check_tool(tool: str, tool_input: dict, cwd: str, state_dir: str | None, key_dir: str) -> str | None:
    """The reason to deny this file tool call, or None."""
    field = EDITORS.get(tool) or READERS.get(tool)
    path = tool_input.get(field) if field else None
    if not isinstance(path, str) or not path:
        return None
    from argcheck.harness.places import inside

    target = places.resolved(path, cwd) or ""
    if inside(target, key_dir):
        return KEY_REASON
    if tool in EDITORS and state_dir and inside(target, state_dir):  # without case: .ARGCHECK/run.json
        return f"{tool} on {path} refused: {INSTEAD}"
    return None


def check_bash(command, cwd: str, state_dir: str | None, key_dir: str) -> str | None:
    """The reason to deny this Bash command (best effort), or None."""
    if not isinstance(command, str):
        return None
    from argcheck.harness import shellwrites

    if key_dir and (key_dir in command or shellwrites.mentions_key(command)):
        return KEY_REASON
    here = os.path.realpath(cwd)
    inside_state = bool(state_dir) and (here == state_dir or places.is_inside(here, state_dir))
    from argcheck.harness.witnessguard import reaches

    if places.STATE_DIR_NAME not in command.lower() and not inside_state and not reaches(command, cwd, state_dir):
        return None  # nothing names the state directory, and no word is a link into it
    protected = [state_dir, key_dir]
    hit = shellwrites.written_target(command, cwd, protected)
    if hit is None:
        return None
    return f"this command writes {hit}, one of argcheck's files: {INSTEAD}"
