"""Phase Transition Enforcement: the gates between phases and the web_search gates (Rules 1, 2, 4, 9-15).

Invariants:
    - Cannot explore without decompose complete (fundamentals + state of the art + assumptions + reframings
      + the user's selection); cannot synthesize without explore complete.
    - web_search must precede the evidence-dependent tools, in the same phase.
    - Every check is pure: state in, findings out. Each code is emitted by exactly one function here.

Design Decisions:
    - The `*_missing` functions list what a gate lacks without the user's part, so `next` can tell the agent
      when to stop and ask the user (the same thresholds, one definition).
"""

from __future__ import annotations

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz.forge_state import (
    MAX_ROUNDS, MIN_ASSUMPTIONS, MIN_CROSS_DOMAIN_SEARCHES, MIN_REFRAMINGS, ForgeState,
)
from argcheck.core.rules import finding


def decompose_missing(state: ForgeState) -> list[str]:
    """What phase 1 still lacks on the agent's side."""
    missing = []
    if not state.fundamentals:
        missing.append("fundamentals")
    if not state.state_of_art_researched:
        missing.append("a researched state of the art")
    if len(state.assumptions) < MIN_ASSUMPTIONS:
        missing.append(f"{MIN_ASSUMPTIONS} assumptions (have {len(state.assumptions)})")
    if len(state.reframings) < MIN_REFRAMINGS:
        missing.append(f"{MIN_REFRAMINGS} reframings (have {len(state.reframings)})")
    return missing


def check_decompose_complete(state: ForgeState, selected: list, path: str):
    """Rule 1 (DECOMPOSE_INCOMPLETE), checked at the user's decompose review."""
    missing = decompose_missing(state)
    if not selected:
        missing.append("a reframing selected by the user")
    if missing:
        return finding("TRZ101", path=path, missing="; ".join(missing))
    return None


def explore_missing(state: ForgeState) -> list[str]:
    missing = []
    if state.morphological_box is None:
        missing.append("a morphological box")
    if state.cross_domain_search_count < MIN_CROSS_DOMAIN_SEARCHES:
        missing.append(f"{MIN_CROSS_DOMAIN_SEARCHES} cross-domain searches (have {state.cross_domain_search_count})")
    if not state.contradictions:
        missing.append("a contradiction")
    return missing


def check_explore_complete(state: ForgeState, starred: list, path: str):
    """Rule 2 (EXPLORE_INCOMPLETE), checked at the user's explore review."""
    missing = explore_missing(state)
    if not starred:
        missing.append("an analogy starred by the user")
    if missing:
        return finding("TRZ102", path=path, missing="; ".join(missing))
    return None


def synthesis_missing(state: ForgeState) -> list[str]:
    if not state.theses_stated:
        return ["a claim (no thesis stated this round)"]
    missing = []
    for index in range(state.theses_stated):
        if index not in state.antitheses_searched:
            missing.append(f"the antithesis of slot {index}")
        elif index not in state.current_round_claims:
            missing.append(f"the synthesis of slot {index}")
    return missing


def check_all_antitheses(state: ForgeState, path: str):
    """Rule 4 (SYNTHESIS_INCOMPLETE), checked at the user's claims review."""
    missing = synthesis_missing(state)
    if missing:
        return finding("TRZ104", path=path, missing="; ".join(missing))
    return None


def check_cumulative(state: ForgeState, path: str):
    """Rule 9 (NOT_CUMULATIVE): in rounds 2+, a claim of the round builds on an earlier round's claim."""
    if state.current_round >= 1 and not state.previous_claims_referenced:
        return finding("TRZ109", path=path, round=state.current_round + 1)
    return None


def check_negative_consulted(state: ForgeState, path: str):
    """Rule 10 (NEGATIVE_KNOWLEDGE_MISSING): rounds 2+ consult the rejected claims before synthesis."""
    if state.current_round >= 1 and not state.negative_knowledge_consulted:
        return finding("TRZ110", path=path, round=state.current_round + 1)
    return None


def check_max_rounds(next_round_index: int, path: str):
    """Rule 11 (MAX_ROUNDS_EXCEEDED): round indexes run 0-4; index 5 (a sixth round) fails."""
    if next_round_index >= MAX_ROUNDS:
        return finding("TRZ111", path=path, round=next_round_index + 1, limit=MAX_ROUNDS)
    return None


# -- web_search gates (Rules 12-15) --------------------------------------------------------------------

def searched_for(state: ForgeState, purpose: str, domain: str | None = None, index: int | None = None) -> bool:
    for search in state.web_searches_this_phase:
        if search["purpose"] != purpose:
            continue
        if domain is not None and _norm(search.get("domain")) != _norm(domain):
            continue
        if index is not None and search.get("claim_index") != index:
            continue
        return True
    return False


def check_state_of_art_searched(state: ForgeState, path: str):
    """Rule 12 (STATE_OF_ART_NOT_RESEARCHED)."""
    if searched_for(state, "state_of_art"):
        return None
    return finding("TRZ112", path=path, searched=_describe(state.web_searches_this_phase))


def check_cross_domain_searched(state: ForgeState, domain: str, path: str):
    """Rule 13 (CROSS_DOMAIN_NOT_SEARCHED): a search of the analogy's source domain."""
    if searched_for(state, "cross_domain", domain=domain):
        return None
    return finding("TRZ113", path=path, domain=domain, searched=_describe(state.web_searches_this_phase))


def check_antithesis_searched(state: ForgeState, index: int, path: str):
    """Rule 14 (ANTITHESIS_NOT_SEARCHED): a counter-evidence search for that slot."""
    if searched_for(state, "antithesis", index=index):
        return None
    return finding("TRZ114", path=path, index=index, searched=_describe(state.web_searches_this_phase))


def check_falsification_searched(state: ForgeState, index: int, path: str):
    """Rule 15 (FALSIFICATION_NOT_SEARCHED): a search to disprove that slot's claim."""
    if searched_for(state, "falsification", index=index):
        return None
    return finding("TRZ115", path=path, index=index, searched=_describe(state.web_searches_this_phase))


def _describe(searches: list) -> str:
    if not searches:
        return "nothing"
    parts = []
    for search in searches:
        detail = search.get("domain") or (f"slot {search['claim_index']}" if search.get("claim_index") is not None
                                          else None)
        parts.append(search["purpose"] + (f" ({detail})" if detail else ""))
    return ", ".join(parts)


def _norm(text) -> str:
    return " ".join(str(text or "").casefold().split())
