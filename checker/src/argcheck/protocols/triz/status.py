"""The session status (the seed's get_session_status): phase, round, claims, graph stats, what is awaited."""

from __future__ import annotations

from argcheck.protocols.triz.rules_phases import decompose_missing, explore_missing, synthesis_missing
from argcheck.protocols.triz.forge_state import MAX_ROUNDS, PHASE_NUMBER, REVIEW_OF_PHASE, Phase
from argcheck.protocols.triz.token_usage import usage_line


def awaiting(state) -> dict:
    """Who the session waits for: the agent (and what it still lacks) or the user (and which review)."""
    if state.status in ("crystallized", "cancelled"):
        return {"actor": None, "review": None, "missing": []}
    phase = state.current_phase
    missing = {Phase.DECOMPOSE: decompose_missing, Phase.EXPLORE: explore_missing,
               Phase.SYNTHESIZE: synthesis_missing}.get(phase, lambda s: [])(state)
    if phase == Phase.VALIDATE:
        missing = [f"validation of {state.current_round_claims[i]} (falsify, novelty, score)"
                   for i in sorted(state.current_round_claims)
                   if state.claims[state.current_round_claims[i]].scores is None]
    if phase == Phase.SYNTHESIZE:
        missing += _round_rules_missing(state)
    if phase == Phase.BUILD:
        missing = [f"{claim.id} in the knowledge graph (add_to_knowledge_graph)" for claim in state.round_claims
                   if claim.verdict in ("accept", "qualify", "merge") and claim.id not in state.graph]
        if state.pending_insight:
            missing.append(f"the user's insight in the knowledge graph as {state.next_claim_id()} "
                           "(submit_user_insight with its edges)")
    if phase == Phase.CRYSTALLIZE:
        missing = ["the Knowledge Document (generate_knowledge_document)"]
    if missing:
        return {"actor": "agent", "review": None, "missing": missing}
    return {"actor": "user", "review": REVIEW_OF_PHASE[phase], "missing": []}


def _round_rules_missing(state) -> list[str]:
    """Rules 9 and 10 as to-dos for rounds 2+."""
    if state.current_round == 0:
        return []
    missing = []
    if not state.negative_knowledge_consulted:
        missing.insert(0, "get_negative_knowledge (before the first thesis)")
    if not state.previous_claims_referenced:
        missing.append("a synthesis with builds_on_claim_id naming an earlier round's claim")
    return missing


def session_status(state) -> dict:
    claims = list(state.claims.values())
    by_status = {}
    for claim in claims:
        by_status[claim.status] = by_status.get(claim.status, 0) + 1
    return {
        "status": state.status,
        "phase": state.current_phase.value,
        "phase_number": PHASE_NUMBER[state.current_phase],
        "round": state.round_number,
        "max_rounds": MAX_ROUNDS,
        "claims_in_round": [{"slot": i, "claim_id": state.current_round_claims.get(i)}
                            for i in range(state.theses_stated)],
        "claims_remaining": state.claims_remaining,
        "slots_remaining": state.slots_remaining,
        "claims": {"total": len(claims), **dict(sorted(by_status.items()))},
        "graph": {"nodes": len(state.graph.order), "edges": len(state.graph.edges),
                  "negative_knowledge": len(state.negative_knowledge), "gaps": len(state.gaps)},
        "searches": {"this_phase": len(state.web_searches_this_phase), "session": len(state.research_log)},
        "deep_dive": state.deep_dive_target_claim_id if state.deep_dive_active else None,
        "token_usage": state.token_usage,
        "awaiting": awaiting(state),
    }


def _deep_dive_scope(state) -> str:
    if state.deep_dive_round == state.round_number:
        return f"it narrows round {state.round_number}"
    return "chosen; it narrows the round the next continue opens"


def status_text(state) -> str:
    report = session_status(state)
    graph, wait = report["graph"], report["awaiting"]
    lines = [f"triz · {report['status']} · phase {report['phase_number']}/6 {report['phase']} · "
             f"round {report['round']}/{report['max_rounds']}",
             f"Problem: {state.problem}",
             "Claims: " + ", ".join(f"{k} {v}" for k, v in report["claims"].items()),
             f"Graph: {graph['nodes']} claims, {graph['edges']} edges; "
             f"negative knowledge {graph['negative_knowledge']}; gaps {graph['gaps']}",
             f"Searches: {report['searches']['this_phase']} this phase, {report['searches']['session']} in all"]
    if report["deep_dive"]:
        lines.append(f"Deep dive on {report['deep_dive']} ({_deep_dive_scope(state)})")
    usage = usage_line(report["token_usage"])
    if usage:
        lines.append(usage)
    if wait["actor"] == "user":
        lines.append(f"Awaiting the user: {wait['review']}")
    elif wait["actor"] == "agent":
        lines.append("Awaiting the agent: " + "; ".join(wait["missing"]))
    return "\n".join(lines) + "\n"
