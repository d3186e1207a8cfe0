"""A consultee run (argcheck/files/stopping.py) changes the process only while it is open: the stop signals,
the subreaper setting and the watchdog are all back as they were when it closes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from argcheck.files import stopping

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc are Linux's")


def subreaper() -> int:
    import ctypes

    value = ctypes.c_int(-1)
    assert ctypes.CDLL(None, use_errno=True).prctl(stopping.PR_GET_CHILD_SUBREAPER, ctypes.byref(value), 0, 0, 0) == 0
    return value.value


def test_a_run_is_a_subreaper_with_a_watchdog_and_leaves_the_process_as_it_found_it():
    handlers = {signum: signal.getsignal(signum) for signum in stopping.STOP_SIGNALS}
    with stopping.owned_run() as run:
        assert subreaper() == 1
        assert all(signal.getsignal(signum) is stopping._interrupt for signum in stopping.STOP_SIGNALS)
        assert run.watchdog is not None and run.watchdog.poll() is None
        with stopping.owned_run() as inner:  # joined, not opened twice
            assert inner is run
        assert run.watchdog.poll() is None
    assert subreaper() == 0
    assert {signum: signal.getsignal(signum) for signum in stopping.STOP_SIGNALS} == handlers
    assert run.watchdog.returncode is not None and run.pipe is None


def test_an_orphan_becomes_the_runs_child_and_is_ended_when_the_run_closes():
    with stopping.owned_run() as run:
        child, marker = stopping.start(run, ["sh", "-c", "setsid sleep 60 & echo $!"], capture_stderr=True)
        out, _, timed_out = stopping.exchange(child, b"", deadline=time.monotonic() + 10)
        orphan = int(out.split()[0])
        child.wait()
        assert not timed_out and orphan in stopping.children(os.getpid())  # reparented to argcheck
    assert not _alive(orphan)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[-1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_nothing_of_the_runner_is_loaded_by_an_everyday_command():
    probe = ("import sys\nfrom argcheck.cli import main\nmain(['--help'])\n"
             "print(sorted(m for m in sys.modules if m in ('ctypes', 'argcheck.files.stopping', "
             "'argcheck.files.consulting', 'argcheck.files.watchdog', 'subprocess')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout + done.stderr
