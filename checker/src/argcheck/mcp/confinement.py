"""Where the MCP tools may write and read: a client (an agent) drives them with any arguments it likes, so
the server keeps them in the project it was started in.

- A state file is written only inside the project's `.argcheck/` (the `state` argument, `force` included).
- A file or folder an init option names (a document, a panel file, `options.workspace`) must
  lie inside the project, symlinks followed: `options.workspace: "/"` cannot lift the document confinement.
- `argcheck mcp --allow-outside`, given by the user who registers the server, lifts both.

The project is the server's working directory (an MCP client starts its servers in the project). The server
confines its tools when it starts (`configure`); the tools called in-process as a library, never configured,
are not confined.
"""

from __future__ import annotations

import os

from argcheck.files import writing
from argcheck.mcp.arguments import ToolProblem
from argcheck.exitcodes import ExitCode

STATE_DIR = writing.STATE_DIR
PATH_KINDS = ("file", "folder", "workspace")
_settings = {"allow_outside": True, "project": None}  # until the server configures it


def configure(allow_outside: bool = False, project: str | None = None) -> None:
    """Set once when the server starts (`argcheck mcp [--allow-outside]`)."""
    _settings["allow_outside"] = bool(allow_outside)
    _settings["project"] = os.path.realpath(project or os.getcwd())


def project() -> str:
    return _settings["project"] or os.path.realpath(os.getcwd())


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def outside(message: str, hint: str) -> ToolProblem:
    return ToolProblem("USAGE", "OUTSIDE_PROJECT", message + "; nothing was written", hint,
                       exit_code=int(ExitCode.USAGE))


def check_state_write(path: str | None) -> None:
    """Refuse to write the state file `path` anywhere but inside the project's `.argcheck/` (None: the
    default path, which is there)."""
    if path is None:
        return
    try:
        target = writing.place(path)
    except writing.UnsafePath as refused:
        raise outside(str(refused), "remove the link") from None
    if _settings["allow_outside"]:
        return
    state_dir = os.path.join(project(), STATE_DIR)
    if not _inside(target, state_dir) or target == state_dir:
        raise outside(f"{path} is outside the project's {STATE_DIR}/ ({state_dir}), where the MCP tools write "
                      "state files", f"give a path under {state_dir}, or leave `state` out for the default one; "
                      "to write elsewhere, whoever registers the server starts it with `argcheck mcp "
                      "--allow-outside`")


def check_read_options(declared, options: dict) -> None:
    """Refuse an init option naming a file or folder outside the project (symlinks followed)."""
    if _settings["allow_outside"]:
        return
    root = project()
    for option in declared:
        value = options.get(option.name)
        if option.kind not in PATH_KINDS or not isinstance(value, str) or value == "-":
            continue
        resolved = os.path.realpath(os.path.expanduser(value))
        if not _inside(resolved, root):
            raise outside(f"`options.{option.name}` {value} is outside the project ({root})",
                          "name a file or folder inside the project; to read elsewhere, whoever registers the "
                          "server starts it with `argcheck mcp --allow-outside`")
