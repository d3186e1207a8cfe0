"""The council's picture for `argcheck view`, as plain data: one critique tree per persona (severity and
confidence before and after self-critique, branches below the inclusion threshold pruned), the adjustments,
the synthesis with its agreements and conflicts, and the final assessment (pure)."""

from __future__ import annotations

from argcheck.protocols.council import synthesis

SEVERITY_TONE = {"Critical": "bad", "High": "warn", "Medium": "info", "Low": "muted"}


def actor(move: dict) -> str:
    return move.get("agent_style") or move.get("actor") or "orchestrator"


def view(state, findings) -> dict:
    summary = [("Council", state.council_line()), ("Inclusion threshold", f"{state.inclusion_threshold:.2f}")]
    if state.partial:
        summary.append(("Partial council", "yes: the synthesis hears only the personas that responded"))
    sections = [_tree(state, name) for name in state.names]
    sections += [_adjustments(state), _agreements(state), _conflicts(state), _assessment(state)]
    return {"summary": summary, "sections": sections}


def _confidence(claim) -> str:
    if claim.delta:
        return f"{claim.confidence:.2f} → {claim.adjusted:.2f}"
    return f"{claim.confidence:.2f}"


def _tree(state, persona: str) -> dict:
    record = state.rounds["critique"].get(persona)
    claims = [c for c in state.claims.values() if c.persona == persona]
    failed = [f for f in state.failures() if f["persona"] == persona]
    title = f"{persona}'s critique tree"
    if failed:
        title += " · failed: " + "; ".join(f"{f['failure']} ({f['round']})" for f in failed)
    nodes = []
    for claim in claims:
        pruned = claim.adjusted < state.inclusion_threshold
        status = f"{claim.severity or 'Unrated'}, confidence {_confidence(claim)}" + (", pruned" if pruned else "")
        nodes.append({"id": claim.id, "label": f"{claim.id} · {claim.severity or 'Unrated'} · {_confidence(claim)}"
                                               f"\n{claim.claim}",
                      "text": f"{claim.claim} (evidence: {claim.evidence})", "status": status,
                      "tone": "muted" if pruned else SEVERITY_TONE.get(claim.severity, "plain"), "pruned": pruned})
    edges = [{"source": c.parent, "target": c.id} for c in claims if c.parent]
    empty = f"No critique: {record.failure} ({record.detail or 'no detail'})" if record and record.failed else (
        "No critique yet.")
    return {"kind": "graph", "title": title, "direction": "TB", "nodes": nodes, "edges": edges, "empty": empty}


def _adjustments(state) -> dict:
    rows = []
    for item in state.adjustments:
        claim = state.claims.get(item.get("target_claim_id"))
        before = f"{claim.confidence:.2f}" if claim else "?"
        rows.append([item.get("persona", ""), {"refs": [item.get("target_claim_id", "")], "to": "node"}, before,
                     f"{item.get('confidence_delta', 0):+.2f}", item.get("reasoning", "")])
    return {"kind": "table", "title": "Self-critique adjustments", "rows": rows, "empty": "No adjustment.",
            "columns": ["Persona", "Claim", "Confidence before", "Change", "Reasoning"]}


def _agreements(state) -> dict:
    rows = [[a["id"], a["passage"], ", ".join(a["personas"]), {"refs": a["ids"], "to": "node"}]
            for a in synthesis.agreement(state, synthesis.included(state))]
    return {"kind": "table", "title": "Synthesis: agreements (merged key findings)", "rows": rows,
            "empty": "No agreement.", "columns": ["Key finding", "Passage", "Personas", "Points"]}


def _conflicts(state) -> dict:
    rows = [[c["passage"], ", ".join(c["raised"]), ", ".join(c["lowered"]), {"refs": c["ids"], "to": "node"}]
            for c in synthesis.conflicts(state)]
    return {"kind": "table", "title": "Synthesis: conflicts", "rows": rows, "empty": "No conflict.",
            "columns": ["Passage", "Raised confidence", "Lowered confidence", "Points"]}


def _assessment(state) -> dict:
    points = [synthesis.point(c) for c in synthesis.included(state)]
    counts = ", ".join(f"{n} {severity}" for severity, n in synthesis.severity_counts(points).items() if n)
    rows = [("Status", state.status), ("Points kept", f"{len(points)} ({counts or 'none'})"),
            ("Council", state.council_line())]
    if state.assessment:
        rows += [("Final assessment", state.assessment.get("text", "")),
                 ("Addresses", ", ".join(state.assessment.get("addressed") or []) or "—")]
    else:
        rows.append(("Final assessment", "not written yet"))
    return {"kind": "facts", "title": "Final assessment", "rows": rows}
