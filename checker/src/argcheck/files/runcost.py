"""The clients' own transcripts of a run, read into the records core/tokencost.py sums.

- Claude Code: `$CLAUDE_CONFIG_DIR` (else ~/.claude) `/projects/<project path, every other character a
  hyphen>/<session>.jsonl`; an assistant line carries `message.{id, model, usage}` (input_tokens,
  output_tokens, cache_creation_input_tokens, cache_read_input_tokens), repeated on each line of one message:
  counted once per message id. A user line whose content is text (not a tool result, not a Stop hook's
  feedback) is a prompt.
- Codex CLI: `$CODEX_HOME` (else ~/.codex) `/sessions/**/rollout-*.jsonl`; `event_msg` `token_count` events carry
  the cumulative `info.total_token_usage` (input_tokens, cached_input_tokens, output_tokens): each rise is a
  call; `turn_context` names the model; `event_msg` `task_started` (a turn: Codex 0.169) or `user_message` is
  a prompt.
- Gemini CLI: `~/.gemini/tmp/<project>/chats/session-*.json` (`messages`), or `session-*.jsonl` (0.61: one
  line per message, `$set` updates): a `user` message is a prompt, a `gemini` one a call with `tokens`
  {input, output, cached, thoughts} and `model`.

A transcript is the run's when it names the run (its id or its state file's name).
"""

from __future__ import annotations

import glob
import json
import os
import re

MAX_FILES = 200
MAX_BYTES = 512 * 1024 * 1024


def claude_files(project: str) -> list[str]:
    base = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    slug = re.sub(r"[^A-Za-z0-9]", "-", os.path.abspath(project))
    return glob.glob(os.path.join(base, "projects", slug, "*.jsonl"))


def codex_files() -> list[str]:
    base = os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")
    return glob.glob(os.path.join(base, "sessions", "**", "rollout-*.jsonl"), recursive=True)


def gemini_files() -> list[str]:
    base = os.path.join(os.environ.get("GEMINI_CLI_HOME") or os.path.expanduser("~"), ".gemini")
    chats = os.path.join(base, "tmp", "*", "chats")
    return glob.glob(os.path.join(chats, "session-*.json")) + glob.glob(os.path.join(chats, "session-*.jsonl"))


def find(doc: dict, state_path: str, project: str) -> list[tuple[str, str]]:
    """[(client, path)] of the transcripts that name this run, newest last."""
    marks = [m for m in (doc.get("id"), os.path.basename(state_path)) if isinstance(m, str) and len(m) >= 6]
    found = []
    for client, paths in (("Claude Code", claude_files(project)), ("Codex CLI", codex_files()),
                          ("Gemini CLI", gemini_files())):
        recent = sorted(paths, key=_mtime)[-MAX_FILES:]
        found += [(client, path) for path in recent if _names_run(path, marks)]
    return found


def records(client: str, path: str) -> list[dict]:
    reader = {"Claude Code": claude_records, "Codex CLI": codex_records, "Gemini CLI": gemini_records}[client]
    return reader(path)


def claude_records(path: str) -> list[dict]:
    calls: dict[str, dict] = {}
    found = []
    for line in _json_lines(path):
        message = line.get("message") if isinstance(line.get("message"), dict) else {}
        if line.get("type") == "user" and _typed_prompt(message.get("content")) and not line.get("isMeta"):
            found.append({"kind": "prompt", "at": line.get("timestamp")})
        usage = message.get("usage")
        if line.get("type") == "assistant" and isinstance(usage, dict):
            key = str(message.get("id") or line.get("requestId") or line.get("uuid"))
            calls[key] = {"kind": "call", "at": calls.get(key, {}).get("at") or line.get("timestamp"),
                          "model": message.get("model"),
                          "usage": {"input": usage.get("input_tokens"), "output": usage.get("output_tokens"),
                                    "cache_read": usage.get("cache_read_input_tokens"),
                                    "cache_write": usage.get("cache_creation_input_tokens")}}
    return found + list(calls.values())


HOOK_FEEDBACK = ("Stop hook feedback:",)  # what Claude Code records as a user line when a Stop hook blocks


def _typed_prompt(content) -> bool:
    if isinstance(content, str):
        return bool(content.strip()) and not content.startswith(HOOK_FEEDBACK)
    kinds = {part.get("type") for part in content if isinstance(part, dict)} if isinstance(content, list) else set()
    return "text" in kinds and "tool_result" not in kinds


def codex_records(path: str) -> list[dict]:
    found, model, before = [], None, {"input_tokens": 0, "cached_input_tokens": 0, "output_tokens": 0}
    for line in _json_lines(path):
        payload = line.get("payload") if isinstance(line.get("payload"), dict) else {}
        if line.get("type") == "turn_context" and payload.get("model"):
            model = payload["model"]
        if line.get("type") != "event_msg":
            continue
        if payload.get("type") in ("user_message", "task_started"):  # 0.169 records a turn's start, not the text
            found.append({"kind": "prompt", "at": line.get("timestamp")})
        info = payload.get("info") if isinstance(payload.get("info"), dict) else {}
        now = info.get("total_token_usage")
        if payload.get("type") != "token_count" or not isinstance(now, dict):
            continue
        rise = {key: _count(now.get(key)) - before[key] for key in before}
        if any(value > 0 for value in rise.values()):
            found.append({"kind": "call", "at": line.get("timestamp"), "model": model,
                          "usage": {"input": rise["input_tokens"] - rise["cached_input_tokens"],
                                    "output": rise["output_tokens"], "cache_read": rise["cached_input_tokens"]}})
        before = {key: _count(now.get(key)) for key in before}
    return found


def gemini_messages(path: str) -> list[dict]:
    """A Gemini session's messages: a .json file's `messages`, or a .jsonl file's message lines and `$set`
    updates (Gemini CLI 0.61), the last version of each message id kept."""
    if not path.endswith(".jsonl"):
        try:
            with open(path, encoding="utf-8") as handle:
                session = json.load(handle)
        except (OSError, ValueError):
            return []
        messages = session.get("messages", []) if isinstance(session, dict) else []
        return [m for m in messages if isinstance(m, dict)]
    found: dict[str, dict] = {}
    for line in _json_lines(path):
        update = line.get("$set") if isinstance(line.get("$set"), dict) else {}
        for message in [line] + [m for m in update.get("messages", []) if isinstance(m, dict)]:
            if "type" in message and "id" in message:
                found[str(message["id"])] = message
    return list(found.values())


def gemini_records(path: str) -> list[dict]:
    found = []
    for message in gemini_messages(path):
        if message.get("type") == "user":
            found.append({"kind": "prompt", "at": message.get("timestamp")})
        tokens = message.get("tokens")
        if message.get("type") == "gemini" and isinstance(tokens, dict):
            cached = _count(tokens.get("cached"))
            found.append({"kind": "call", "at": message.get("timestamp"), "model": message.get("model"),
                          "usage": {"input": _count(tokens.get("input")) - cached,
                                    "output": _count(tokens.get("output")) + _count(tokens.get("thoughts")),
                                    "cache_read": cached}})
    return found


def _count(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _json_lines(path: str):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for text in handle:
                try:
                    line = json.loads(text)
                except ValueError:
                    continue
                if isinstance(line, dict):
                    yield line
    except OSError:
        return


def _names_run(path: str, marks: list[str]) -> bool:
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return False
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return False
    return any(mark in text for mark in marks)


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


def project_root(state_path: str, doc: dict) -> str:
    """The project a run belongs to: the folder holding its `.argcheck/`, else its header's workspace, else here."""
    folder = os.path.dirname(os.path.abspath(state_path))
    if os.path.basename(folder) == ".argcheck":
        return os.path.dirname(folder)
    header = doc.get("header") if isinstance(doc.get("header"), dict) else {}
    workspace = header.get("workspace")
    return workspace if isinstance(workspace, str) and workspace else os.getcwd()


def measure(doc: dict, state_path: str) -> dict:
    """The run's measured cost: tokens per model over its turns, from every transcript that names it, and the
    consultees' usage their envelopes reported (core/tokencost.py sums)."""
    from argcheck.core import tokencost

    found = find(doc, state_path, project_root(state_path, doc))
    calls = [record for client, path in found for record in records(client, path)]
    summed = tokencost.sum_usage(calls, str(doc.get("created_at", "")), str(doc.get("updated_at", "")))
    why = "" if found else ("no Claude Code, Codex CLI or Gemini CLI transcript names this run (its id "
                            f"{doc.get('id')}); a run driven from elsewhere is not measured")
    return {"source": "measured" if found else "not measured", "client": ", ".join(dict.fromkeys(c for c, _ in found)),
            "transcripts": [path for _, path in found], **summed,
            "consultees": tokencost.consultee_usage(doc.get("moves") or []), "why": why}
