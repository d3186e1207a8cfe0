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
    challenges = state.challenges
    return {c.status for c in map(challenges.__getitem__, point.challenge_ids)
            if c.kind != "reconcile" and c.status != "withdrawn"}


def passes_evidence_gate(state, point) -> bool:
    """A value point passes (n/a); an empirical one needs verified execution or textual evidence."""
    if point.kind != "empirical":
        return True
    ledger = state.ledger
    return any(is_strong_evidence(ledger[entry_id]) for entry_id in point.gate_entries)


def derive(state, point) -> tuple[str | None, str | None, bool]:
    """(bucket, reason, awaiting_evidence) for one point."""
    if point.not_evaluated:
        return DISMISSED, "phase_violation", False
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


def set_challenge_status(state, challenge, status: str) -> None:
    """Change a challenge's status, keep the open index right and re-derive its point's bucket."""
    challenge.status = status
    if status in OPEN_STATUSES:
        state.open_challenge_ids[challenge.id] = None
    else:
        state.open_challenge_ids.pop(challenge.id, None)
    refresh(state, state.points[challenge.point])


def link_evidence(state, point, entry_ids) -> None:
    """Make ledger entries candidates for the point's evidence gate (and remember the link both ways)."""
    for entry_id in entry_ids:
        entry = state.ledger.get(entry_id)
        if entry is not None:
            point.gate_entries[entry_id] = None
            entry.gate_points[point.id] = None


def refresh_linked(state, entry) -> None:
    """An entry was verified or superseded: re-derive the points whose gate may use it."""
    for point_id in entry.gate_points:
        refresh(state, state.points[point_id])


def is_moot(state, challenge) -> bool:
    """An open challenge on a point already Dismissed has no further effect (no drops, no dispute)."""
    return state.points[challenge.point].bucket == DISMISSED


def live_open_challenges(state) -> list:
    challenges = state.challenges
    return [challenges[i] for i in state.open_challenge_ids if not is_moot(state, challenges[i])]


def has_strong_evidence(state, point) -> bool:
    ledger = state.ledger
    return any(is_strong_evidence(ledger[entry_id]) for entry_id in point.gate_entries)
