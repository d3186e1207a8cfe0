"""Handlers of phases 5-6 (build, crystallize), the build decision, user insights, status and cancel."""

from __future__ import annotations

from argcheck.core.findings import has_errors
from argcheck.protocols.triz.rules_claims import check_claim_known
from argcheck.protocols.triz.rules_graph import add_with_edges, check_graph_addition, check_not_in_graph
from argcheck.protocols.triz.rules_phases import check_max_rounds
from argcheck.protocols.triz.rules_reviews import check_decision, check_graph_not_empty, check_prose
from argcheck.protocols.triz.forge_state import Claim, Phase

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
    return add_with_edges(state, claim, move.get("edges", []), path + "/edges")


def analyze_gaps(engine, move):
    engine.state.gaps += move.get("gaps", [])
    engine.state.convergence_locks += move.get("convergence_locks", [])
    return []


def get_negative_knowledge(engine, move):
    engine.state.negative_knowledge_consulted = True
    return []


def build_decision(engine, move):
    state, path = engine.state, engine.path
    found = [f for f in (check_decision(move, path),) if f]
    decision = move["decision"]
    if decision in ("continue", "deep_dive"):
        found += [f for f in (check_max_rounds(state.current_round + 1, path + "/decision"),) if f]
    if decision == "resolve":
        found += [f for f in (check_graph_not_empty(state, path + "/decision"),) if f]
    if decision == "deep_dive" and move.get("deep_dive_claim_id"):
        found += [f for f in (check_claim_known(state, move["deep_dive_claim_id"], path + "/deep_dive_claim_id"),)
                  if f]
    if has_errors(found):
        return found
    state.decisions.append({"decision": decision, "round": state.current_round + 1, "seq": engine.seq,
                            "deep_dive_claim_id": move.get("deep_dive_claim_id"),
                            "user_insight": move.get("user_insight"),
                            "user_evidence_urls": list(move.get("user_evidence_urls", []))})
    if decision in ("continue", "deep_dive"):
        state.reset_for_new_round()
        state.enter_phase(Phase.SYNTHESIZE)
        state.deep_dive_active = decision == "deep_dive"
        state.deep_dive_target_claim_id = move.get("deep_dive_claim_id") if state.deep_dive_active else None
    elif decision == "resolve":
        state.enter_phase(Phase.CRYSTALLIZE)
    else:
        state.pending_insight = {"insight": move["user_insight"], "evidence_urls": move.get("user_evidence_urls", [])}
    return found


def submit_user_insight(engine, move):
    state, path = engine.state, engine.path
    claim = Claim(id=state.next_claim_id(), claim_type="user_contributed", claim_text=move["insight"],
                  round_created=state.current_round, seq=engine.seq, status="validated", confidence="emerging",
                  evidence=[{"source_url": url, "source_title": url, "content_summary": "contributed by the user",
                             "evidence_type": "supporting", "contributed_by": "user"}
                            for url in move.get("evidence_urls", [])])
    found = add_with_edges(state, claim, move.get("edges", []), path + "/edges")
    if not has_errors(found):
        state.claims[claim.id] = claim
        state.user_insights.append(claim.id)
        state.pending_insight = None
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
    return []


def cancel(engine, move):
    engine.state.cancelled = True
    engine.state.cancel_reason = move.get("reason")
    return []
