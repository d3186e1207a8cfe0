"""The Expert Arbiter's rules: after self-critique, once, before the final assessment; bounded and justified
adjustments of known claims; an overall score that agrees with the one derived from the points.

Each code is emitted by exactly one function here.
"""

from __future__ import annotations

from argcheck.core.rules import finding
from argcheck.protocols.council.rules_rounds import adjusted_confidence_out_of_range
from argcheck.protocols.council.scoring import ARBITER_MAX_DELTA, SCORE_TOLERANCE, score_with

MIN_COMMENT_WORDS = 6


def check_arbitration(state, move: dict, path: str) -> list:
    found = arbitration_too_early(state, path + "/type") or arbitration_closed(state, path + "/type")
    if found:
        return found
    deltas: dict[str, float] = {}
    for index, adjustment in enumerate(move["adjustments"]):
        where = f"{path}/adjustments/{index}"
        found += unjustified(adjustment, index, where) + unbounded(adjustment, index, where)
        known = unknown_claim(state, adjustment, index, deltas, where)
        found += known
        if not known:
            target = adjustment["target_claim_id"]
            found += adjusted_confidence_out_of_range(target, state.claims[target].adjusted,
                                                      adjustment["confidence_delta"], index, where)
            deltas[target] = adjustment["confidence_delta"]
    if not found:
        found += score_unsupported(state, move, deltas, path + "/arbiter_overall_score")
    return found


def arbitration_too_early(state, path: str) -> list:
    """CNL134: the arbiter reads the critiques after self-critique (every round recorded)."""
    pending = state.pending("critique") + state.pending("self_critique")
    if not pending:
        return []
    return [finding("CNL134", path=path, pending=", ".join(pending))]


def arbitration_closed(state, path: str) -> list:
    """CNL135: one arbitration (a closed, assessed council takes no move at all)."""
    if state.arbitration is None:
        return []
    return [finding("CNL135", path=path, seq=state.arbitration["seq"])]


def unbounded(adjustment: dict, index: int, path: str) -> list:
    """CNL136: an arbiter adjustment moves a confidence by at most ARBITER_MAX_DELTA."""
    if abs(adjustment["confidence_delta"]) <= ARBITER_MAX_DELTA:
        return []
    return [finding("CNL136", path=path + "/confidence_delta", index=index, id=adjustment["target_claim_id"],
                    delta=adjustment["confidence_delta"], bound=ARBITER_MAX_DELTA)]


def unjustified(adjustment: dict, index: int, path: str) -> list:
    """CNL137: every arbiter adjustment is justified by a comment of at least MIN_COMMENT_WORDS words."""
    words = len(adjustment["arbitration_comment"].split())
    if words >= MIN_COMMENT_WORDS:
        return []
    return [finding("CNL137", path=path + "/arbitration_comment", index=index, id=adjustment["target_claim_id"],
                    words=words, minimum=MIN_COMMENT_WORDS)]


def unknown_claim(state, adjustment: dict, index: int, seen: dict, path: str) -> list:
    """CNL138: the arbiter adjusts recorded claims, each once."""
    target = adjustment["target_claim_id"]
    if target in state.claims and target not in seen:
        return []
    why = "is adjusted twice" if target in seen else "is no recorded claim"
    return [finding("CNL138", path=path + "/target_claim_id", index=index, id=target, why=why)]


def score_unsupported(state, move: dict, deltas: dict, path: str) -> list:
    """CNL139: the arbiter's overall score agrees with the score derived from the points (within the tolerance)."""
    derived = score_with(state.claims.values(), state.inclusion_threshold, deltas)
    given = move["arbiter_overall_score"]
    if abs(given - derived) <= SCORE_TOLERANCE:
        return []
    return [finding("CNL139", path=path, given=given, derived=derived, tolerance=SCORE_TOLERANCE)]
