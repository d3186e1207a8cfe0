"""`argcheck render`: the 10-section Knowledge Document, the session status, the graph and the derived state.

The Knowledge Document's sections: 1 Core Insight, 2 Problem Context, 3 Reasoning Chain, 4 Evidence Base,
5 Cross-Domain Patterns, 6 Boundaries, 7 Negative Knowledge, 8 Knowledge Graph, 9 Implementation Guide,
10 Next Frontiers. Sections 1, 9 and 10 open with the agent's prose (checked to cite claims that exist);
everything else is built from the recorded moves.
"""

from __future__ import annotations

import json
from dataclasses import asdict

from argcheck.core.markdown_safety import neutralize
from argcheck.protocols.triz import document_sections as sections
from argcheck.protocols.triz.render_graph import dot, mermaid, react_flow_json
from argcheck.protocols.triz.status import session_status, status_text
from argcheck.protocols.triz.token_usage import usage_line, with_measured_cost  # noqa: F401 (the measured_cost hook)
from argcheck.core.text import flat

SECTIONS = ("Core Insight", "Problem Context", "Reasoning Chain", "Evidence Base", "Cross-Domain Patterns",
            "Boundaries", "Negative Knowledge", "Knowledge Graph", "Implementation Guide", "Next Frontiers")


def render(state, fmt: str, findings=()) -> str:
    if fmt == "md":
        return neutralize(knowledge_document(state, findings))  # hostile text stays text in a Markdown viewer
    if fmt == "status":
        return status_text(state)
    if fmt == "json":
        return state_json(state, findings)
    if fmt == "mermaid":
        return mermaid(state)
    if fmt == "dot":
        return dot(state)
    if fmt == "reactflow":
        return react_flow_json(state)
    raise ValueError(f"unknown format {fmt!r} (the spec lists what this protocol renders)")


def knowledge_document(state, findings=()) -> str:
    builders = (sections.core_insight, sections.problem_context, sections.reasoning_chain, sections.evidence_base,
                sections.cross_domain_patterns, sections.boundaries, sections.negative_knowledge,
                sections.knowledge_graph, sections.implementation_guide, sections.next_frontiers)
    parts = [f"# Knowledge Document: {flat(state.problem)}", _banner(state)]
    for number, (title, build) in enumerate(zip(SECTIONS, builders), start=1):
        parts.append(f"## {number}. {title}\n\n{build(state).strip()}")
    parts.append(sections.research_log(state))
    parts.append(sections.user_decisions(state))
    parts.append(_tokens(state))
    parts.append(_findings(findings))
    return "\n\n".join(p for p in parts if p) + "\n"


def _tokens(state) -> str:
    """The measured cost, when the shell measured it (the agent's own report is only in the status)."""
    usage = state.token_usage
    if not usage or usage.get("source") != "measured":
        return ""
    return "## Appendix: tokens\n\n```\n" + usage_line(usage) + "\n```"


def _banner(state) -> str:
    status = session_status(state)
    text = (f"*Session {status['status']} · {status['round']} round(s) · {status['graph']['nodes']} claims in the "
            f"knowledge graph, {status['graph']['edges']} edges · {status['graph']['negative_knowledge']} rejected*")
    if state.knowledge_document is None:
        text += "\n\n> Draft: the session is not crystallized yet; sections 1, 9 and 10 have no prose yet."
    return text


def _findings(findings) -> str:
    if not findings:
        return ""
    lines = ["## Findings", ""] + [f"- `{f.code}` {f.name} ({f.severity}, move {f.move}): {f.message}"
                                   for f in findings]
    return "\n".join(lines)


def state_json(state, findings=()) -> str:
    value = {
        "protocol": "triz", "session": session_status(state), "problem": state.problem,
        "claims": {claim_id: asdict(claim) for claim_id, claim in state.claims.items()},
        "graph": {"nodes": state.graph.nodes, "edges": [list(e) for e in state.graph.edges]},
        "negative_knowledge": state.negative_knowledge, "gaps": state.gaps,
        "convergence_locks": state.convergence_locks, "knowledge_document": state.knowledge_document,
        "findings": [f._asdict() for f in findings],
    }
    return json.dumps(value, indent=2, ensure_ascii=False, default=sorted) + "\n"
