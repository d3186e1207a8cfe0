"""Pure predicates over the state: terminations, arbitration triggers, confidence, degradation (spec §6)."""

from __future__ import annotations

from argcheck.protocols.deliberate.buckets import has_strong_evidence
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED

TERMINATIONS = ("convergence", "iteration_bound", "trivial", "quality_exit")
FAILED_OUTCOMES = frozenset({"format_failure", "failure"})
# A consultee that is not installed or not logged in is a setup error, not the consultee's answer: it never
# counts toward the quality exit nor degrades the result (ingest refuses to record it and says how to fix it).
SETUP_FAILURES = frozenset({"not_installed", "auth"})
HEAVY_FLAGGING = 0.5


def termination_holds(state, termination: str, disputed) -> tuple[bool, str]:
    """Does `termination` hold, given the disputed set the last round closes with? (met, reason)."""
    return CHECKS[termination](state, frozenset(disputed))


def convergence(state, disputed: frozenset) -> tuple[bool, str]:
    n = state.iteration
    if n < 2:
        return False, f"n is {n}; convergence needs n >= 2"
    fresh = [p for p in state.rounds[n].new_points if not state.points[p].not_evaluated]
    if fresh:
        return False, f"round {n} raised new points ({', '.join(fresh)})"
    before = state.rounds[n - 1].disputed_at_close or frozenset()
    if disputed != before:
        return False, (f"the disputed points changed since round {n - 1} "
                       f"({_listing(before)} -> {_listing(disputed)})")
    return True, f"round {n} raised no new point and the disputed points are unchanged ({_listing(disputed)})"


def iteration_bound(state, disputed: frozenset) -> tuple[bool, str]:
    if state.iteration == state.cap:
        return True, f"n = {state.iteration} is the cap"
    return False, f"n is {state.iteration}; the cap is {state.cap}"


def trivial(state, disputed: frozenset) -> tuple[bool, str]:
    kind = state.header.get("question_kind", "design")
    if kind != "factual":
        return False, f"the question is {kind}, not factual"
    if state.iteration < 1:
        return False, "no structured reply yet: the deliberation's iterations start at n = 1"
    if state.iteration > 2:
        return False, f"n is {state.iteration}; a trivial exit must come by n = 2"
    return True, f"factual question resolved by n = {state.iteration}"


def quality_exit(state, disputed: frozenset) -> tuple[bool, str]:
    last = [c for c in state.consultations if c.failure_class not in SETUP_FAILURES][-2:]
    if len(last) == 2 and all(c.outcome in FAILED_OUTCOMES for c in last):
        return True, "the last two consultations (a retry) produced no structured reply"
    return False, "the last two consultations were not both failures (setup errors do not count)"


CHECKS = {"convergence": convergence, "iteration_bound": iteration_bound, "trivial": trivial,
          "quality_exit": quality_exit}


def _listing(ids) -> str:
    return ", ".join(sorted(ids)) or "none"


# --- arbitration ----------------------------------------------------------------------------------

def bucket_counts(state) -> dict:
    counts = {AGREED: 0, DISMISSED: 0, UNRESOLVED: 0, None: 0}
    for point in state.points.values():
        counts[point.bucket] += 1
    return counts


def arbitration_triggers(state) -> list[str]:
    """Which of the seed's triggers hold (standard mode only)."""
    if state.mode != "standard":
        return []
    triggers = []
    if bucket_counts(state)[UNRESOLVED] >= 2:
        triggers.append("two_or_more_unresolved")
    if early_unanimity_without_evidence(state):
        triggers.append("early_unanimity_without_evidence")
    if state.header.get("stakes") == "high":
        triggers.append("high_stakes")
    if state.arbitration_requests:
        triggers.append("user_request")
    return triggers


def early_unanimity_without_evidence(state) -> bool:
    """Synthesized at n <= 2, nothing Dismissed or Unresolved, and an Agreed point without verified evidence."""
    if state.synthesis is None or state.synthesis["round"] > 2:
        return False
    counts = bucket_counts(state)
    if counts[DISMISSED] or counts[UNRESOLVED]:
        return False
    return any(p.bucket == AGREED and not has_strong_evidence(state, p) for p in state.points.values())


def arbitration_due(state) -> bool:
    return state.arbitration is None and bool(arbitration_triggers(state))


def flagged_share(state) -> float:
    if not state.arbitration or not state.points:
        return 0.0
    flagged = {flag["point"] for flag in state.arbitration["flags"]}
    return len(flagged) / len(state.points)


def confidence(state) -> str:
    """Flags lower confidence: none -> high, under 50% -> medium, 50% or more -> low. A degraded result is
    never high; with no points, or no Agreed point, there is nothing to be confident about (n/a)."""
    if not any(point.bucket == AGREED for point in state.points.values()):
        return "n/a"
    share = flagged_share(state)
    if share >= HEAVY_FLAGGING:
        return "low"
    return "medium" if share or degraded_reasons(state) else "high"


def degraded_reasons(state) -> list[str]:
    reasons = []
    if state.failures:
        reasons.append(f"{state.failures} consultee failure(s)")
    if state.format_failures:
        reasons.append(f"{state.format_failures} format failure(s)")
    termination = (state.synthesis or {}).get("termination")
    if termination == "quality_exit":
        reasons.append("quality exit: the consultee could not produce structured replies")
    if termination == "iteration_bound" and state.mode != "quick":
        # Documented choice: quick mode's 2-round cap is its design, not a degradation.
        reasons.append(f"iteration cap {state.cap} reached")
    return reasons
