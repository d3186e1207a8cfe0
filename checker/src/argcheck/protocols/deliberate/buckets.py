"""The acceptance semantics: each point's bucket, re-derived whenever something about it changes.

Buckets are kept incrementally: a move that touches a point (a verdict, a challenge's status, a
settlement, evidence) calls `refresh(state, point)`, which costs O(challenges on the point + its
evidence), never a scan of the whole deliberation. The order follows docs/protocols/deliberate.md §4.
"""

from __future__ import annotations

from argcheck.protocols.deliberate.references import evaluator_of, is_strong_evidence
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED

OPEN_STATUSES = frozenset({"open", "dropped", "defended"})
ACCEPTED_ONLY = frozenset({"accepted"})
ATTACK_DISMISSALS = (("conceded", "concession"), ("undefended", "undefended"), ("rejected", "rejected_with_evidence"))


def attacks_on(state, point) -> list:
    """The challenges that attack the point's validity (reconcile and withdrawn ones do not)."""
    found = []
    for challenge_id in point.challenge_ids:
        challenge = state.challenges[challenge_id]
        if challenge.kind != "reconcile" and challenge.status != "withdrawn":
            found.append(challenge)
    return found


def attack_statuses(state, point) -> set[str]:
    """The statuses of the point's attacking challenges, from counts kept by set_challenge_status (O(1))."""
    return {status for status, count in point.attack_counts.items() if count and status != "withdrawn"}


def passes_evidence_gate(state, point) -> bool:
    """A value point passes (n/a); an empirical one needs verified execution or textual evidence."""
    return point.kind != "empirical" or bool(point.strong_entries)


def derive(state, point) -> tuple[str | None, str | None, bool]:
    """(bucket, reason, awaiting_evidence) for one point."""
    if point.not_evaluated:
        return DISMISSED, point.not_evaluated, False
    verdict = point.classifications.get(evaluator_of(point))
    # Documented choice: a pending reconcile holds back every verdict-based bucket (out_of_scope as
    # well as agreed), so a contradiction cannot dismiss a point before it is reconciled.
    if verdict == "OUT_OF_SCOPE" and not point.needs_reconcile:
        return DISMISSED, "out_of_scope", False
    statuses = attack_statuses(state, point) if point.challenge_ids else None
    if statuses:
        for status, reason in ATTACK_DISMISSALS:
            if status in statuses:
                return DISMISSED, reason, False
    if point.settled is not None:
        return UNRESOLVED, point.settled["reason"], False
    if statuses:
        accepted, reason = statuses == ACCEPTED_ONLY, "defense_accepted"
    else:
        accepted, reason = verdict == "AGREE", "agreed_initially"
    if not accepted or point.needs_reconcile:
        return None, None, False
    if not passes_evidence_gate(state, point):
        return None, None, True
    return AGREED, reason, False


def refresh(state, point) -> None:
    point.bucket, point.bucket_reason, point.awaiting_evidence = derive(state, point)


def set_challenge_status(state, challenge, status: str, new: bool = False) -> None:
    """Change a challenge's status, keep the open index and the point's status counts right, and
    re-derive its point's bucket. `new` marks a challenge that was just created (not counted yet)."""
    point = state.points[challenge.point]
    if challenge.kind != "reconcile":
        counts = point.attack_counts
        if not new:
            counts[challenge.status] -= 1
        counts[status] = counts.get(status, 0) + 1
    challenge.status = status
    if status in OPEN_STATUSES:
        state.open_challenge_ids[challenge.id] = None
    else:
        state.open_challenge_ids.pop(challenge.id, None)
    refresh(state, point)


def link_evidence(state, point, entry_ids) -> None:
    """Make ledger entries candidates for the point's evidence gate (and remember the link both ways)."""
    for entry_id in entry_ids:
        entry = state.ledger.get(entry_id)
        if entry is not None:
            point.gate_entries[entry_id] = None
            entry.gate_points[point.id] = None
            _track_strength(point, entry)


def refresh_linked(state, entry) -> None:
    """An entry was verified or superseded: re-derive the points whose gate may use it."""
    for point_id in entry.gate_points:
        point = state.points[point_id]
        _track_strength(point, entry)
        refresh(state, point)


def _track_strength(point, entry) -> None:
    """Keep point.strong_entries exact, so the evidence gate is O(1) however much evidence piles up."""
    if is_strong_evidence(entry):
        point.strong_entries[entry.id] = None
    else:
        point.strong_entries.pop(entry.id, None)


def is_moot(state, challenge) -> bool:
    """An open attack on a point already Dismissed has no further effect (no drops, no dispute).
    A reconcile demand is never moot: it is about the consultee's consistency, not the point's fate."""
    return challenge.kind != "reconcile" and state.points[challenge.point].bucket == DISMISSED


def live_open_challenges(state) -> list:
    challenges = state.challenges
    return [challenges[i] for i in state.open_challenge_ids if not is_moot(state, challenges[i])]


def has_strong_evidence(state, point) -> bool:
    return bool(point.strong_entries)
