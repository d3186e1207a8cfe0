"""The shape of each move, as `next` shows it (placeholders in "..."; every one is a move `apply` accepts once
the placeholders are filled in)."""

from __future__ import annotations

SOURCE = {"source_url": "https://...", "source_title": "...", "content_summary": "..."}
EVIDENCE = {**SOURCE, "evidence_type": "supporting", "contributed_by": "agent"}

SKELETONS = {
    "web_search": {"type": "web_search", "query": "...", "purpose": "general", "results": [SOURCE]},
    "decompose_to_fundamentals": {"type": "decompose_to_fundamentals", "fundamentals": ["..."]},
    "map_state_of_art": {"type": "map_state_of_art", "summary": "...", "sources": [SOURCE]},
    "extract_assumptions": {"type": "extract_assumptions", "assumptions": ["...", "...", "..."]},
    "reframe_problem": {"type": "reframe_problem", "reframings": [{"text": "...", "reframing_type": "scope_change"}]},
    "build_morphological_box": {"type": "build_morphological_box", "parameters": [
        {"name": "...", "values": ["...", "..."]}, {"name": "...", "values": ["...", "..."]}]},
    "search_cross_domain": {"type": "search_cross_domain", "source_domain": "...", "target_application": "...",
                            "analogy_description": "...", "semantic_distance": "far", "sources": [SOURCE]},
    "identify_contradictions": {"type": "identify_contradictions", "contradictions": [
        {"property_a": "...", "property_b": "...", "description": "...", "resolution_direction": "..."}]},
    "map_adjacent_possible": {"type": "map_adjacent_possible", "possibilities": ["..."]},
    "state_thesis": {"type": "state_thesis", "thesis_text": "...", "evidence": [EVIDENCE]},
    "find_antithesis": {"type": "find_antithesis", "claim_index": 0, "antithesis_text": "...",
                        "evidence": [dict(EVIDENCE, evidence_type="contradicting")]},
    "create_synthesis": {"type": "create_synthesis", "claim_index": 0, "claim_text": "...",
                         "falsifiability_condition": "...", "confidence": "emerging", "evidence": [EVIDENCE]},
    "attempt_falsification": {"type": "attempt_falsification", "claim_index": 0, "approach": "...",
                              "outcome": "survived"},
    "check_novelty": {"type": "check_novelty", "claim_index": 0, "is_novel": True, "similar_work": []},
    "score_claim": {"type": "score_claim", "claim_index": 0, "novelty": 0.5, "groundedness": 0.5,
                    "falsifiability": 0.5, "significance": 0.5},
    "add_to_knowledge_graph": {"type": "add_to_knowledge_graph", "claim_id": "C1", "edges": []},
    "analyze_gaps": {"type": "analyze_gaps", "gaps": ["..."], "convergence_locks": []},
    "get_negative_knowledge": {"type": "get_negative_knowledge"},
    "generate_knowledge_document": {"type": "generate_knowledge_document", "core_insight": "... [C1]",
                                    "implementation_guide": "... [C1]", "next_frontiers": "... [C1]"},
    "report_token_usage": {"type": "report_token_usage", "tokens_used": 0, "tokens_limit": 1000000},
    "submit_user_insight": {"type": "submit_user_insight", "actor": "user", "insight": "...", "evidence_urls": [],
                            "edges": []},
    "decompose_review": {"type": "decompose_review", "actor": "user", "confirmed_assumptions": [0],
                         "rejected_assumptions": [], "added_assumptions": [], "selected_reframings": [0],
                         "added_reframings": []},
    "explore_review": {"type": "explore_review", "actor": "user", "starred_analogies": [0], "suggested_domains": []},
    "claims_review": {"type": "claims_review", "actor": "user", "claim_feedback": []},
    "verdicts": {"type": "verdicts", "actor": "user", "verdicts": [{"claim_id": "C1", "verdict": "accept"}]},
    "build_decision": {"type": "build_decision", "actor": "user", "decision": "continue"},
    "cancel": {"type": "cancel", "actor": "user", "reason": "..."},
}
