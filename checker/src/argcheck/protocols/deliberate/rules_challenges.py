"""Attack and defense: challenge, defend, concede, judge (spec §3, §6; rules DLB104–DLB120, DLB150).

Roles: the non-author challenges a point; the point's author (the respondent) defends or concedes;
the challenger judges. A `reconcile` challenge is the exception: it demands that the other party
reconcile its own contradiction, so its respondent is the party challenged, and any answer
(defend, concede or revise) closes it and clears the point's `needs_reconcile`.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate.buckets import link_evidence, refresh, set_challenge_status
from argcheck.protocols.deliberate.references import (
    duplicate_id, is_strong_evidence, other_party, refused, unknown, unknown_all,
)
from argcheck.protocols.deliberate import refusals
from argcheck.protocols.deliberate.stability import (
    CHALLENGE_POSITIONS, is_contradiction, mark_contradiction, record_verdict, stability_problems,
)
from argcheck.protocols.deliberate.state import CRYSTALLIZATION, Challenge, Defense


def open_challenge(eng, challenge_id: str, point, challenger: str, kind: str, objection: str,
                   assigned: bool = False) -> Challenge:
    state = eng.state
    respondent = other_party(challenger) if kind == "reconcile" else point.author
    challenge = Challenge(id=challenge_id, point=point.id, challenger=challenger, respondent=respondent, kind=kind,
                          objection=objection, issued_round=state.iteration, seq=eng.seq, assigned_id=assigned)
    state.challenges[challenge_id] = challenge
    point.challenge_ids.append(challenge_id)
    set_challenge_status(state, challenge, "open", new=True)
    return challenge


def answer_reconcile(eng, point, party: str) -> None:
    """`party` answered: its open reconcile challenges on the point close and the contradiction clears."""
    state = eng.state
    answered = False
    for challenge_id in point.challenge_ids:
        challenge = state.challenges[challenge_id]
        if challenge.kind == "reconcile" and challenge.respondent == party and challenge.is_open:
            challenge.responded_rounds.add(state.iteration)
            set_challenge_status(state, challenge, "accepted")
            answered = True
    if answered:
        point.needs_reconcile = False
        refresh(state, point)


# --- challenge ----------------------------------------------------------------------------------

def on_challenge(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = duplicate_id(eng, move["id"])
    found += unknown(eng, state.points, move["point"], "point", "point")
    if found:
        return found
    point, kind, actor = state.points[move["point"]], move["kind"], move["actor"]
    if point.not_evaluated:
        return [refusals.not_evaluated(eng, "challenge", point.id)]
    if kind != "reconcile":
        if actor == point.author:
            found.append(refusals.self_evaluation(eng, actor, "challenges", point.id))
        if state.phase == CRYSTALLIZATION:
            found.append(refusals.after_development(eng, "kind", f"a {kind} challenge", point.id))
        found += stability_problems(eng, point, actor, CHALLENGE_POSITIONS[kind])
    found += [refusals.unknown_reference(eng, f"cites/{i}", "cites", "move", seq)
              for i, seq in enumerate(move.get("cites", ())) if seq >= eng.seq]
    if refused(found):
        return found
    open_challenge(eng, move["id"], point, actor, kind, move["objection"])
    if kind in CHALLENGE_POSITIONS:
        take_position(eng, point, actor, CHALLENGE_POSITIONS[kind], is_contradiction(found))
    return found


def take_position(eng, point, actor: str, position: str, contradiction: bool) -> None:
    """An attack is a position on the point: record it (and a consultee's contradiction)."""
    if point.classifications.get(actor) != position:
        record_verdict(eng, point, actor, position, revised=False)
    if contradiction:
        mark_contradiction(eng, point)
        refresh(eng.state, point)


# --- defend -------------------------------------------------------------------------------------

def on_defend(eng, move: dict) -> list[Finding]:
    challenge, found = defended_challenge(eng, move)
    if challenge is None:
        return found
    actor = move["actor"]
    found += answer_problems(eng, challenge, actor, "defends", "defense")
    evidence = move.get("evidence", ())
    found += unknown_all(eng, eng.state.ledger, evidence, "evidence", "ledger entry")
    if refused(found):
        return found
    found += unverified_evidence_warning(eng, evidence, "defense", challenge.id)
    apply_defense(eng, challenge, move, evidence)
    return found


def defended_challenge(eng, move: dict):
    """The challenge a defense answers: by id, or (quick mode only) the actor's latest open one on `point`."""
    state = eng.state
    if move.get("challenge"):
        found = unknown(eng, state.challenges, move["challenge"], "challenge", "challenge")
        return (None, found) if found else (state.challenges[move["challenge"]], [])
    if state.mode != "quick" or not move.get("point"):
        return None, [eng.report("DLB118", "challenge", mode=state.mode)]
    missing = unknown(eng, state.points, move["point"], "point", "point")
    if missing:
        return None, missing
    on_point = [state.challenges[i] for i in state.points[move["point"]].challenge_ids]
    if not on_point:
        return None, [refusals.unknown_reference(eng, "point", "point", "challenge on point", move["point"])]
    mine = [c for c in on_point if c.is_open and c.respondent == move["actor"]]
    return (mine or on_point)[-1], []


def apply_defense(eng, challenge, move: dict, evidence) -> None:
    state = eng.state
    challenge.defenses.append(Defense(round=state.iteration, seq=eng.seq, argument=move["argument"],
                                      evidence=list(evidence)))
    challenge.responded_rounds.add(state.iteration)
    if challenge.kind == "reconcile":
        answer_reconcile(eng, state.points[challenge.point], challenge.respondent)
    else:
        set_challenge_status(state, challenge, "defended")


def unverified_evidence_warning(eng, evidence, action: str, challenge_id: str) -> list[Finding]:
    """DLB150: evidence was cited, but none of it is user or verified."""
    if not evidence:
        return []
    ledger = eng.state.ledger
    if any(ledger[e].provenance in ("user", "verified") for e in evidence):
        return []
    return [eng.report("DLB150", "evidence", action=action, challenge=challenge_id, cited=", ".join(evidence))]


def answer_problems(eng, challenge, actor: str, verb: str, noun: str) -> list[Finding]:
    """Only the respondent answers a challenge (DLB114), and only while it is open (DLB117)."""
    found = []
    if actor != challenge.respondent:
        found.append(refusals.wrong_respondent(eng, actor, verb, challenge, "respondent", challenge.respondent))
    if not challenge.is_open:
        found.append(refusals.challenge_closed(eng, noun, challenge))
    return found


# --- concede ------------------------------------------------------------------------------------

def on_concede(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = unknown(eng, state.challenges, move["challenge"], "challenge", "challenge")
    if found:
        return found
    challenge, actor = state.challenges[move["challenge"]], move["actor"]
    found = answer_problems(eng, challenge, actor, "concedes", "concession")
    if found:
        return found
    challenge.responded_rounds.add(state.iteration)
    challenge.concession = {"round": state.iteration, "seq": eng.seq, "reason": move.get("reason")}
    set_challenge_status(state, challenge, "conceded")
    if challenge.kind == "reconcile":  # conceding the contradiction answers it too
        point = state.points[challenge.point]
        answer_reconcile(eng, point, challenge.respondent)
        point.needs_reconcile = False
        refresh(state, point)
    return found


# --- judge --------------------------------------------------------------------------------------

def on_judge(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = unknown(eng, state.challenges, move["challenge"], "challenge", "challenge")
    if found:
        return found
    challenge, actor = state.challenges[move["challenge"]], move["actor"]
    point = state.points[challenge.point]
    found += judge_role_problems(eng, challenge, actor, point)
    evidence = move.get("evidence", ())
    found += unknown_all(eng, state.ledger, evidence, "evidence", "ledger entry")
    if refused(found):
        return found
    found += judgment_problems(eng, challenge, point, move["outcome"], evidence)
    if refused(found):
        return found
    found += unverified_evidence_warning(eng, evidence, "judgment", challenge.id)
    apply_judgment(eng, challenge, point, move, evidence)
    return found


def judge_role_problems(eng, challenge, actor: str, point) -> list[Finding]:
    if actor == challenge.respondent:
        return [refusals.self_evaluation(eng, actor, "judges the defense of", point.id)]
    if actor != challenge.challenger:
        return [refusals.wrong_respondent(eng, actor, "judges", challenge, "challenger", challenge.challenger)]
    return []


def judgment_problems(eng, challenge, point, outcome: str, evidence) -> list[Finding]:
    if not challenge.is_open:
        return [refusals.challenge_closed(eng, "judgment", challenge)]
    if not challenge.defenses or challenge.defenses[-1].judged is not None:
        return [eng.report("DLB119", "challenge", challenge=challenge.id)]
    found = []
    if outcome == "rejected" and challenge.kind == "reject" and point.kind == "empirical":
        ledger = eng.state.ledger
        if not any(is_strong_evidence(ledger[e]) for e in evidence):
            found.append(eng.report("DLB120", "evidence", challenge=challenge.id, point=point.id,
                                    cited=", ".join(evidence) or "nothing"))
    if outcome == "accepted" and point.needs_reconcile:
        found.append(refusals.reconcile_pending(eng, "outcome", "accepting a defense", point.id))
    return found


def apply_judgment(eng, challenge, point, move: dict, evidence) -> None:
    state = eng.state
    outcome = move["outcome"]
    defense = challenge.defenses[-1]
    defense.judged = outcome
    challenge.judgments.append({"round": state.iteration, "seq": eng.seq, "outcome": outcome,
                                "reason": move["reason"], "evidence": list(evidence)})
    if outcome == "accepted":
        link_evidence(state, point, list(defense.evidence) + list(evidence))
        set_challenge_status(state, challenge, "accepted")
    else:
        # A rejected SKEPTICAL defense leaves the challenge open for another; a rejected REJECT is terminal.
        set_challenge_status(state, challenge, "rejected" if challenge.kind == "reject" else "open")
