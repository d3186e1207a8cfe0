"""The page's hold on a run's question: a small file beside the state while `argcheck view --serve` runs.

While the page server lives and its page asks the user a question, a user move of a kind the page records,
applied by anyone but the page, is refused (ARG040): the user answers in the page, not through the agent.
The hold names the server's process and its URL, never its secret. A hold whose process is gone holds
nothing (a crashed server releases the question by itself).
"""

from __future__ import annotations

import json
import os

from argcheck.core.rules import finding

SUFFIX = ".page"


def hold_path(state_path: str) -> str:
    """`.argcheck/RUN.json` -> `.argcheck/RUN.page` (not .json: no tool takes it for a run)."""
    root, _ = os.path.splitext(state_path)
    return root + SUFFIX


def take(state_path: str, url: str) -> str:
    """Record that this process's page holds the run's question; returns the hold's path."""
    from argcheck.files import writing

    path = hold_path(state_path)
    writing.replace(path, json.dumps({"pid": os.getpid(), "url": url}).encode("utf-8") + b"\n")
    return path


def release(state_path: str) -> None:
    """Remove this process's hold (another process's hold is left alone)."""
    path = hold_path(state_path)
    held = _read(path)
    if held is not None and held.get("pid") == os.getpid():
        try:
            os.unlink(path)
        except OSError:
            pass


def holder(state_path: str) -> dict | None:
    """The live hold on the run ({pid, url}), or None (no hold, an unreadable one, or its process is gone)."""
    held = _read(hold_path(state_path))
    if held is None or not isinstance(held.get("pid"), int) or isinstance(held.get("pid"), bool):
        return None
    return held if _alive(held["pid"]) else None


def refusals(state_path: str, doc: dict, moves: list, env) -> list:
    """ARG040 for a user move of a kind the page answers (the protocol's forms.answered_moves) while a live
    page holds the question, else nothing (a user move the page never asks for, e.g. sources the user gives
    for a refused search, goes on as before)."""
    held = holder(state_path)
    if held is None:
        return []
    from argcheck.core import discovery, protocol_calls

    spec = discovery.spec(doc["protocol"]) if doc.get("protocol") in discovery.names() else None
    if spec is None or not spec.has_part("forms"):
        return []
    answered = set(protocol_calls.call(spec, "page_moves"))
    if not any(isinstance(m, dict) and m.get("actor") == "user" and m.get("type") in answered for m in moves):
        return []
    if not _page_asks(doc, spec, env):
        return []
    return [finding("ARG040", path="/moves", target=str(held.get("url") or hold_path(state_path)))]


def _page_asks(doc: dict, spec, env) -> bool:
    """The page shows a form now: the run waits for the user (a run that waits for the agent keeps the chat
    route open, since the page then asks nothing)."""
    from argcheck.core import protocol_calls, replay

    engine = replay.replay(doc, env).engine
    return engine is not None and protocol_calls.call(spec, "page_form", engine.state) is not None


def _read(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as handle:
            value = json.loads(handle.read(4096))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except OSError:
        return False
    return True
