"""`argcheck ingest`: the moves in an agent or consultee reply (pure).

The reply is a wrapper envelope (`{"envelope": 1, "response": "<text>", ...}`) whose response holds the move
JSON the prompt asked for, or that JSON itself: one move object, an array of moves, or {"moves": [...]}.
A reply never carries the user's reviews: those are recorded with `apply` after asking the user.
"""

from __future__ import annotations

from argcheck.core import jsonio, reply_envelope

USER_MOVES = frozenset({"decompose_review", "explore_review", "claims_review", "verdicts", "build_decision",
                        "submit_user_insight", "cancel"})


class IngestProblem(ValueError):
    """The input holds nothing this session can record."""


def moves_from_envelope(state, reply) -> list[dict]:
    if reply_envelope.is_envelope(reply):
        reply = _from_envelope(reply_envelope.normalize(reply))
    moves = reply.get("moves") if isinstance(reply, dict) and "type" not in reply else reply
    moves = moves if isinstance(moves, list) else [moves]
    if not moves:
        raise IngestProblem("the reply holds no move")
    for number, move in enumerate(moves):
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IngestProblem(f"item {number} of the reply is not a move (an object with a type)")
        if move["type"] in USER_MOVES or move.get("actor") == "user":
            raise IngestProblem(f"item {number} is the user's move {move['type']!r}: ask the user and record the "
                                "answer with `argcheck apply`")
    return moves


def moves_after_refusal(reply, findings) -> list[dict]:
    """Nothing is recorded instead of a refused reply: the refusal (codes, file unchanged) is the answer."""
    return []


def _from_envelope(envelope: dict):
    failure = envelope.get("failure")
    if failure is not None:
        raise IngestProblem(f"the call failed ({failure}); nothing to record: retry it")
    response = envelope["response"]
    if not response.strip():
        raise IngestProblem("the reply is empty; retry the call")
    return parse_reply(response)


def parse_reply(text: str):
    """The JSON in a reply, tolerating a code fence around it."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rsplit("```", 1)[0]
    try:
        return jsonio.parse(stripped.encode("utf-8", "surrogatepass"))
    except jsonio.InputError as error:
        raise IngestProblem(f"the reply is not in the requested format: {error.finding.message}") from None
