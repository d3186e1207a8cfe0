"""The harness's own log, `.argcheck/harness.log`: a line for each hook call it could not read.

An event whose shape the agent's adapter does not know (a changed client, a broken input) gets no decision;
this note is how the user finds out. Private (0600, through files/writing.py, never through a link in
`.argcheck/`), and bounded: past MAX_BYTES it keeps its newest half. Written only where the project already
has a state directory (no run, nothing to protect: no file is made in a project argcheck does not use).
"""

from __future__ import annotations

import os

LOG_NAME = "harness.log"
MAX_BYTES = 64 * 1024
MAX_NOTE = 300


def note(project: str | None, agent: str, event: str, what: str) -> None:
    """Append one line (never raises)."""
    if not project or not os.path.isabs(project):
        return
    state_dir = os.path.join(project, ".argcheck")
    if not os.path.isdir(state_dir) or os.path.islink(state_dir):
        return
    import time

    from argcheck.files import writing

    line = f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())} {agent} {event}: {what}"
    line = line.replace("\n", " ")[:MAX_NOTE] + "\n"
    path = os.path.join(state_dir, LOG_NAME)
    try:
        fd = writing.open_append(path, private=True, readable=True)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
            size = os.fstat(fd).st_size
            if size > MAX_BYTES:
                os.lseek(fd, size - MAX_BYTES // 2, os.SEEK_SET)
                kept = os.read(fd, MAX_BYTES)
                kept = kept[kept.find(b"\n") + 1:]
                writing.replace(path, kept, mode=0o600, follow=False)
        finally:
            os.close(fd)
    except (OSError, ValueError):
        pass
