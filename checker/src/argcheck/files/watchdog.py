"""Ending every process that carries a run's marker: used by argcheck itself, and run as a script by the
watchdog that outlives argcheck (so that `kill -9 argcheck` stops its consultees within a second).

Every process a consultee run starts inherits the environment variable MARKER=<run>.<call>. On Linux the
marked processes are found under /proc, whatever process group or session they moved to and whoever their
parent is now. `end` sends SIGTERM, waits up to `grace` seconds, then sends SIGKILL, scanning again until
none is left (a process that forks while it is stopped is found by the next scan).

As a script (`python -I -S watchdog.py RUN`, stdin a pipe whose only writer is argcheck): it reads the
process groups of the calls running, and waits for end-of-file on stdin, which comes when argcheck closes
the pipe or dies (SIGKILL included); then it ends the groups still running (all that can be done where
there is no /proc) and every process marked with RUN, and exits. It imports only os, signal and time.
"""

from __future__ import annotations

import os
import signal
import time

MARKER = "ARGCHECK_CONSULT_RUN"
STEP = 0.02  # seconds between two scans while processes are going


def marked(prefix: str, candidates=None) -> list[int]:
    """The live processes (of those in `candidates`, default every process under /proc) whose MARKER value
    is `prefix` or starts with `prefix` followed by a dot."""
    needle = f"{MARKER}={prefix}".encode()
    found = []
    for pid in _all_pids() if candidates is None else candidates:
        if pid == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as handle:
                entries = handle.read().split(b"\0")
        except OSError:
            continue
        if any(entry == needle or entry.startswith(needle + b".") for entry in entries) and not zombie(pid):
            found.append(pid)
    return found


def zombie(pid: int) -> bool:
    """Whether `pid` has exited and waits to be reaped (or is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rsplit(")", 1)[-1].split()[0] in ("Z", "X")
    except (OSError, IndexError):
        return True


def end(find, grace: float) -> set[int]:
    """SIGTERM to every process `find()` returns, SIGKILL to those still there after `grace` seconds, and
    SIGKILL again until `find()` returns none (at most a second more); returns the pids signalled."""
    found = find()
    signalled = set(found)
    _signal(found, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while found and time.monotonic() < deadline:
        time.sleep(STEP)
        found = find()
    deadline = time.monotonic() + 1.0
    while found and time.monotonic() < deadline:
        signalled.update(found)
        _signal(found, signal.SIGKILL)
        time.sleep(STEP)
        found = find()
    return signalled


def _signal(pids: list[int], signum: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, signum)
        except OSError:
            pass


def _all_pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []


def watch(run: str) -> None:
    """Read the process groups argcheck reports ("+PGID" when a call starts, "-PGID" when it ended) until
    end-of-file on stdin, then end each group still listed and every process marked with `run`."""
    for signum in (signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)
    groups, pending = set(), b""
    while True:
        try:
            chunk = os.read(0, 512)
        except InterruptedError:
            continue
        except OSError:
            chunk = b""
        if not chunk:
            break
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            _note(groups, line)
    finish(run, groups)


def _note(groups: set, line: bytes) -> None:
    try:
        pgid = int(line[1:])
    except ValueError:
        return
    if line.startswith(b"+") and pgid > 1:
        groups.add(pgid)
    else:
        groups.discard(pgid)


def finish(run: str, groups: set) -> None:
    """End the groups still listed and every process marked with `run` (where there is /proc): SIGTERM,
    then SIGKILL to what is left half a second later."""
    _signal_groups(groups, signal.SIGTERM)
    if os.path.isdir("/proc/self"):
        end(lambda: marked(run), grace=0.5)
    else:
        deadline = time.monotonic() + 0.5
        while _signal_groups(groups, 0) and time.monotonic() < deadline:
            time.sleep(STEP)
    _signal_groups(groups, signal.SIGKILL)


def _signal_groups(groups: set, signum: int) -> bool:
    """Send `signum` to each group; whether any of them still exists."""
    alive = False
    for pgid in groups:
        try:
            os.killpg(pgid, signum)
            alive = True
        except OSError:
            pass
    return alive


if __name__ == "__main__":
    import sys

    watch(sys.argv[1])
