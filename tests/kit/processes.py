"""Finding the processes a test started, wherever they went: each inherits an environment marker, read
from /proc (the process's session, group and parent do not matter)."""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path


def new_marker() -> str:
    return f"ARGCHECK_FAULT_RUN={uuid.uuid4().hex}"


def marked(marker: str) -> list[int]:
    """The pids of live processes whose environment holds `marker` (every descendant of the run inherits it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker.encode() in environ.split(b"\0") and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def settled(marker: str, within: float) -> list[int]:
    """The marked processes still alive after waiting up to `within` seconds for them to go."""
    deadline = time.monotonic() + within
    while marked(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return marked(marker)


def described(pids: list[int]) -> list[str]:
    """Each pid with its command line, for an assertion's message."""
    lines = []
    for pid in pids:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            argv = "(gone)"
        lines.append(f"{pid}: {argv.strip()}")
    return lines


def kill_marked(marker: str) -> None:
    for pid in marked(marker):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
