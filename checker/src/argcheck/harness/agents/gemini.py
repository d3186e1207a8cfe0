"""Gemini CLI 0.61.0's hooks (checked against its bundle's hook runner and aggregator, and against events it
sent a capture hook: tests/fixtures/agent-events/gemini).

Events: BeforeTool -> PreToolUse, AfterTool -> PostToolUse, BeforeAgent -> UserPromptSubmit, AfterAgent ->
Stop (`prompt_response` is the turn's last message), SessionStart as it is; the rest (BeforeModel,
AfterModel, BeforeToolSelection, PreCompress, SessionEnd, Notification) need nothing. Tools and their
arguments take Claude Code's names (TOOLS). A shell call's `dir_path` is its working directory. A shell
call's result is text: "Output: ..." then "Exit Code: N" when it is not 0.

What the bundle makes of an answer (stdout must be JSON only; with stdout empty it parses stderr, so the
harness writes nothing there for Gemini):
- BeforeTool: `decision` "deny" (or "block") refuses the call ("Tool execution blocked: REASON");
  "ask" makes the client ask the user (a refusal in a headless run); "allow" is no decision at all: the
  user's policy files decide, so the consent's allow is no answer here;
- AfterAgent: `decision` "block" sends `reason` back as the next *user* message, and BeforeAgent fires
  again with it as its prompt (`stop_hook_active` true on the AfterAgent that follows);
- SessionStart: `hookSpecificOutput.additionalContext` would be prepended to the first prompt as
  `<hook_context>...</hook_context>` (which BeforeAgent then sees: it is cut from the prompt here). argcheck
  gives none: RESUMED_HISTORY.

RESUMED_HISTORY (measured on 0.61.0): when a session is resumed, Gemini rebuilds the model's history from the
session file and leaves out every user message whose text starts with `<hook_context>`
(`convertSessionToClientHistory`, `isIgnoredUserContent`): a prompt a SessionStart context was put before would
vanish from the model's view at the next `--resume`, the user's answer with it. Restating the open runs is
left to `argcheck next`, which the skills' notes for Gemini run first in each answer's turn.
"""

from __future__ import annotations

import os
import re

from argcheck.harness.agents import EVENT_NAMES, common, text

AGENT = "gemini"
EVENTS = EVENT_NAMES[AGENT]
# Gemini's tool -> (Claude Code's tool, {Gemini's argument: Claude Code's}); other tools keep their names.
TOOLS = {
    "run_shell_command": ("Bash", {"command": "command"}),
    "read_file": ("Read", {"file_path": "file_path"}),
    "write_file": ("Write", {"file_path": "file_path", "content": "content"}),
    "replace": ("Edit", {"file_path": "file_path", "old_string": "old_string", "new_string": "new_string"}),
    "glob": ("Glob", {"pattern": "pattern", "dir_path": "path"}),
    "list_directory": ("Glob", {"dir_path": "path"}),
    "grep_search": ("Grep", {"pattern": "pattern", "dir_path": "path", "include_pattern": "glob"}),
    "search_file_content": ("Grep", {"pattern": "pattern", "dir_path": "path", "include": "glob"}),
    "google_web_search": ("WebSearch", {"query": "query"}),
    "web_fetch": ("WebFetch", {"prompt": "prompt"}),
}
REQUIRED = {"Bash": "command", "Read": "file_path", "Write": "file_path", "Edit": "file_path",
            "WebSearch": "query", "WebFetch": "prompt"}
HOOK_CONTEXT = re.compile(r"\A(?:<hook_context>.*?</hook_context>\n\n?)+", re.DOTALL)
URL = re.compile(r"https?://[^\s\"'<>)\]]+")
EXIT_CODE = re.compile(r"^Exit Code: (-?\d+)$", re.MULTILINE)
TRAILER = re.compile(r"^(?:Error|Exit Code|Signal|Background PIDs|Process Group PGID): ")


def canonical(event: str, data: dict) -> list[dict] | None:
    base = common(data, AGENT)
    if base is None:
        return None
    if event == "SessionStart":
        return [dict(base, source=data.get("source"))] if text(data.get("source")) else None
    if event == "BeforeAgent":
        prompt = data.get("prompt")
        return [dict(base, prompt=HOOK_CONTEXT.sub("", prompt))] if text(prompt) else None
    if event == "AfterAgent":
        if not isinstance(data.get("stop_hook_active"), bool):
            return None
        last = data.get("prompt_response")
        return [dict(base, stop_hook_active=data["stop_hook_active"], last_assistant_message=last if text(last)
                     else None)]
    if data.get("tool_name") == "read_many_files":
        return many_reads(base, data.get("tool_input"))
    call = tool_call(base, data.get("tool_name"), data.get("tool_input"))
    if call is None or event != "AfterTool":
        return [call] if call is not None else None
    return [finished(call, data.get("tool_response"))]


def tool_call(base: dict, tool, arguments) -> dict | None:
    """The call with Claude Code's tool and argument names, or None when its arguments are not as known."""
    if not text(tool) or not isinstance(arguments, dict):
        return None
    if tool not in TOOLS:
        return dict(base, tool_name=tool, tool_input=arguments)  # activate_skill, MCP tools: no decision
    name, fields = TOOLS[tool]
    tool_input = {claude: arguments[own] for own, claude in fields.items() if own in arguments}
    if name in REQUIRED and not text(tool_input.get(REQUIRED[name])):
        return None
    if tool == "list_directory":
        tool_input["pattern"] = "*"
    if name == "WebFetch":
        found = URL.search(tool_input["prompt"])
        tool_input["url"] = found.group(0) if found else ""
    dir_path = arguments.get("dir_path")
    if name == "Bash" and text(dir_path) and dir_path:
        base = dict(base, cwd=os.path.join(base["cwd"], dir_path))
    return dict(base, tool_name=name, tool_input=tool_input)


def many_reads(base: dict, arguments) -> list[dict] | None:
    """read_many_files: one Read per path or glob it includes (the witness guard reads each)."""
    include = arguments.get("include") if isinstance(arguments, dict) else None
    if not isinstance(include, list) or not include or not all(text(item) and item for item in include):
        return None
    return [dict(base, tool_name="Read", tool_input={"file_path": item}) for item in include]


def finished(call: dict, response) -> dict:
    """An AfterTool call as Claude Code reports it: a shell call's output and exit code read from its text."""
    content = response.get("llmContent") if isinstance(response, dict) else None
    if not text(content):
        content = ""
    if call["tool_name"] != "Bash":
        return dict(call, tool_response=content)
    output, code = shell_result(content)
    if code is None or code == 0:
        return dict(call, tool_response={"stdout": output}, exit_code=code)
    return dict(call, event="PostToolUseFailure", error=f"Exit code {code}\n{output}", exit_code=code)


def shell_result(content: str) -> tuple[str, int | None]:
    """(output, exit code) of run_shell_command's result text; the code None when it is not that text."""
    body = content.strip()
    if body.startswith("<untrusted_context>") and body.endswith("</untrusted_context>"):
        body = body[len("<untrusted_context>"):-len("</untrusted_context>")].strip("\n")
    if not body.startswith("Output: "):
        return content, None
    lines = body[len("Output: "):].split("\n")
    trailer = len(lines)
    while trailer > 1 and TRAILER.match(lines[trailer - 1]):
        trailer -= 1
    tail = "\n".join(lines[trailer:])
    if tail.startswith("Error: ") or "\nError: " in tail or "Signal: " in tail:
        found = EXIT_CODE.search(tail)
        return "\n".join(lines[:trailer]), int(found.group(1)) if found else None
    found = EXIT_CODE.search(tail)
    output = "\n".join(lines[:trailer])
    return ("" if output == "(empty)" else output), int(found.group(1)) if found else 0


def answer(event: str, core_answer: dict | None) -> dict | None:
    if not core_answer:
        return None
    if event == "SessionStart":
        return None  # its context would be dropped with the prompt it is put before (RESUMED_HISTORY)
    if event == "AfterAgent":
        return core_answer  # {"decision": "block", "reason"}
    specific = core_answer.get("hookSpecificOutput") or {}
    decision, reason = specific.get("permissionDecision"), specific.get("permissionDecisionReason") or ""
    if event == "BeforeTool" and decision == "deny":
        return {"decision": "deny", "reason": reason}
    if event == "BeforeTool" and decision == "ask":
        return {"decision": "ask", "systemMessage": reason}
    return None
