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

import json

try:  # CPython's own SHA-256: importing hashlib loads OpenSSL, which costs a short call a few ms
    from _sha2 import sha256 as _sha256  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256 as _sha256  # Python 3.10, 3.11
    except ImportError:
        from hashlib import sha256 as _sha256

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
    return _sha256(b"argcheck-genesis\n" + canonical(sealed)).hexdigest()[:HASH_HEX_DIGITS]


def link(prev: str, move: dict) -> str:
    """The hash of the log after `move`, given the hash of the log before it."""
    return _sha256(prev.encode() + b"\n" + _CANONICAL.encode(move).encode()).hexdigest()[:HASH_HEX_DIGITS]


# Replaying a long log, faster hashing pays for its import: OpenSSL's SHA-256 (hashlib) hashes a move
# in about half the time of CPython's own, and loading it costs about 2.5 ms; most of the rest of
# `link` is json's canonical encoding, which orjson (the `fast` extra) writes about four times as
# fast, and importing orjson costs about 25 ms.
OPENSSL_FROM_MOVES = 2_000
FAST_FROM_MOVES = 10_000


def linker(move_count: int):
    """`link`, or a faster function giving the same hashes when a log of `move_count` moves is worth it."""
    if move_count < OPENSSL_FROM_MOVES:
        return link
    from hashlib import sha256

    encode = canonical
    if move_count >= FAST_FROM_MOVES:
        try:
            import orjson
        except ImportError:
            pass
        else:
            def encode(move, dumps=orjson.dumps, sort_keys=orjson.OPT_SORT_KEYS):
                return fast_canonical(move, dumps, sort_keys)

    def long_link(prev: str, move: dict) -> str:
        return sha256(prev.encode() + b"\n" + encode(move)).hexdigest()[:HASH_HEX_DIGITS]

    return long_link


def fast_canonical(value, dumps, sort_keys) -> bytes:
    """`canonical(value)` by orjson's `dumps` where it writes json's bytes, else by json.

    orjson writes a float below 1e-4 differently (1e-07 as 1e-7, 1e-05 as 0.00001) and NaN or an
    infinity as null; it refuses integers beyond 64 bits, lone surrogates and keys that are not
    strings. Output that could hold such a number, and values it refuses, go to json instead.
    """
    try:
        out = dumps(value, option=sort_keys)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return canonical(value)
    if b"e-" in out or b"e+" in out or b"0.0000" in out or b"null" in out:
        return canonical(value)
    return out


def short_hash(text: str) -> str:
    """A 16-hex-digit SHA-256 prefix, used for question hashes."""
    return _sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
