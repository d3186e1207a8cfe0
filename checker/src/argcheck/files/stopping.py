"""A consultee run owns every process it starts, to the last descendant (docs/wrappers.md, "Who stops what").

While a run is open (`owned_run()`, around everything a command does with consultees):
- on Linux argcheck is a child subreaper (prctl PR_SET_CHILD_SUBREAPER): a process whose parent exits (a CLI's
  helper that keeps the wrapper's stdout open, a daemon that called setsid) becomes argcheck's child, not
  init's, so it stays below argcheck and is found;
- every process started (`start`) carries MARKER=<run>.<call> in its environment, inherited to the last
  descendant, and leads its own process group;
- a watchdog (files/watchdog.py, a process of its own session) outlives argcheck: when argcheck dies, even by
  SIGKILL, it ends every marked process and every call's group within a second;
- SIGTERM and SIGHUP raise KeyboardInterrupt in the main thread as Ctrl-C does; once one came, the three are
  ignored until the run is closed, so the cleanup runs to its end.
A call is ended (`end_call`) when it returns, by any path: whatever of it is still there gets SIGTERM, and
SIGKILL after GRACE seconds. Closing the run ends whatever of it is left.
Where there is no /proc, only the calls' process groups are reached (and the wrappers stop their own).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

from argcheck.files import watchdog

GRACE = 0.8  # seconds between SIGTERM and SIGKILL
AFTER_EXIT = 0.5  # seconds to drain the pipes once the wrapper exited (a descendant may keep them open)
STEP = 0.2  # how often the deadline and the wrapper's exit are checked
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
PR_SET_CHILD_SUBREAPER, PR_GET_CHILD_SUBREAPER = 36, 37


class Run:
    """The processes of one command's consultee calls: their marker, the watchdog, what to restore."""

    def __init__(self) -> None:
        self.token = f"{os.getpid()}-{os.urandom(6).hex()}"
        self.calls = 0
        self.started: set[int] = set()  # the pids `start` created (waited for by their Popen, never reaped here)
        self.lock = threading.Lock()
        self.handlers: dict = {}
        self.subreaper = None  # the previous PR_GET_CHILD_SUBREAPER value, when it was set here
        self.before: set[int] = set()  # argcheck's children when the run opened: not the run's
        self.watchdog = None
        self.pipe = None

    def next_marker(self) -> str:
        with self.lock:
            self.calls += 1
            return f"{self.token}.{self.calls}"

    def tell(self, line: str) -> None:
        """Pass "+PGID" / "-PGID" to the watchdog (nothing if it is not running)."""
        if self.pipe is not None:
            try:
                os.write(self.pipe, f"{line}\n".encode())
            except OSError:
                pass


_run: Run | None = None
_users = 0
_guard = threading.Lock()


@contextlib.contextmanager
def owned_run():
    """Open the run (or join the one open); the last to leave it ends whatever of it is left."""
    global _run, _users
    with _guard:
        if _run is None:
            _run = _opened(Run())
        _users += 1
        run = _run
    try:
        yield run
    finally:
        with _guard:
            _users -= 1
            last = _users == 0
            if last:
                _run = None
        if last:
            try:
                _closed(run)
            except KeyboardInterrupt:  # a signal before the cleanup could ignore the next ones
                _closed(run)
                raise


def _opened(run: Run) -> Run:
    if threading.current_thread() is threading.main_thread():
        run.handlers = {signum: signal.signal(signum, _interrupt) for signum in STOP_SIGNALS}
    run.before = set(children(os.getpid()))
    run.subreaper = _set_subreaper(True)
    _start_watchdog(run)
    return run


def _closed(run: Run) -> None:
    if run.handlers:
        _ignore_stop_signals()
    try:
        _reap(watchdog.end(lambda: run_processes(run), GRACE), run)
        if run.pipe is not None:
            os.close(run.pipe)
            run.pipe = None
        if run.watchdog is not None:
            _wait_or_kill(run.watchdog, 2.0)
        if run.subreaper is not None:
            _set_subreaper(bool(run.subreaper))
    finally:
        for signum, handler in run.handlers.items():
            signal.signal(signum, handler)


def start(run: Run, argv: list[str], capture_stderr: bool) -> tuple[subprocess.Popen, str]:
    """Start `argv` with piped stdin and stdout (and stderr when `capture_stderr`), leading a new process
    group, marked as a new call of `run`; returns the process and its marker."""
    marker = run.next_marker()
    env = dict(os.environ, **{watchdog.MARKER: marker})
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE if capture_stderr else None, env=env, start_new_session=True)
    with run.lock:
        run.started.add(child.pid)
    run.tell(f"+{child.pid}")
    return child, marker


def exchange(child: subprocess.Popen, data: bytes, deadline: float) -> tuple[bytes, bytes, bool]:
    """(stdout, stderr, timed_out): `data` on stdin, then the output until the child exits (and AFTER_EXIT
    more at most: a descendant that keeps the pipes open does not hold the call) or `deadline`
    (time.monotonic()) passes."""
    out, err, exited_at, pending = b"", b"", None, data
    while True:
        now = time.monotonic()
        if now >= deadline:
            return out, err, True
        if exited_at is None and child.poll() is not None:
            exited_at = now
        if exited_at is not None and now - exited_at >= AFTER_EXIT:
            return out, err, False
        try:
            out, err = child.communicate(pending, timeout=max(0.01, min(STEP, deadline - now)))
            return out or b"", err or b"", False
        except subprocess.TimeoutExpired as waiting:
            out, err = waiting.output or out, waiting.stderr or err
        except (BrokenPipeError, OSError, ValueError):  # the child closed stdin early, or the pipes are closed
            pass
        pending = None


def end_call(run: Run, child: subprocess.Popen, marker: str) -> None:
    """End whatever of the call is still running: its process group and every process marked as this call
    (or below one), SIGTERM then SIGKILL after GRACE; then collect the wrapper and the orphans reaped here."""
    _signal_group(child.pid, signal.SIGTERM)
    signalled = watchdog.end(lambda: _below_marked(marker), GRACE if child.poll() is None else 0.3)
    if child.poll() is None:
        _wait_or_kill(child, GRACE, group=True)
    _signal_group(child.pid, signal.SIGKILL)
    run.tell(f"-{child.pid}")
    _reap(signalled, run)


def run_processes(run: Run) -> list[int]:
    """The run's processes still alive: those marked with it and those below them, and the orphans that
    became argcheck's children while the run was open."""
    found = _below_marked(run.token)
    own = set(children(os.getpid())) - run.before - {getattr(run.watchdog, "pid", None)} - set(found)
    for pid in own:
        if not watchdog.zombie(pid):
            found += [pid, *(p for p in descendants(pid) if not watchdog.zombie(p))]
    return found


def _below_marked(marker: str) -> list[int]:
    """Live descendants of argcheck marked with `marker` (a call's, or a run's and so all its calls'), and
    those below them; where argcheck is not a subreaper, the marked processes anywhere under /proc too."""
    roots = watchdog.marked(marker, descendants(os.getpid()))
    found = set(roots)
    for pid in roots:
        found.update(p for p in descendants(pid) if not watchdog.zombie(p))
    if _run is None or _run.subreaper is None:
        found.update(watchdog.marked(marker))
    return sorted(found)


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, read from /proc (none where there is no /proc)."""
    found, queue = [], [pid]
    while queue:
        for child in children(queue.pop()):
            if child not in found:
                found.append(child)
                queue.append(child)
    return found


def children(pid: int) -> list[int]:
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as handle:
                found += [int(word) for word in handle.read().split()]
        except (OSError, ValueError):
            continue
    return found


def _reap(pids, run: Run) -> None:
    """Collect the exit status of each signalled process that became argcheck's child (an orphan), so that
    no zombie is left; the processes `start` created are left to their Popen."""
    for pid in pids:
        if pid in run.started:
            continue
        try:
            os.waitpid(pid, os.WNOHANG)
        except OSError:
            pass


def _wait_or_kill(child: subprocess.Popen, seconds: float, group: bool = False) -> None:
    try:
        child.wait(timeout=seconds)
        return
    except subprocess.TimeoutExpired:
        pass
    if group:
        _signal_group(child.pid, signal.SIGKILL)
    child.kill()
    child.wait()


def _signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except OSError:
        pass


def _interrupt(signum, frame):
    _ignore_stop_signals()
    raise KeyboardInterrupt(signal.Signals(signum).name)


def _ignore_stop_signals() -> None:
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)


def _set_subreaper(on: bool):
    """Make argcheck a child subreaper (or stop being one); the previous setting, or None where it cannot."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
        previous = ctypes.c_int(0)
        if prctl(PR_GET_CHILD_SUBREAPER, ctypes.byref(previous), 0, 0, 0) != 0:
            return None
        if prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0) != 0:
            return None
        return previous.value
    except (OSError, AttributeError):
        return None


def _start_watchdog(run: Run) -> None:
    if not sys.executable:
        return
    reading, writing = os.pipe()
    try:
        run.watchdog = subprocess.Popen([sys.executable, "-I", "-S", watchdog.__file__, run.token], stdin=reading,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        run.pipe = writing
    except OSError:
        os.close(writing)
    finally:
        os.close(reading)
