"""Position stability (spec: bias calibration): every move that takes a position goes through one check.

A `classify` takes its verdict; a skeptical or reject `challenge` takes the position SKEPTICAL or REJECT
on the point. Against a different recorded position of the same party, that is drift: refused for the
orchestrator (DLB130, a `revise` acknowledges the change), recorded for the consultee with a reconcile
due (DLB131). The position a move takes is recorded, so a later move is checked against it.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate import refusals

CHALLENGE_POSITIONS = {"skeptical": "SKEPTICAL", "reject": "REJECT"}  # reconcile takes no position


def stability_problems(eng, point, actor: str, verdict: str) -> list[Finding]:
    """ILL_FORMED waits for the author's clarify; a changed position needs a revise (drift)."""
    if point.awaiting_clarification:
        return [eng.report("DLB121", "point", point=point.id)]
    previous = point.classifications.get(actor)
    # A previous ILL_FORMED is followed by a clarify here (else DLB121): reclassifying it is not drift.
    if previous is None or previous == verdict or previous == "ILL_FORMED":
        return []
    drift = refusals.position_drift if actor == "orchestrator" else refusals.self_contradiction
    return [drift(eng, actor, point.id, verdict, previous)]


def is_contradiction(found: list[Finding]) -> bool:
    return any(f.code == "DLB131" for f in found)


def record_verdict(eng, point, party: str, verdict: str, revised: bool) -> None:
    point.classifications[party] = verdict
    point.history.append({"party": party, "verdict": verdict, "round": eng.state.iteration, "seq": eng.seq,
                          "revised": revised})
    if verdict == "ILL_FORMED":
        point.awaiting_clarification = True


def mark_contradiction(eng, point) -> None:
    """The consultee contradicted itself: the point needs a reconcile before it can settle."""
    point.needs_reconcile = True
    eng.state.notes.append(f"{point.id}: the consultee contradicted its earlier verdict (move {eng.seq})")
