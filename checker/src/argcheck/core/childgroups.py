"""Child processes in their own process group, with a deadline that holds.

A consultee wrapper runs in a new session (its own process group), so that stopping it reaches what it
started in that group, and a signal meant for argcheck's own group (Ctrl-C in a terminal) is handled by
argcheck, which then stops each call itself. `exchange` writes the prompt and reads stdout and stderr
until the child exits, and no longer: a descendant that keeps the pipe open (a detached helper) cannot
hold the call past the child's exit or past the deadline.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time

AFTER_EXIT = 0.5  # seconds to drain the pipes once the child exited (a descendant may keep them open)
STEP = 0.2  # how often the deadline and the child's exit are checked


def start(command: list[str]) -> subprocess.Popen:
    """Start `command` with piped stdin, stdout and stderr, leading a new process group."""
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def exchange(child: subprocess.Popen, data: bytes, deadline: float | None) -> tuple[bytes, bytes, bool]:
    """(stdout, stderr, timed_out): `data` on stdin, then the output until the child exits or `deadline`
    (time.monotonic()) passes; past the deadline the child's group is stopped."""
    out, err, exited_at, pending = b"", b"", None, data
    while True:
        now = time.monotonic()
        if deadline is not None and now >= deadline:
            stop_group(child)
            return out, err, True
        if exited_at is None and child.poll() is not None:
            exited_at = now
        if exited_at is not None and now - exited_at >= AFTER_EXIT:
            _close(child)
            return out, err, False
        limit = STEP if deadline is None else max(0.01, min(STEP, deadline - now))
        try:
            out, err = child.communicate(pending, timeout=limit)
            return out or b"", err or b"", False
        except subprocess.TimeoutExpired as waiting:
            out, err = waiting.output or out, waiting.stderr or err
        except (BrokenPipeError, OSError, ValueError):  # the child closed stdin early, or the pipes are closed
            pass
        pending = None


def stop_group(child: subprocess.Popen, grace: float = 3.0, close: bool = True) -> None:
    """SIGTERM to the child's process group; SIGKILL to the group once the child is gone or after `grace`
    (a wrapper uses that time to stop the process groups of its own children). `close=False` leaves the
    pipes to the thread that reads them (closing them under it could hand their numbers to another file)."""
    _signal_group(child, signal.SIGTERM)
    try:
        child.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    _signal_group(child, signal.SIGKILL)
    try:
        child.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    if close:
        _close(child)


def _signal_group(child: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(child.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _close(child: subprocess.Popen) -> None:
    for stream in (child.stdin, child.stdout, child.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass


@contextlib.contextmanager
def stop_signals_interrupt():
    """Within the block, SIGTERM and SIGHUP (what `timeout`, CI runners and an agent's tool limit send) raise
    KeyboardInterrupt in the main thread as Ctrl-C does, so that the caller stops its children; a second
    signal during that cleanup is ignored. Outside the main thread the block changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum, frame):
        for name in STOP_SIGNALS:
            signal.signal(name, signal.SIG_IGN)
        raise KeyboardInterrupt(signal.Signals(signum).name)

    previous = {name: signal.signal(name, interrupt) for name in STOP_SIGNALS}
    try:
        yield
    finally:
        for name, handler in previous.items():
            signal.signal(name, handler)


STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
