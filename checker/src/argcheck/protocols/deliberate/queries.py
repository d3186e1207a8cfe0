"""Read-only questions the presentation layer (`next`, `prompt`, `render`) asks of a deliberation.

All pure and cheap: O(points + open challenges) at most.
"""

from __future__ import annotations

from argcheck.protocols.deliberate import afview, rounds, termination
from argcheck.protocols.deliberate.buckets import live_open_challenges
from argcheck.protocols.deliberate.rules_scope import extension_refusal
from argcheck.protocols.deliberate.state import AGREED, CRYSTALLIZATION, DISMISSED, UNRESOLVED

BUCKET_KEYS = (AGREED, DISMISSED, UNRESOLVED, "pending")
ALWAYS_IN_PROGRESS = ("classify", "challenge", "defend", "concede", "judge", "ledger", "verify", "revise",
                      "clarify", "settle", "reframe", "abort")


def buckets(state) -> dict[str, list]:
    """Points per bucket: agreed, dismissed, unresolved, and pending (no bucket yet)."""
    grouped = {key: [] for key in BUCKET_KEYS}
    for point in state.points.values():
        grouped[point.bucket or "pending"].append(point)
    return grouped


def open_challenges(state) -> list:
    """Open, dropped or defended challenges that still matter (their point is not Dismissed)."""
    return live_open_challenges(state)


def reminders_due(state) -> list:
    """Challenges dropped once: the next prompt carries a reminder."""
    return [c for c in open_challenges(state) if c.status == "dropped"]


def deadlocked_points(state) -> list:
    return [state.points[point_id] for point_id in rounds.deadlocked(state)]


def predicted_disputed(state) -> set[str]:
    """The disputed set the current round would close with if synthesis came now (after its drops)."""
    lapsing = {c.id for c, status in rounds.drops_due(state, state.iteration) if status == "undefended"}
    return {c.point for c in open_challenges(state) if c.id not in lapsing}


def termination_options(state) -> dict[str, tuple[bool, str]]:
    disputed = predicted_disputed(state)
    return {name: termination.termination_holds(state, name, disputed) for name in termination.TERMINATIONS}


def arbitration_triggers(state) -> list[str]:
    return termination.arbitration_triggers(state)


def arbitration_due(state) -> bool:
    return termination.arbitration_due(state)


def confidence(state) -> str:
    return termination.confidence(state)


def degraded_reasons(state) -> list[str]:
    return termination.degraded_reasons(state)


def grounded_view(state):
    """(arguments, attacks, labels): the attack graph and its grounded labelling."""
    return afview.grounded_view(state)


# --- what may be done now -----------------------------------------------------------------------

def allowed_moves(state) -> list[str]:
    if state.status in ("presented", "aborted"):
        return []
    if state.status == "synthesized":
        return _after_synthesis_moves(state)
    allowed = list(ALWAYS_IN_PROGRESS)
    if state.phase != CRYSTALLIZATION:
        allowed.append("point")
    if state.iteration < state.cap and not rounds.deadlocked(state):
        allowed.append("consult")
    if any(extension_refusal(state, t) is None for t in ("unaddressed_dispute", "stress_test_pending")):
        allowed.append("extend_constructive")
    if state.mode == "standard":
        allowed += ["stress_test", "request_arbitration"]
    if any(met for met, _ in termination_options(state).values()):
        allowed.append("synthesize")
    return allowed


def _after_synthesis_moves(state) -> list[str]:
    allowed = ["ledger", "verify", "abort"]
    if state.mode == "standard" and state.arbitration is None:
        allowed += ["arbitrate", "request_arbitration"]
    if not arbitration_due(state):
        allowed.append("present")
    return allowed


def due_items(state) -> list[str]:
    """Human sentences: what is due now."""
    if state.status in ("presented", "aborted"):
        return []
    if state.status == "synthesized":
        return _due_after_synthesis(state)
    items = [_challenge_duty(state, c) for c in open_challenges(state)]
    items += [f"{p.id} deadlocked for {p.dispute_streak} rounds: settle it" for p in deadlocked_points(state)]
    for point in state.points.values():
        items += _point_duties(state, point)
    if state.iteration >= state.cap:
        items.append(f"iteration cap {state.cap} reached: synthesize (iteration_bound)")
    return items


def _challenge_duty(state, challenge) -> str:
    if challenge.status == "defended":
        return f"{challenge.id}: {challenge.challenger} must judge the defense of {challenge.point}"
    if challenge.respondent == "consultee":
        when = f"in reply {challenge.due_round}"
    else:
        when = f"before reply {challenge.due_round + 1}"
    notes = []
    if challenge.status == "dropped":
        notes.append("reminder sent")
    if challenge.kind == "reject":
        notes.append("REJECT: single round")
    suffix = f" ({', '.join(notes)})" if notes else ""
    return f"{challenge.id}: {challenge.respondent} must defend by id {when}{suffix}"


def _point_duties(state, point) -> list[str]:
    duties = []
    if point.needs_reconcile and not _has_open_reconcile(state, point):
        duties.append(f"{point.id}: the consultee contradicted itself: issue a reconcile challenge")
    if point.bucket is not None:
        return duties
    if point.awaiting_clarification:
        duties.append(f"{point.id}: {point.author} must clarify it (classified ILL_FORMED)")
    duties += [f"{point.id}: clarified: the {party} must classify it again" for party in ("orchestrator", "consultee")
               if needs_reclassification(point, party)]
    for party in ("orchestrator", "consultee"):
        if owes_challenge(state, point, party):
            verdict = point.classifications[party]
            duties.append(f"{point.id}: {party} holds {verdict} without an open challenge: issue one")
    if point.awaiting_evidence:
        duties.append(f"{point.id}: accepted, awaiting verified evidence (ledger supports + verify)")
    return duties


def needs_reclassification(point, party: str) -> bool:
    """The point was clarified after `party` classified it ILL_FORMED: `party` classifies it again."""
    return (point.classifications.get(party) == "ILL_FORMED" and not point.awaiting_clarification
            and point.author != party and point.bucket is None and not point.not_evaluated)


def owes_challenge(state, point, party: str) -> bool:
    """`party` revised to SKEPTICAL/REJECT with no attack of its own standing on the point (none open,
    none issued since that position was taken): it owes the challenge its revise announced."""
    if point.bucket is not None or point.classifications.get(party) not in ("SKEPTICAL", "REJECT"):
        return False
    since = max(entry["seq"] for entry in point.history if entry["party"] == party)
    return not any(c.challenger == party and c.kind != "reconcile" and (c.is_open or c.seq >= since)
                   for c in (state.challenges[i] for i in point.challenge_ids))


def needs_reconcile_challenge(state, point) -> bool:
    """A contradiction is recorded and no reconcile demand on it is open: the orchestrator issues one."""
    return point.needs_reconcile and not _has_open_reconcile(state, point)


def _has_open_reconcile(state, point) -> bool:
    return any(state.challenges[i].kind == "reconcile" and state.challenges[i].is_open for i in point.challenge_ids)


def _due_after_synthesis(state) -> list[str]:
    if arbitration_due(state):
        return [f"arbitration due before present ({', '.join(arbitration_triggers(state))})"]
    return ["present the decision log"]
