"""The critique trees as one Mermaid flowchart: a subgraph per persona, a node per claim (pure)."""

from __future__ import annotations

import re

from argcheck.core.text import clip, flat

SEVERITY_CLASS = {"Critical": "critical", "High": "high", "Medium": "medium", "Low": "low"}
CLASSES = ("  classDef critical fill:#f8d7da,stroke:#842029,stroke-width:2px\n"
           "  classDef high fill:#fde2c8,stroke:#a14a00\n"
           "  classDef medium fill:#fff3cd,stroke:#806000\n"
           "  classDef low fill:#e2e3e5,stroke:#41464b\n"
           "  classDef dropped stroke-dasharray:4 3,color:#6c757d\n")


def node_key(claim_id: str) -> str:
    return "n_" + re.sub(r"[^A-Za-z0-9_]", "_", claim_id)


def _label(claim) -> str:
    text = clip(flat(claim.claim), 70).replace('"', "'")
    confidence = f"{claim.confidence:.2f}"
    if claim.delta:
        confidence += f" → {claim.adjusted:.2f}"
    severity = f" · {claim.severity}" if claim.severity else ""
    return f'"<b>{claim.id}</b>{severity} · {confidence}<br/>{text}"'


def mermaid(state) -> str:
    """Every persona's tree; claims below the inclusion threshold are dashed, a failed persona is noted; the
    title says how many personas the council heard."""
    title = f"Critique trees · {state.council_line()}".replace('"', "'")
    lines = ["---", f"title: \"{title}\"", "---", "flowchart TD"]
    for persona in state.names:
        record = state.rounds["critique"].get(persona)
        key = "p_" + re.sub(r"[^A-Za-z0-9_]", "_", persona)
        lines.append(f'  subgraph {key}["{persona}"]')
        claims = [c for c in state.claims.values() if c.persona == persona]
        if not claims:
            status = f"failed: {record.failure}" if record and record.failed else "no critique yet"
            lines.append(f'    {key}_none["{status}"]')
        for claim in claims:
            lines.append(f"    {node_key(claim.id)}[{_label(claim)}]")
        lines.append("  end")
    for claim in state.claims.values():
        if claim.parent:
            lines.append(f"  {node_key(claim.parent)} --> {node_key(claim.id)}")
    lines.append(CLASSES.rstrip("\n"))
    for claim in state.claims.values():
        style = "dropped" if claim.adjusted < state.inclusion_threshold else SEVERITY_CLASS.get(claim.severity or "")
        if style:
            lines.append(f"  class {node_key(claim.id)} {style}")
    return "\n".join(lines) + "\n"
