"""Roles, challenges, defenses and judgments: DLB113–DLB121, drop accounting."""

from __future__ import annotations

from dlb import (
    Run, challenge, clarify, classify, concede, defend, judge, ledger, point, reject, reply, skeptical, verified,
)


def consultee_point(kind: str = "value", mode: str = "standard") -> Run:
    run = Run(mode=mode)
    run.ok(reply(), point("P1", kind=kind))
    return run


# --- DLB113 / DLB114 ----------------------------------------------------------------------------

def test_dlb113_refuses_classifying_or_challenging_ones_own_point():
    run = consultee_point()
    assert run.codes(classify("P1", "AGREE", actor="consultee")) == {"DLB113"}
    assert run.codes(challenge("C1", "P1", actor="consultee")) == {"DLB113"}


def test_dlb113_refuses_judging_the_defense_of_ones_own_point():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), defend("C1"))
    assert run.codes(judge("C1", actor="consultee")) == {"DLB113"}


def test_dlb113_accepts_evaluation_by_the_other_party():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), defend("C1"), judge("C1"))
    assert run.state.points["P1"].bucket == "agreed"


def test_dlb114_refuses_a_defense_or_concession_by_someone_other_than_the_author():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"))
    assert run.codes(defend("C1", actor="orchestrator")) == {"DLB114"}
    assert run.codes(concede("C1", actor="orchestrator")) == {"DLB114"}


def test_dlb114_accepts_a_concession_by_the_author():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), concede("C1"))
    assert (run.state.points["P1"].bucket, run.state.points["P1"].bucket_reason) == ("dismissed", "concession")


# --- DLB115 / DLB116 ----------------------------------------------------------------------------

def test_dlb115_refuses_skeptical_without_challenge_id_or_objection():
    run = consultee_point()
    assert run.codes(classify("P1", "SKEPTICAL")) == {"DLB115"}
    assert run.codes(classify("P1", "REJECT", challenge="C1")) == {"DLB115"}


def test_dlb115_accepts_missing_ids_in_quick_mode():
    run = consultee_point(mode="quick")
    run.ok(classify("P1", "REJECT"))
    assert list(run.state.challenges) == ["P1-c1"]


def test_dlb116_refuses_challenge_fields_on_agree():
    run = consultee_point()
    assert run.codes(classify("P1", "AGREE", challenge="C1")) == {"DLB116"}
    assert run.codes(classify("P1", "OUT_OF_SCOPE", objection="no")) == {"DLB116"}


def test_dlb116_accepts_a_bare_out_of_scope_which_dismisses_at_once():
    run = consultee_point()
    run.ok(classify("P1", "OUT_OF_SCOPE"))
    assert run.state.points["P1"].bucket_reason == "out_of_scope"


# --- DLB117 / DLB118 / DLB119 -------------------------------------------------------------------

def test_dlb117_refuses_answers_to_a_closed_challenge():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), concede("C1"))
    assert run.codes(defend("C1")) == {"DLB117"}
    assert run.codes(concede("C1")) == {"DLB117"}
    assert run.codes(judge("C1")) == {"DLB117"}


def test_dlb117_accepts_a_second_defense_after_a_rejected_skeptical_one():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), defend("C1"), judge("C1", "rejected"))
    assert run.state.challenges["C1"].status == "open"
    run.ok(defend("C1"), judge("C1"))


def test_dlb118_refuses_a_defense_by_point_outside_quick_mode():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"))
    assert run.codes(defend(None, point_id="P1")) == {"DLB118"}


def test_dlb118_accepts_a_defense_by_point_in_quick_mode():
    run = consultee_point(mode="quick")
    run.ok(classify("P1", "SKEPTICAL", objection="why?"), defend(None, point_id="P1"))
    assert run.state.challenges["P1-c1"].status == "defended"


def test_dlb119_refuses_a_judgment_without_a_fresh_defense():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"))
    assert run.codes(judge("C1")) == {"DLB119"}
    run.ok(defend("C1"), judge("C1", "rejected"))
    assert run.codes(judge("C1")) == {"DLB119"}


def test_dlb119_accepts_a_judgment_of_the_latest_defense():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), defend("C1"), judge("C1", "rejected"), defend("C1"), judge("C1"))


# --- DLB120 -------------------------------------------------------------------------------------

def test_dlb120_refuses_rejecting_empirical_defense_without_evidence():
    run = consultee_point(kind="empirical")
    run.ok(reject("P1", "C1"), defend("C1"), ledger("L1"))
    assert run.codes(judge("C1", "rejected")) == {"DLB120"}
    assert run.codes(judge("C1", "rejected", evidence=["L1"])) == {"DLB120"}


def test_dlb120_accepts_rejection_citing_verified_entry():
    run = consultee_point(kind="empirical")
    run.ok(reject("P1", "C1"), defend("C1"), verified("L1"), judge("C1", "rejected", evidence=["L1"]))
    assert run.state.points["P1"].bucket_reason == "rejected_with_evidence"


def test_dlb120_does_not_apply_to_value_points_or_skeptical_challenges():
    run = consultee_point(kind="value")
    run.ok(reject("P1", "C1"), defend("C1"), judge("C1", "rejected"))
    other = consultee_point(kind="empirical")
    other.ok(skeptical("P1", "C1"), defend("C1"), judge("C1", "rejected"))


# --- DLB121 -------------------------------------------------------------------------------------

def test_dlb121_refuses_classifying_an_ill_formed_point_before_clarification():
    run = consultee_point()
    run.ok(classify("P1", "ILL_FORMED"))
    assert run.codes(classify("P1", "AGREE")) == {"DLB121"}
    run.ok(clarify("P1", actor="orchestrator", text="what does 'fast' mean?"))
    assert run.codes(classify("P1", "AGREE")) == {"DLB121"}


def test_dlb121_accepts_a_new_verdict_after_the_authors_clarify_without_drift():
    run = consultee_point()
    run.ok(classify("P1", "ILL_FORMED"), clarify("P1", text="Use Redis for product pages"), classify("P1", "AGREE"))
    p1 = run.state.points["P1"]
    assert p1.text == "Use Redis for product pages" and p1.bucket == "agreed"


# --- drop accounting -----------------------------------------------------------------------------

def test_reject_challenge_against_the_consultee_is_undefended_after_one_missed_round():
    run = consultee_point()
    run.ok(reject("P1", "C1"), reply())
    assert run.state.challenges["C1"].status == "open"
    run.ok(reply())
    assert run.state.challenges["C1"].status == "undefended"
    assert run.state.points["P1"].bucket_reason == "undefended"


def test_challenge_against_the_orchestrator_is_due_in_the_round_it_was_issued():
    run = Run()
    run.ok(point("P1", actor="orchestrator"), reply(), challenge("C1", "P1", actor="consultee"), reply())
    assert run.state.challenges["C1"].status == "dropped"
    run.ok(defend("C1", actor="orchestrator"), reply())
    assert run.state.challenges["C1"].status == "defended"


def test_a_defense_awaiting_judgment_never_drops():
    run = consultee_point()
    run.ok(skeptical("P1", "C1"), reply(), defend("C1"), reply(), reply())
    assert run.state.challenges["C1"].status == "defended" and run.state.challenges["C1"].drops == 0
