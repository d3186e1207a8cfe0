"""The client's transcripts a witnessed run's records name, read for the rules (core/transcripts*.py).

Each witness record keeps the `transcript_path` of the hook event that made it, and the agent whose hook made
it (`agent`: "codex" | "gemini"; none: Claude Code). A transcript is read only when it is where that agent
keeps the record's own session, and read with that agent's reader:

- Claude Code: a file `<session>.jsonl` in a folder of a `projects` directory; its subagents' transcripts
  (`<session>/subagents/*.jsonl`) are read with it.
- Codex CLI: `sessions/YYYY/MM/DD/rollout-<time>-<session>.jsonl`, whose first line (`session_meta`) names
  the session.
- Gemini CLI: `.gemini/tmp/<project>/chats/session-<time>-<session[:8]>.jsonl` (or `.json`), whose first line
  (or document) names the session (`sessionId`) as a main conversation.

Each is read no further back than MAX_BYTES from its end (the newest lines: a run's records are recent);
MAX_TOTAL bounds them all. A record whose transcript is missing or elsewhere is not backed, and the rules do
not count it.
"""

from __future__ import annotations

import glob
import json
import os

MAX_BYTES = 64 * 1024 * 1024
MAX_TOTAL = 128 * 1024 * 1024  # all transcripts of one replay together: the run's own conversation first
MAX_TRANSCRIPTS = 16


def attach(witness):
    """`witness` with the transcripts its records name (the run's own conversation first)."""
    if witness is None:
        return None
    wanted: dict[str, tuple[str, str]] = {}
    for record in sorted(witness.records, key=lambda record: record.get("session") != witness.session):
        path, session, agent = record.get("transcript"), record.get("session"), record.get("agent", "claude")
        if agent in PLACES and path not in wanted and len(wanted) < MAX_TRANSCRIPTS and \
                PLACES[agent](path, session):
            wanted[path] = (agent, session)
    witness.transcripts, total = {}, 0
    for path, (agent, session) in wanted.items():
        read = READERS[agent](path, session) if total < MAX_TOTAL else None
        if read is not None:
            text, main = read
            witness.transcripts[path] = _transcript(agent, text, main, session)
            total += len(text)
    return witness


def _transcript(agent: str, text: str, main: int, session: str):
    if agent == "codex":
        from argcheck.core.transcripts_codex import CodexTranscript

        return CodexTranscript(text, main, session)
    if agent == "gemini":
        from argcheck.core.transcripts_gemini import GeminiTranscript

        return GeminiTranscript(text, main, session)
    from argcheck.core.transcripts import Transcript

    return Transcript(text, main)


def _claude_transcript(path, session) -> bool:
    if not _absolute(path, session):
        return False
    return os.path.basename(path) == session + ".jsonl" and \
        os.path.basename(os.path.dirname(os.path.dirname(path))) == "projects"


def _absolute(path, session) -> bool:
    return isinstance(path, str) and isinstance(session, str) and bool(session) and os.path.isabs(path)


def _codex_rollout(path, session) -> bool:
    """`sessions/YYYY/MM/DD/rollout-<time>-<session>.jsonl`."""
    if not _absolute(path, session):
        return False
    name, folders = os.path.basename(path), path.split(os.sep)[-5:-1]
    return name.startswith("rollout-") and name.endswith("-" + session + ".jsonl") and len(folders) == 4 and \
        folders[0] == "sessions" and all(part.isdigit() for part in folders[1:])


def _gemini_session(path, session) -> bool:
    """`.gemini/tmp/<project>/chats/session-<time>-<session[:8]>.jsonl` (or .json)."""
    if not _absolute(path, session) or len(session) < 8:
        return False
    name, folders = os.path.basename(path), path.split(os.sep)[-5:-1]
    stem = name[:-len(".jsonl")] if name.endswith(".jsonl") else name[:-len(".json")] if name.endswith(".json") else ""
    return stem.startswith("session-") and stem.endswith("-" + session[:8]) and len(folders) == 4 and \
        folders[0] == ".gemini" and folders[1] == "tmp" and folders[3] == "chats"


def _read_claude(path: str, session=None) -> tuple[str, int] | None:
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


HEAD_BYTES = 1024 * 1024  # a transcript's first line, which names its session


def _tail(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - MAX_BYTES))
            return handle.read(MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return None


def _first_line(path: str) -> dict | None:
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        return None
    end = head.find(b"\n")
    try:
        value = json.loads(head[:end] if end >= 0 else head)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _read_codex(path: str, session: str) -> tuple[str, int] | None:
    first = _first_line(path)
    meta = first.get("payload") if first and first.get("type") == "session_meta" else None
    if not isinstance(meta, dict) or meta.get("id") != session or meta.get("session_id", session) != session:
        return None
    text = _tail(path)
    return None if text is None else (text, len(text))


def _read_gemini(path: str, session: str) -> tuple[str, int] | None:
    if path.endswith(".json"):
        return _read_gemini_document(path, session)
    first = _first_line(path)
    if not first or first.get("sessionId") != session or first.get("kind", "main") != "main":
        return None
    text = _tail(path)
    return None if text is None else (text, len(text))


def _read_gemini_document(path: str, session: str) -> tuple[str, int] | None:
    """An older Gemini CLI's `session-*.json` (one document), as the lines of today's `.jsonl`."""
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return None
        with open(path, encoding="utf-8", errors="replace") as handle:
            document = json.load(handle)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict) or document.get("sessionId") != session or \
            document.get("kind", "main") != "main" or not isinstance(document.get("messages"), list):
        return None
    lines = [json.dumps({"sessionId": session}, ensure_ascii=False)]
    lines += [json.dumps(message, ensure_ascii=False) for message in document["messages"]]
    text = "\n".join(lines)
    return text, len(text)


PLACES = {"claude": _claude_transcript, "codex": _codex_rollout, "gemini": _gemini_session}
READERS = {"claude": _read_claude, "codex": _read_codex, "gemini": _read_gemini}


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
