"""The hash chain that makes a state file's history tamper-evident (not tamper-proof).

Each move carries `prev`, the hash of the log before it; the first move's `prev` is the genesis hash
of the immutable header, and the header's `head` is the hash after the last move. `argcheck validate`
recomputes every link, so it reports:

- a hand edit of any stored move or of the header's sealed fields (ARG020 at the next move, or
  ARG022 at the head; DLB161/TLM102 for an edited question or query);
- moves reordered, removed from the middle or inserted (ARG020, ARG021);
- moves cut from the end (ARG022, ARG023), as long as the header's head was not recomputed.

The chain has no key: it is plain SHA-256 over the file's own content, which anyone who can write
the file can recompute (argcheck's own `link` does). So it does NOT protect against:

- an edit followed by recomputing `prev`, `head` and the derived header fields: that log validates
  (a truncated log whose head is recomputed too);
- replacing the whole file with another valid log, or with an older version of itself (rollback);
- a false `actor` or `at`: who made a move and when is what the writer declared.

For those, keep state files under version control or compare the head with a copy kept elsewhere.
tests/unit/test_integrity_limits.py shows both sides, so this docstring and the README's Concepts
paragraph stay true.
"""

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
