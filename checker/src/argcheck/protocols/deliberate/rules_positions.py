"""Evaluations and position stability: classify, revise, clarify (spec §3, rules DLB105–DLB133)."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate.buckets import attacks_on, refresh, set_challenge_status
from argcheck.protocols.deliberate.references import duplicate_id, refused, unknown
from argcheck.protocols.deliberate.rules_challenges import answer_reconcile, open_challenge
from argcheck.protocols.deliberate import refusals
from argcheck.protocols.deliberate.stability import (
    is_contradiction, mark_contradiction, record_verdict, stability_problems,
)
from argcheck.protocols.deliberate.state import CRYSTALLIZATION

OPENING = frozenset({"SKEPTICAL", "REJECT"})


def point_or_problems(eng, move: dict, action: str):
    """The point a move names, or the findings that stop the move (unknown, not evaluated)."""
    point_id = move["point"]
    missing = unknown(eng, eng.state.points, point_id, "point", "point")
    if missing:
        return None, missing
    point = eng.state.points[point_id]
    if point.not_evaluated:
        return None, [refusals.not_evaluated(eng, action, point_id)]
    return point, []


# --- classify -----------------------------------------------------------------------------------

def on_classify(eng, move: dict) -> list[Finding]:
    point, found = point_or_problems(eng, move, "classify")
    if point is None:
        return found
    actor, verdict = move["actor"], move["verdict"]
    if actor == point.author:
        found.append(refusals.self_evaluation(eng, actor, "classifies", point.id))
    found += verdict_field_problems(eng, move, point)
    if verdict in OPENING and eng.state.phase == CRYSTALLIZATION:
        found.append(refusals.after_development(eng, "verdict", f"a {verdict} classification", point.id))
    found += stability_problems(eng, point, actor, verdict)
    if refused(found):
        return found
    apply_classification(eng, move, point, contradiction=is_contradiction(found))
    return found


def verdict_field_problems(eng, move: dict, point) -> list[Finding]:
    verdict = move["verdict"]
    if verdict not in OPENING:
        stray = [name for name in ("challenge", "objection") if move.get(name) is not None]
        if not stray:
            return []
        return [eng.report("DLB116", stray[0], verdict=verdict, point=point.id, fields=" and ".join(stray))]
    # Quick mode: a missing challenge id is assigned and a missing objection defaults to the reason.
    required = () if eng.state.mode == "quick" else ("challenge", "objection")
    missing = [name for name in required if not move.get(name)]
    found = []
    if missing:
        found.append(refusals.missing_challenge_fields(eng, "verdict", verdict, point.id, " and ".join(missing)))
    if move.get("challenge"):
        found += duplicate_id(eng, move["challenge"], "challenge")
    return found


def apply_classification(eng, move: dict, point, contradiction: bool) -> None:
    state = eng.state
    actor, verdict = move["actor"], move["verdict"]
    record_verdict(eng, point, actor, verdict, revised=False)
    if contradiction:
        mark_contradiction(eng, point)
    if verdict in OPENING:  # opening the challenge re-derives the bucket
        challenge_id = move.get("challenge") or assigned_challenge_id(state, point, eng.seq)
        objection = move.get("objection") or move["reason"]
        open_challenge(eng, challenge_id, point, actor, verdict.lower(), objection,
                       assigned=not move.get("challenge"))
    else:
        refresh(state, point)


def assigned_challenge_id(state, point, seq: int) -> str:
    """Quick mode: a deterministic id that the later judge or concede moves can name."""
    candidates = [f"{point.id}-c{len(point.challenge_ids) + 1}", f"c{seq}"]
    for candidate in candidates:
        if len(candidate) <= 32 and candidate not in state.points and candidate not in state.challenges \
                and candidate not in state.ledger:
            return candidate
    suffix = 1
    while f"c{seq}-{suffix}" in state.challenges:
        suffix += 1
    return f"c{seq}-{suffix}"


# --- revise -------------------------------------------------------------------------------------

def on_revise(eng, move: dict) -> list[Finding]:
    point, found = point_or_problems(eng, move, "revise")
    if point is None:
        return found
    actor, target = move["actor"], move["to"]
    previous = point.classifications.get(actor)
    if previous is None:
        found.append(eng.report("DLB133", "point", actor=actor, point=point.id, to=target,
                                detail="it never classified this point"))
    elif previous == target:
        found.append(eng.report("DLB133", "to", actor=actor, point=point.id, to=target,
                                detail=f"its verdict is already {target}"))
    if refused(found):
        return found
    apply_revision(eng, point, actor, target)
    return found


def own_open_attack(state, point, party: str) -> list:
    return [c for c in attacks_on(state, point) if c.challenger == party and c.id in state.open_challenge_ids]


def apply_revision(eng, point, actor: str, target: str) -> None:
    state = eng.state
    record_verdict(eng, point, actor, target, revised=True)
    if target == "AGREE":
        for challenge in own_open_attack(state, point, actor):
            set_challenge_status(state, challenge, "withdrawn")
    answer_reconcile(eng, point, actor)
    refresh(state, point)


# --- clarify ------------------------------------------------------------------------------------

def on_clarify(eng, move: dict) -> list[Finding]:
    point, found = point_or_problems(eng, move, "clarify")
    if point is None:
        return found
    actor = move["actor"]
    point.clarifications.append({"party": actor, "text": move["text"], "round": eng.state.iteration,
                                 "seq": eng.seq})
    if actor == point.author and point.awaiting_clarification:
        # The author's restatement replaces the text; other clarifications only pin down terms.
        point.text = move["text"]
        point.awaiting_clarification = False
    return []
