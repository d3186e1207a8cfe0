"""The knowledge graph as Mermaid, Graphviz DOT and React Flow JSON (the seed's graph API shape).

React Flow: {"nodes": [{"id", "type", "data", "position": {"x", "y"}}], "edges": [{"id", "source", "target",
"type", "label"}]}. Positions are layered: a claim sits one column right of the deepest claim it points at.
"""

from __future__ import annotations

import json

from argcheck.core.text import clip, dot_string

COLUMN, ROW = 320, 140
STATUS_COLOR = {"validated": "#d7f5dd", "qualified": "#fff4c2", "proposed": "#e8e8e8", "rejected": "#f8d0d0",
                "superseded": "#dddddd"}


def layers(state) -> dict[str, int]:
    """Each graph claim's column: 0 for claims that point at nothing, else 1 + the deepest target."""
    graph = state.graph
    depth = {}
    for node in sorted(graph.order, key=graph.order.__getitem__, reverse=True):
        depth[node] = 1 + max((depth[t] for t in graph.successors[node]), default=-1)
    return depth


def _label(claim, limit: int = 70) -> str:
    return f"{claim.id} · {claim.status}\n{clip(claim.claim_text, limit)}"


def _mermaid_text(text: str) -> str:
    return (text.replace("&", "#amp;").replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")
            .replace("\n", "<br/>"))


def mermaid(state) -> str:
    lines = ["flowchart RL"]
    for node in state.graph.nodes:
        claim = state.claims[node]
        lines.append(f'  {node}["{_mermaid_text(_label(claim))}"]:::{claim.status}')
    for source, target, kind in state.graph.edges:
        arrow = "-.->" if kind == "contradicts" else "-->"
        lines.append(f"  {source} {arrow}|{kind}| {target}")
    if not state.graph.nodes:
        lines.append('  empty["the knowledge graph is empty"]')
    for status, color in STATUS_COLOR.items():
        lines.append(f"  classDef {status} fill:{color},stroke:#555")
    return "\n".join(lines) + "\n"


def dot(state) -> str:
    lines = ["digraph knowledge_graph {", "  rankdir=RL;", '  node [shape=box, style="rounded,filled"];']
    for node in state.graph.nodes:
        claim = state.claims[node]
        label = dot_string(_label(claim, 50)).replace("\n", "\\n")
        lines.append(f'  {node} [label="{label}", fillcolor="{STATUS_COLOR[claim.status]}"];')
    for source, target, kind in state.graph.edges:
        style = ", style=dashed" if kind == "contradicts" else ""
        lines.append(f'  {source} -> {target} [label="{kind}"{style}];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def react_flow(state) -> dict:
    depth = layers(state)
    rows: dict[int, int] = {}
    nodes = []
    for node in state.graph.nodes:
        claim = state.claims[node]
        column = depth[node]
        row = rows.get(column, 0)
        rows[column] = row + 1
        nodes.append({"id": node, "type": "claim", "position": {"x": column * COLUMN, "y": row * ROW},
                      "data": {"label": clip(claim.claim_text, 120), "claim_text": claim.claim_text,
                               "claim_type": claim.claim_type, "status": claim.status,
                               "confidence": claim.confidence, "scores": claim.scores,
                               "round": claim.round_created + 1, "evidence_count": len(claim.evidence)}})
    edges = [{"id": f"{source}-{kind}-{target}", "source": source, "target": target, "type": kind, "label": kind}
             for source, target, kind in state.graph.edges]
    return {"nodes": nodes, "edges": edges}


def react_flow_json(state) -> str:
    return json.dumps(react_flow(state), indent=2, ensure_ascii=False) + "\n"
