"""Position stability: DLB130–DLB133, reconcile challenges and revise."""

from __future__ import annotations

from dlb import (
    Run, challenge, classify, concede, defend, judge, point, reply, revise, settle, skeptical, synthesize,
)

from argcheck.protocols.deliberate import queries, standing


def orchestrator_point_agreed_by_consultee() -> Run:
    run = Run()
    run.ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"))
    return run


def contradicted() -> Run:
    run = orchestrator_point_agreed_by_consultee()
    run.ok(reply())
    assert run.codes(classify("P1", "OUT_OF_SCOPE", actor="consultee")) == {"DLB131"}
    return run


# --- DLB130 -------------------------------------------------------------------------------------

def test_dlb130_refuses_orchestrator_reclassifying_with_another_verdict():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(classify("P1", "OUT_OF_SCOPE")) == {"DLB130"}
    assert run.codes(skeptical("P1", "C1")) == {"DLB130"}


def test_dlb130_accepts_the_same_verdict_again_and_an_acknowledged_revise():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), classify("P1", "AGREE"))
    run.ok(revise("P1", "OUT_OF_SCOPE"))
    assert run.state.points["P1"].bucket_reason == "out_of_scope"
    assert run.state.points["P1"].history[-1]["revised"] is True


# --- DLB131 -------------------------------------------------------------------------------------

def test_dlb131_records_the_consultees_contradiction_and_demands_reconcile():
    run = contradicted()
    p1 = run.state.points["P1"]
    assert p1.needs_reconcile and p1.classifications["consultee"] == "OUT_OF_SCOPE"
    assert p1.bucket is None
    assert any("reconcile" in item for item in queries.due_items(run.state))


def test_dlb131_contradiction_clears_once_the_consultee_answers_a_reconcile_challenge():
    run = contradicted()
    run.ok(challenge("R1", "P1", kind="reconcile", cites=[3, 5]))
    assert run.state.challenges["R1"].respondent == "consultee"
    assert run.state.points["P1"].needs_reconcile
    run.ok(reply(), defend("R1"))
    p1 = run.state.points["P1"]
    assert not p1.needs_reconcile and run.state.challenges["R1"].status == "accepted"
    assert (p1.bucket, p1.bucket_reason) == ("dismissed", "out_of_scope")


def test_dlb131_contradiction_conceded_lets_the_point_reach_its_bucket():
    run = contradicted()
    assert run.state.points["P1"].bucket is None
    run.ok(challenge("R1", "P1", kind="reconcile"), reply(), concede("R1"))
    p1 = run.state.points["P1"]
    assert not p1.needs_reconcile and (p1.bucket, p1.bucket_reason) == ("dismissed", "out_of_scope")


def test_dlb131_accepts_a_consultee_revise_without_warning():
    run = orchestrator_point_agreed_by_consultee()
    run.ok(reply(), revise("P1", "OUT_OF_SCOPE", actor="consultee"))
    assert not run.state.points["P1"].needs_reconcile


# --- DLB132 -------------------------------------------------------------------------------------

def test_dlb132_refuses_settling_a_point_with_an_unreconciled_contradiction():
    run = Run()
    run.ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"), reply())
    run.apply(skeptical("P1", "C1", actor="consultee"))
    assert run.state.points["P1"].needs_reconcile
    assert run.codes(settle("P1")) == {"DLB132"}


def test_dlb132_refuses_accepting_a_defense_while_reconcile_is_pending():
    run = Run()
    run.ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"), reply())
    run.apply(skeptical("P1", "C1", actor="consultee"))
    run.ok(defend("C1", actor="orchestrator"))
    assert run.codes(judge("C1", actor="consultee")) == {"DLB132"}


def test_dlb132_accepts_settling_after_the_reconcile_is_answered():
    run = Run()
    run.ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"), reply())
    run.apply(skeptical("P1", "C1", actor="consultee"))
    run.ok(challenge("R1", "P1", kind="reconcile"), reply(), concede("R1"))
    run.ok(settle("P1"))
    assert run.state.points["P1"].bucket == "unresolved"


# --- DLB133 -------------------------------------------------------------------------------------

def test_dlb133_refuses_revising_without_a_recorded_position_or_to_the_same_verdict():
    run = Run()
    run.ok(reply(), point("P1"))
    assert run.codes(revise("P1", "AGREE")) == {"DLB133"}
    run.ok(classify("P1", "AGREE"))
    assert run.codes(revise("P1", "AGREE")) == {"DLB133"}


def test_dlb133_accepts_revising_a_recorded_position():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "OUT_OF_SCOPE"), revise("P1", "AGREE"))
    assert run.state.points["P1"].bucket == "agreed"


def test_revise_to_skeptical_comes_first_and_the_reviser_then_owes_a_challenge():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(challenge("C1", "P1")) == {"DLB130"}
    run.ok(revise("P1", "SKEPTICAL"))
    assert run.state.points["P1"].bucket is None
    assert "P1" in standing.orchestrator_duties(run.state)["challenge"]
    assert any(item.startswith("P1: orchestrator holds SKEPTICAL") for item in queries.due_items(run.state))
    run.ok(challenge("C1", "P1"))
    assert "challenge" not in standing.orchestrator_duties(run.state)


def test_an_accepted_defense_awaiting_evidence_owes_no_new_challenge():
    run = Run()
    run.ok(reply(), point("P1", kind="empirical"), skeptical("P1", "C1"), reply(), defend("C1"), judge("C1"))
    assert run.state.points["P1"].awaiting_evidence
    assert "challenge" not in standing.orchestrator_duties(run.state)


# --- every move that takes a position is checked the same way -------------------------------------

def test_dlb130_a_reject_challenge_is_a_position_the_orchestrator_cannot_take_silently():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(challenge("C1", "P1", kind="reject")) == {"DLB130"}
    assert run.codes(challenge("C1", "P1", kind="skeptical")) == {"DLB130"}
    assert run.state.points["P1"].bucket == "agreed"


def test_dlb130_a_challenge_of_another_kind_than_the_recorded_verdict_is_drift_too():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"))
    assert run.codes(challenge("C2", "P1", kind="reject")) == {"DLB130"}
    run.ok(challenge("C2", "P1", kind="skeptical"))


def test_a_challenge_records_its_position_for_later_moves():
    run = Run()
    run.ok(reply(), point("P1"), challenge("C1", "P1", kind="reject"))
    assert run.state.points["P1"].classifications["orchestrator"] == "REJECT"
    assert run.codes(classify("P1", "AGREE")) == {"DLB130"}


def test_dlb131_the_consultee_flipping_by_a_challenge_needs_a_reconcile():
    run = orchestrator_point_agreed_by_consultee()
    run.ok(reply())
    assert run.codes(challenge("C1", "P1", kind="reject", actor="consultee")) == {"DLB131"}
    p1 = run.state.points["P1"]
    assert p1.needs_reconcile and p1.classifications["consultee"] == "REJECT"
    assert run.codes(concede("C1", actor="orchestrator")) == set()
    assert run.codes(synthesize("convergence")) >= {"DLB132"}


def test_revise_to_agree_withdraws_the_revisers_open_challenges():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), revise("P1", "AGREE"))
    assert run.state.challenges["C1"].status == "withdrawn"
    assert (run.state.points["P1"].bucket, run.state.points["P1"].bucket_reason) == ("agreed", "agreed_initially")
    assert run.replay_codes() == set()
