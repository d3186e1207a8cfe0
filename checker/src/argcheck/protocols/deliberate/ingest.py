"""`argcheck ingest`: map a wrapper envelope onto deliberate moves (pure).

A failure envelope becomes one `consult` failure; a reply that is not one JSON object in the requested
format becomes a `consult` format_failure; a good reply becomes a `consult` reply followed by the
consultee's content moves, in an order in which later moves can cite earlier ones.
"""

from __future__ import annotations

import hashlib

from argcheck.protocols.deliberate import reply_format
from argcheck.protocols.deliberate.reply_format import FormatProblem
from argcheck.protocols.deliberate.standing import consultee_name, doomed_challenges, natural_key, setup_fix
from argcheck.core.text import clip, truncate

FAILURE_CLASSES = ("timeout", "not_installed", "auth", "cli_error", "empty")
USAGE_FIELDS = ("input_tokens", "output_tokens", "cached_input_tokens")
EXCERPT_CHARS = 300
MAX_EXCERPT = 500


class IngestProblem(ValueError):
    """The input is not a wrapper envelope, or nothing in it can be recorded in this state."""


def moves_from_envelope(state, envelope) -> list[dict]:
    """The moves that record this envelope in `state` (raises IngestProblem for a non-envelope)."""
    _check_envelope(envelope)
    if state.status == "synthesized":
        return [_arbitration_move(state, envelope)]
    if state.status != "in_progress":
        raise IngestProblem(f"the deliberation is {state.status}: there is no turn to record")
    failure = _failure_class(envelope)
    fix = setup_fix(consultee_name(state), failure)
    if fix:
        raise IngestProblem(f"{fix}. Nothing was recorded: a setup error is not a consultee answer")
    if failure:
        return [_consult(envelope, "failure", failure_class=failure, excerpt=_detail_excerpt(envelope))]
    response = envelope["response"]
    try:
        content = reply_format.content_moves(state, response, skip=_closed_on_arrival(state))
    except FormatProblem as problem:
        return [_consult(envelope, "format_failure", excerpt=_format_excerpt(str(problem), response))]
    excerpt = clip(response, EXCERPT_CHARS)
    return [_consult(envelope, "reply", response_sha256=_sha256(response), excerpt=excerpt), *content]


def moves_after_refusal(envelope, findings) -> list[dict]:
    """When the checker refused a reply's content, record the reply as a format failure instead."""
    codes = ", ".join(sorted({f"{f.code} {f.message}" for f in findings if f.is_error})) or "refused"
    excerpt = truncate(f"reply refused by the checker: {codes}", MAX_EXCERPT)
    return [_consult(envelope, "format_failure", excerpt=excerpt)]


def _check_envelope(envelope) -> None:
    if not isinstance(envelope, dict):
        raise IngestProblem(f"expected a wrapper envelope (a JSON object), got a {type(envelope).__name__}")
    if envelope.get("envelope") != 1:
        raise IngestProblem("not a wrapper envelope: the field \"envelope\": 1 is missing; pipe the output of "
                            "`argcheck-consult CONSULTEE new|resume ID` into ingest")
    missing = [key for key in ("response", "failure") if key not in envelope]
    if missing:
        raise IngestProblem(f"the envelope lacks {', '.join(missing)}")
    if envelope["response"] is not None and not isinstance(envelope["response"], str):
        raise IngestProblem("the envelope's response must be a string or null")


def _failure_class(envelope) -> str | None:
    failure = envelope.get("failure")
    if failure is None:
        return None if (envelope.get("response") or "").strip() else "empty"
    if failure not in FAILURE_CLASSES:
        raise IngestProblem(f"unknown failure class {failure!r}; expected one of {', '.join(FAILURE_CLASSES)}")
    return failure


def _closed_on_arrival(state) -> frozenset[str]:
    return frozenset(c.id for c in doomed_challenges(state))


def _consult(envelope, outcome: str, **fields) -> dict:
    move = {"type": "consult", "actor": "consultee", "outcome": outcome}
    move.update(_call_record(envelope))
    move.update({key: value for key, value in fields.items() if value})
    return move


def _call_record(envelope) -> dict:
    record = {}
    session = envelope.get("session_id")
    if isinstance(session, str) and 0 < len(session) <= MAX_EXCERPT:
        record["session_id"] = session
    usage = _usage(envelope.get("usage"))
    if usage:
        record["usage"] = usage
    duration = envelope.get("duration_ms")
    if isinstance(duration, int) and not isinstance(duration, bool) and duration >= 0:
        record["duration_ms"] = duration
    return record


def _usage(usage) -> dict:
    if not isinstance(usage, dict):
        return {}
    return {key: usage[key] for key in USAGE_FIELDS
            if isinstance(usage.get(key), int) and not isinstance(usage[key], bool) and usage[key] >= 0}


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _format_excerpt(problem: str, response: str) -> str:
    return truncate(f"{problem} | reply began: {clip(response, EXCERPT_CHARS)[:200]}", MAX_EXCERPT)


def _detail_excerpt(envelope) -> str | None:
    detail = envelope.get("detail")
    return clip(detail, MAX_EXCERPT) if isinstance(detail, str) and detail.strip() else None


def _arbitration_move(state, envelope) -> dict:
    """After synthesis the reply is the arbiter's: flags, constraints and a summary."""
    if state.arbitration is not None:
        raise IngestProblem("the arbitration is already recorded: present the decision log")
    failure = _failure_class(envelope)
    if failure:
        raise IngestProblem(f"the arbiter call failed ({failure}); run it again or record `arbitrate` by hand")
    try:
        reply = reply_format.arbiter_reply(envelope["response"])
    except FormatProblem as problem:
        raise IngestProblem(f"the arbiter's reply is not in the requested format: {problem}") from None
    unknown = sorted({f["point"] for f in reply["flags"]} - set(state.points), key=natural_key)
    unknown += sorted(set(reply["constraints"]) - set(state.ledger), key=natural_key)
    if unknown:
        raise IngestProblem(f"the arbiter's reply names unknown ids: {', '.join(unknown)}")
    return {"type": "arbitrate", "actor": "arbiter", **reply}



def describe_recorded(moves: list, state) -> str:
    """One line on a recorded reply: what arrived and what is owed now (for `ingest` and `consult`)."""
    first = moves[0] if moves else {}
    if first.get("type") == "arbitrate":
        flags = len(first.get("flags", ()))
        return f"recorded the arbiter's review: {flags} flag{'s' if flags != 1 else ''}; next: present"
    outcome = first.get("outcome")
    if outcome == "failure":
        return (f"recorded a consultee failure ({first.get('failure_class')}): not a round; "
                "fix the cause, then consult again")
    if outcome == "format_failure":
        return f"recorded a format failure (not a round): {first.get('excerpt', '')[:120]}; consult again"
    counts = {}
    for move in moves[1:]:
        counts.setdefault(move["type"], []).append(move.get("id") or move.get("challenge") or move.get("point"))
    parts = [f"{len(ids)} {kind}{'s' if len(ids) != 1 else ''} ({', '.join(str(i) for i in ids if i)})"
             for kind, ids in counts.items()]
    content = "; ".join(parts) if parts else "no new content"
    return f"recorded reply {state.iteration} of {state.cap}: {content}"
