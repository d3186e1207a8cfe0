"""The synthesis, computed by code (seed §6.2 step 7): never written by the agent.

From the recorded trees and the self-critique adjustments: each claim's adjusted confidence; the points
at or above the inclusion threshold as the seed's {area, critique, severity, confidence}; severity counts;
agreement (several personas' points on the same passage); conflicts (personas' adjustments on the same
passage pull in opposite directions); and `no_findings`.
"""

from __future__ import annotations

from argcheck.protocols.council.state import HIGH_SEVERITIES

SEVERITY_ORDER = ("Critical", "High", "Medium", "Low", "Unrated")
NO_FINDINGS_MESSAGE = "No significant findings."


def synthesize(state) -> dict:
    """The Synthesized Critique Data: {final_assessment, points, no_findings, ...} (the seed's dict, extended)."""
    kept = included(state)
    points = [point(claim) for claim in kept]
    return {
        "final_assessment": state.assessment["text"] if state.assessment else None,
        "points": points,
        "no_findings": not points,
        "severity_counts": severity_counts(points),
        "agreement": agreement(state, kept),
        "conflicts": conflicts(state),
        "adjustments": [dict(a) for a in state.adjustments],
        "inclusion_threshold": state.inclusion_threshold,
        "council": council_summary(state),
    }


def included(state) -> list:
    """The claims whose adjusted confidence is at least the inclusion threshold, most severe first."""
    if state._included is not None and state._included[0] == state.version:
        return state._included[1]
    kept = [c for c in state.claims.values() if c.adjusted >= state.inclusion_threshold]
    rank = {severity: index for index, severity in enumerate(SEVERITY_ORDER)}
    result = sorted(kept, key=lambda c: (rank[c.severity or "Unrated"], -c.adjusted))
    state._included = (state.version, result)
    return result


def point(claim) -> dict:
    return {"id": claim.id, "area": claim.persona, "critique": claim.claim, "severity": claim.severity or "Unrated",
            "confidence": claim.adjusted, "initial_confidence": claim.confidence, "evidence": claim.evidence,
            "depth": claim.depth}


def severity_counts(points: list[dict]) -> dict:
    counts = {severity: 0 for severity in SEVERITY_ORDER}
    for item in points:
        counts[item["severity"]] += 1
    return counts


def required_ids(state) -> list[str]:
    """The High and Critical points: the final assessment must address each by id."""
    return [c.id for c in included(state) if c.severity in HIGH_SEVERITIES]


def point_ids(state) -> list[str]:
    return [c.id for c in included(state)]


def _clusters(claims) -> list[list]:
    """Claims grouped by overlapping evidence passages in the normalized document."""
    located = sorted((c for c in claims if c.span), key=lambda c: c.span)
    clusters, end = [], -1
    for claim in located:
        if clusters and claim.span[0] < end:
            clusters[-1].append(claim)
            end = max(end, claim.span[1])
        else:
            clusters.append([claim])
            end = claim.span[1]
    return clusters


def _passage(state, cluster) -> str:
    start = min(c.span[0] for c in cluster)
    end = max(c.span[1] for c in cluster)
    text = state.normal_document[start:end]
    return text if len(text) <= 160 else text[:157] + "..."


def agreement(state, claims) -> list[dict]:
    """Points that two or more personas raised on the same (overlapping) passage."""
    found = []
    for cluster in _clusters(claims):
        personas = sorted({c.persona for c in cluster})
        if len(personas) >= 2:
            found.append({"passage": _passage(state, cluster), "personas": personas, "ids": [c.id for c in cluster]})
    return found


def conflicts(state) -> list[dict]:
    """Passages where one persona raised its claim's confidence and another lowered its own."""
    found = []
    for cluster in _clusters(state.claims.values()):
        raised = sorted({c.persona for c in cluster if c.delta > 0})
        lowered = sorted({c.persona for c in cluster if c.delta < 0})
        if raised and lowered and set(raised) != set(lowered):
            found.append({"passage": _passage(state, cluster), "raised": raised, "lowered": lowered,
                          "ids": [c.id for c in cluster if c.delta]})
    return found


def council_summary(state) -> dict:
    return {"panel": state.header.get("panel", {}).get("name"), "personas": len(state.personas),
            "responded": len(state.responded), "partial": state.partial, "failures": state.failures(),
            "line": state.council_line()}
