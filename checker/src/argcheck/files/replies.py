"""A consultee's reply is recorded once: `ingest` (and `consult`, and the MCP ingest tool) refuses a reply whose
text the log already holds (ARG028), by the SHA-256 of the reply's text that the recording moves carry
(`response_sha256`, on the move or in its `provenance`), or, for a protocol whose moves carry no such hash,
because the log already holds the reply's moves one after another, as they are. Checked again under the
state file's lock, so two
ingests of one reply at once record it once. A failure carries no reply text and may repeat.
"""

from __future__ import annotations

import hashlib

from argcheck.core.rules import finding

HASH_FIELD = "response_sha256"


def reply_hash(move) -> str | None:
    """The SHA-256 of the reply a move records, if it records one."""
    if not isinstance(move, dict):
        return None
    for holder in (move, *(value for value in move.values() if isinstance(value, dict))):
        value = holder.get(HASH_FIELD)
        if isinstance(value, str) and value:
            return value
    return None


def envelope_hash(reply) -> str | None:
    """The SHA-256 of a wrapper envelope's response text (None for anything else, or a failure)."""
    if not isinstance(reply, dict) or reply.get("envelope") != 1 or reply.get("failure") is not None:
        return None
    response = reply.get("response")
    if not isinstance(response, str) or not response.strip():
        return None
    return hashlib.sha256(response.encode("utf-8", "surrogatepass")).hexdigest()


def already_recorded(doc: dict, moves, reply=None) -> list:
    """ARG028 when the reply (or a move that records a reply) is one the log already holds, or when the
    protocol mapped the reply onto no move at all (everything in it is recorded already)."""
    earlier = {}
    for seq, move in enumerate(doc.get("moves") or [], start=1):
        digest = reply_hash(move)
        if digest is not None:
            earlier.setdefault(digest, seq)
    moves = moves if isinstance(moves, list) else [moves]
    arriving = [envelope_hash(reply), *(reply_hash(move) for move in moves)]
    repeated = next((digest for digest in arriving if digest in earlier), None)
    if repeated is not None:
        return [finding("ARG028", where=f"by move {earlier[repeated]} (reply sha256 {repeated[:12]}...)")]
    if not moves:
        return [finding("ARG028", where="in this run: everything in it is recorded already")]
    start = None if _is_failure(reply) else _recorded_as_is(doc.get("moves") or [], moves)
    if start is not None:
        return [finding("ARG028", where=f"as moves {start}-{start + len(moves) - 1}, the same moves in the same "
                                        "order")]
    return []


LOG_FIELDS = ("seq", "at", "prev")


def _is_failure(reply) -> bool:
    """A wrapper envelope that carries no reply text (a failed or empty call): it may well repeat."""
    return isinstance(reply, dict) and reply.get("envelope") == 1 and envelope_hash(reply) is None


def _recorded_as_is(log: list, moves: list) -> int | None:
    """The seq of the first of len(moves) consecutive log moves equal to `moves` (apart from the fields the
    log adds), or None."""
    wanted = [move for move in moves if isinstance(move, dict)]
    if len(wanted) != len(moves):
        return None
    bare = [{k: v for k, v in move.items() if k not in LOG_FIELDS} if isinstance(move, dict) else move
            for move in log]
    for start in range(len(bare) - len(moves) + 1):
        if bare[start:start + len(moves)] == wanted:
            return start + 1
    return None


def refusal_for(reply):
    """The `refuse` check for operations.apply_to_file when recording `reply`."""
    return lambda doc, moves: already_recorded(doc, moves, reply)
