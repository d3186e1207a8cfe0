"""`argcheck render`: the critique in Markdown (objective, robotic tone), the Synthesized Critique Data as
JSON, the trees in Mermaid, and every pending persona's prompt (for parallel subagents) (pure)."""

from __future__ import annotations

import json
import os

from argcheck.core.markdown_safety import neutralize
from argcheck.protocols.council import prompting, synthesis
from argcheck.protocols.council.render_graph import mermaid
from argcheck.protocols.council.state import ROUND_NAMES
from argcheck.core.text import cell, flat

__all__ = ["render", "critique", "critique_data", "mermaid", "prompts"]


def render(state, fmt: str, findings=()) -> str:
    """Render `state` as `fmt`; `findings` are the replay's findings (listed in the Markdown)."""
    if fmt == "md":
        return neutralize(critique(state, findings))  # hostile text stays text in a Markdown viewer
    if fmt == "json":
        return json.dumps(critique_data(state), ensure_ascii=False, indent=2) + "\n"
    if fmt == "mermaid":
        return mermaid(state)
    if fmt == "prompts":
        return json.dumps(prompts(state), ensure_ascii=False, indent=2) + "\n"
    raise ValueError(f"unknown format {fmt!r} (the spec lists what this protocol renders)")


def critique_data(state) -> dict:
    """The seed's Synthesized Critique Data, with the document and the council it comes from."""
    document = state.header.get("document", {})
    data = synthesis.synthesize(state)
    data["status"] = state.status
    data["document"] = {key: document.get(key) for key in ("path", "size", "sha256")}
    return data


def prompts(state) -> dict:
    """The prompt of every persona pending in the current round (empty outside the persona rounds)."""
    step = prompting.due(state)
    council = state.council_line()
    if step is None or step[0] == "assessment":
        return {"round": step[0] if step else None, "council": council, "prompts": []}
    render_one = prompting.critique_prompt if step[0] == "critique" else prompting.self_critique_prompt
    return {"round": step[0], "council": council, "prompts": [{"agent_style": name, "prompt": render_one(state, name)}
                                          for name in state.pending(step[0])]}


def critique(state, findings=()) -> str:
    data = synthesis.synthesize(state)
    sections = [_title(state), _summary_table(state, data), _partial_notice(state), _assessment(state, data),
                _responses(data), _points(state, data), _agreement(data), _conflicts(data), _adjustments(state),
                _arbiter(data),
                "## Critique trees\n\n```mermaid\n" + mermaid(state) + "```",
                "## Synthesized Critique Data\n\n```json\n" + json.dumps(_seed_data(data), ensure_ascii=False,
                                                                         indent=2) + "\n```",
                _findings(findings)]
    return "\n\n".join(section for section in sections if section) + "\n"


def _title(state) -> str:
    path = state.header.get("document", {}).get("path", "-")
    return f"# Council critique: {os.path.basename(path) or path}"


def _summary_table(state, data) -> str:
    document = state.header.get("document", {})
    rows = [("Document", f"{document.get('path')} · {document.get('size')} bytes · sha256 "
                         f"{str(document.get('sha256'))[:12]}"),
            ("Council", f"{state.header.get('panel', {}).get('name')} panel · {state.council_line()}"),
            ("Status", state.status),
            ("Score", _score_text(state, data)),
            ("Limits", f"max depth {state.max_depth} · branch threshold {state.threshold} · inclusion threshold "
                       f"{state.inclusion_threshold}")]
    return "| | |\n|---|---|\n" + "\n".join(f"| {name} | {cell(value)} |" for name, value in rows)


def _score_text(state, data) -> str:
    score = data["score"]["score"]
    provisional = " (provisional: rounds pending)" if state.status in ("critiquing", "self_critiquing") else ""
    arbiter = data["arbiter"]
    beside = f"; the Expert Arbiter gave {arbiter['overall_score']}" if arbiter else ""
    return f"{score}/100, derived from the kept points{provisional}{beside}"


def _arbiter(data) -> str:
    arbiter = data["arbiter"]
    if arbiter is None:
        return ""
    rows = [f"| {a['target_claim_id']} | {a['confidence_delta']:+.2f} | {cell(a['arbitration_comment'])} |"
            for a in arbiter["adjustments"]]
    table = ("| Claim | Delta | Comment |\n|---|---|---|\n" + "\n".join(rows)) if rows else "No adjustments."
    return (f"## Expert Arbiter\n\nOverall score: **{arbiter['overall_score']}/100** (derived from the points: "
            f"{data['score']['score']}). {flat(arbiter['justification'])}\n\n{table}")


def _partial_notice(state) -> str:
    if not state.partial:
        return ""
    lines = [f"> **PARTIAL COUNCIL: {state.council_count()}.** This critique "
             "is not the assessment of the full panel."]
    for failure in state.failures():
        detail = f" ({flat(failure['detail'])})" if failure["detail"] else ""
        lines.append(f"> - {failure['persona']}: {ROUND_NAMES[failure['round']]} failed: "
                     f"{failure['failure']}{detail}")
    return "\n".join(lines)


def _assessment(state, data) -> str:
    if state.assessment:
        named = [r["id"] for r in state.assessment["responses"]] + state.assessment["addressed"]
        addressed = ", ".join(dict.fromkeys(named)) or "none"
        return f"## Final assessment\n\n{state.assessment['text'].strip()}\n\nAddressed points: {addressed}."
    if data["no_findings"] and state.status != "critiquing":
        return f"## Final assessment\n\n{synthesis.NO_FINDINGS_MESSAGE} (final assessment not yet recorded)"
    return "## Final assessment\n\nNot yet recorded."


def _points(state, data) -> str:
    points = data["points"]
    head = f"## Points ({len(points)} at adjusted confidence ≥ {state.inclusion_threshold})"
    if state.status in ("critiquing", "self_critiquing"):
        head += f"\n\nProvisional: the {state.status.replace('_', '-')} round is not complete."
    if not points and not state.responded and state.status != "critiquing":
        return f"{head}\n\nNo persona responded: the council produced no critique (this is not a no-findings result)."
    if not points:
        return f"{head}\n\n{synthesis.NO_FINDINGS_MESSAGE}"
    counts = " · ".join(f"{severity} {count}" for severity, count in data["severity_counts"].items())
    findings = data["key_findings"]
    blocks = [head, f"Severity counts: {counts}. Key findings: {len(findings)} (points several personas made on "
                    "one passage are merged into one finding that names each persona)."]
    by_id = {item["id"]: item for item in points}
    for number, finding in enumerate(findings, start=1):
        blocks.append(_key_finding(number, finding, by_id))
    return "\n\n".join(blocks)


def _key_finding(number: int, finding: dict, by_id: dict) -> str:
    if not finding["merged"]:
        item = by_id[finding["ids"][0]]
        change = "" if item["confidence"] == item["initial_confidence"] else f" (initial {item['initial_confidence']})"
        heading = (f"### {number}. [{item['severity']}] {item['id']} · {item['area']} · confidence "
                   f"{item['confidence']}{change}")
        return f"{heading}\n\n{flat(item['critique'])}\n\nEvidence: \"{flat(item['evidence'])}\"" + _advice(item)
    heading = (f"### {number}. [{finding['severity']}] {', '.join(finding['ids'])} · merged: "
               f"{', '.join(finding['personas'])} · confidence {finding['confidence']}")
    lines = [f"- {said['persona']} ({said['id']}, {by_id[said['id']]['severity']}, confidence "
             f"{by_id[said['id']]['confidence']}): {flat(said['critique'])}"
             + _advice(by_id[said["id"]]).replace("\n\n", "\n  - ") for said in finding["critiques"]]
    return f"{heading}\n\n" + "\n".join(lines) + f"\n\nPassage: \"{flat(finding['passage'])}\""


def _advice(item: dict) -> str:
    """The persona's recommendation and concession (critique_council's per-point fields), when given."""
    lines = [f"{label}: {flat(item[key])}" for key, label in (("recommendation", "Recommendation"),
                                                             ("concession", "Concession")) if item.get(key)]
    if item.get("arbitration_comment"):
        lines.append(f"Arbiter ({item['arbiter_delta']:+.2f}): {flat(item['arbitration_comment'])}")
    return "".join(f"\n\n{line}" for line in lines)


def _responses(data) -> str:
    if not data["responses"]:
        return ""
    lines = [f"- {r['id']}: \"{flat(r['point'])}\" — {flat(r['response'])}" for r in data["responses"]]
    return "## Responses to the High and Critical points\n\n" + "\n".join(lines)


def _agreement(data) -> str:
    if not data["agreement"]:
        return "## Agreement\n\nNo passage is the subject of points by more than one persona."
    lines = [f"- \"{item['passage']}\": {', '.join(item['personas'])} ({', '.join(item['ids'])})"
             for item in data["agreement"]]
    return "## Agreement\n\n" + "\n".join(lines)


def _conflicts(data) -> str:
    if not data["conflicts"]:
        return "## Conflicts\n\nNo self-critique adjustments pull in opposite directions on one passage."
    lines = [f"- {item['id']}: \"{item['passage']}\": raised by {', '.join(item['raised'])}; lowered by "
             f"{', '.join(item['lowered'])} ({', '.join(item['ids'])}). {_outcome(item)}" for item in data["conflicts"]]
    return "## Conflicts\n\n" + "\n".join(lines)


def _outcome(conflict: dict) -> str:
    if conflict["outcome"] == "pending":
        return "Resolution: pending (the final assessment resolves it or leaves it open)."
    return f"Resolution: {conflict['outcome']}: {flat(conflict['reason'])}"


def _adjustments(state) -> str:
    if not state.adjustments:
        return "## Self-critique adjustments\n\nNone recorded."
    rows = [f"| {a['persona']} | {a['target_claim_id']} | {a['confidence_delta']:+.2f} | "
            f"{state.claims[a['target_claim_id']].adjusted} | {cell(a['reasoning'])} |" for a in state.adjustments]
    return ("## Self-critique adjustments\n\n| Persona | Claim | Delta | Adjusted confidence | Reasoning |\n"
            "|---|---|---|---|---|\n" + "\n".join(rows))


def _seed_data(data) -> dict:
    """The seed's dict {final_assessment, points: [{area, critique, severity, confidence}], no_findings}, and
    the council it comes from (`5 of 6 personas ...`), so a partial council never passes for a full one."""
    return {"final_assessment": data["final_assessment"],
            "points": [{"area": f["area"], "critique": " | ".join(c["critique"] for c in f["critiques"]),
                        "severity": f["severity"], "confidence": f["confidence"]} for f in data["key_findings"]],
            "no_findings": data["no_findings"], "council": data["council"]["line"]}


def _findings(findings) -> str:
    if not findings:
        return ""
    lines = [f"- {f.code} {f.name} {f.severity}: {f.message}" for f in findings]
    return "## Validator findings\n\n" + "\n".join(lines)
