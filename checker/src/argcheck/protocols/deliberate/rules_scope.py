"""Iterations, phases and scope: consult, point, extend_constructive, reframe (spec §2, §3)."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate import rounds
from argcheck.protocols.deliberate.termination import SETUP_FAILURES
from argcheck.protocols.deliberate.buckets import refresh
from argcheck.protocols.deliberate.references import duplicate_id, refused, unknown
from argcheck.protocols.deliberate import refusals
from argcheck.protocols.deliberate.state import (
    CRYSTALLIZATION, DEVELOPMENT, Consultation, Point, Round,
)
from argcheck.core.shapes import violation


# --- consult ------------------------------------------------------------------------------------

def on_consult(eng, move: dict) -> list[Finding]:
    state = eng.state
    outcome = move["outcome"]
    found = failure_class_problems(eng, move)
    if outcome == "reply":
        found += reply_problems(eng)
    if refused(found):
        return found
    record_consultation(eng, move)
    if outcome == "reply":
        rounds.close_round(state, state.iteration)
        state.iteration += 1
        state.replies += 1
        state.rounds.append(Round(state.iteration))
    return found


def failure_class_problems(eng, move: dict) -> list[Finding]:
    """failure_class goes with outcome failure and only with it (reported as a schema violation)."""
    failed, failure_class = move["outcome"] == "failure", move.get("failure_class")
    if failed and failure_class is None:
        detail = "a consult with outcome failure needs failure_class (timeout, not_installed, auth, cli_error, empty)"
    elif not failed and failure_class is not None:
        detail = f"failure_class is only for outcome failure, not {move['outcome']}"
    else:
        return []
    return [violation(eng.at("failure_class"), detail, move=eng.seq)]


def reply_problems(eng) -> list[Finding]:
    state = eng.state
    found = []
    if state.iteration >= state.cap:
        found.append(eng.report("DLB101", "outcome", reply=state.iteration + 1, cap=state.cap, mode=state.mode))
    stuck = rounds.deadlocked(state)
    if stuck:
        found.append(refusals.deadlock_unsettled(eng, "outcome", "a structured reply", ", ".join(stuck)))
    return found


def record_consultation(eng, move: dict) -> None:
    state = eng.state
    outcome = move["outcome"]
    after = state.iteration + (1 if outcome == "reply" else 0)
    state.consultations.append(Consultation(
        outcome=outcome, failure_class=move.get("failure_class"), session_id=move.get("session_id"),
        round=after, seq=eng.seq, usage=move.get("usage"), duration_ms=move.get("duration_ms")))
    if move.get("session_id"):
        state.consultee_session = move["session_id"]
    if outcome == "format_failure":
        state.format_failures += 1
    elif outcome == "failure" and move.get("failure_class") not in SETUP_FAILURES:
        state.failures += 1


# --- point --------------------------------------------------------------------------------------

def on_point(eng, move: dict) -> list[Finding]:
    state = eng.state
    point_id = move["id"]
    relation, extends = move.get("relation", "new"), move.get("extends")
    found = duplicate_id(eng, point_id)
    if relation == "extension" and not extends:
        found.append(eng.report("DLB112", "relation", point=point_id, detail="relation extension without extends"))
    if relation == "new" and extends:
        found.append(eng.report("DLB112", "extends", point=point_id, detail="extends given with relation new"))
    if extends:
        found += unknown(eng, state.points, extends, "extends", "point")
    if refused(found):
        return found
    phase = state.phase
    excluded = None
    if phase == CRYSTALLIZATION or (phase == DEVELOPMENT and relation == "new"):
        excluded = "phase_violation"
        found.append(eng.report("DLB103", "relation", relation=relation, point=point_id, phase=phase,
                                round=state.iteration))
    elif extends and excluded_base_reason(state.points[extends]):
        excluded = "extends_excluded"
        found.append(derived_from_excluded(eng, point_id, state.points[extends]))
    add_point(eng, move, relation, excluded)
    return found


def excluded_base_reason(base) -> str | None:
    """Why `base` is outside the admitted scope (not evaluated, or Dismissed as out of scope), or None."""
    if base.not_evaluated:
        return "not evaluated"
    if base.bucket_reason == "out_of_scope":
        return "classified OUT_OF_SCOPE"
    return None


def derived_from_excluded(eng, point_id: str, base) -> Finding:
    """DLB107: a point that builds on a point outside the admitted scope is not evaluated either."""
    return eng.report("DLB107", "extends", point=point_id, target=base.id, reason=excluded_base_reason(base))


def add_point(eng, move: dict, relation: str, not_evaluated: str | None) -> None:
    state = eng.state
    point = Point(id=move["id"], author=move["actor"], text=move["text"], kind=move["kind"], relation=relation,
                  extends=move.get("extends"), round=state.iteration, seq=eng.seq, not_evaluated=not_evaluated,
                  theme=move.get("theme"))
    state.points[point.id] = point
    state.rounds[state.iteration].new_points.append(point.id)
    if not_evaluated:  # a fresh evaluated point has no verdict yet: it stays pending
        refresh(state, point)


# --- extended CONSTRUCTIVE ------------------------------------------------------------------------

def on_extend_constructive(eng, move: dict) -> list[Finding]:
    state = eng.state
    reason = extension_refusal(state, move["trigger"])
    if reason:
        return [eng.report("DLB102", "trigger", reason=reason)]
    state.extended = True
    state.extension = {"trigger": move["trigger"], "detail": move.get("detail"), "seq": eng.seq}
    return []


def extension_refusal(state, trigger: str) -> str | None:
    """Why extend_constructive with `trigger` is not allowed now, or None when it is."""
    if state.mode == "quick":
        return "quick mode has no extended CONSTRUCTIVE"
    if state.extended:
        return "the extension was already used"
    if state.iteration != 2:
        return f"n is {state.iteration}; the extension is decided at n = 2"
    if trigger == "unaddressed_dispute" and not any_undefended_open_challenge(state):
        return "trigger unaddressed_dispute does not hold: every open challenge has had a defense"
    if trigger == "stress_test_pending" and (state.mode != "standard" or state.stress_tests):
        return "trigger stress_test_pending does not hold: no stress test is pending"
    return None


def any_undefended_open_challenge(state) -> bool:
    challenges = state.challenges
    return any(not challenges[i].defenses for i in state.open_challenge_ids)


# --- reframe ------------------------------------------------------------------------------------

def on_reframe(eng, move: dict) -> list[Finding]:
    """Only the user changes the anchor, with consent (the schema already insists; checked again here)."""
    state = eng.state
    if move.get("actor") != "user" or move.get("consent") is not True:
        return [eng.report("DLB160", "actor", actor=move.get("actor"), consent=move.get("consent"))]
    state.question = move["question"]
    state.reframes.append({"question": move["question"], "round": state.iteration, "seq": eng.seq})
    return []
