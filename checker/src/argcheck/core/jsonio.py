"""Strict JSON reading: the only place bytes from outside become Python values."""

from __future__ import annotations

import json
import os
import stat
import sys

from argcheck.core.collector import collector_paused
from argcheck.core import arg_rules  # noqa: F401  (registers the ARG rules this module reports)
from argcheck.core.findings import Finding
from argcheck.core.rules import finding

DEFAULT_MAX_BYTES = 64 * 1024 * 1024


class InputError(Exception):
    """Input that cannot be read as strict JSON; carries the finding to report."""

    def __init__(self, found: Finding):
        super().__init__(found.message)
        self.finding = found


def max_bytes() -> int:
    try:
        return int(os.environ.get("ARGCHECK_MAX_BYTES", DEFAULT_MAX_BYTES))
    except ValueError:
        return DEFAULT_MAX_BYTES


def read_bytes(target: str, limit: int | None = None, streams: bool = False) -> bytes:
    """Read a regular file (or stdin for "-") with a size limit.

    With `streams`, a character device or a pipe (`/dev/stdin`, a `<(...)` process substitution) is read
    too, under the same limit; a state file is always a regular file.
    """
    limit = max_bytes() if limit is None else limit
    if target == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        data = _read_file(target, limit, streams)
    if len(data) > limit:
        raise too_large(f"more than {limit}", limit)
    return data


def _read_file(target: str, limit: int, streams: bool = False) -> bytes:
    try:
        info = os.stat(target)
        if streams and (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            return _read_stream(target, limit)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise InputError(finding("ARG007", target=target, reason=kind))
        if info.st_size > limit:
            raise too_large(info.st_size, limit)
        with open(target, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        reason = error.strerror or str(error)
        if streams and isinstance(error, FileNotFoundError):  # an argument that may have meant inline JSON
            reason = "no such file (inline JSON must start with { or [)"
        raise InputError(finding("ARG007", target=target, reason=reason)) from None
    except ValueError:  # a NUL byte: no file can have this name
        raise InputError(finding("ARG007", target=target, reason="a path cannot contain a NUL byte")) from None


def _read_stream(target: str, limit: int) -> bytes:
    """Read a pipe or character device to its end (at most limit + 1 bytes).

    Opened without blocking, so a named pipe nobody writes to reads as empty instead of hanging.
    """
    fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
    os.set_blocking(fd, True)
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit + 1)


def is_inline(argument: str) -> bool:
    """An argument that is JSON text itself: it starts with { or [ after optional whitespace."""
    return argument.lstrip().startswith(("{", "["))


def load_argument(argument: str, empty: str = "empty input"):
    """A MOVES-style argument: inline JSON (see is_inline), - for stdin, else a path (pipes included)."""
    if not argument.strip():
        return parse(b"", "the argument is empty: give inline JSON in single quotes, a file, or - for standard input")
    if not is_inline(argument):
        return parse(read_bytes(argument, streams=True), empty)
    data = argument.encode("utf-8", "surrogateescape")
    if len(data) > max_bytes():
        raise too_large(len(data), max_bytes())
    return parse(data, empty)


def parse(data: bytes, empty: str = "empty input"):
    """Parse bytes as strict JSON: UTF-8, no duplicate keys, no NaN, bounded depth.

    `empty` is the ARG001 detail for input that holds nothing but whitespace (says where it came from).
    """
    text = _decode(data)
    if not text.strip():
        raise InputError(finding("ARG001", detail=empty))
    try:
        with collector_paused():
            value = json.loads(
                text,
                object_pairs_hook=_unique_keys,
                parse_constant=_reject_constant,
                parse_float=_finite_float,
            )
    except InputError:
        raise
    except json.JSONDecodeError as error:
        detail = f"{error.msg.removesuffix(' at')} at line {error.lineno}, column {error.colno}"
        raise InputError(finding("ARG001", detail=detail)) from None
    except ValueError as error:  # e.g. an integer literal longer than Python's digit limit
        raise InputError(finding("ARG008", detail=str(error).split(";")[0])) from None
    except RecursionError:
        raise InputError(finding("ARG004", limit=sys.getrecursionlimit())) from None
    _check_surrogates(text, value)
    return value


def _check_surrogates(text: str, value) -> None:
    # A lone \\uD800-\\uDFFF escape parses but cannot be written back as UTF-8.
    if "\\ud" not in text and "\\uD" not in text:
        return
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise not_utf8("a \\uD800-\\uDFFF escape without its pair (a lone surrogate)") from None


def load(target: str):
    return parse(read_bytes(target))


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise not_utf8(f"byte {error.start}") from None


def _unique_keys(pairs):
    result = dict(pairs)
    if len(result) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise InputError(finding("ARG005", key=key))
            seen.add(key)
    return result


def not_finite(text: str) -> InputError:
    """ARG006: NaN, Infinity, or a number too large for a float."""
    return InputError(finding("ARG006", value=text))


def too_large(size, limit: int) -> InputError:
    """ARG003: the input is over the size limit."""
    return InputError(finding("ARG003", size=size, limit=limit))


def not_utf8(where: str) -> InputError:
    """ARG002: the input is not valid UTF-8 (or holds a lone surrogate)."""
    return InputError(finding("ARG002", offset=where))


def _reject_constant(name):
    raise not_finite(name)


def _finite_float(text):
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise not_finite(text)
    return value
