"""The synthesis, computed by code (seed §6.2 step 7): never written by the agent.

From the recorded trees and the self-critique adjustments: each claim's adjusted confidence; the points
at or above the inclusion threshold as the seed's {area, critique, severity, confidence}; severity counts;
agreement (several personas' points on the same passage), merged into one key finding that names each
persona; conflicts (personas' adjustments on the same passage pull in opposite directions), each with an id
and the resolution the final assessment gives it (resolved with a reason, or left open); and `no_findings`,
true only when some persona's critique reached the synthesis and no point was kept.
"""

from __future__ import annotations

from argcheck.protocols.council.scoring import derived_score
from argcheck.protocols.council.state import HIGH_SEVERITIES

SEVERITY_ORDER = ("Critical", "High", "Medium", "Low", "Unrated")
NO_FINDINGS_MESSAGE = "No significant findings."


def synthesize(state) -> dict:
    """The Synthesized Critique Data: {final_assessment, points, no_findings, ...} (the seed's dict, extended)."""
    kept = included(state)
    points = [point(claim) for claim in kept]
    agreed = agreement(state, kept)
    return {
        "final_assessment": formatted_assessment(state),
        "points": points,
        "no_findings": no_findings(state),
        "severity_counts": severity_counts(points),
        "key_findings": key_findings(points, agreed),
        "agreement": agreed,
        "conflicts": resolved_conflicts(state),
        "responses": list(state.assessment["responses"]) if state.assessment else [],
        "adjustments": [dict(a) for a in state.adjustments],
        "inclusion_threshold": state.inclusion_threshold,
        "council": council_summary(state),
        "score": derived_score(points),
        "arbiter": arbiter_summary(state),
    }


def arbiter_summary(state) -> dict | None:
    """The Expert Arbiter's pass as recorded: its own score beside the derived one, and its adjustments."""
    if state.arbitration is None:
        return None
    record = state.arbitration
    return {"overall_score": record["score"], "justification": record["justification"],
            "adjustments": [dict(a) for a in record["adjustments"]], "seq": record["seq"]}


def no_findings(state) -> bool:
    """The seed's no-findings case: personas were heard and none of their claims was kept. A council that
    heard no persona has no result at all, which is not a no-findings result."""
    return bool(state.responded) and not included(state)


def formatted_assessment(state) -> str | None:
    """The final assessment as the output formatter gives it (§4.5, §8): a partial council's text starts
    with the notice, so the text quoted on its own never passes for the full panel's."""
    if not state.assessment:
        return None
    text = state.assessment["text"]
    return f"{partial_notice(state)} {text}" if state.partial else text


def partial_notice(state) -> str:
    return f"PARTIAL COUNCIL: {state.council_count()} ({state.failure_summary()})."


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
            "depth": claim.depth, "recommendation": claim.recommendation, "concession": claim.concession,
            "arbiter_delta": claim.arbiter_delta, "arbitration_comment": claim.arbiter_comment}


def severity_counts(points: list[dict]) -> dict:
    counts = {severity: 0 for severity in SEVERITY_ORDER}
    for item in points:
        counts[item["severity"]] += 1
    return counts


def required_ids(state) -> list[str]:
    """The High and Critical points: the final assessment must address each by id."""
    return [c.id for c in included(state) if c.severity in HIGH_SEVERITIES]


def required_groups(state) -> list[list[str]]:
    """The High and Critical points grouped by key finding: one response answers a group."""
    groups: list[list[str]] = []
    for point_id in required_ids(state):
        group = [pid for pid in group_of(state, point_id) if pid in required_ids(state)]
        if group not in groups:
            groups.append(group)
    return groups


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
            found.append({"id": f"merged-{len(found) + 1}", "passage": _passage(state, cluster),
                          "personas": personas, "ids": [c.id for c in cluster]})
    return found


def conflicts(state) -> list[dict]:
    """Passages where one persona raised its claim's confidence and another lowered its own; numbered
    conflict-1, conflict-2, ... in passage order (the final assessment resolves each by this id)."""
    found = []
    for cluster in _clusters(state.claims.values()):
        raised = sorted({c.persona for c in cluster if c.delta > 0})
        lowered = sorted({c.persona for c in cluster if c.delta < 0})
        if raised and lowered and set(raised) != set(lowered):
            found.append({"id": f"conflict-{len(found) + 1}", "passage": _passage(state, cluster),
                          "raised": raised, "lowered": lowered, "ids": [c.id for c in cluster if c.delta]})
    return found


def resolved_conflicts(state) -> list[dict]:
    """The conflicts with the resolution step's outcome: resolved (with the reason), open (with the
    reason), or pending while the final assessment is not recorded."""
    given = {r["conflict"]: r for r in (state.assessment or {}).get("resolutions", [])}
    result = []
    for conflict in conflicts(state):
        resolution = given.get(conflict["id"])
        outcome = resolution["outcome"] if resolution else "pending"
        result.append(dict(conflict, outcome=outcome, reason=resolution["reason"] if resolution else None))
    return result


def key_findings(points: list[dict], agreed: list[dict]) -> list[dict]:
    """The points with those several personas made merged into one finding that names each persona:
    {ids, personas, area, critiques, severity (the highest), confidence (the highest)}."""
    merged_of = {pid: group for group in agreed for pid in group["ids"]}
    findings, done = [], set()
    for item in points:
        group = merged_of.get(item["id"])
        if group is None:
            findings.append({"ids": [item["id"]], "personas": [item["area"]], "area": item["area"],
                             "critiques": [_said(item)], "severity": item["severity"],
                             "confidence": item["confidence"], "merged": False})
        elif group["id"] not in done:
            done.add(group["id"])
            members = [p for p in points if p["id"] in group["ids"]]
            findings.append({"ids": [p["id"] for p in members], "personas": group["personas"],
                             "area": " + ".join(group["personas"]), "critiques": [_said(p) for p in members],
                             "severity": members[0]["severity"],
                             "confidence": max(p["confidence"] for p in members), "merged": True,
                             "passage": group["passage"]})
    return findings


def _said(item: dict) -> dict:
    return {"persona": item["area"], "id": item["id"], "critique": item["critique"]}


def group_of(state, point_id: str) -> list[str]:
    """The ids merged with `point_id` into one key finding (itself alone when it was not merged)."""
    for group in agreement(state, included(state)):
        if point_id in group["ids"]:
            return group["ids"]
    return [point_id]


def council_summary(state) -> dict:
    return {"panel": state.header.get("panel", {}).get("name"), "personas": len(state.personas),
            "responded": len(state.responded), "complete": len(state.complete), "partial": state.partial,
            "failures": state.failures(),
            "line": state.council_line()}
