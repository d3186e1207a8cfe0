"""Running a consultee wrapper so that Ctrl-C (or SIGTERM) stops it, and everything it started, within a second.

The wrapper runs in its own process group. On KeyboardInterrupt, or SIGTERM to argcheck, the wrapper's group
and every descendant found under /proc get SIGTERM (the wrappers then stop their CLI), and whatever is still
running after GRACE_SECONDS gets SIGKILL. The interruption is then raised again: nothing is recorded.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

GRACE_SECONDS = 0.8


class Terminated(KeyboardInterrupt):
    """argcheck itself got SIGTERM while the wrapper ran (handled like Ctrl-C)."""


def run_stoppable(argv: list[str], data: bytes) -> tuple[int, bytes]:
    """Run `argv` with `data` on stdin; return (exit status, stdout). Stops it all on an interruption."""
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
    previous = _on_sigterm_raise()
    try:
        stdout, _ = process.communicate(data)
        return process.returncode, stdout
    except KeyboardInterrupt:
        stop_all(process)
        raise
    finally:
        _restore_sigterm(previous)


def stop_all(process: subprocess.Popen) -> None:
    """SIGTERM to the process, its group and its descendants; SIGKILL to any still alive after the grace."""
    pids = [process.pid, *descendants(process.pid)]
    _signal_all(process.pid, pids, signal.SIGTERM)
    deadline = time.monotonic() + GRACE_SECONDS
    while time.monotonic() < deadline and (process.poll() is None or any(_alive(pid) for pid in pids[1:])):
        time.sleep(0.02)
    pids += [pid for pid in descendants(process.pid) if pid not in pids]
    _signal_all(process.pid, pids, signal.SIGKILL)
    process.wait()


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, read from /proc (none where there is no /proc)."""
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        for child in _children(parent):
            if child not in found:
                found.append(child)
                queue.append(child)
    return found


def _children(pid: int) -> list[int]:
    children = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return children
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as handle:
                children += [int(word) for word in handle.read().split()]
        except (OSError, ValueError):
            continue
    return children


def _signal_all(group: int, pids: list[int], signum: int) -> None:
    try:
        os.killpg(group, signum)
    except OSError:
        pass
    for pid in pids:
        try:
            os.kill(pid, signum)
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie has exited already
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True


def _raise_terminated(signum, frame):
    raise Terminated()


def _on_sigterm_raise():
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_terminated)


def _restore_sigterm(previous) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)
