"""Codex CLI's rollout file as the witness rules read it (pure: the text comes in, read by files/transcripts.py).

Codex CLI 0.169.0 keeps each thread in `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread>.jsonl`, one
JSON object a line, `{"timestamp", "type", "payload"}`; the hooks' `session_id` is the thread id, and the
first line is `session_meta` with `payload.id` equal to it. The lines that matter (measured on the pinned
binary against the mock model):

- a prompt the user typed: `response_item` `{"type": "message", "role": "user", "content": [{"type":
  "input_text", "text": ...}], "internal_chat_message_metadata_passthrough": {"content_item_metadata":
  [{"provenance": {"type": "user"}}]}}`. Codex's own context (`<environment_context>`, AGENTS.md) is the same
  shape with provenance `harness`; a Stop hook's block comes back as a user message
  `<hook_prompt hook_run_id="...">REASON</hook_prompt>` with provenance `{"type": "harness", "hook": true}`.
  Only provenance `user` counts.
- a shell call: `response_item` `{"type": "function_call", "name": "exec_command", "arguments": "<JSON with
  cmd>", "call_id"}` (older tools: `shell_command` {command}, `shell` {command: [argv]}); its result
  `{"type": "function_call_output", "call_id", "output": "...Process exited with code N\\n...Output:\\n..."}`.
  `write_stdin` {chars} types into a shell `exec_command` left running (read for `attempts` only); a hook's
  denial comes back as the call's output ("Command blocked by PreToolUse hook: REASON"; apply_patch's as a
  `custom_tool_call_output`).
- a web search: `{"type": "web_search_call", "action": {"type": "search", "query"}}`. The search runs inside
  the model provider's hosted tool: no hook event fires for it, and the rollout keeps the query the provider
  reported but not what it returned. Codex CLI therefore cannot witness a web search or fetch, and this
  transcript backs no such record (core/agent_limits.py says so in the run's report).
"""

from __future__ import annotations

import json
import re

from argcheck.core import tampering
from argcheck.core.transcripts import GUARD_MARK, NEEDLE, Transcript, digest, escaped

SHELL_TOOLS = ("exec_command", "shell_command", "shell")
EXIT_CODE = re.compile(r"^Process exited with code (-?\d+)$", re.MULTILINE)
OUTPUT_MARK = "\nOutput:\n"


class CodexTranscript(Transcript):
    """One Codex thread's rollout (its last part, when long), for the records of `session`."""

    __slots__ = ("session", "_commands")
    agent = "codex"

    def __init__(self, text: str, main: int | None = None, session: str | None = None) -> None:
        super().__init__(text, main)
        self.session, self._commands = session, None

    def shows(self, record: dict) -> bool:
        if record.get("agent") != self.agent or (self.session and record.get("session") != self.session):
            return False
        kind = record.get("kind")
        if kind == "prompt":
            return self._typed(record)
        if kind == "bash":
            return self._run_output(record) is not None
        return False  # web_search / web_fetch: Codex cannot witness them (core/agent_limits.py)

    def _payloads(self, needle: str, kind: str):
        for line in self._lines_with(needle):
            payload = line.get("payload")
            if line.get("type") == "response_item" and isinstance(payload, dict) and payload.get("type") == kind:
                yield payload

    def _typed(self, record: dict) -> bool:
        text, whole = record.get("text"), record.get("sha256")
        if not isinstance(text, str) or not text:
            return False
        for message in self._payloads(escaped(text[:NEEDLE]), "message"):
            if message.get("role") == "user" and any(digest(typed) == whole for typed in _typed_texts(message)):
                return True
        return False

    def exit_code(self, record: dict) -> int | None:
        """The exit code the rollout shows for the record's command (a Codex hook event does not carry it)."""
        output = self._run_output(record)
        codes = EXIT_CODE.findall(output) if output is not None else []
        return int(codes[0]) if codes else None

    def _run_output(self, record: dict) -> str | None:
        """The output of a shell call of the record's command that fits the record, or None."""
        command, whole = record.get("command"), record.get("command_sha256")
        if not isinstance(command, str) or not command:
            return None
        if self._commands is None:  # parsed once: each bash record of a run looks them up
            self._commands = list(self._shell_calls())
        for call, given in self._commands:
            if digest(given) == whole if whole else given == command:
                fitting = [output for output in self._outputs(call.get("call_id")) if _fits(output, record)]
                if fitting:
                    return fitting[0]
        return None

    def _shell_calls(self, tools=SHELL_TOOLS):
        """(call, command) for every shell call of the rollout (arguments are JSON inside JSON: parsed)."""
        for call in self._payloads('"function_call"', "function_call"):
            command = shell_command(call.get("name"), call.get("arguments"), tools)
            if command is not None:
                yield call, command

    def _outputs(self, call_id) -> list[str]:
        if not isinstance(call_id, str) or not call_id:
            return []
        return [result["output"] for result in self._payloads(escaped(call_id), "function_call_output")
                if result.get("call_id") == call_id and isinstance(result.get("output"), str)]

    def attempts(self) -> list[str]:
        if self._attempts is None:
            found = [command for _, command in self._shell_calls(SHELL_TOOLS + ("write_stdin",))
                     if tampering.reason(command)]  # write_stdin: what was typed into a running shell
            found += ["a call the witness guard denied" for kind in ("function_call_output", "custom_tool_call_output")
                      for result in self._payloads(GUARD_MARK, kind) if GUARD_MARK in str(result.get("output"))]
            self._attempts = found
        return self._attempts


def _typed_texts(message: dict) -> list[str]:
    """The texts of a user message that Codex marks as the user's (`provenance` of the same index: Codex's own
    context, a skill's instructions and hook feedback are marked `harness`, `skills`, ...)."""
    passthrough = message.get("internal_chat_message_metadata_passthrough")
    marks = passthrough.get("content_item_metadata") if isinstance(passthrough, dict) else None
    content = message.get("content")
    if not isinstance(marks, list) or not isinstance(content, list) or len(marks) != len(content):
        return []
    return [part["text"] for part, mark in zip(content, marks)
            if isinstance(part, dict) and part.get("type") == "input_text" and isinstance(part.get("text"), str)
            and isinstance(mark, dict) and isinstance(mark.get("provenance"), dict)
            and mark["provenance"].get("type") == "user"]


def shell_command(name, arguments, tools=SHELL_TOOLS) -> str | None:
    """The command line a Codex shell tool call runs, as its hooks name it (`tool_input.command`), or None."""
    if name not in tools or not isinstance(arguments, str):
        return None
    try:
        args = json.loads(arguments)
    except ValueError:
        return None
    if not isinstance(args, dict):
        return None
    command = args.get({"exec_command": "cmd", "write_stdin": "chars"}.get(name, "command"))
    if isinstance(command, list) and len(command) >= 3 and command[-2] in ("-c", "-lc") and \
            all(isinstance(word, str) for word in command):
        return command[-1]
    return command if isinstance(command, str) else None


def _fits(output: str, record: dict) -> bool:
    """The rollout's result says what the record says: the exit code (when the record knows it: a Codex
    PostToolUse event carries only the output) and the start of the output (whitespace aside)."""
    codes = EXIT_CODE.findall(output)
    exit_code = record.get("exit_code")
    if isinstance(exit_code, int) and not isinstance(exit_code, bool) and (not codes or int(codes[0]) != exit_code):
        return False
    printed = output.split(OUTPUT_MARK, 1)[1] if OUTPUT_MARK in output else output
    start = " ".join(str(record.get("output", ""))[:NEEDLE].split())
    return start in " ".join(printed.split())
