"""Handlers of research and phases 1-2 (decompose, explore) and their two user reviews.

Each handler is read -> check (pure) -> write: it returns the findings, and changes the ForgeState only
when none of them is an error.
"""

from __future__ import annotations

from argcheck.core.findings import has_errors
from argcheck.protocols.triz.rules_claims import check_evidence_researched
from argcheck.protocols.triz.rules_phases import (
    check_cross_domain_searched, check_decompose_complete, check_explore_complete, check_state_of_art_searched,
)
from argcheck.protocols.triz.rules_reviews import check_indices
from argcheck.protocols.triz.rules_witness import check_search_witnessed
from argcheck.protocols.triz.forge_state import Phase


def web_search(engine, move):
    found = check_search_witnessed(engine.witness, move, engine.path, engine.header)
    if found:
        return found
    state = engine.state
    search = {"seq": engine.seq, "query": move["query"], "purpose": move["purpose"], "domain": move.get("domain"),
              "claim_index": move.get("claim_index"), "results": list(move.get("results", [])),
              "phase": state.current_phase.value, "round": state.current_round + 1,
              "by": move.get("actor", "agent"), "witnessed": engine.witness is not None}
    state.web_searches_this_phase.append(search)
    state.research_log.append(search)
    state.researched_urls.update(result["source_url"] for result in search["results"])
    return []


def decompose_to_fundamentals(engine, move):
    engine.state.fundamentals += move["fundamentals"]
    return []


def map_state_of_art(engine, move):
    state, path = engine.state, engine.path
    found = [f for f in (check_state_of_art_searched(state, path + "/type"),) if f]
    found += check_evidence_researched(state, move["sources"], path + "/sources")
    if not has_errors(found):
        state.state_of_art.append({"summary": move["summary"], "sources": move["sources"], "seq": engine.seq})
        state.state_of_art_researched = True
    return found


def extract_assumptions(engine, move):
    engine.state.assumptions += move["assumptions"]
    return []


def reframe_problem(engine, move):
    engine.state.reframings += [dict(r) for r in move["reframings"]]
    return []


def decompose_review(engine, move):
    state, path = engine.state, engine.path
    count = len(state.assumptions)
    found = check_indices(move.get("confirmed_assumptions", []), count, "confirmed_assumptions",
                          path + "/confirmed_assumptions")
    found += check_indices(move.get("rejected_assumptions", []), count, "rejected_assumptions",
                           path + "/rejected_assumptions")
    selected = move.get("selected_reframings", [])
    found += check_indices(selected, len(state.reframings), "selected_reframings", path + "/selected_reframings")
    gate = check_decompose_complete(state, selected, path + "/selected_reframings")
    found += [gate] if gate else []
    if has_errors(found):
        return found
    state.confirmed_assumptions = list(move.get("confirmed_assumptions", []))
    state.rejected_assumptions = list(move.get("rejected_assumptions", []))
    state.user_added_assumptions = list(move.get("added_assumptions", []))
    state.selected_reframings = list(selected)
    state.user_added_reframings = list(move.get("added_reframings", []))
    state.enter_phase(Phase.EXPLORE)
    return found


def build_morphological_box(engine, move):
    engine.state.morphological_box = [dict(p) for p in move["parameters"]]
    return []


def search_cross_domain(engine, move):
    state, path = engine.state, engine.path
    found = [f for f in (check_cross_domain_searched(state, move["source_domain"], path + "/source_domain"),) if f]
    found += check_evidence_researched(state, move.get("sources", []), path + "/sources")
    if not has_errors(found):
        analogy = {key: move[key] for key in ("source_domain", "target_application", "analogy_description",
                                              "semantic_distance")}
        state.cross_domain_analogies.append({**analogy, "sources": move.get("sources", []), "seq": engine.seq})
        state.cross_domain_search_count += 1
    return found


def identify_contradictions(engine, move):
    engine.state.contradictions += [dict(c) for c in move["contradictions"]]
    return []


def map_adjacent_possible(engine, move):
    engine.state.adjacent_possible += move["possibilities"]
    return []


def explore_review(engine, move):
    state, path = engine.state, engine.path
    starred = move.get("starred_analogies", [])
    found = check_indices(starred, len(state.cross_domain_analogies), "starred_analogies",
                          path + "/starred_analogies")
    gate = check_explore_complete(state, starred, path + "/starred_analogies")
    found += [gate] if gate else []
    if has_errors(found):
        return found
    state.starred_analogies = list(starred)
    state.suggested_domains = list(move.get("suggested_domains", []))
    state.enter_phase(Phase.SYNTHESIZE)
    return found
