"""`argcheck next` when a termination holds: recommend only a synthesis `apply` would accept (pure).

A termination can hold while synthesis is still blocked (points without a bucket, open challenges, an
unreconciled contradiction). Then the step is whatever unblocks it: another consultation while one is
possible, else settling the points that can be settled, else — when nothing the protocol allows can
unblock it — an abort. The blockers are asked of the synthesis checks themselves (a dry run).
"""

from __future__ import annotations

import json

from argcheck.protocols.deliberate import queries, rounds
from argcheck.protocols.deliberate.rules_termination import synthesis_refusals
from argcheck.protocols.deliberate.standing import ids_of, next_free_id
from argcheck.protocols.deliberate.state import CONSTRUCTIVE

STRESS_TESTED = ("convergence", "iteration_bound")
SKIPPED = {"DLB183"}  # a missing stress test is the step recommended before the synthesis itself


def closing_step(state, ready: list[str]) -> tuple[str, str, str] | None:
    """(text, move JSON, kind) for the orchestrator, or None to consult the consultee again."""
    blocked = {}
    for termination in ready:
        codes = [code for code in synthesis_refusals(state, termination) if code not in SKIPPED]
        if not codes:
            return _synthesis_move(state, termination)
        blocked[termination] = codes
    if can_consult(state) and set(ready) != {"quality_exit"}:
        return None
    codes = ", ".join(sorted({code for codes in blocked.values() for code in codes}))
    settleable = [p.id for p in queries.buckets(state).get("pending", []) if not p.needs_reconcile]
    if settleable:
        moves = ", ".join(_settle(pid) for pid in ids_of(settleable))
        return (f"{ready[0]} is met but synthesis is blocked ({codes}): settle the points still without a "
                "bucket, then synthesize", f"[{moves}]", "settle")
    if can_consult(state):
        return None
    return (f"{ready[0]} is met but synthesis is blocked ({codes}) and no consultation can unblock it: abort, "
            "or record the missing answers by hand", '{"type": "abort", "actor": "orchestrator", "reason": "..."}',
            "abort")


def can_consult(state) -> bool:
    return state.iteration < state.cap and not rounds.deadlocked(state)


def _synthesis_move(state, termination: str) -> tuple[str, str, str]:
    if state.mode == "standard" and not state.stress_tests and termination in STRESS_TESTED:
        grouped = queries.buckets(state)
        targets = ids_of(grouped.get("agreed", [])) or ids_of(state.points)
        if targets:
            move = ('{"type": "stress_test", "actor": "orchestrator", "targets": ' + json.dumps(targets) +
                    ', "outcome": "held|weakened|broken", "summary": "..."}')
            return f"{termination} is met: stress-test the conclusions, then synthesize", move, "stress_test"
        return _nothing_to_stress_test(state, termination)
    move = f'{{"type": "synthesize", "actor": "orchestrator", "termination": "{termination}", "answer": "..."}}'
    return f"{termination} is met: synthesize", move, "synthesize"


def _nothing_to_stress_test(state, termination: str) -> tuple[str, str, str]:
    """Standard mode needs a stress test, and no point has been raised to test."""
    if state.phase == CONSTRUCTIVE:
        pid = next_free_id(state.points.keys() | state.challenges.keys() | state.ledger.keys(), "P")
        move = f'{{"type": "point", "actor": "orchestrator", "id": "{pid}", "kind": "empirical|value", "text": "..."}}'
        return (f"{termination} holds, but no point was raised and standard mode stress-tests the conclusions: "
                "put your position as a point", move, "point")
    return (f"{termination} is met, but standard mode needs a stress test and there is no point to test: "
            "abort, or run the deliberation again", '{"type": "abort", "actor": "orchestrator", "reason": "..."}',
            "abort")


def _settle(point_id: str) -> str:
    return ('{"type": "settle", "actor": "orchestrator", "point": "' + point_id + '", "reason": '
            '"missing_data|definitional|criteria_divergence", "question": "...", "tradeoff": "..."}')
