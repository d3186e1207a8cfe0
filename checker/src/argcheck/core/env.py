"""What the pure rules may know of the outside world, passed in by the CLI shell."""

from __future__ import annotations

import os
import time
from collections import namedtuple


OUTSIDE = "outside"  # read_lines result: not under the workspace, so not checked
TOO_LARGE = "too_large"  # read_lines(..., max_bytes=N) result: the file is larger than N bytes, and was not read


class Env(namedtuple("Env", "now read_lines witness", defaults=(None,))):
    """The clock (`now`, an ISO 8601 UTC string), a read-only view of workspace files
    (`read_lines(relative, max_bytes=None)`: the lines, None when missing, OUTSIDE, or TOO_LARGE when the
    file is larger than `max_bytes`, checked before it is read), and for a witnessed run the harness's
    verified witness log (`witness`: a core.witnessing.Witness, None otherwise), injected into the rules."""

    __slots__ = ()


def utc_now() -> str:
    override = os.environ.get("ARGCHECK_NOW")
    if override:
        return override
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def file_reader(workspace: str | None):
    """Return a function giving a workspace file's lines, None if it is missing, or OUTSIDE.

    Each file is read once per reader (one replay or apply), so every rule sees the same content.
    """
    seen: dict[tuple, "list[str] | str | None"] = {}

    def read_lines(relative: str, max_bytes: int | None = None) -> "list[str] | str | None":
        if (relative, max_bytes) not in seen:
            seen[relative, max_bytes] = _read_lines(workspace, relative, max_bytes)
        return seen[relative, max_bytes]

    return read_lines


def _read_lines(workspace: str | None, relative: str, max_bytes: int | None = None) -> "list[str] | str | None":
    if not workspace or not os.path.isdir(workspace):
        return OUTSIDE
    try:
        path = os.path.realpath(os.path.join(workspace, relative))
        root = os.path.realpath(workspace)
        if os.path.commonpath([path, root]) != root:
            return OUTSIDE
        if not os.path.isfile(path):
            return None
        if max_bytes is None:
            with open(path, encoding="utf-8", errors="replace") as handle:
                return handle.read().splitlines()
        if os.path.getsize(path) > max_bytes:
            return TOO_LARGE
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)  # bounded even if the file grows after the size check
        return TOO_LARGE if len(data) > max_bytes else data.decode("utf-8", "replace").splitlines()
    except (OSError, ValueError):  # ValueError: a NUL byte, which no file name can hold
        return None


def default_env(workspace: str | None = None) -> Env:
    return Env(now=utc_now(), read_lines=file_reader(workspace))
