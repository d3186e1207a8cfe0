"""The council's overall score out of 100, derived from the recorded points (never taken from free text).

critique_council's Expert Arbiter starts from a baseline and deducts for each valid critique by its severity.
Here the deduction is computed: starting from 100, every point the synthesis keeps takes away the share
WEIGHTS[severity] x its adjusted confidence (after self-critique and the arbiter's adjustments) of what is left,
so many points lower the score steadily without ever passing 0. The arbiter's own score is recorded beside it
and must agree with it within SCORE_TOLERANCE (CNL139).
"""

from __future__ import annotations

WEIGHTS = {"Critical": 0.25, "High": 0.12, "Medium": 0.05, "Low": 0.02, "Unrated": 0.02}
SCORE_TOLERANCE = 15
ARBITER_MAX_DELTA = 0.3


def derived_score(points) -> dict:
    """{score, deductions: [{id, severity, confidence, deduction}]} for the synthesis' points, most severe first
    (each deduction is the points of the score that point took away)."""
    left, deductions = 100.0, []
    for item in points:
        share = WEIGHTS[item["severity"]] * item["confidence"]
        deductions.append({"id": item["id"], "severity": item["severity"], "confidence": item["confidence"],
                           "deduction": round(left * share, 2)})
        left -= left * share
    return {"score": round(left), "deductions": deductions}


def score_with(claims, threshold: float, deltas: dict[str, float]) -> int:
    """The derived score if the arbiter's `deltas` were applied (for checking the arbiter's own score)."""
    points = []
    for claim in claims:
        confidence = round(claim.adjusted + deltas.get(claim.id, 0.0), 6)
        if confidence >= threshold:
            points.append({"id": claim.id, "severity": claim.severity or "Unrated", "confidence": confidence})
    return derived_score(points)["score"]
