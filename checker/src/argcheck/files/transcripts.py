"""The client's transcripts a witnessed run's records name, read for the rules (core/transcripts.py).

Each witness record keeps the `transcript_path` of the hook event that made it. A transcript is read only
when it is where Claude Code keeps one: a file `<session>.jsonl` (the record's own session) in a folder of a
`projects` directory, no larger than MAX_BYTES from its end (the newest lines: a run's records are
recent); its subagents' transcripts (`<session>/subagents/*.jsonl`) are read with it; MAX_TOTAL bounds them
all. A record whose transcript is
missing or elsewhere is not backed, and the rules do not count it.
"""

from __future__ import annotations

import glob
import os

MAX_BYTES = 64 * 1024 * 1024
MAX_TOTAL = 128 * 1024 * 1024  # all transcripts of one replay together: the run's own conversation first
MAX_TRANSCRIPTS = 16


def attach(witness):
    """`witness` with the transcripts its records name (the run's own conversation first)."""
    if witness is None:
        return None
    from argcheck.core.transcripts import Transcript

    wanted: dict[str, None] = {}
    for record in sorted(witness.records, key=lambda record: record.get("session") != witness.session):
        path = record.get("transcript")
        if _claude_transcript(path, record.get("session")) and len(wanted) < MAX_TRANSCRIPTS:
            wanted[path] = None
    witness.transcripts, total = {}, 0
    for path in wanted:
        read = _read(path) if total < MAX_TOTAL else None
        if read is not None:
            text, main = read
            witness.transcripts[path] = Transcript(text, main)
            total += len(text)
    return witness


def _claude_transcript(path, session) -> bool:
    if not isinstance(path, str) or not isinstance(session, str) or not os.path.isabs(path):
        return False
    return os.path.basename(path) == session + ".jsonl" and \
        os.path.basename(os.path.dirname(os.path.dirname(path))) == "projects"


def _read(path: str) -> tuple[str, int] | None:
    """The transcript's text (its last MAX_BYTES), its subagents' appended, and the length of its own part;
    None when it cannot be read."""
    parts = []
    for name in [path] + sorted(glob.glob(os.path.join(glob.escape(path[:-len(".jsonl")]), "subagents", "*.jsonl"))):
        try:
            with open(name, "rb") as handle:
                size = handle.seek(0, os.SEEK_END)
                handle.seek(max(0, size - MAX_BYTES))
                parts.append(handle.read(MAX_BYTES).decode("utf-8", "replace"))
        except OSError:
            if name == path:
                return None
    return "\n".join(parts), len(parts[0])


TAIL_BYTES = 1024 * 1024  # the end of a conversation: its last turn, for the Stop gate


def tail(path, session) -> str | None:
    """The last TAIL_BYTES of the conversation's own transcript (the Stop event's `transcript_path`), or None
    when it is not where Claude Code keeps this session's transcript or cannot be read."""
    if not _claude_transcript(path, session):
        return None
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - TAIL_BYTES))
            return handle.read(TAIL_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
