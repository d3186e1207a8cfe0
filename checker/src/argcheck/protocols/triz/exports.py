"""A TRIZ session as data for the standard formats the shells write (MADR, Argdown, AIF), pure.

The decision is the Knowledge Document's decision sections: the problem and the selected reframings are the
context, the confirmed assumptions the drivers, every claim a considered option (its evidence good, its
rejection bad), the core insight the chosen outcome because of the knowledge graph's claims, the
implementation guide and the negative knowledge the consequences, the next frontiers more information. The
map is the knowledge graph and each claim's dialectic: thesis and antithesis as statements, the synthesis
(the claim) supported by its thesis and attacked by its antithesis, and the graph's edges (supports,
extends and depends_on as support, contradicts and supersedes as attack, merged_from as rephrase).
"""

from __future__ import annotations

EDGE_KIND = {"supports": "support", "extends": "support", "depends_on": "support", "contradicts": "attack",
             "supersedes": "attack", "merged_from": "rephrase"}


def _claims(state) -> list:
    return sorted(state.claims.values(), key=lambda claim: int(claim.id[1:]) if claim.id[1:].isdigit() else 0)


def decision(state) -> dict:
    document = state.knowledge_document or {}
    graph = [state.claims[c] for c in state.graph.order if c in state.claims]
    status = "rejected" if state.cancelled else ("accepted" if document else "proposed")
    reframings = [state.reframings[i]["text"] for i in state.selected_reframings if i < len(state.reframings)]
    consequences = [{"good": True, "text": document["implementation_guide"]}] if document else []
    consequences += [{"good": False, "text": f"{c}: {state.claims[c].claim_text} (rejected: "
                      f"{state.claims[c].rejection_reason or 'no reason recorded'})"} for c in state.negative_knowledge]
    return {
        "title": document.get("core_insight") or state.problem,
        "status": status,
        "context": [state.problem, *reframings],
        "drivers": [state.assumptions[i] for i in state.confirmed_assumptions if i < len(state.assumptions)],
        "options": [_option(claim) for claim in _claims(state)],
        "chosen": document.get("core_insight"),
        "because": _because(state, graph),
        "confidence": ", ".join(f"{claim.id} {claim.confidence}" for claim in graph),
        "consequences": consequences,
        "confirmation": "",
        "more": [document["next_frontiers"]] if document else [],
    }


def _option(claim) -> dict:
    return {"title": f"{claim.id}: {claim.claim_text}", "text": f"{claim.status}, {claim.confidence}",
            "good": [item.get("content_summary") or item.get("source_title", "") for item in claim.evidence
                     if isinstance(item, dict)],
            "bad": [claim.rejection_reason] if claim.rejection_reason else []}


def _because(state, graph) -> str:
    if state.cancelled:
        return f"the session was cancelled: {state.cancel_reason or 'no reason recorded'}"
    if not graph:
        return "the knowledge graph holds no claim yet"
    return "the knowledge graph's claims " + ", ".join(claim.id for claim in graph)


def argument_map(state) -> dict:
    statements, relations = [], []
    for claim in _claims(state):
        statements.append({"id": claim.id, "text": claim.claim_text})
        for part, kind in (("thesis", "support"), ("antithesis", "attack")):
            text = getattr(claim, f"{part}_text")
            if text:
                statements.append({"id": f"{claim.id} {part}", "text": text})
                relations.append({"source": f"{claim.id} {part}", "target": claim.id, "kind": kind})
    relations += [{"source": source, "target": target, "kind": EDGE_KIND.get(kind, "support")}
                  for source, target, kind in state.graph.edges]
    return {"title": state.problem, "statements": statements, "relations": relations}
