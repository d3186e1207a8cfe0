"""One consultee call through the wrappers' one contract (`consult <consultee> new|resume ID`, docs/wrappers.md).

The call never raises for a consultee problem: a missing wrapper, a crash or output that is not an
envelope becomes an envelope with a failure class, so the council records it and goes on.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time

from argcheck.core import childgroups, reply_envelope

FAILURE_CLASSES = ("timeout", "not_installed", "auth", "cli_error", "empty")
# Seconds a call may take past the wrapper's --timeout: the wrappers' SIGTERM-to-SIGKILL 5 s, their own 2 s to
# write the envelope, and 1 s more; past that argcheck stops the wrapper's process group itself.
WRAPPER_GRACE = 8


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
        self.persona_options = lambda persona: []  # the wrapper options of one persona's calls (run_config)
        self.children: set = set()
        self.lock = threading.Lock()
        self.stopped = False

    def call(self, prompt: str, session: str | None = None, args=()) -> dict:
        """The wrapper's envelope for `prompt` (a new session, or `session` resumed). The wrapper leads its
        own process group; past the time limit that group is stopped, and a descendant that keeps the
        wrapper's stdout open holds the call neither past the wrapper's exit nor past the limit."""
        if not self.wrapper:
            return _failed(self.name, "not_installed", "no consult wrapper: install argcheck-consult or pass --wrapper")
        command = [self.wrapper, self.name, *self.extra_args, *args]
        command += ["resume", session] if session else ["new"]
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        with self.lock:
            if self.stopped:
                return _failed(self.name, "cli_error", "the run was stopped")
            try:
                child = childgroups.start(command)
            except OSError as error:
                return _failed(self.name, "not_installed", f"{self.wrapper}: {error.strerror or error}")
            self.children.add(child)
        try:
            out, err, timed_out = childgroups.exchange(child, prompt.encode("utf-8", "surrogatepass"), deadline)
        finally:
            with self.lock:
                self.children.discard(child)
        if timed_out:
            return _failed(self.name, "timeout", f"no answer within {self.timeout:g} s")
        return _envelope(self.name, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                         child.returncode)

    def stop(self) -> None:
        """Stop the calls still running and refuse new ones: SIGTERM to each wrapper's process group, SIGKILL
        once it is gone (a wrapper first stops its own children's groups). Only what this object started."""
        with self.lock:
            self.stopped = True
            running = list(self.children)
        stoppers = [threading.Thread(target=childgroups.stop_group, args=(child,), kwargs={"close": False})
                    for child in running]
        for stopper in stoppers:
            stopper.start()
        for stopper in stoppers:
            stopper.join()


def _envelope(name: str, out: str, err: str, code: int) -> dict:
    try:
        envelope = json.loads(out)
    except ValueError:
        envelope = None
    if reply_envelope.is_envelope(envelope):
        return reply_envelope.normalize(envelope)
    detail = (err.strip().splitlines() or [f"exit status {code}"])[-1]
    return _failed(name, "cli_error", f"the wrapper printed no envelope ({detail})")


def _failed(name: str, failure: str, detail: str) -> dict:
    return {"envelope": 1, "consultee": name, "session_id": None, "response": None, "failure": failure,
            "detail": detail}
