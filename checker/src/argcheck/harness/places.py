"""Where the project's argcheck files live, and whether a path a command writes stays among them.

The project is Claude Code's project directory (`CLAUDE_PROJECT_DIR`, set for every hook), else the hook's
`cwd`. Its state directory is `<project>/.argcheck`, as `argcheck init` makes it. A path is inside only when
its fully resolved form (every symlink followed, even a dangling one) lies under the state directory's own
real path, and the state directory itself is no symlink: nothing written there can land elsewhere.
"""

from __future__ import annotations

import os

STATE_DIR_NAME = ".argcheck"


def project_dir(hook_input: dict) -> str | None:
    """The project's absolute directory, or None when the hook gives no usable one."""
    for candidate in (os.environ.get("CLAUDE_PROJECT_DIR"), hook_input.get("cwd")):
        if isinstance(candidate, str) and os.path.isabs(candidate) and "\0" not in candidate:
            return candidate
    return None


def working_dir(hook_input: dict) -> str | None:
    """The directory relative paths in a tool call are taken from (the hook's `cwd`), or None."""
    cwd = hook_input.get("cwd")
    if isinstance(cwd, str) and os.path.isabs(cwd) and "\0" not in cwd:
        return cwd
    return project_dir(hook_input)


def state_dir(project: str) -> str | None:
    """The real path of `<project>/.argcheck`, or None when it is a symlink (or its parent is unusable)."""
    try:
        root = os.path.join(os.path.realpath(project), STATE_DIR_NAME)
        if os.path.realpath(root) != root:
            return None
    except (OSError, ValueError):
        return None
    return root


def resolved(path: str, cwd: str) -> str | None:
    """`path` taken from `cwd`, with every symlink followed; None when it cannot be resolved."""
    if not path or "\0" in path:
        return None
    try:
        return os.path.realpath(os.path.join(cwd, path))
    except (OSError, ValueError):
        return None


def is_inside(path: str | None, directory: str | None) -> bool:
    """True when the resolved `path` lies strictly under `directory` (both absolute, resolved)."""
    if not path or not directory:
        return False
    return path.startswith(directory.rstrip(os.sep) + os.sep)


def key_dir() -> str:
    """Where the witness key lives, outside every project: $XDG_CONFIG_HOME/argcheck (~/.config/argcheck)."""
    from argcheck.files.witnesslog import key_dir as where

    return where()


def inside(path: str, directory: str) -> bool:
    """`path` is `directory` or lies under it, compared without case: on a case-insensitive file system
    `.ARGCHECK/run.json` is a state file and `~/.CONFIG/ARGCHECK/witness.key` the key."""
    if not directory:
        return False
    path, directory = path.casefold(), directory.rstrip(os.sep).casefold()
    return path == directory or path.startswith(directory + os.sep)
