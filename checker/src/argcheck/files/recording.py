"""Recording a consultee's reply: map it onto moves with the protocol's `ingest`, apply them under the lock,
and when the checker refuses the reply's content, record the reply as the protocol says instead.

Shared by `argcheck ingest` (a reply piped in) and `argcheck consult` (a reply it fetched itself).
"""

from __future__ import annotations

from typing import NamedTuple

from argcheck.files import operations, replies
from argcheck.core import protocol_calls


class Recorded(NamedTuple):
    outcome: operations.Outcome
    moves: list  # the moves that were applied (or would have been, for a refusal)
    content_refused: bool  # the reply's content was refused and recorded in its fallback form


def moves_for(outcome: operations.Outcome, reply) -> list:
    """The moves `reply` maps onto in the replayed run (raises the protocol's IngestProblem)."""
    return protocol_calls.call(outcome.replay.protocol, "moves_from_envelope", outcome.replay.engine.state, reply)


def record(path: str, outcome: operations.Outcome, reply, lock_timeout: float, dry_run: bool = False) -> Recorded:
    """Apply the moves of `reply`; a refusal of the content (after the consult record) falls back (Refused
    when the file cannot be read or stays locked). `dry_run`: every check, the same outcome, nothing written."""
    moves = moves_for(outcome, reply)
    applied = operations.applied(path, moves, lock_timeout=lock_timeout, refuse=replies.refusal_for(reply),
                                 dry_run=dry_run)
    if not _content_refused(applied, outcome.doc["move_count"]):
        return Recorded(applied, moves, False)
    refusal = applied.findings
    fallback = protocol_calls.call(outcome.replay.protocol, "moves_after_refusal", reply, refusal)
    if not fallback:  # the protocol records nothing in place of refused content: report the refusal
        return Recorded(applied, moves, False)
    again = operations.applied(path, fallback, lock_timeout=lock_timeout, dry_run=dry_run)
    return Recorded(again._replace(findings=refusal + again.findings), fallback, True)


def _content_refused(applied, moves_before: int) -> bool:
    """True when apply refused a move after the consult record (the reply itself arrived)."""
    if applied.applied:
        return False
    consult_seq = moves_before + 1
    errors = [f for f in applied.findings if f.is_error]
    return bool(errors) and all(f.move is not None and f.move > consult_seq for f in errors)


def summary_line(recorded: Recorded) -> str:
    """One line on what was recorded, in the protocol's words when it has them."""
    outcome = recorded.outcome
    if outcome.applied == 0:
        return "recorded nothing: the moves were refused (see the findings above)"
    kinds = ", ".join(dict.fromkeys(move.get("type", "?") for move in recorded.moves))
    line = f"recorded {outcome.applied} move{'s' if outcome.applied != 1 else ''} ({kinds})"
    try:
        described = protocol_calls.call(outcome.replay.protocol, "describe_recorded", recorded.moves,
                                        outcome.replay.engine.state)
    except protocol_calls.ProtocolBroken as broken:  # the moves are recorded: say so in the core's words and what broke
        return f"{line}\nargcheck: {broken}"
    return line if described is None else described


def next_step_text(outcome: operations.Outcome, path: str) -> str:
    """What is due now and its command, as `argcheck next` ends ("" when nothing was recorded), so the
    agent need not run `next` after every round."""
    if outcome.applied == 0 or outcome.replay is None or outcome.replay.engine is None:
        return ""
    from argcheck.core.commandtext import next_step_lines
    try:
        step = protocol_calls.call(outcome.replay.protocol, "next_report", outcome.replay.engine.state, path)["next"]
    except protocol_calls.ProtocolBroken as broken:  # the moves are recorded: say so, and what the protocol got wrong
        return f"\nargcheck: the next step cannot be shown: {broken}"
    return "".join("\n" + line for line in next_step_lines(step))
