"""State files on disk: their layout and the lock around read-decide-write (files/writing.py writes them)."""

from __future__ import annotations

import contextlib
import json
import os
import time

from argcheck.core.envelope import (  # noqa: F401  (re-exported: the envelope and the lock's default wait)
    DEFAULT_LOCK_TIMEOUT, DERIVED_FIELDS, FORMAT, TOP_LEVEL_FIELDS, VERSION,
)
from argcheck.files import writing


class LockBusy(Exception):
    """Another process held the lock for longer than the timeout."""


def serialize(doc: dict) -> bytes:
    """The on-disk layout: a readable header, then one move per line (diff-friendly)."""
    head = {name: doc[name] for name in TOP_LEVEL_FIELDS if name != "moves"}
    text = json.dumps(head, indent=2, ensure_ascii=False)
    moves = doc["moves"]
    if not moves:
        body = '  "moves": []'
    else:
        lines = ",\n".join("    " + json.dumps(m, ensure_ascii=False) for m in moves)
        body = '  "moves": [\n' + lines + "\n  ]"
    return (text[:-2] + ",\n" + body + "\n}\n").encode("utf-8")


@contextlib.contextmanager
def locked(path: str, timeout: float = DEFAULT_LOCK_TIMEOUT):
    """Hold an exclusive lock on `path` (via `path.lock`) for a read-decide-write cycle.

    An advisory `flock` on the lock file, polled until `timeout` seconds have passed (a negative
    timeout waits for ever). The kernel drops the lock when its holder exits, even on kill -9. The
    holder removes the lock file before it lets go, so lock files do not pile up: a writer that had opened
    the removed file finds it unlinked once it holds the lock and locks the new one (`_acquire`), so two
    writers never hold locks on different files of one name. A holder killed with -9 leaves its file.
    """
    try:
        import fcntl
    except ImportError:  # not a POSIX system: the filelock package (a dependency there) does the same
        yield from _locked_portably(path, timeout)
        return
    fd = _acquire(fcntl, path, timeout)
    try:
        yield
    finally:
        if fd is not None:
            _remove_lock_file(writing.place(path) + ".lock", fd)
            os.close(fd)  # closing the last descriptor releases the flock


def _remove_lock_file(lock_path: str, fd: int) -> None:
    """Unlink the lock file we hold, while we hold it (only if the name still points to it)."""
    try:
        if os.stat(lock_path).st_ino == os.fstat(fd).st_ino:
            os.unlink(lock_path)
    except OSError:
        pass  # gone already, or a directory we may not write: the file stays, harmlessly


def _acquire(fcntl, path: str, timeout: float) -> int | None:
    lock_path = writing.place(path) + ".lock"
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = writing.open_lock(lock_path)
        except (FileNotFoundError, NotADirectoryError):
            return None  # no directory, so no state file to guard: the read that follows reports the path
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            left = deadline - time.monotonic()
            if timeout >= 0 and left <= 0:
                raise LockBusy(path) from None
            time.sleep(_POLL_SECONDS if timeout < 0 else min(_POLL_SECONDS, left))
            continue
        except BaseException:
            os.close(fd)
            raise
        if os.fstat(fd).st_nlink:  # else another tool removed the file we locked: lock the new one
            return fd
        os.close(fd)


_POLL_SECONDS = 0.05


def _locked_portably(path: str, timeout: float):
    from filelock import FileLock, Timeout

    lock = FileLock(writing.place(path) + ".lock", timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise LockBusy(path) from None
    try:
        yield
    finally:
        lock.release()
