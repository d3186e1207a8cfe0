"""Handlers of phases 3-4 (synthesize, validate) and their user reviews (claims review, verdicts)."""

from __future__ import annotations

from argcheck.core.findings import has_errors
from argcheck.protocols.triz.decisions import check_on_deep_dive_target
from argcheck.protocols.triz.rules_claims import (
    check_antithesis_exists, check_claim_index_valid, check_claim_known, check_claim_limit,
    check_evidence_grounding, check_evidence_researched, check_not_synthesized, check_scored,
    scoring_prerequisites,
)
from argcheck.protocols.triz.rules_phases import (
    check_all_antitheses, check_antithesis_searched, check_cumulative, check_falsification_searched,
    check_negative_consulted,
)
from argcheck.protocols.triz.rules_reviews import check_verdicts
from argcheck.protocols.triz.forge_state import VERDICT_STATUS, Claim, Phase

SCORES = ("novelty", "groundedness", "falsifiability", "significance")


def _kept(*found) -> list:
    return [f for f in found if f]


def state_thesis(engine, move):
    state, path = engine.state, engine.path
    found = _kept(check_claim_limit(state, path + "/type"), check_negative_consulted(state, path + "/type"))
    found += check_evidence_researched(state, move.get("evidence", []), path + "/evidence")
    if not has_errors(found):
        state.theses.append({"text": move["thesis_text"], "evidence": list(move.get("evidence", [])),
                             "seq": engine.seq})
        state.theses_stated += 1
    return found


def find_antithesis(engine, move):
    state, path = engine.state, engine.path
    index = move["claim_index"]
    found = _kept(check_claim_index_valid(state, index, path + "/claim_index"))
    if not found:
        found = _kept(check_not_synthesized(state, index, path + "/claim_index"),
                      check_antithesis_searched(state, index, path + "/claim_index"))
    found += check_evidence_researched(state, move.get("evidence", []), path + "/evidence")
    if not has_errors(found):
        state.antitheses[index] = {"text": move["antithesis_text"], "evidence": list(move.get("evidence", [])),
                                   "seq": engine.seq}
        state.antitheses_searched.add(index)
    return found


def create_synthesis(engine, move):
    state, path = engine.state, engine.path
    index = move["claim_index"]
    found = _kept(check_claim_index_valid(state, index, path + "/claim_index"))
    if not found:
        found = _kept(check_not_synthesized(state, index, path + "/claim_index"),
                      check_antithesis_exists(state, index, path + "/claim_index"),
                      check_negative_consulted(state, path + "/type"),
                      check_evidence_grounding(index, move.get("evidence", []), path + "/evidence"))
    found += check_evidence_researched(state, move.get("evidence", []), path + "/evidence")
    builds_on = move.get("builds_on_claim_id")
    if builds_on:
        found += _kept(check_claim_known(state, builds_on, path + "/builds_on_claim_id"))
    found += _kept(check_on_deep_dive_target(state, builds_on, path + "/builds_on_claim_id"))
    if not found and _last_chance(state, index, builds_on):
        found += _kept(check_cumulative(state, path + "/builds_on_claim_id"))
    if not has_errors(found):
        _record_claim(engine, move, index)
    return found


def _last_chance(state, index: int, builds_on) -> bool:
    """Rule 9 is checked at this synthesis when it is the round's last possible one and it does not build on an
    earlier round (else the round could never pass its claims review)."""
    earlier = state.claims.get(builds_on)
    if earlier is not None and earlier.round_created < state.round_number:
        return False
    others_open = [i for i in range(state.theses_stated) if i != index and i not in state.current_round_claims]
    return state.slots_remaining == 0 and not others_open


def _record_claim(engine, move, index: int) -> None:
    state = engine.state
    thesis, antithesis = state.theses[index], state.antitheses[index]
    claim = Claim(
        id=state.next_claim_id(), claim_type="synthesis", claim_text=move["claim_text"],
        round_created=state.round_number, seq=engine.seq, claim_index=index, thesis_text=thesis["text"],
        antithesis_text=antithesis["text"], confidence=move["confidence"],
        falsifiability_condition=move["falsifiability_condition"],
        cross_domain_source=move.get("cross_domain_source"),
        morphological_params=dict(move.get("morphological_params", {})),
        builds_on_claim_id=move.get("builds_on_claim_id"),
        evidence=_distinct(thesis["evidence"] + antithesis["evidence"] + list(move.get("evidence", []))),
    )
    state.claims[claim.id] = claim
    state.current_round_claims[index] = claim.id
    engine.receipts[engine.seq] = f"claim {claim.id} issued (slot {index})"
    earlier = state.claims.get(claim.builds_on_claim_id)
    if earlier is not None and earlier.round_created < state.round_number:
        state.previous_claims_referenced = True


def _distinct(evidence: list) -> list:
    """The claim's evidence base: its own, its thesis's and its antithesis's, each source once per kind."""
    seen, kept = set(), []
    for item in evidence:
        key = (item["source_url"], item.get("evidence_type"))
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def claims_review(engine, move):
    state, path = engine.state, engine.path
    found = _kept(check_all_antitheses(state, path + "/type"), check_cumulative(state, path + "/type"))
    round_ids = [claim.id for claim in state.round_claims]
    for number, item in enumerate(move.get("claim_feedback", [])):
        found += _kept(check_claim_known(state, item["claim_id"], f"{path}/claim_feedback/{number}/claim_id",
                                         among=round_ids))
    if has_errors(found):
        return found
    for item in move.get("claim_feedback", []):
        state.claims[item["claim_id"]].user_feedback.append(item["feedback"])
    state.unsynthesized += [{"round": state.round_number, "thesis": state.theses[i]["text"],
                             "antithesis": state.antitheses[i]["text"]}
                            for i in range(state.theses_stated) if i not in state.current_round_claims]
    state.enter_phase(Phase.VALIDATE)
    return found


def attempt_falsification(engine, move):
    state, path = engine.state, engine.path
    index = move["claim_index"]
    found = _kept(check_claim_index_valid(state, index, path + "/claim_index", synthesized=True))
    if not found:
        found = _kept(check_falsification_searched(state, index, path + "/claim_index"))
    found += check_evidence_researched(state, move.get("evidence", []), path + "/evidence")
    if not has_errors(found):
        claim = state.claims[state.current_round_claims[index]]
        claim.falsifications.append({"approach": move["approach"], "outcome": move["outcome"],
                                     "evidence": list(move.get("evidence", [])), "seq": engine.seq})
        state.falsification_attempted.add(index)
    return found


def check_novelty(engine, move):
    state, path = engine.state, engine.path
    index = move["claim_index"]
    found = _kept(check_claim_index_valid(state, index, path + "/claim_index", synthesized=True))
    if not found:
        claim = state.claims[state.current_round_claims[index]]
        claim.novelty = {"is_novel": move["is_novel"], "similar_work": list(move.get("similar_work", [])),
                         "seq": engine.seq}
        state.novelty_checked.add(index)
    return found


def score_claim(engine, move):
    state, path = engine.state, engine.path
    index = move["claim_index"]
    found = _kept(check_claim_index_valid(state, index, path + "/claim_index", synthesized=True))
    if not found:
        found = scoring_prerequisites(state, index, path + "/claim_index")
    if not has_errors(found):
        state.claims[state.current_round_claims[index]].scores = {name: move[name] for name in SCORES}
    return found


def verdicts(engine, move):
    state, path = engine.state, engine.path
    found = _kept(*(check_scored(state, index, path + "/type") for index in sorted(state.current_round_claims)))
    found += check_verdicts(state, move.get("verdicts", []), path + "/verdicts")
    if has_errors(found):
        return found
    for verdict in move.get("verdicts", []):
        claim = state.claims[verdict["claim_id"]]
        claim.verdict, claim.status = verdict["verdict"], VERDICT_STATUS[verdict["verdict"]]
        claim.rejection_reason = verdict.get("rejection_reason")
        claim.qualification = verdict.get("qualification")
        claim.merge_with = list(verdict.get("merge_with", []))
        if claim.verdict == "merge":
            claim.claim_type = "merged"
        if claim.verdict == "reject":
            state.negative_knowledge.append(claim.id)
    state.enter_phase(Phase.BUILD)
    return found
