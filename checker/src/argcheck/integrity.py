"""The hash chain that makes a state file's history tamper-evident."""

from __future__ import annotations

import hashlib
import json

_sha256 = hashlib.sha256

HASH_HEX_DIGITS = 32
GENESIS_FIELDS = ("format", "version", "protocol", "id", "created_at", "header")


# One encoder for every call: json.dumps with options builds a new encoder each time.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(value) -> bytes:
    """Canonical JSON bytes: sorted keys, no spaces, UTF-8."""
    return _CANONICAL.encode(value).encode()


def genesis_hash(doc: dict) -> str:
    """The hash that the first move's `prev` must carry: it seals the immutable header."""
    sealed = {name: doc.get(name) for name in GENESIS_FIELDS}
    return hashlib.sha256(b"argcheck-genesis\n" + canonical(sealed)).hexdigest()[:HASH_HEX_DIGITS]


def link(prev: str, move: dict) -> str:
    """The hash of the log after `move`, given the hash of the log before it."""
    return _sha256(prev.encode() + b"\n" + _CANONICAL.encode(move).encode()).hexdigest()[:HASH_HEX_DIGITS]


def short_hash(text: str) -> str:
    """A 16-hex-digit SHA-256 prefix, used for question hashes."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
