"""The seed's `read_file_content` (§4.1) and the evidence check's text matching.

Reading is the shell's job (init); matching is pure and works on the text recorded in the header.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys

from argcheck.core.contract import UsageProblem

from argcheck.protocols.council.spec import MAX_DOCUMENT_BYTES
WHITESPACE = re.compile(r"\s+")


class DocumentProblem(UsageProblem):
    """The document cannot be critiqued: missing, unreadable, binary, empty or oversized (exit 2)."""


def read_file_content(path: str, limit: int = MAX_DOCUMENT_BYTES, workspace: str | None = None) -> dict:
    """The document as the header records it: {path, size, sha256, text}; raises DocumentProblem.
    With `workspace`, a file outside it (symlinks followed) is refused before it is opened."""
    if workspace is not None and path != "-":
        confine(path, workspace)
    data = _read_bytes(path, limit)
    return document_record(path if path == "-" else os.path.abspath(path), data, limit)


def document_from_object(value: dict, workspace: str | None) -> dict:
    """A document given as {"text": ..., "path"?: ...} (an MCP client's text, or the document the CLI read),
    checked as a file's bytes are; {"path": FILE} alone reads FILE (in `workspace`)."""
    unknown = sorted(set(value) - {"path", "text", "size", "sha256"})
    if unknown:
        raise DocumentProblem(f"document: unknown key(s) {', '.join(unknown)}; give {{\"path\": FILE}} or "
                              "{\"text\": TEXT, \"path\"?: NAME}")
    text, path = value.get("text"), value.get("path", "-")
    if text is None and isinstance(path, str) and path != "-":
        return read_file_content(path, workspace=workspace)
    if not isinstance(text, str):
        raise DocumentProblem("document: `text` must be a string (or give {\"path\": FILE} to read a file)")
    if not isinstance(path, str) or not path.strip():
        raise DocumentProblem("document: `path` must be a non-blank string")
    # `path` only names the text here (it is not read); validate compares the file there, if any.
    return document_record(path, text.encode("utf-8", "surrogatepass"), MAX_DOCUMENT_BYTES)


def confine(path: str, workspace: str, what: str = "document") -> None:
    """Refuse a path whose real location (symlinks followed) is not under `workspace`."""
    try:
        real, root = os.path.realpath(path), os.path.realpath(workspace)
        inside = os.path.commonpath([real, root]) == root
    except (OSError, ValueError):  # ValueError: a NUL byte, or paths on different drives
        inside = False
    if not inside:
        raise DocumentProblem(f"{what} {path} is outside the workspace {workspace} (symlinks followed): a "
                              "council reads only files under its workspace; choose the workspace that holds it "
                              "(--workspace DIR, MCP options.workspace)")


def document_record(path: str, data: bytes, limit: int) -> dict:
    if len(data) > limit:
        raise DocumentProblem(f"document {path} is too large: more than {limit} bytes")
    if not data.strip():
        raise DocumentProblem(f"document {path} is empty")
    if b"\0" in data:
        raise DocumentProblem(f"document {path} is binary (it holds NUL bytes); a council critiques text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:  # also a lone surrogate in an object's text
        raise DocumentProblem(f"document {path} is not UTF-8 text (byte {error.start}); a council critiques "
                              "text") from None
    return {"path": path, "size": len(data), "sha256": sha256(text), "text": text}


def _read_bytes(path: str, limit: int) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    if not os.path.exists(path):
        raise DocumentProblem(f"document {path} does not exist")
    if not os.path.isfile(path):
        raise DocumentProblem(f"document {path} is not a regular file")
    if os.path.getsize(path) > limit:  # checked before reading: nothing of an oversized file is read
        raise DocumentProblem(f"document {path} is too large: {os.path.getsize(path)} bytes, more than {limit}")
    try:
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as error:
        raise DocumentProblem(f"document {path} cannot be read: {error.strerror or error}") from None


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def normalized(text: str) -> str:
    """Whitespace-insensitive form: every run of whitespace is one space; no leading or trailing space."""
    return WHITESPACE.sub(" ", text).strip()


def passage(normal_document: str, evidence: str) -> tuple[int, int] | None:
    """Where `evidence` occurs in the normalized document (start, end), or None."""
    snippet = normalized(evidence)
    if not snippet:
        return None
    start = normal_document.find(snippet)
    return None if start < 0 else (start, start + len(snippet))
