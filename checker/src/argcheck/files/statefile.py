"""State files on disk: layout, atomic replacement and the lock around read-decide-write."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time

from argcheck.core.envelope import (  # noqa: F401  (re-exported: the envelope and the lock's default wait)
    DEFAULT_LOCK_TIMEOUT, DERIVED_FIELDS, FORMAT, TOP_LEVEL_FIELDS, VERSION,
)


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
    _write_through_temp(path, data, os.replace)


def write_new(path: str, data: bytes) -> None:
    """Create `path` with `data`, atomically and only if it does not exist (FileExistsError otherwise).

    The temp file is hard-linked into place, which fails if any other process created `path` first,
    so two processes creating the same file cannot both succeed.
    """
    _write_through_temp(os.path.abspath(path), data, _link_new)


def _link_new(temp: str, path: str) -> None:
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: exclusive creation, then the atomic rename
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.replace(temp, path)
        return
    os.unlink(temp)


def _write_through_temp(path: str, data: bytes, install) -> None:
    """Write `data` to a temp file beside `path`, then `install(temp, path)`; the temp never survives us."""
    directory = os.path.dirname(path)
    fd, temp = temp_file(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_mode(path, temp)
        install(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(directory)
    remove_stale_temps(path)


# A temp file is named after its state file, the host and the process that writes it, so that a temp
# left by a killed process (kill -9 gives no chance to clean up) can be told apart and removed later.
_TEMP = re.compile(r"^\.(?P<base>.+)\.(?P<pid>[0-9]+)-(?P<host>[0-9a-f]{8})-[0-9a-z_]+\.tmp$")


def _host_tag() -> str:
    import zlib  # not hashlib or socket: their imports cost a short `apply` more than its own work

    return format(zlib.crc32(os.uname().nodename.encode()), "08x")


def temp_file(path: str) -> tuple[int, str]:
    """A new hidden temp file beside `path`: .NAME.PID-HOST-RANDOM.tmp (never matched by *.json), mode
    0600, made as tempfile.mkstemp makes it (whose import, with shutil and random, costs an `apply` a few
    milliseconds)."""
    directory, name = os.path.split(path)
    prefix = f".{name}.{os.getpid()}-{_host_tag()}-"
    for _ in range(100):
        temp = os.path.join(directory, f"{prefix}{os.urandom(6).hex()}.tmp")
        try:
            return os.open(temp, _TEMP_FLAGS, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name for {name} in {directory}")


def remove_stale_temps(path: str) -> list[str]:
    """Remove the temp files of `path` whose writer, on this host, is no longer running; return them."""
    directory, base = os.path.split(os.path.abspath(path))
    host, removed = _host_tag(), []
    with contextlib.suppress(OSError):
        for name in os.listdir(directory):
            match = _TEMP.match(name)
            if match and match["base"] == base and match["host"] == host and not _running(int(match["pid"])):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(directory, name))
                    removed.append(name)
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # e.g. EPERM: the process exists, owned by someone else
        return True
    return True


_TEMP_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


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
