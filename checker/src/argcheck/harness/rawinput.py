"""One field of the hook's JSON read without the json module, for the fast path.

Importing `json` costs about one more interpreter start (it imports `re`); the everyday tool call must not
pay it. These read the one string a fast decision needs (`"command"`, `"file_path"`, ...), standing as a
JSON key (not inside a string, where its quotes would be escaped), and give None whenever anything is less
plain than that (the key twice, not a string, a broken escape): the caller then parses the whole input.
"""

from __future__ import annotations

ESCAPES = {"\"": "\"", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
WHITESPACE = b" \t\r\n"


def key_positions(data: bytes, key: bytes) -> list[int]:
    """Where `key` (with its quotes) stands as a JSON key: not preceded by a backslash."""
    positions, at = [], data.find(key)
    while at >= 0:
        if at == 0 or data[at - 1:at] != b"\\":
            positions.append(at)
        at = data.find(key, at + 1)
    return positions


def string_field(data: bytes, name: str, escapes: bool = True) -> str | None:
    """The string value of the one key `name` in `data`, or None (also, unless `escapes`, when the value
    holds an escape)."""
    key = b'"' + name.encode("ascii") + b'"'
    found = key_positions(data, key)
    if len(found) != 1:
        return None
    rest = data[found[0] + len(key):].lstrip(WHITESPACE)
    if not rest.startswith(b":"):
        return None
    rest = rest[1:].lstrip(WHITESPACE)
    if not rest.startswith(b'"'):
        return None
    value = _decoded(rest)
    if not escapes and value is not None and b"\\" in rest[:_string_end(rest)]:
        return None
    return value


def _decoded(rest: bytes) -> str | None:
    """The JSON string `rest` starts with, decoded; None when it does not close or has a broken escape."""
    end = _string_end(rest)
    if end < 0:
        return None
    try:
        text = rest[1:end].decode("utf-8")
    except UnicodeDecodeError:
        return None
    if "\\" not in text:
        return text
    out, index = [], 0
    while index < len(text):
        char = text[index]
        if char != "\\":
            out.append(char)
            index += 1
            continue
        kind = text[index + 1:index + 2]
        if kind == "u":
            digits = text[index + 2:index + 6]
            if len(digits) != 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
                return None
            out.append(chr(int(digits, 16)))
            index += 6
        elif kind in ESCAPES:
            out.append(ESCAPES[kind])
            index += 2
        else:
            return None
    return "".join(out).encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _string_end(rest: bytes) -> int:
    """Where the JSON string `rest` starts with closes (its quote's index), or -1."""
    end = 1
    while True:
        end = rest.find(b'"', end)
        if end < 0:
            return -1
        slashes = len(rest[:end]) - len(rest[:end].rstrip(b"\\"))
        if slashes % 2 == 0:
            return end
        end += 1
