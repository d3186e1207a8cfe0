"""The agent's next move when the session waits for the agent: the web search first where a gate needs one."""

from __future__ import annotations

from argcheck.protocols.triz.rules_phases import searched_for
from argcheck.protocols.triz.forge_state import Phase
from argcheck.protocols.triz.move_skeletons import SKELETONS


def _search(purpose: str, **fields) -> dict:
    return dict(SKELETONS["web_search"], purpose=purpose, **fields)


def next_agent_move(state) -> dict | None:
    """A move `apply` accepts once its "..." placeholders are filled, or None when nothing is due."""
    phase = state.current_phase
    if phase == Phase.DECOMPOSE:
        return _decompose(state)
    if phase == Phase.EXPLORE:
        return _explore(state)
    if phase == Phase.SYNTHESIZE:
        return _synthesize(state)
    if phase == Phase.VALIDATE:
        return _validate(state)
    if phase == Phase.BUILD:
        waiting = [c.id for c in state.round_claims if c.verdict in ("accept", "qualify", "merge")
                   and c.id not in state.graph]
        if waiting:
            return dict(SKELETONS["add_to_knowledge_graph"], claim_id=waiting[0])
        if state.pending_insight:
            return dict(SKELETONS["submit_user_insight"], insight=state.pending_insight["insight"],
                        evidence_urls=list(state.pending_insight["evidence_urls"]))
        return None
    return SKELETONS["generate_knowledge_document"]


def _decompose(state) -> dict | None:
    if not state.fundamentals:
        return SKELETONS["decompose_to_fundamentals"]
    if not state.state_of_art_researched:
        return SKELETONS["map_state_of_art"] if searched_for(state, "state_of_art") else _search("state_of_art")
    if len(state.assumptions) < 3:
        return SKELETONS["extract_assumptions"]
    return SKELETONS["reframe_problem"] if len(state.reframings) < 3 else None


def _explore(state) -> dict | None:
    if state.morphological_box is None:
        return SKELETONS["build_morphological_box"]
    if state.cross_domain_search_count < 2:
        return _search("cross_domain", domain="...")
    return SKELETONS["identify_contradictions"] if not state.contradictions else None


def _synthesize(state) -> dict | None:
    if state.current_round and not state.negative_knowledge_consulted:
        return SKELETONS["get_negative_knowledge"]
    for index in range(state.theses_stated):
        if index not in state.antitheses_searched:
            if searched_for(state, "antithesis", index=index):
                return dict(SKELETONS["find_antithesis"], claim_index=index)
            return _search("antithesis", claim_index=index)
        if index not in state.current_round_claims:
            return _synthesis(state, index)
    unreferenced = state.current_round and not state.previous_claims_referenced
    if not state.theses_stated or (unreferenced and state.claims_remaining):
        return SKELETONS["state_thesis"]
    return None


def _synthesis(state, index: int) -> dict:
    move = dict(SKELETONS["create_synthesis"], claim_index=index)
    if state.current_round and not state.previous_claims_referenced:
        earlier = [c for c in state.claims.values() if c.round_created < state.current_round]
        in_graph = [c.id for c in earlier if c.id in state.graph]
        move["builds_on_claim_id"] = (in_graph or [c.id for c in earlier])[-1]
    return move


def _validate(state) -> dict | None:
    for index in sorted(state.current_round_claims):
        if index not in state.falsification_attempted:
            if searched_for(state, "falsification", index=index):
                return dict(SKELETONS["attempt_falsification"], claim_index=index)
            return _search("falsification", claim_index=index)
        if index not in state.novelty_checked:
            return dict(SKELETONS["check_novelty"], claim_index=index)
        if state.claims[state.current_round_claims[index]].scores is None:
            return dict(SKELETONS["score_claim"], claim_index=index)
    return None
