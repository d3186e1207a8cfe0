"""Handlers of phases 5-6 (build, crystallize), user insights, the legacy status move and cancel."""

from __future__ import annotations

from argcheck.core.findings import has_errors
from argcheck.protocols.triz.rules_claims import check_claim_known
from argcheck.protocols.triz.rules_graph import add_with_edges, check_graph_addition, check_not_in_graph
from argcheck.protocols.triz.claim_statuses import mark_superseded
from argcheck.protocols.triz.decisions import build_decision  # noqa: F401  (the engine's handler)
from argcheck.protocols.triz.rules_reviews import check_graph_not_empty, check_prose
from argcheck.protocols.triz.forge_state import Claim

PROSE_SECTIONS = ("core_insight", "implementation_guide", "next_frontiers")


def add_to_knowledge_graph(engine, move):
    state, path = engine.state, engine.path
    claim_id = move["claim_id"]
    unknown = check_claim_known(state, claim_id, path + "/claim_id")
    if unknown:
        return [unknown]
    claim = state.claims[claim_id]
    found = [f for f in (check_graph_addition(claim, path + "/claim_id"),
                         check_not_in_graph(state, claim_id, path + "/claim_id")) if f]
    if found:
        return found
    found = add_with_edges(state, claim, move.get("edges", []), path + "/edges")
    if not has_errors(found):
        mark_superseded(state, move.get("edges", []))
    return found


def analyze_gaps(engine, move):
    """The gaps and convergence locks of the graph as it stands: the first analysis of a build phase replaces
    the previous one (gaps are kept across the round reset, as the seed says, until they are analysed again)."""
    state = engine.state
    if state.gaps_visit != state.build_visits:
        state.gaps, state.convergence_locks = [], []
        state.gaps_visit = state.build_visits
    state.gaps += move.get("gaps", [])
    state.convergence_locks += move.get("convergence_locks", [])
    return []


def get_negative_knowledge(engine, move):
    engine.state.negative_knowledge_consulted = True
    return []


def submit_user_insight(engine, move):
    state, path = engine.state, engine.path
    claim = Claim(id=state.next_claim_id(), claim_type="user_contributed", claim_text=move["insight"],
                  round_created=state.round_number, seq=engine.seq, status="validated", confidence="emerging",
                  evidence=[{"source_url": url, "source_title": url, "content_summary": "contributed by the user",
                             "evidence_type": "supporting", "contributed_by": "user"}
                            for url in move.get("evidence_urls", [])])
    found = add_with_edges(state, claim, move.get("edges", []), path + "/edges")
    if not has_errors(found):
        state.claims[claim.id] = claim
        state.user_insights.append(claim.id)
        engine.receipts[engine.seq] = f"claim {claim.id} issued (user insight)"
        state.pending_insight = None
        mark_superseded(state, move.get("edges", []))
    return found


def generate_knowledge_document(engine, move):
    state, path = engine.state, engine.path
    empty = check_graph_not_empty(state, path + "/type")
    found = [empty] if empty else []
    for section in PROSE_SECTIONS:
        found += check_prose(state, section, move[section], f"{path}/{section}")
    if not has_errors(found):
        state.knowledge_document = {section: move[section] for section in PROSE_SECTIONS}
        state.knowledge_document["seq"] = engine.seq
    return found


def get_session_status(engine, move):
    """Kept for state files written before status became a read: `apply` no longer records it (ARG029)."""
    return []


def cancel(engine, move):
    engine.state.cancelled = True
    engine.state.cancel_reason = move.get("reason")
    return []
