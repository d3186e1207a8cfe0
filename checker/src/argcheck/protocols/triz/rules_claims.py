"""Claim Validation Enforcement: the claim invariants of phases 3 and 4 (Rules 3, 5-8) and claim references.

Invariants:
    - Claims go through thesis -> antithesis -> synthesis, in slots 0-2 of the round.
    - Every claim is falsification-tested and novelty-checked before it is scored, and scored before verdicts.
    - Agent evidence comes from a recorded web search.
"""

from __future__ import annotations

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz.forge_state import MAX_CLAIMS_PER_ROUND, ForgeState
from argcheck.core.rules import finding


def check_claim_index_valid(state: ForgeState, index: int, path: str, synthesized: bool = False):
    """INVALID_CLAIM_INDEX: the slot was opened by a thesis this round (and, for validation, synthesized)."""
    if synthesized:
        open_slots = {i: f"{i} ({state.current_round_claims[i]})" for i in sorted(state.current_round_claims)}
    else:
        open_slots = {i: str(i) for i in range(state.theses_stated)}
    if index in open_slots:
        return None
    return finding("TRZ121", path=path, index=index, known=", ".join(open_slots.values()) or "none")


def check_claim_limit(state: ForgeState, path: str):
    """Rule 8 (CLAIM_LIMIT_EXCEEDED): at most 3 claims per round."""
    if state.claims_in_round >= MAX_CLAIMS_PER_ROUND:
        return finding("TRZ108", path=path, count=state.claims_in_round, limit=MAX_CLAIMS_PER_ROUND)
    return None


def check_antithesis_exists(state: ForgeState, index: int, path: str):
    """Rule 3 (ANTITHESIS_MISSING): the slot's antithesis comes before its synthesis."""
    if index in state.antitheses_searched:
        return None
    return finding("TRZ103", path=path, index=index)


def check_not_synthesized(state: ForgeState, index: int, path: str):
    if index in state.current_round_claims:
        return finding("TRZ123", path=path, index=index, claim=state.current_round_claims[index])
    return None


def check_evidence_grounding(index: int, evidence: list, path: str):
    """Rule 7 (UNGROUNDED_CLAIM): the synthesis (the claim) carries external evidence of its own; what its thesis
    and antithesis cited does not ground it (the evidence belongs to the claim)."""
    if evidence:
        return None
    return finding("TRZ107", path=path, index=index)


def check_falsification(state: ForgeState, index: int, path: str):
    """Rule 5 (FALSIFICATION_MISSING)."""
    if index in state.falsification_attempted:
        return None
    return finding("TRZ105", path=path, index=index)


def check_novelty_done(state: ForgeState, index: int, path: str):
    """Rule 6 (NOVELTY_UNCHECKED)."""
    if index in state.novelty_checked:
        return None
    return finding("TRZ106", path=path, index=index)


def check_scored(state: ForgeState, index: int, path: str):
    """CLAIM_NOT_SCORED: the verdicts come after every claim of the round is scored."""
    claim = state.claims[state.current_round_claims[index]]
    if claim.scores is not None:
        return None
    return finding("TRZ132", path=path, index=index)


def check_claim_known(state: ForgeState, claim_id: str, path: str, among=None):
    """UNKNOWN_CLAIM: a reference to a claim of this session (or of `among`, e.g. the round's claims)."""
    pool = state.claims if among is None else among
    if claim_id in pool:
        return None
    return finding("TRZ122", path=path, claim=claim_id, known=", ".join(pool) or "none")


def check_evidence_researched(state: ForgeState, evidence: list, path: str) -> list:
    """EVIDENCE_NOT_RESEARCHED: every agent-contributed url is a result of a recorded web search."""
    found = []
    for number, item in enumerate(evidence):
        if item.get("contributed_by", "agent") == "user" or item["source_url"] in state.researched_urls:
            continue
        found.append(finding("TRZ134", path=f"{path}/{number}/source_url", url=item["source_url"]))
    return found


def scoring_prerequisites(state: ForgeState, index: int, path: str) -> list:
    """Rules 5 and 6 before score_claim."""
    return [f for f in (check_falsification(state, index, path), check_novelty_done(state, index, path)) if f]
