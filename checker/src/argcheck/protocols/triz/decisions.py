"""The user's build decision (the seed's build_decision) and what each choice does to the session.

Invariants:
    - Only `continue` starts a new round: it runs the seed's per-round reset and counts against the five
      rounds (Rule 11).
    - `deep_dive` keeps the session in BUILD (as the seed's reference does): it marks the named claim, and the
      round the next `continue` opens is narrowed to it, every synthesis building on it (TRZ142). It is allowed
      in any round; in the fifth, the `continue` after it is refused (Rule 11).
    - `resolve` needs a non-empty graph (TRZ140); `add_insight` waits for submit_user_insight.
"""

from __future__ import annotations

from argcheck.core.findings import has_errors
from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz.rules_claims import check_claim_known
from argcheck.protocols.triz.rules_phases import check_max_rounds
from argcheck.protocols.triz.rules_reviews import check_decision, check_graph_not_empty
from argcheck.protocols.triz.forge_state import ForgeState, Phase
from argcheck.core.rules import finding


def decision_findings(state: ForgeState, move: dict, path: str) -> list:
    decision = move["decision"]
    found = [check_decision(move, path)]
    if decision == "continue":
        found.append(check_max_rounds(state.current_round + 1, path + "/decision"))
    if decision == "resolve":
        found.append(check_graph_not_empty(state, path + "/decision"))
    if decision == "deep_dive" and move.get("deep_dive_claim_id"):
        found.append(check_claim_known(state, move["deep_dive_claim_id"], path + "/deep_dive_claim_id"))
    return [f for f in found if f]


def build_decision(engine, move):
    state, path = engine.state, engine.path
    found = decision_findings(state, move, path)
    if has_errors(found):
        return found
    decision = move["decision"]
    state.decisions.append({"decision": decision, "round": state.round_number, "seq": engine.seq,
                            "deep_dive_claim_id": move.get("deep_dive_claim_id"),
                            "user_insight": move.get("user_insight"),
                            "user_evidence_urls": list(move.get("user_evidence_urls", []))})
    if decision == "continue":
        state.reset_for_new_round()
        state.enter_phase(Phase.SYNTHESIZE)
    elif decision == "deep_dive":
        state.start_deep_dive(move["deep_dive_claim_id"])
    elif decision == "resolve":
        state.end_deep_dive()
        state.enter_phase(Phase.CRYSTALLIZE)
    else:
        state.pending_insight = {"insight": move["user_insight"], "evidence_urls": move.get("user_evidence_urls", [])}
    return found


def check_on_deep_dive_target(state: ForgeState, builds_on: str | None, path: str):
    """DEEP_DIVE_OFF_TARGET: in a deep dive, every synthesis builds on the claim the user chose."""
    target = state.deep_dive_target_claim_id
    if not state.deep_dive_active or builds_on == target:
        return None
    return finding("TRZ142", path=path, claim=target, found=builds_on or "nothing")
