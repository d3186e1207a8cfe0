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


def read_file_content(path: str, limit: int = MAX_DOCUMENT_BYTES) -> dict:
    """The document as the header records it: {path, size, sha256, text}; raises DocumentProblem."""
    data = _read_bytes(path, limit)
    if len(data) > limit:
        raise DocumentProblem(f"document {path} is too large: more than {limit} bytes")
    if not data.strip():
        raise DocumentProblem(f"document {path} is empty")
    if b"\0" in data:
        raise DocumentProblem(f"document {path} is binary (it holds NUL bytes); a council critiques text")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DocumentProblem(f"document {path} is not UTF-8 text (byte {error.start}); a council critiques "
                              "text") from None
    shown = path if path == "-" else os.path.abspath(path)
    return {"path": shown, "size": len(data), "sha256": sha256(text), "text": text}


def _read_bytes(path: str, limit: int) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read(limit + 1)
    if not os.path.exists(path):
        raise DocumentProblem(f"document {path} does not exist")
    if not os.path.isfile(path):
        raise DocumentProblem(f"document {path} is not a regular file")
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
