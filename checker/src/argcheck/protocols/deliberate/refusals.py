"""Refusals that several move types can meet: one function per rule code, called by every rule module.

Each function builds the finding of exactly one code (the rule's one check); the rule modules decide
when it applies. Kept free of rule-module imports so every rule module can use it.
"""

from __future__ import annotations

from argcheck.core.findings import Finding


def unknown_reference(eng, where: str, field: str, kind: str, identifier) -> Finding:
    """DLB111: a move names a point, challenge, entry or move that does not exist."""
    return eng.report("DLB111", where, field=field, kind=kind, id=identifier)


def not_evaluated(eng, move_type: str, point_id: str) -> Finding:
    """DLB105: a move on a point recorded as not evaluated (a phase violation stays Dismissed)."""
    return eng.report("DLB105", "point", move_type=move_type, point=point_id)


def after_development(eng, where: str, what: str, point_id: str) -> Finding:
    """DLB104: a new attack in CRYSTALLIZATION."""
    return eng.report("DLB104", where, what=what, point=point_id, round=eng.state.iteration)


def self_evaluation(eng, actor: str, action: str, point_id: str) -> Finding:
    """DLB113: a party classifies, challenges or judges its own point."""
    return eng.report("DLB113", "actor", actor=actor, action=action, point=point_id)


def wrong_respondent(eng, actor: str, action: str, challenge, role: str, expected: str) -> Finding:
    """DLB114: a challenge answered or judged by the wrong party."""
    return eng.report("DLB114", "actor", actor=actor, action=action, challenge=challenge.id, role=role,
                      expected=expected)


def missing_challenge_fields(eng, where: str, verdict: str, point_id: str, missing: str) -> Finding:
    """DLB115: SKEPTICAL or REJECT without what opens its challenge."""
    return eng.report("DLB115", where, verdict=verdict, point=point_id, missing=missing)


def challenge_closed(eng, action: str, challenge) -> Finding:
    """DLB117: an answer or judgment on a challenge that is no longer open."""
    return eng.report("DLB117", "challenge", action=action, challenge=challenge.id, status=challenge.status)


def reconcile_pending(eng, where: str, action: str, point_id: str) -> Finding:
    """DLB132: a move that needs the point's contradiction reconciled first."""
    return eng.report("DLB132", where, action=action, point=point_id)


def verified_without_artifact(eng, where: str, what: str, entry_id: str) -> Finding:
    """DLB140: verification claimed without an artifact or an execution record."""
    return eng.report("DLB140", where, what=what, entry=entry_id)


def deadlock_unsettled(eng, where: str, action: str, points: str) -> Finding:
    """DLB170: a reply or synthesis while deadlocked points are not settled."""
    return eng.report("DLB170", where, action=action, points=points)


def wrong_status(eng, move_type: str, needed: str, status: str) -> Finding:
    """DLB188: a move the run's status does not admit."""
    return eng.report("DLB188", "type", move_type=move_type, needed=needed, status=status)


def position_drift(eng, actor: str, point_id: str, verdict: str, previous: str) -> Finding:
    """DLB130: the orchestrator changed its verdict without a revise."""
    return eng.report("DLB130", "verdict", actor=actor, point=point_id, verdict=verdict, previous=previous)


def self_contradiction(eng, actor: str, point_id: str, verdict: str, previous: str) -> Finding:
    """DLB131: the consultee contradicted its earlier verdict (a reconcile is due)."""
    return eng.report("DLB131", "verdict", actor=actor, point=point_id, verdict=verdict, previous=previous)
