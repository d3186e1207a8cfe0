"""Closing a round: drop accounting (the defense obligation), disputed sets and deadlock streaks.

This runs only when a structured reply closes round r (and, for the last round, at synthesis), and
costs O(open challenges): the per-move path never scans challenges.
"""

from __future__ import annotations

from argcheck.protocols.deliberate.buckets import is_moot, refresh, set_challenge_status

DEADLOCK_ROUNDS = 3


def drops_due(state, round_number: int) -> list[tuple]:
    """(challenge, new status) for every open challenge that was due by `round_number` and got no
    defense or concession in it. SKEPTICAL/reconcile: 1st drop -> dropped, 2nd -> undefended;
    REJECT: one drop -> undefended. A defense awaiting judgment never drops."""
    transitions = []
    challenges = state.challenges
    for challenge_id in state.open_challenge_ids:
        challenge = challenges[challenge_id]
        if (challenge.status == "defended" or challenge.due_round > round_number
                or round_number in challenge.responded_rounds or is_moot(state, challenge)):
            continue
        final = challenge.kind == "reject" or challenge.drops >= 1
        transitions.append((challenge, "undefended" if final else "dropped"))
    return transitions


def apply_drops(state, transitions) -> list[tuple]:
    """Apply drop transitions; return what `revert_drops` needs to undo them."""
    undo = []
    for challenge, status in transitions:
        point = state.points[challenge.point]
        undo.append((challenge, challenge.status, challenge.drops, point, point.needs_reconcile))
        challenge.drops += 1
        if status == "undefended" and challenge.kind == "reconcile":
            # Documented choice: an unanswered reconcile demand lapses; the contradiction stays on record.
            point.needs_reconcile = False
        set_challenge_status(state, challenge, status)
    return undo


def revert_drops(state, undo) -> None:
    for challenge, status, drops, point, needs_reconcile in reversed(undo):
        challenge.drops = drops
        point.needs_reconcile = needs_reconcile
        set_challenge_status(state, challenge, status)
        refresh(state, point)


def disputed_points(state) -> set[str]:
    """Points with a live open challenge (open, dropped or defended, on a point not Dismissed)."""
    challenges = state.challenges
    return {challenges[i].point for i in state.open_challenge_ids if not is_moot(state, challenges[i])}


def close_round(state, round_number: int) -> None:
    """A structured reply closes `round_number`: count drops, record the disputed set, update streaks."""
    apply_drops(state, drops_due(state, round_number))
    disputed = disputed_points(state)
    state.rounds[round_number].disputed_at_close = frozenset(disputed)
    state.deadlock_candidates.clear()
    for point_id in sorted(disputed):
        point = state.points[point_id]
        continuing = point.last_disputed_round == round_number - 1
        point.dispute_streak = point.dispute_streak + 1 if continuing else 1
        point.last_disputed_round = round_number
        if point.dispute_streak >= DEADLOCK_ROUNDS:
            state.deadlock_candidates[point_id] = None


def deadlocked(state) -> list[str]:
    """Points disputed through 3+ consecutive closed rounds that still have a live open challenge."""
    stuck = []
    for point_id in state.deadlock_candidates:
        point = state.points[point_id]
        if point.bucket is None and any(i in state.open_challenge_ids for i in point.challenge_ids):
            stuck.append(point_id)
    return stuck
