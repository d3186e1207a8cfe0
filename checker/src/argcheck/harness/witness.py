"""The witness log: what the harness saw, kept beside the state files, append-only, chained and signed.

Each line of `.argcheck/witness.jsonl` is one JSON record: what happened (a user prompt; a Bash call with
its exit code and output; a web search or fetch with the URLs it returned), in which conversation and
when, its place in the log (`seq`), the `mac` of the record before it (`prev`), and its own `mac`: an
HMAC-SHA256 over the rest, under a key that lives outside the project (`places.key_dir()/witness.key`,
mode 0600, made on first use). A record edited, dropped, reordered or added without the key breaks the
chain (`verify`). The guard keeps the agent's tools off both the log and the key. It raises the cost of
forging a record well above writing a move; it is no boundary against an agent with an unrestricted shell,
which can read any file the user can (docs/hooks.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time

from argcheck.files.witnesslog import (KEY_NAME, LOG_NAME, MAX_LINE, canonical, load_key, read_log,  # noqa: F401
                                      sign, tail_record, verify)

MAX_TEXT = 32768  # a prompt or an output kept verbatim up to this many characters (digest of the whole)
MAX_COMMAND = 8192
MAX_URLS = 100
MAX_URL = 2048
MAX_PATH = 4096
ROOM = 1024  # what a record's line holds besides its texts: seq, prev, at, session, transcript, mac, digests
CUT_FIRST = ("output", "text", "command", "query", "url")
URL = re.compile(r"https?://[^\s\"'<>\\)\]]+")
EXIT_CODE = re.compile(r"Exit code (\d+)")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


# -- what a hook call becomes (pure) ------------------------------------------------------------------------

def prompt_record(hook_input: dict) -> dict | None:
    prompt = hook_input.get("prompt")
    if not isinstance(prompt, str):
        return None
    return {"kind": "prompt", "text": prompt[:MAX_TEXT], "sha256": digest(prompt), "chars": len(prompt)}


def tool_record(hook_input: dict) -> dict | None:
    """A Bash call (PostToolUse: exit 0; PostToolUseFailure: the code in its error), a WebSearch or WebFetch."""
    tool, tool_input = hook_input.get("tool_name"), hook_input.get("tool_input")
    if not isinstance(tool_input, dict):
        return None
    response = hook_input.get("tool_response")
    if tool == "Bash" and isinstance(tool_input.get("command"), str):
        record = _bash_record(tool_input["command"], response, hook_input.get("error"))
        if "exit_code" in hook_input:  # an adapter that read the code elsewhere (None: the agent did not say)
            code = hook_input["exit_code"]
            record["exit_code"] = code if isinstance(code, int) and not isinstance(code, bool) else None
        return record
    if tool == "WebSearch" and isinstance(tool_input.get("query"), str):
        return {"kind": "web_search", "query": tool_input["query"][:MAX_COMMAND], "urls": urls_in(response)}
    if tool == "WebFetch" and isinstance(tool_input.get("url"), str):
        return {"kind": "web_fetch", "url": tool_input["url"][:MAX_COMMAND], "urls": urls_in(response)}
    return None


def _bash_record(command: str, response, error) -> dict:
    if isinstance(error, str):  # PostToolUseFailure: "Exit code N" and what the command printed
        found = EXIT_CODE.search(error)
        exit_code, output = (int(found.group(1)) if found else None), error
    else:
        response = response if isinstance(response, dict) else {}
        parts = [response.get(name) for name in ("stdout", "stderr")]
        exit_code, output = 0, "\n".join(part for part in parts if isinstance(part, str) and part)
    return {"kind": "bash", "command": command[:MAX_COMMAND], "command_sha256": digest(command),
            "exit_code": exit_code, "output": output[:MAX_TEXT], "output_sha256": digest(output),
            "output_chars": len(output)}


def urls_in(value) -> list[str]:
    """Every distinct http(s) URL anywhere in a tool's response, in order (at most MAX_URLS)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    seen: list[str] = []
    for url in URL.findall(text):
        url = url.rstrip(".,;:")
        url = url[:MAX_URL]
        if url not in seen:
            seen.append(url)
        if len(seen) >= MAX_URLS:
            break
    return seen


# -- the key and the log (I/O) ------------------------------------------------------------------------------

def append(state_dir: str, key: bytes, record: dict, session_id, now: str | None = None,
           transcript=None, agent: str | None = None) -> dict:
    """Add `record` to the state directory's witness log, chained and signed; the written entry."""
    import fcntl

    from argcheck.files import privacy, writing  # private (0600, git-ignored), never through a planted link

    privacy.ignore_private_files(state_dir)
    fd = writing.open_append(os.path.join(state_dir, LOG_NAME), private=True, readable=True)
    with os.fdopen(fd, "r+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        entry = entry_after(tail_record(handle), record, session_id, transcript, now, agent)
        entry["mac"] = sign(key, entry)
        handle.seek(0, os.SEEK_END)
        handle.write(canonical(entry) + b"\n")
    return entry


def entry_after(last: dict | None, record: dict, session_id, transcript, now: str | None,
                agent: str | None = None) -> dict:
    """The record as the log's next entry (unsigned): numbered after `last` (a fresh chain when None), tied to
    the client's session and transcript (and, for an agent other than Claude Code, to the agent: "codex" or
    "gemini"; no field is Claude Code, so older logs read the same), cut to fit one line of MAX_LINE bytes."""
    entry = {"seq": last["seq"] + 1 if last else 1, "prev": last.get("mac", "") if last else "",
             "at": now or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
             "session": session_id[:MAX_COMMAND] if isinstance(session_id, str) else None,
             "transcript": transcript[:MAX_PATH] if isinstance(transcript, str) else None, **record}
    if agent:
        entry["agent"] = agent
    return fitted(entry)


def fitted(entry: dict) -> dict:
    """`entry` with its longest texts cut until its line fits MAX_LINE bytes, however its characters escape
    (a control character takes six bytes in JSON); each text keeps the digest of its whole."""
    for field in CUT_FIRST:
        while isinstance(entry.get(field), str) and entry[field] and len(canonical(entry)) > MAX_LINE - ROOM:
            over = len(canonical(entry)) - (MAX_LINE - ROOM)
            entry[field] = entry[field][:max(0, len(entry[field]) - max(over // 6 + 1, len(entry[field]) // 4))]
    if len(canonical(entry)) > MAX_LINE - ROOM:
        entry["urls"] = []
    return entry
