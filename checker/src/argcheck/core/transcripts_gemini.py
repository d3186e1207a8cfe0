"""Gemini CLI's session file as the witness rules read it (pure: the text comes in, read by files/transcripts.py).

Gemini CLI 0.61.0 keeps each session in `~/.gemini/tmp/<project>/chats/session-<time>-<id[:8]>.jsonl`: a
header line `{"sessionId", "projectHash", "startTime", "kind": "main"}` (written again on each resume), then
one line per message `{"id", "timestamp", "type": "user" | "gemini", "content", ...}`, a message written again
when it changes, and `{"$set": {"messages": [...]}}` lines that restate the history on a resume. (Older
versions wrote one `session-*.json` document with `messages`; files/transcripts.py turns it into these lines.)
Measured on the pinned binary against the mock model:

- a prompt the user typed: a `user` message whose `content` holds `{"text": ...}` parts. Gemini's own context
  is such a message too (`<session_context>`: it lists the project's files, whose names the agent chooses),
  and an AfterAgent hook's block comes back as the next user message, its text the hook's reason and nothing
  to mark it: argcheck's Stop gate words its reason one way (GATE_REASON), and a message in those words is
  not a prompt. `displayContent`, when present, is what the user saw typed and counts instead of `content`
  (which holds, after ADDED_FILES, the text of each `@file` the prompt named: its hooks' prompt has it too).
  A BeforeAgent hook's `additionalContext` comes first in that text, as `<hook_context>...</hook_context>`
  and a blank line (argcheck's hook restates the open runs there): the prompt is what follows it.
- a tool call: a `gemini` message's `toolCalls` `[{"id", "name", "args", "result": [{"functionResponse":
  {"id", "name", "response": {"output" | "error"}}}], "status"}]` (in a `$set` history: a `functionCall`
  part, and a user message of `functionResponse` parts). `run_shell_command` {command}: its output ends
  with `Exit Code: N` when N is not 0; `google_web_search` {query} and `web_fetch` {prompt naming the URLs,
  or url}: their output names the pages.
"""

from __future__ import annotations

import re

from argcheck.core import tampering
from argcheck.core.transcripts import GUARD_MARK, NEEDLE, Transcript, digest, escaped

SHELL, SEARCH, FETCH = "run_shell_command", "google_web_search", "web_fetch"
EXIT_CODE = re.compile(r"^Exit Code: (-?\d+)$", re.MULTILINE)
WEB_URL = re.compile(r"https?://[^\s<>\"'\\)\]]+")
# harness/stopgate.reason_for: the Stop gate's reason, which Gemini feeds back as a user message
GATE_REASON = re.compile(r"argcheck: the \S+ run .* is not done and the next move is yours: ")
CONTEXT_MARKS = ("<session_context>",)
ADDED_FILES = "\n--- Content from referenced files ---"  # where Gemini appends the text of the @files named
# What a BeforeAgent hook adds (argcheck's own restatement of the open runs) comes first in the prompt's message
HOOK_CONTEXT = re.compile(r"\A<hook_context>.*?</hook_context>\n\n", re.S)


class GeminiTranscript(Transcript):
    """One Gemini session's file (its last part, when long), for the records of `session`."""

    __slots__ = ("session",)
    agent = "gemini"

    def __init__(self, text: str, main: int | None = None, session: str | None = None) -> None:
        super().__init__(text, main)
        self.session = session

    def shows(self, record: dict) -> bool:
        if record.get("agent") != self.agent or (self.session and record.get("session") != self.session):
            return False
        kind = record.get("kind")
        if kind == "prompt":
            return self._typed(record)
        if kind == "bash":
            return self._run_response(record) is not None
        if kind == "web_search":
            return self._answer(SEARCH, "query", record.get("query"), None, lambda result: _named(result, record)) \
                is not None
        if kind == "web_fetch":
            return self._fetched(record)
        return False

    def _messages(self, needle: str):
        for line in self._lines_with(needle):
            update = line.get("$set") if isinstance(line.get("$set"), dict) else {}
            for message in [line] + list(update.get("messages") or []):
                if isinstance(message, dict) and "type" in message and "id" in message:
                    yield message

    def _typed(self, record: dict) -> bool:
        text, whole = record.get("text"), record.get("sha256")
        if not isinstance(text, str) or not text:
            return False
        for message in self._messages(escaped(text[:NEEDLE])):
            if message.get("type") == "user" and any(digest(typed) == whole for typed in _typed_texts(message)):
                return True
        return False

    def _calls(self, needle: str, tool: str):
        """(args, [response]) of every `tool` call on a line holding `needle`."""
        for message in self._messages(needle):
            if message.get("type") != "gemini":
                continue
            for call in _tool_calls(message):
                if call.get("name") == tool and isinstance(call.get("args"), dict):
                    yield call["args"], call.get("responses") or self._responses(call.get("id"))

    def _responses(self, call_id) -> list[dict]:
        if not isinstance(call_id, str) or not call_id:
            return []
        return [part["functionResponse"].get("response") for message in self._messages(escaped(call_id))
                for part in _parts(message) if isinstance(part.get("functionResponse"), dict)
                and part["functionResponse"].get("id") == call_id
                and isinstance(part["functionResponse"].get("response"), dict)]

    def _answer(self, tool: str, field: str, value, whole, fits) -> dict | None:
        """The response to a `tool` call with args[field] == value (its digest, when given) that `fits`."""
        if not isinstance(value, str) or not value:
            return None
        for args, responses in self._calls(escaped(value[:NEEDLE]), tool):
            given = args.get(field)
            if isinstance(given, str) and (digest(given) == whole if whole else given == value):
                fitting = [response for response in responses if fits(response)]
                if fitting:
                    return fitting[0]
        return None

    def _run_response(self, record: dict) -> dict | None:
        return self._answer(SHELL, "command", record.get("command"), record.get("command_sha256"),
                            lambda result: _same_run(result, record))

    def exit_code(self, record: dict) -> int | None:
        """The exit code the session shows for the record's command (`Exit Code: N`, none: 0)."""
        response = self._run_response(record)
        if response is None:
            return None
        codes = EXIT_CODE.findall(response["output"])
        return int(codes[0]) if codes else 0

    def _fetched(self, record: dict) -> bool:
        url = record.get("url")
        if not isinstance(url, str) or not url:
            return False
        for args, responses in self._calls(escaped(url[:NEEDLE]), FETCH):
            named = [args.get("url")] + WEB_URL.findall(str(args.get("prompt", "")))
            if url in named and any(_named(response, record) for response in responses):
                return True
        return False

    def attempts(self) -> list[str]:
        if self._attempts is None:
            found = [args["command"] for args, _ in self._calls(f'"{SHELL}"', SHELL)
                     if isinstance(args.get("command"), str) and tampering.reason(args["command"])]
            denied = {str(answer.get("id")) for message in self._messages(GUARD_MARK) for answer in _answers(message)
                      if GUARD_MARK in str(answer.get("response"))}  # each call once: a history restates it
            found += ["a call the witness guard denied"] * len(denied)
            self._attempts = found
        return self._attempts


def _parts(message: dict) -> list[dict]:
    content = message.get("content")
    return [part for part in content if isinstance(part, dict)] if isinstance(content, list) else []


def _answers(message: dict) -> list[dict]:
    """The functionResponse parts of a message, and of its tool calls' inline results."""
    parts = _parts(message) + [part for call in message.get("toolCalls") or [] if isinstance(call, dict)
                               for part in call.get("result") or [] if isinstance(part, dict)]
    return [part["functionResponse"] for part in parts if isinstance(part.get("functionResponse"), dict)]


def _typed_texts(message: dict) -> list[str]:
    """The texts of a user message the user typed: none for a tool result, Gemini's context or a fed-back
    Stop-gate reason."""
    shown, content = message.get("displayContent"), message.get("content")
    parts = shown if isinstance(shown, list) else [{"text": content}] if isinstance(content, str) else _parts(message)
    if any(isinstance(part, dict) and "functionResponse" in part for part in parts):
        return []
    texts = [part.get("text") for part in parts if isinstance(part, dict) and isinstance(part.get("text"), str)]
    if ADDED_FILES in texts:  # the files' text (the agent may have written them) is not what the user typed
        texts = texts[:texts.index(ADDED_FILES)]
    texts = [HOOK_CONTEXT.sub("", text, count=1) for text in texts]
    return [text for text in texts if not text.startswith(CONTEXT_MARKS) and not GATE_REASON.search(text)]


def _tool_calls(message: dict) -> list[dict]:
    """A gemini message's tool calls as {"id", "name", "args", "responses"} (responses: [] when not inline)."""
    found = []
    for call in message.get("toolCalls") or []:
        if isinstance(call, dict):
            inline = [part.get("functionResponse", {}).get("response") for part in call.get("result") or []
                      if isinstance(part, dict) and isinstance(part.get("functionResponse"), dict)]
            found.append({**call, "responses": [r for r in inline if isinstance(r, dict)]})
    for part in _parts(message):
        if isinstance(part.get("functionCall"), dict):
            found.append({**part["functionCall"], "responses": []})
    return found


def _same_run(response: dict, record: dict) -> bool:
    """The command ran (no error instead of its output) and its output says what the record says: the exit
    code (Gemini writes `Exit Code: N` unless it is 0) and the start of the output (whitespace aside)."""
    output = response.get("output")
    if "error" in response or not isinstance(output, str):
        return False
    codes = EXIT_CODE.findall(output)
    exit_code = record.get("exit_code")
    if isinstance(exit_code, int) and not isinstance(exit_code, bool) and (int(codes[0]) if codes else 0) != exit_code:
        return False
    start = " ".join(str(record.get("output", ""))[:NEEDLE].split())
    return start in " ".join(output.split())


def _named(response: dict, record: dict) -> bool:
    """A search or fetch that was answered (not an error), naming every URL the record keeps."""
    output = response.get("output")
    if "error" in response or not isinstance(output, str):
        return False
    return all(isinstance(url, str) and url in output for url in record.get("urls") or [])
