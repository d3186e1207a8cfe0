"""The round rules (seed §6.2): who speaks, once per round, in order; self-critique adjusts only own claims.

Each code is emitted by exactly one function here.
"""

from __future__ import annotations

from argcheck.protocols.council.state import ROUND_NAMES
from argcheck.core.rules import finding


def unknown_persona(state, persona: str, path: str) -> list:
    """CNL104: only the panel's personas speak."""
    if state.persona(persona) is not None:
        return []
    return [finding("CNL104", path=path, persona=persona, panel=", ".join(state.names))]


def _what(record) -> str:
    return f"failure {record.failure}" if record.failed else record.kind.replace("_", "-")


def critique_already_recorded(state, persona: str, path: str, retry_allowed: bool) -> list:
    """CNL105: one initial-round record per persona; a failed persona may be retried with its critique."""
    record = state.rounds["critique"].get(persona)
    if record is None or (retry_allowed and record.failed):
        return []
    return [finding("CNL105", path=path, persona=persona, round=ROUND_NAMES["critique"], what=_what(record),
                    seq=record.seq)]


def initial_round_closed(state, persona: str, path: str) -> list:
    """CNL106: no initial critique once the self-critique round began."""
    began = state.self_critique_began()
    if began is None:
        return []
    return [finding("CNL106", path=path, persona=persona, seq=began)]


def self_critique_too_early(state, path: str) -> list:
    """CNL111: self-critique starts when every persona's initial round is recorded."""
    pending = state.pending("critique")
    if not pending:
        return []
    return [finding("CNL111", path=path, pending=", ".join(pending))]


def persona_has_no_critique(state, persona: str, path: str) -> list:
    """CNL121: a persona without an initial critique has no self-critique round."""
    record = state.rounds["critique"].get(persona)
    if record is None or not record.failed:
        return []
    return [finding("CNL121", path=path, persona=persona)]


def self_critique_repeated(state, persona: str, path: str) -> list:
    """CNL112: one self-critique round record per persona."""
    record = state.rounds["self_critique"].get(persona)
    if record is None:
        return []
    return [finding("CNL112", path=path, persona=persona, what=_what(record), seq=record.seq)]


def check_adjustments(state, persona: str, adjustments: list, path: str) -> list:
    """Every finding for a self-critique's adjustments (cumulative per claim)."""
    found, deltas = [], {}
    for index, adjustment in enumerate(adjustments):
        where = f"{path}/{index}"
        target = adjustment["target_claim_id"]
        found += blank_reasoning(adjustment, index, where)
        not_own = adjustment_not_own_claim(state, persona, adjustment, index, where)
        found += not_own
        if not_own:
            continue
        before = state.claims[target].adjusted + deltas.get(target, 0.0)
        found += adjusted_confidence_out_of_range(target, before, adjustment["confidence_delta"], index, where)
        deltas[target] = deltas.get(target, 0.0) + adjustment["confidence_delta"]
    return found


def blank_reasoning(adjustment: dict, index: int, path: str) -> list:
    """CNL115: every adjustment says why."""
    if adjustment["reasoning"].strip():
        return []
    return [finding("CNL115", path=path + "/reasoning", index=index, id=adjustment["target_claim_id"])]


def adjustment_not_own_claim(state, persona: str, adjustment: dict, index: int, path: str) -> list:
    """CNL113: a self-critique targets only the persona's own claims."""
    claim = state.claims.get(adjustment["target_claim_id"])
    if claim is not None and claim.persona == persona:
        return []
    owner = claim.persona if claim else "no persona (unknown id)"
    return [finding("CNL113", path=path + "/target_claim_id", index=index, id=adjustment["target_claim_id"],
                    owner=owner, persona=persona)]


def adjusted_confidence_out_of_range(target: str, before: float, delta: float, index: int, path: str) -> list:
    """CNL114: the adjusted confidence stays within 0.0–1.0."""
    after = round(before + delta, 6)
    if 0.0 <= after <= 1.0:
        return []
    return [finding("CNL114", path=path + "/confidence_delta", index=index, id=target, before=round(before, 6),
                    delta=delta, after=after)]


def partial_council(state) -> list:
    """CNL123: a council that lost personas says so."""
    failures = state.failures()
    if not failures:
        return []
    failed = "; ".join(f"{f['persona']} ({ROUND_NAMES[f['round']]}: {f['failure']})" for f in failures)
    return [finding("CNL123", responded=len(state.responded), total=len(state.personas), failed=failed)]
