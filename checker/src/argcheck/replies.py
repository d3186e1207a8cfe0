"""A consultee's reply is recorded once: `ingest` (and `consult`, and the MCP ingest tool) refuses a reply whose
text the log already holds, by the SHA-256 of the reply that the recording moves carry (`response_sha256`, on
the move or in its `provenance`). Checked under the state file's lock, so two ingests of one reply at once
record it once. A failure carries no reply text and may repeat.
"""

from __future__ import annotations

from argcheck.registry import finding

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


def already_recorded(doc: dict, moves) -> list:
    """ARG028 for each move that records a reply the log already holds (the state is then left as it was)."""
    earlier = {}
    for seq, move in enumerate(doc.get("moves") or [], start=1):
        digest = reply_hash(move)
        if digest is not None:
            earlier.setdefault(digest, seq)
    found = []
    for index, move in enumerate(moves if isinstance(moves, list) else [moves]):
        digest = reply_hash(move)
        if digest in earlier:
            found.append(finding("ARG028", path=f"/{index}", seq=earlier[digest], sha=digest[:12]))
    return found
