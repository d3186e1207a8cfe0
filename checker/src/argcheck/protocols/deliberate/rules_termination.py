"""Settlement, stress test, synthesis, arbitration, presentation, abort (spec §5–§6; DLB170–DLB191)."""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.protocols.deliberate import rounds, termination
from argcheck.protocols.deliberate.buckets import (
    live_open_challenges, passes_evidence_gate, refresh, set_challenge_status,
)
from argcheck.protocols.deliberate.references import refused, unknown, unknown_all
from argcheck.protocols.deliberate import refusals
from argcheck.protocols.deliberate.state import AGREED
from argcheck.core.rules import finding

LISTED = 10  # ids named in one message before "..."


def listing(ids) -> str:
    ids = list(ids)
    shown = ", ".join(ids[:LISTED])
    return shown + (f", ... ({len(ids)} in all)" if len(ids) > LISTED else "")


# --- settle -------------------------------------------------------------------------------------

def on_settle(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = unknown(eng, state.points, move["point"], "point", "point")
    if found:
        return found
    point, reason = state.points[move["point"]], move["reason"]
    if point.bucket is not None:
        return [eng.report("DLB174", "point", point=point.id, bucket=point.bucket, reason=point.bucket_reason)]
    if point.needs_reconcile:
        found.append(refusals.reconcile_pending(eng, "point", "settling", point.id))
    if reason == "missing_data" and not move.get("question"):
        found.append(eng.report("DLB171", "question", point=point.id))
    if reason == "criteria_divergence" and not move.get("tradeoff"):
        found.append(eng.report("DLB172", "tradeoff", point=point.id))
    if reason == "definitional":
        found += definitional_problems(eng, point)
    if found:
        return found
    apply_settlement(eng, point, move)
    return found


def definitional_problems(eng, point) -> list[Finding]:
    """A definitional mismatch is settled only after one clarify of the point and one more round."""
    rounds_clarified = [c["round"] for c in point.clarifications]
    if not rounds_clarified:
        return [eng.report("DLB173", "reason", point=point.id, detail="the point was never clarified")]
    if min(rounds_clarified) >= eng.state.iteration:
        return [eng.report("DLB173", "reason", point=point.id,
                           detail=f"clarified in round {min(rounds_clarified)}; consult once more first")]
    return []


def apply_settlement(eng, point, move: dict) -> None:
    state = eng.state
    point.settled = {"reason": move["reason"], "question": move.get("question"), "tradeoff": move.get("tradeoff"),
                     "round": state.iteration, "seq": eng.seq}
    for challenge_id in point.challenge_ids:
        challenge = state.challenges[challenge_id]
        if challenge.is_open:
            set_challenge_status(state, challenge, "settled")
    refresh(state, point)


# --- stress test, user requests -----------------------------------------------------------------

def on_stress_test(eng, move: dict) -> list[Finding]:
    state = eng.state
    found = unknown_all(eng, state.points, move["targets"], "targets", "point")
    if found:
        return found
    state.stress_tests.append({"targets": list(move["targets"]), "outcome": move["outcome"],
                               "summary": move["summary"], "round": state.iteration, "seq": eng.seq})
    return []


def on_request_arbitration(eng, move: dict) -> list[Finding]:
    eng.state.arbitration_requests.append({"reason": move.get("reason"), "round": eng.state.iteration,
                                           "seq": eng.seq})
    return []


# --- synthesize ---------------------------------------------------------------------------------

def on_synthesize(eng, move: dict) -> list[Finding]:
    """Synthesis closes the last round (its drops count), then every gate must hold."""
    state = eng.state
    undo = rounds.apply_drops(state, rounds.drops_due(state, state.iteration))
    found = closing_problems(eng, move["termination"])
    if refused(found):
        rounds.revert_drops(state, undo)
        return found
    state.rounds[state.iteration].disputed_at_close = frozenset(rounds.disputed_points(state))
    state.synthesis = {"termination": move["termination"], "answer": move["answer"], "round": state.iteration,
                       "seq": eng.seq}
    state.status = "synthesized"
    return found


def closing_problems(eng, claimed: str) -> list[Finding]:
    """What refuses a synthesis claiming `claimed`, once the last round's drops are applied."""
    stuck = rounds.deadlocked(eng.state)
    found = [refusals.deadlock_unsettled(eng, "termination", "synthesize", listing(stuck))] if stuck else []
    return found + synthesis_problems(eng, claimed)


class DryRun:
    """Just enough of an engine to ask the synthesis checks about a state without changing it."""

    def __init__(self, state):
        self.state, self.seq = state, 0

    def report(self, code: str, where: str = "", **values) -> Finding:
        return finding(code, path="", **values)


def synthesis_refusals(state, claimed: str) -> list[str]:
    """The codes a synthesize claiming `claimed` would be refused with now (the state is left as it was)."""
    undo = rounds.apply_drops(state, rounds.drops_due(state, state.iteration))
    try:
        return sorted({f.code for f in closing_problems(DryRun(state), claimed) if f.is_error})
    finally:
        rounds.revert_drops(state, undo)


def synthesis_problems(eng, claimed: str) -> list[Finding]:
    state = eng.state
    found = []
    still_open = [c.id for c in live_open_challenges(state)]
    if still_open:
        found.append(eng.report("DLB181", "termination", count=len(still_open), challenges=listing(still_open)))
    points = state.points.values()
    pending = [p.id for p in points if p.bucket is None]
    if pending:
        found.append(eng.report("DLB180", "termination", count=len(pending), points=listing(pending)))
    # Every obligation `next` lists must be settled: a contradiction on a Dismissed point too.
    found += [refusals.reconcile_pending(eng, "termination", "synthesize", p.id) for p in points if p.needs_reconcile]
    holds, reason = termination.termination_holds(state, claimed, rounds.disputed_points(state))
    if not holds:
        found.append(eng.report("DLB182", "termination", termination=claimed, detail=reason))
    if state.mode == "standard" and claimed in ("convergence", "iteration_bound") and not state.stress_tests:
        found.append(eng.report("DLB183", "termination", termination=claimed))
    found += [eng.report("DLB189", "termination", point=p.id)
              for p in points if p.bucket == AGREED and not passes_evidence_gate(state, p)]
    return found


# --- arbitrate, present, abort --------------------------------------------------------------------

def on_arbitrate(eng, move: dict) -> list[Finding]:
    state = eng.state
    if state.arbitration is not None:
        return [refusals.wrong_status(eng, "arbitrate", "synthesized and not yet arbitrated",
                                      "synthesized, already arbitrated")]
    flagged = [flag["point"] for flag in move.get("flags", ())]
    found = [refusals.unknown_reference(eng, f"flags/{i}/point", "flags/point", "point", point_id)
             for i, point_id in enumerate(flagged) if point_id not in state.points]
    constraints = move.get("constraints", ())
    found += unknown_all(eng, state.ledger, constraints, "constraints", "ledger entry")
    found += constraint_problems(eng, constraints)
    if refused(found):
        return found
    state.arbitration = {"flags": [dict(flag) for flag in move.get("flags", ())], "constraints": list(constraints),
                         "summary": move["summary"], "seq": eng.seq}
    share = termination.flagged_share(state)
    if share >= termination.HEAVY_FLAGGING:
        found.append(eng.report("DLB187", "flags", flagged=len(set(flagged)), total=len(state.points),
                                percent=round(share * 100)))
    return found


def constraint_problems(eng, constraints) -> list[Finding]:
    ledger = eng.state.ledger
    found = []
    for i, entry_id in enumerate(constraints):
        entry = ledger.get(entry_id)
        if entry is None:
            continue
        weak = entry.provenance not in ("user", "verified") or entry.superseded_by is not None
        if weak:
            shown = entry.provenance + (f", superseded by {entry.superseded_by}" if entry.superseded_by else "")
            found.append(eng.report("DLB186", f"constraints/{i}", entry=entry_id, provenance=shown))
    return found


def on_present(eng, move: dict) -> list[Finding]:
    state = eng.state
    if termination.arbitration_due(state):
        triggers = ", ".join(termination.arbitration_triggers(state))
        return [eng.report("DLB185", "type", triggers=triggers)]
    share = termination.flagged_share(state)
    if share >= termination.HEAVY_FLAGGING and not move.get("acknowledge_warning"):
        return [eng.report("DLB192", "acknowledge_warning", percent=round(share * 100))]
    state.presented = {"acknowledge_warning": bool(move.get("acknowledge_warning")), "seq": eng.seq}
    state.status = "presented"
    return []


def on_abort(eng, move: dict) -> list[Finding]:
    state = eng.state
    state.aborted = {"reason": move["reason"], "actor": move["actor"], "round": state.iteration, "seq": eng.seq}
    state.status = "aborted"
    return []


# --- end of log -----------------------------------------------------------------------------------

def degraded_warning(state) -> list[Finding]:
    if state.status not in ("synthesized", "presented"):
        return []
    reasons = termination.degraded_reasons(state)
    if not reasons:
        return []
    where = f"/moves/{state.synthesis['seq'] - 1}" if state.synthesis else ""
    return [finding("DLB191", path=where, reasons="; ".join(reasons))]
