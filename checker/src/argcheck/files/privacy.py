"""What the hooks record stays the user's: the project's `.argcheck/.gitignore` keeps the witness log, the
locks, the run index and temp files out of version control, and `argcheck witness --purge` removes the log
and says what it leaves.

The state files (`*.json`) and their reports (`*.md`) are the project's record and are not ignored.
"""

from __future__ import annotations

import os

IGNORE_NAME = ".gitignore"
LOG_NAMES = ("witness.jsonl",)
IGNORED = ("witness.jsonl", "witness.jsonl.*", "*.lock", "runs.index", ".runs.index.*", ".*.tmp", "*.page")
GITIGNORE = (
    "# Written by argcheck: files that stay on this machine. The witness log holds your prompts and the output\n"
    "# of Bash commands run while a run was open; locks, the run index, temp files and the page's hold (*.page)\n"
    "# are working files.\n"
    "# Keep the state files (*.json) and reports (*.md) under version control.\n"
    + "".join(f"{pattern}\n" for pattern in IGNORED))


def ignore_private_files(state_dir: str) -> bool:
    """Write `state_dir/.gitignore` unless there is one (the user's own is left alone); True if written."""
    from argcheck.files import writing

    path = os.path.join(state_dir, IGNORE_NAME)
    if os.path.lexists(path):
        return False
    try:
        writing.create(path, GITIGNORE.encode("utf-8"), mode=0o644)
    except FileExistsError:
        return False
    return True


def purge_witness(state_dir: str) -> list[str]:
    """Remove the witness log of `state_dir` (a link is removed, never what it points to); the paths removed."""
    removed = []
    for name in LOG_NAMES:
        path = os.path.join(state_dir, name)
        try:
            os.unlink(path)
        except FileNotFoundError:
            continue
        removed.append(path)
    return removed
