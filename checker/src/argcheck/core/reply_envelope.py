"""The consultee envelope, normalized at the boundary (docs/wrappers.md, "The envelope").

A wrapper checks every field before it prints the envelope, but an envelope can also come from a file, an
agent, an MCP client or a wrapper of one's own. Every path that reads one (`ingest` on the CLI and over MCP,
`consult`, a headless run) passes it through `normalize` first, so the code after it can rely on the
table's types: a value of the wrong type is coerced when nothing is lost, and dropped otherwise.
"""

from __future__ import annotations

import json
import re

FAILURE_CLASSES = ("timeout", "not_installed", "auth", "cli_error", "empty")
SESSION_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
CONSULTEE = re.compile(r"[a-z][a-z0-9-]{0,39}")
DETAIL_LIMIT = 300
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def is_envelope(reply) -> bool:
    return isinstance(reply, dict) and reply.get("envelope") == 1 and not isinstance(reply.get("envelope"), bool)


def normalize(envelope: dict) -> dict:
    """A copy of `envelope` whose fields have the contract's types (unknown keys are dropped)."""
    failure = failure_class(envelope.get("failure"))
    response = _text(envelope.get("response"))
    return {"envelope": 1, "consultee": consultee_name(envelope.get("consultee")),
            "session_id": session_id(envelope.get("session_id")),
            "response": "" if failure else response, "usage": _usage(envelope.get("usage")),
            "duration_ms": _count(envelope.get("duration_ms")), "failure": failure,
            "exit_code": _count(envelope.get("exit_code")), "model": _name(envelope.get("model")),
            "detail": detail(envelope.get("detail")) if failure else None}


def failure_class(value) -> str | None:
    """None for success; a known class as is; anything else that is set is a `cli_error`."""
    if value is None or value is False:
        return None
    return value if isinstance(value, str) and value in FAILURE_CLASSES else "cli_error"


def session_id(value) -> str | None:
    """A session id `resume` accepts, or None (a whole number becomes its digits; a list, an object, a
    bool or a string with other characters is dropped)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and SESSION_ID.fullmatch(value):
        return value
    return None


def consultee_name(value) -> str | None:
    """A wrapper's name (`codex`, `replay`, ...) as the state's provenance takes it, else None."""
    return value if isinstance(value, str) and CONSULTEE.fullmatch(value) else None


def detail(value) -> str | None:
    """One line of at most 300 characters, control characters replaced by spaces."""
    if value is None:
        return None
    text = value if isinstance(value, str) else _json_text(value)
    text = _CONTROL.sub(" ", text).strip()[:DETAIL_LIMIT]
    return text or None


def _text(value) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else _json_text(value)


def _name(value) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    return value[:128] if isinstance(value, str) and value else None


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _usage(value) -> dict | None:
    keys = ("input_tokens", "output_tokens", "cached_input_tokens")
    if not isinstance(value, dict):
        return None
    counts = {key: _count(value.get(key, 0)) for key in keys}
    return None if None in counts.values() else counts


def _json_text(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return type(value).__name__
