"""The final assessment the headless council records when the consultee's is unusable: computed from the
synthesis, in the assessment's own rules (pure)."""

from __future__ import annotations

from argcheck.protocols.council import synthesis
from argcheck.protocols.council.state import HIGH_SEVERITIES


def mechanical_assessment(state) -> dict:
    """The final assessment written from the computed synthesis alone (objective by construction): each
    High and Critical point answered with what the synthesis holds about it; each conflict left open."""
    data = synthesis.synthesize(state)
    source = {"source": "orchestrator"}
    if not data["points"]:
        text = (synthesis.NO_FINDINGS_MESSAGE if data["no_findings"] else
                f"No persona responded ({state.council_line()}): the council produced no critique.")
        return {"type": "final_assessment", "text": text, "addressed": [], "provenance": source}
    parts = [f"{len(data['points'])} point(s) at adjusted confidence ≥ {state.inclusion_threshold}."]
    for severity in synthesis.SEVERITY_ORDER:
        ids = [p["id"] for p in data["points"] if p["severity"] == severity]
        if ids:
            parts.append(f"{severity}: {', '.join(ids)}.")
    return {"type": "final_assessment", "text": " ".join(parts), "responses": mechanical_responses(data),
            "resolutions": mechanical_resolutions(data), "provenance": source}


def mechanical_responses(data: dict) -> list[dict]:
    """One response per key finding holding a High or Critical point: the synthesis' verdict on it."""
    responses = []
    for item in data["key_findings"]:
        if item["severity"] not in HIGH_SEVERITIES:
            continue
        said = item["critiques"][0]
        responses.append({"id": said["id"], "point": said["critique"],
                          "response": f"The point stands as computed: {item['severity']} severity at adjusted "
                                      f"confidence {item['confidence']}, raised by {', '.join(item['personas'])}; "
                                      "no self-critique withdrew it."})
    return responses


def mechanical_resolutions(data: dict) -> list[dict]:
    """Every conflict left open: code does not arbitrate between personas, and says so."""
    return [{"conflict": c["id"], "outcome": "open",
             "reason": f"{', '.join(c['raised'])} raised and {', '.join(c['lowered'])} lowered confidence in "
                       "this passage; the computed summary does not arbitrate between personas."}
            for c in data["conflicts"]]
