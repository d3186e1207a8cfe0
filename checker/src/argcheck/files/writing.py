"""The one way argcheck writes a file: state files, reports, pages, the run index, locks, the witness log,
the Stop gate's counter, schemas. No other module opens a file for writing (tests/unit/test_one_writer.py).

A project's `.argcheck/` may come from a cloned repository, with symbolic links planted in it to send
argcheck's writes elsewhere (`witness.jsonl -> ~/.bashrc`). So, for every path argcheck writes:

- under a `.argcheck` folder, no component from that folder down may be a symbolic link (the folder itself
  included): the write is refused with UnsafePath, which says which link and why, and nothing is written;
- a new file is made by a temp file created exclusively (O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600) in the
  same folder, then renamed into place, so a link planted at a temp name is never followed;
- a file opened in place (the witness log, a lock) is opened with O_NOFOLLOW;
- outside `.argcheck/`, a final component that is a link the user chose (`render -o report.md` where
  report.md is a link, a state file reached through a link) is followed to its real file, which is replaced.

The checks look at the path as given, before anything resolves it. A process of the same user that swaps a
folder for a link between the check and the write is beyond what a file API can stop (docs/hooks.md).
Kept to os, stat and errno: `apply` and the hooks load it on their fast paths.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat

STATE_DIR = ".argcheck"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO planted as the log must not hang the hook (it is refused)
_TEMP_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)


class UnsafePath(OSError):
    """A write refused because of a symbolic link where argcheck writes; nothing was written."""

    def __str__(self) -> str:
        return self.strerror


def _refusal(path: str, link: str) -> UnsafePath:
    return UnsafePath(errno.ELOOP, (
        f"{link} is a symbolic link inside {STATE_DIR}/, and argcheck writes nothing through a link there (a "
        f"link planted in a cloned project could send its writes anywhere); nothing was written. Remove the "
        f"link (`ls -l {link}`) and run the command again"), path)


def _state_dir_index(parts: list[str]) -> int | None:
    for index, part in enumerate(parts):
        if part.casefold() == STATE_DIR:  # .ARGCHECK on a case-insensitive file system is the same folder
            return index
    return None


def refuse_links(path: str) -> None:
    """Raise UnsafePath if a component of absolute `path`, from its `.argcheck` folder down, is a link."""
    parts = path.split(os.sep)
    first = _state_dir_index(parts)
    if first is None:
        return
    for end in range(first + 1, len(parts) + 1):
        prefix = os.sep.join(parts[:end]) or os.sep
        try:
            mode = os.lstat(prefix).st_mode
        except OSError:
            return  # not there (yet): nothing below it is there either
        if stat.S_ISLNK(mode):
            raise _refusal(path, prefix)


def under_state_dir(path: str) -> bool:
    return _state_dir_index(os.path.abspath(path).split(os.sep)) is not None


def place(path: str, follow: bool = True) -> str:
    """The absolute path argcheck writes when asked to write `path` (UnsafePath if it may not).

    Folders above the file are resolved (a project reached through a link is fine); the `.argcheck` part is
    checked both as given and as resolved. Outside `.argcheck/`, a final link is followed when `follow`."""
    literal = os.path.abspath(path)
    refuse_links(literal)
    folder, name = os.path.split(literal)
    target = os.path.join(os.path.realpath(folder), name)
    refuse_links(target)
    if follow and not under_state_dir(target) and os.path.islink(target):
        target = os.path.realpath(target)
        refuse_links(target)
    return target


def make_dirs(folder: str, mode: int = 0o777) -> None:
    """os.makedirs(folder, exist_ok=True), refused where a `.argcheck` component is a link."""
    refuse_links(os.path.abspath(folder))
    os.makedirs(folder, mode=mode, exist_ok=True)
    refuse_links(os.path.abspath(folder))  # a link that appeared while the folders were made


def temp_folder(prefix: str) -> str:
    """A new private folder (0700, made exclusively) in the system's temp folder."""
    import tempfile  # only the demo's throwaway folder needs it

    return tempfile.mkdtemp(prefix=prefix)


# -- whole files: a temp file beside the target, then a rename ---------------------------------------------

def replace(path: str, data: bytes | str, mode: int | None = None, follow: bool = True) -> str:
    """Replace (or create) `path` with `data` atomically: readers see the old file or the new one.

    The new file keeps the old one's mode, or gets `mode` (default: 0666 less the umask). Returns the path
    written."""
    target = place(path, follow)
    _through_temp(target, data, os.replace, mode)
    return target


def create(path: str, data: bytes | str, mode: int | None = None) -> str:
    """Create `path` with `data`, atomically and only if nothing is there (FileExistsError otherwise).

    The temp file is hard-linked into place, which fails if any other process created `path` first (a
    dangling link included), so two processes creating the same file cannot both succeed."""
    target = place(path, follow=False)
    _through_temp(target, data, _link_new, mode)
    return target


def write_text(path: str, text: str, follow: bool = True) -> str:
    """A text file (UTF-8), replaced atomically: reports, pages, schemas."""
    return replace(path, text.encode("utf-8"), follow=follow)


def _link_new(temp: str, path: str) -> None:
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links: exclusive creation, then the atomic rename
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
        os.replace(temp, path)
        return
    os.unlink(temp)


def _through_temp(path: str, data: bytes | str, install, mode: int | None) -> None:
    """Write `data` to a temp file beside `path`, then `install(temp, path)`; the temp never survives us."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, temp = temp_file(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode if mode is not None else _mode_for(path))
        install(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(os.path.dirname(path))
    remove_stale_temps(path)


def _mode_for(path: str) -> int:
    try:
        return os.lstat(path).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_directory(directory: str) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# A temp file is named after its file, the host and the process that writes it, so that a temp left by a
# killed process (kill -9 gives no chance to clean up) can be told apart and removed later.
_TEMP = re.compile(r"^\.(?P<base>.+)\.(?P<pid>[0-9]+)-(?P<host>[0-9a-f]{8})-[0-9a-z_]+\.tmp$")


def _host_tag() -> str:
    import zlib  # not hashlib or socket: their imports cost a short `apply` more than its own work

    return format(zlib.crc32(os.uname().nodename.encode()), "08x")


def temp_file(path: str) -> tuple[int, str]:
    """A new hidden temp file beside `path`: .NAME.PID-HOST-RANDOM.tmp (never matched by *.json), mode
    0600, created exclusively and never through a link, as tempfile.mkstemp makes it (whose import, with
    shutil and random, costs an `apply` a few milliseconds)."""
    directory, name = os.path.split(path)
    refuse_links(os.path.abspath(directory))
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


# -- files opened in place: appends and locks ---------------------------------------------------------------

def open_append(path: str, private: bool = True, readable: bool = False, follow: bool = False) -> int:
    """A descriptor that appends to `path` (created if missing), never through a link under `.argcheck/`
    (outside it, a final link is followed only when `follow`).

    `private`: the file is made 0600, and a file found wider (an older argcheck made the witness log 0644)
    is narrowed to 0600 when it is ours."""
    target = place(path, follow)
    flags = (os.O_RDWR if readable else os.O_WRONLY) | os.O_CREAT | os.O_APPEND | _NOFOLLOW | _NONBLOCK
    fd = os.open(target, flags, 0o600 if private else 0o666)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, f"refusing to append to {target}: not a regular file", target)
        if info.st_nlink > 1:  # a hard link planted in place of the log is another file's name too
            raise OSError(errno.EMLINK, f"refusing to append to {target}: it has {info.st_nlink} names (a hard "
                                        "link); remove it", target)
        if private and info.st_mode & 0o077 and info.st_uid == getattr(os, "geteuid", lambda: info.st_uid)():
            os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_lock(path: str) -> int:
    """Open (creating) the lock file `path` for flock, never through a link."""
    target = place(path, follow=False)
    return os.open(target, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o666)
