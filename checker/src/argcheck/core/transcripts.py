"""The client's own transcript as the witness rules read it (pure: the text comes in, read by files/).

Claude Code keeps each conversation in `~/.claude/projects/<project>/<session>.jsonl`, one JSON object a line:
a user prompt is `{"type": "user", "message": {"role": "user", "content": "TEXT" | [{"type": "text",
"text": ...}]}}`; the model's tool call is an assistant message whose content holds `{"type": "tool_use",
"id", "name", "input"}`; its result a user message holding `{"type": "tool_result", "tool_use_id", "content",
"is_error"}`. Every hook event names this file (`transcript_path`) and the witness keeps it in each record.

`shows(record)` says whether the transcript backs a witness record: the prompt was typed (the same whole
text), the Bash command was called with that exact command and got a result, the search or fetch was made.
A record the agent forged by feeding its own event to the hook has no such line. `attempts()` lists the calls
of the conversation that tried to reach the witness (core/tampering.py), denied or not (ARG032).
Only the lines that can matter are parsed: each is found first as text.
"""

from __future__ import annotations

import hashlib
import json

from argcheck.core import tampering

NEEDLE = 120  # characters of a text searched for before a line is parsed
GUARD_MARK = tampering.DENIED


def escaped(text: str) -> str:
    """`text` as it stands inside a JSON string written by the client (JSON.stringify escapes the same)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class Transcript:
    """One conversation's transcript (its text, and its subagents' appended)."""

    __slots__ = ("text", "main", "_attempts")

    def __init__(self, text: str, main: int | None = None) -> None:
        """`text` is the conversation's transcript, its subagents' after it; the first `main` characters are
        the conversation's own (all of it when not given)."""
        self.text, self._attempts = text, None
        self.main = len(text) if main is None else main

    def _lines_with(self, needle: str, limit: int | None = None):
        """The parsed lines that contain `needle` (as written in the file), before `limit` when given."""
        limit = len(self.text) if limit is None else limit
        start = self.text.find(needle, 0, limit)
        while start >= 0:
            begin = self.text.rfind("\n", 0, start) + 1
            end = self.text.find("\n", start)
            end = len(self.text) if end < 0 else end
            try:
                value = json.loads(self.text[begin:end])
            except ValueError:
                value = None
            if isinstance(value, dict):
                yield value
            start = self.text.find(needle, end, limit)

    def shows(self, record: dict) -> bool:
        if record.get("agent", "claude") != "claude":
            return False  # another agent's record: only its own transcript backs it
        kind = record.get("kind")
        if kind == "prompt":
            return self._typed(record)
        if kind == "bash":
            return self._called("Bash", "command", record.get("command", ""), record.get("command_sha256"),
                                lambda result: _same_result(result, record))
        if kind == "web_search":
            return self._called("WebSearch", "query", record.get("query", ""), None)
        if kind == "web_fetch":
            return self._called("WebFetch", "url", record.get("url", ""), None)
        return False

    def exit_code(self, record: dict) -> int | None:
        """The exit code of the record's command as the transcript shows it, for a record whose hook event did
        not carry one (Claude Code's always do: None here)."""
        return None

    def _typed(self, record: dict) -> bool:
        text, whole = record.get("text"), record.get("sha256")
        if not isinstance(text, str) or not text:
            return False
        # Only the conversation's own lines: a subagent's "user" message is the prompt the agent gave it.
        for line in self._lines_with(escaped(text[:NEEDLE]), self.main):
            if line.get("isSidechain"):
                continue
            message = line.get("message") if line.get("type") == "user" and not line.get("isMeta") else None
            content = message.get("content") if isinstance(message, dict) else None
            if isinstance(content, list) and _blocks(line, "user", "tool_result"):
                continue  # a tool's result: what a command printed is not what the user typed
            texts = [content] if isinstance(content, str) else [
                block.get("text") for block in content or [] if isinstance(block, dict) and block.get("type") == "text"]
            if any(isinstance(typed, str) and digest(typed) == whole for typed in texts):
                return True
        return False

    def _called(self, tool: str, field: str, value: str, whole: str | None, fits=None) -> bool:
        """A `tool` call with input[field] == value (the whole of it: its digest, when given) that got a result
        (one that `fits`, when given)."""
        if not isinstance(value, str) or not value:
            return False
        for line in self._lines_with(escaped(value[:NEEDLE])):
            for block in _blocks(line, "assistant", "tool_use"):
                given = block.get("input", {}).get(field) if isinstance(block.get("input"), dict) else None
                if block.get("name") == tool and isinstance(given, str) and \
                        (digest(given) == whole if whole else given == value) and \
                        any(fits is None or fits(result) for result in self._results(block.get("id"))):
                    return True
        return False

    def _results(self, call_id) -> list[dict]:
        if not isinstance(call_id, str) or not call_id:
            return []
        return [block for line in self._lines_with(escaped(call_id)) for block in _blocks(line, "user", "tool_result")
                if block.get("tool_use_id") == call_id]

    def attempts(self) -> list[str]:
        """The calls of this conversation that tried to reach the witness: a Bash command the witness guard
        names, or any call the guard denied (it saw a link or a script the text does not show)."""
        if self._attempts is None:
            found: list[str] = []
            for line in self._lines_with('"tool_use"'):
                for block in _blocks(line, "assistant", "tool_use"):
                    command = block.get("input", {}).get("command") if isinstance(block.get("input"), dict) else None
                    if block.get("name") == "Bash" and isinstance(command, str) and tampering.reason(command):
                        found.append(command)
            for line in self._lines_with(GUARD_MARK):
                if any(GUARD_MARK in json.dumps(block.get("content"), ensure_ascii=False)
                       for block in _blocks(line, "user", "tool_result")):
                    found.append("a call the witness guard denied")
            self._attempts = found
        return self._attempts


def _same_result(result: dict, record: dict) -> bool:
    """The client's result of a Bash call says what the witness record says: failed or not, and the start of
    the output (whitespace aside; the client may show a long output cut, never a different one)."""
    if bool(result.get("is_error")) != (record.get("exit_code") not in (0, None)):
        return False
    content = result.get("content")
    if isinstance(content, list):
        content = "\n".join(block.get("text", "") for block in content
                            if isinstance(block, dict) and isinstance(block.get("text"), str))
    start = " ".join(str(record.get("output", ""))[:NEEDLE].split())
    return isinstance(content, str) and start in " ".join(content.split())


def _blocks(line: dict, role: str, kind: str) -> list[dict]:
    """The content blocks of `kind` in a transcript line holding a message of `role`."""
    message = line.get("message")
    if line.get("type") != role or not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return []
    return [block for block in message["content"] if isinstance(block, dict) and block.get("type") == kind]
