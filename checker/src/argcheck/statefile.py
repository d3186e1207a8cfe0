"""State files on disk: layout, atomic replacement and the lock around read-decide-write."""

from __future__ import annotations

import contextlib
import json
import os
import time

FORMAT = "argcheck-state"
VERSION = 1
DERIVED_FIELDS = ("status", "updated_at", "move_count", "head")
TOP_LEVEL_FIELDS = ("format", "version", "protocol", "id", "created_at", "header", *DERIVED_FIELDS, "moves")
DEFAULT_LOCK_TIMEOUT = 10.0


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


def write_atomic(path: str, data: bytes) -> None:
    """Replace `path` with `data` so that readers see the old or the new file, never a mix.

    A symlinked state file stays a symlink: the file it points to is replaced.
    """
    path = os.path.realpath(path)
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp = _create_temp(directory, os.path.basename(path))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_mode(path, temp)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(directory)


_TEMP_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _create_temp(directory: str, name: str) -> tuple[int, str]:
    """A new file `.NAME.<random>.tmp` in `directory`, mode 0600, as tempfile.mkstemp makes it
    (whose import, with shutil and random, costs an `apply` a few milliseconds)."""
    for _ in range(100):
        temp = os.path.join(directory, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(temp, _TEMP_FLAGS, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name for {name} in {directory}")


def _copy_mode(original: str, temp: str) -> None:
    try:
        os.chmod(temp, os.stat(original).st_mode & 0o777)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)


def _fsync_directory(directory: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def locked(path: str, timeout: float = DEFAULT_LOCK_TIMEOUT):
    """Hold an exclusive lock on `path` (via `path.lock`) for a read-decide-write cycle.

    An advisory `flock` on the lock file, polled until `timeout` seconds have passed (a negative
    timeout waits for ever). The kernel drops the lock when its holder exits, even on kill -9. The
    lock file is left in place: removing it would let two writers lock different files of one name.
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
            os.close(fd)  # closing the last descriptor releases the flock


def _acquire(fcntl, path: str, timeout: float) -> int | None:
    lock_path = os.path.realpath(path) + ".lock"
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
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

    lock = FileLock(os.path.realpath(path) + ".lock", timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise LockBusy(path) from None
    try:
        yield
    finally:
        lock.release()
