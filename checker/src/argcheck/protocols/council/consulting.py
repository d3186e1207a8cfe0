"""One consultee call through the wrappers' one contract (`consult <consultee> new|resume ID`, docs/wrappers.md).

The call never raises for a consultee problem: a missing wrapper, a crash or output that is not an
envelope becomes an envelope with a failure class, so the council records it and goes on.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading

from argcheck import envelopes

FAILURE_CLASSES = ("timeout", "not_installed", "auth", "cli_error", "empty")


def find_wrapper(explicit: str | None = None) -> str | None:
    """--wrapper, $ARGCHECK_CONSULT, `argcheck-consult` on PATH, or the checkout's wrappers/consult."""
    for candidate in (explicit, os.environ.get("ARGCHECK_CONSULT"), shutil.which("argcheck-consult")):
        if candidate:
            return candidate
    here = os.path.dirname(os.path.abspath(__file__))
    checkout = os.path.normpath(os.path.join(here, "..", "..", "..", "..", "..", "wrappers", "consult"))
    return checkout if os.path.isfile(checkout) else None


class Consultee:
    """Calls one consultee; tracks its child processes so an interrupted run can stop them."""

    def __init__(self, name: str, wrapper: str | None, extra_args=(), timeout: float | None = None):
        self.name, self.wrapper, self.extra_args, self.timeout = name, wrapper, list(extra_args), timeout
        self.children: set = set()
        self.lock = threading.Lock()

    def call(self, prompt: str, session: str | None = None, args=()) -> dict:
        """The wrapper's envelope for `prompt` (a new session, or `session` resumed)."""
        if not self.wrapper:
            return _failed(self.name, "not_installed", "no consult wrapper: install argcheck-consult or pass --wrapper")
        command = [self.wrapper, self.name, *self.extra_args, *args]
        command += ["resume", session] if session else ["new"]
        try:
            child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8", errors="replace")
        except OSError as error:
            return _failed(self.name, "not_installed", f"{self.wrapper}: {error.strerror or error}")
        with self.lock:
            self.children.add(child)
        try:
            out, err = child.communicate(prompt, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            return _failed(self.name, "timeout", f"no answer within {self.timeout} s")
        finally:
            with self.lock:
                self.children.discard(child)
        return _envelope(self.name, out, err, child.returncode)

    def stop(self) -> None:
        """Terminate the calls still running (only the processes this object started)."""
        with self.lock:
            for child in list(self.children):
                child.terminate()


def _envelope(name: str, out: str, err: str, code: int) -> dict:
    try:
        envelope = json.loads(out)
    except ValueError:
        envelope = None
    if envelopes.is_envelope(envelope):
        return envelopes.normalize(envelope)
    detail = (err.strip().splitlines() or [f"exit status {code}"])[-1]
    return _failed(name, "cli_error", f"the wrapper printed no envelope ({detail})")


def _failed(name: str, failure: str, detail: str) -> dict:
    return {"envelope": 1, "consultee": name, "session_id": None, "response": None, "failure": failure,
            "detail": detail}
