"""State files on disk: layout, atomic replacement and the lock around read-decide-write."""

from __future__ import annotations

import contextlib
import json
import os

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
    import tempfile

    path = os.path.realpath(path)
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
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
    """Hold an exclusive lock on `path` (via `path.lock`) for a read-decide-write cycle."""
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
