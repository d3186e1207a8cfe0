"""The TRIZ session's picture for `argcheck view`, as plain data: the six phases with the five user reviews,
the knowledge graph (typed edges, claim statuses), each claim's thesis, antithesis and synthesis with its
evidence and falsification, the research records, and the 10-section Knowledge Document (pure)."""

from __future__ import annotations

from argcheck.protocols.triz import document_sections as sections
from argcheck.protocols.triz.forge_state import PHASE_NUMBER, REVIEW_OF_PHASE, Phase
from argcheck.protocols.triz.render import SECTIONS
from argcheck.protocols.triz.status import session_status

STATUS_TONE = {"validated": "good", "rejected": "bad", "qualified": "warn", "proposed": "info", "superseded": "muted"}
BUILDERS = (sections.core_insight, sections.problem_context, sections.reasoning_chain, sections.evidence_base,
            sections.cross_domain_patterns, sections.boundaries, sections.negative_knowledge,
            sections.knowledge_graph, sections.implementation_guide, sections.next_frontiers)


def actor(move: dict) -> str:
    return move.get("actor") or "agent"


def view(state, findings) -> dict:
    summary = [("Phase", f"{PHASE_NUMBER[state.current_phase]} of 6 · {state.current_phase.value}"),
               ("Round", session_status(state)["round"]), ("Claims", len(state.claims))]
    return {"summary": summary,
            "sections": [_phases(state), _reviews(state), _graph(state), _claims(state), _research(state),
                         _document(state)]}


def _phases(state) -> dict:
    current = PHASE_NUMBER[state.current_phase]
    done_all = state.knowledge_document is not None
    steps = []
    for phase in Phase:
        number = PHASE_NUMBER[phase]
        where = "done" if done_all or number < current else ("current" if number == current else "todo")
        review = REVIEW_OF_PHASE.get(phase)
        steps.append({"label": f"{number}. {phase.value}", "state": where,
                      "detail": f"closed by the user's {review}" if review else "closed by the Knowledge Document"})
    if state.cancelled:
        steps.append({"label": "cancelled", "state": "current", "detail": state.cancel_reason or ""})
    return {"kind": "steps", "title": f"Phases (round {session_status(state)['round']})", "steps": steps}


def _picked(items: list, indices: list) -> str:
    return "; ".join(str(_text(items[i])) for i in indices if isinstance(i, int) and 0 <= i < len(items)) or "—"


def _text(item) -> str:
    return item.get("text") or item.get("target_application") or str(item) if isinstance(item, dict) else str(item)


def _reviews(state) -> dict:
    rows = [["decompose_review", "confirmed: " + _picked(state.assumptions, state.confirmed_assumptions)
             + " · rejected: " + _picked(state.assumptions, state.rejected_assumptions)
             + " · added: " + ("; ".join(state.user_added_assumptions) or "—")
             + " · reframings chosen: " + _picked(state.reframings, state.selected_reframings)],
            ["explore_review", "starred: " + _picked(state.cross_domain_analogies, state.starred_analogies)
             + " · suggested domains: " + ("; ".join(state.suggested_domains) or "—")],
            ["claims_review", "; ".join(f"{c.id}: {note}" for c in state.claims.values() for note in c.user_feedback)
             or "no feedback"],
            ["verdicts", "; ".join(f"{c.id}: {c.verdict}" + (f" ({c.qualification or c.rejection_reason})"
                                                             if c.qualification or c.rejection_reason else "")
                                   for c in state.claims.values() if c.verdict) or "none yet"],
            ["build_decision", "; ".join(f"round {d['round']}: {d['decision']}" for d in state.decisions)
             or "none yet"]]
    return {"kind": "table", "title": "The five user reviews", "columns": ["Review", "What the user decided"],
            "rows": rows}


def _graph(state) -> dict:
    in_graph = set(state.graph.nodes)
    nodes = []
    for claim in state.claims.values():
        outside = claim.id not in in_graph
        status = claim.status + (", not in the graph" if outside else "")
        nodes.append({"id": claim.id, "label": f"{claim.id} · {claim.status}\n{claim.claim_text}",
                      "text": claim.claim_text, "status": status, "tone": STATUS_TONE.get(claim.status, "plain"),
                      "pruned": outside})
    edges = [{"source": s, "target": t, "label": kind, "dashed": kind != "extends"} for s, t, kind in state.graph.edges]
    return {"kind": "graph", "title": "Knowledge graph (claims by status; rejected claims outside it are dashed)",
            "direction": "RL", "nodes": nodes, "edges": edges, "empty": "No claim yet."}


def _claims(state) -> dict:
    rows, tones = [], []
    for c in state.claims.values():
        evidence = "; ".join(f"{e.get('evidence_type', '')}: {e.get('source_title', '')} <{e.get('source_url', '')}>"
                             for e in c.evidence) or "—"
        falsified = "; ".join(f"{f.get('outcome', '')}: {f.get('approach', '')}" for f in c.falsifications) or "—"
        rows.append([{"refs": [c.id], "to": "node"}, c.status, c.thesis_text, c.antithesis_text, c.claim_text, evidence,
                     c.falsifiability_condition, falsified])
        tones.append(STATUS_TONE.get(c.status, "plain"))
    return {"kind": "table", "title": "Claims: thesis, antithesis, synthesis", "rows": rows, "row_tones": tones,
            "columns": ["Claim", "Status", "Thesis", "Antithesis", "Synthesis", "Evidence", "Falsifiable if",
                        "Falsification"], "empty": "No claim yet."}


def _research(state) -> dict:
    rows = [[s["seq"], s.get("purpose", ""), s.get("domain") or "", s.get("query", ""),
             "; ".join(f"{r.get('source_title', '')} <{r.get('source_url', '')}>" for r in s.get("results", []))]
            for s in state.research_log]
    return {"kind": "table", "title": "Research", "columns": ["Move", "For", "Domain", "Query", "Results"],
            "rows": rows, "empty": "No search yet."}


def _document(state) -> dict:
    parts = [{"heading": f"{n}. {title}", "text": build(state).strip()}
             for n, (title, build) in enumerate(zip(SECTIONS, BUILDERS), start=1)]
    title = "Knowledge Document" + ("" if state.knowledge_document else " (draft: not crystallized yet)")
    return {"kind": "text", "title": title, "parts": parts}
