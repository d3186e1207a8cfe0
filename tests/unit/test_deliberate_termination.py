"""Deadlock, settlement, synthesis, arbitration, presentation: DLB170–DLB191."""

from __future__ import annotations

from dlb import (
    Run, abort, arbitrate, challenge, clarify, classify, defend, format_failure, judge, ledger,
    make_env, point, present, reply, request_arbitration, revise, settle, skeptical, stress, synthesize,
    verified,
)

from argcheck.protocols.deliberate import nextstep, queries
from argcheck.protocols.deliberate.engine import Engine
from argcheck.protocols.deliberate.state import AGREED


def agreed_run(mode: str = "minimal", points: int = 1, **options) -> Run:
    """n = 3, every point agreed in round 1, quiet rounds since: convergence holds."""
    run = Run(mode=mode, **options)
    run.ok(reply())
    for number in range(1, points + 1):
        run.ok(point(f"P{number}"), classify(f"P{number}", "AGREE"))
    run.ok(reply(), reply())
    return run


def deadlocked_run() -> Run:
    run = Run(mode="minimal")
    run.ok(reply(), point("P1", kind="empirical"), skeptical("P1", "C1"))
    for _ in range(2):
        run.ok(reply(), defend("C1"), judge("C1", "rejected"))
    run.ok(reply())
    return run


# --- DLB170–DLB174 ------------------------------------------------------------------------------

def test_dlb170_refuses_the_next_reply_while_a_point_is_deadlocked():
    run = deadlocked_run()
    assert run.codes(reply()) == {"DLB170"}


def test_dlb170_refuses_synthesis_while_a_point_is_deadlocked():
    run = deadlocked_run()
    assert "DLB170" in run.codes(synthesize("convergence"))


def test_dlb170_accepts_the_next_reply_once_the_point_is_settled_or_resolved():
    run = deadlocked_run()
    run.ok(settle("P1"), reply())
    other = deadlocked_run()
    other.ok(defend("C1"), judge("C1"), reply())


def test_dlb171_refuses_missing_data_without_a_question():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"))
    assert run.codes(settle("P1", question=None)) == {"DLB171"}


def test_dlb171_accepts_missing_data_with_a_question_and_closes_the_challenges():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), settle("P1"))
    assert run.state.challenges["C1"].status == "settled" and run.state.points["P1"].bucket == "unresolved"


def test_dlb172_refuses_criteria_divergence_without_a_tradeoff():
    run = Run()
    run.ok(reply(), point("P1"))
    assert run.codes(settle("P1", reason="criteria_divergence", question=None)) == {"DLB172"}


def test_dlb172_accepts_criteria_divergence_with_a_tradeoff():
    run = Run()
    run.ok(reply(), point("P1"), settle("P1", reason="criteria_divergence", tradeoff="latency vs cost"))


def test_dlb173_refuses_definitional_without_clarify_and_another_round():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"))
    assert run.codes(settle("P1", reason="definitional")) == {"DLB173"}
    run.ok(clarify("P1", actor="orchestrator"))
    assert run.codes(settle("P1", reason="definitional")) == {"DLB173"}


def test_dlb173_accepts_definitional_after_clarify_and_one_more_round():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), clarify("P1", actor="orchestrator"), reply())
    run.ok(settle("P1", reason="definitional"))


def test_dlb174_refuses_settling_a_point_that_has_a_bucket():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(settle("P1")) == {"DLB174"}


def test_dlb174_accepts_settling_a_pending_point():
    run = Run()
    run.ok(reply(), point("P1"), settle("P1"))


# --- DLB180–DLB183 ------------------------------------------------------------------------------

def test_dlb180_refuses_synthesis_with_points_without_a_bucket():
    run = agreed_run()
    run.ok(point("P9", actor="orchestrator", relation="extension", extends="P1"))
    run.ok(reply())
    assert run.codes(synthesize("convergence")) == {"DLB180"}


def test_dlb180_accepts_full_coverage():
    agreed_run().ok(synthesize("convergence"))


def test_dlb181_refuses_synthesis_with_open_challenges():
    run = agreed_run()
    run.ok(revise("P1", "SKEPTICAL"), challenge("C1", "P1"))
    assert run.codes(synthesize("convergence")) == {"DLB181", "DLB180", "DLB182"}
    run.ok(reply(), defend("C1"), reply())  # a defense awaiting judgment stays open, the disputed set is stable
    assert run.codes(synthesize("convergence")) == {"DLB181", "DLB180"}


def test_dlb181_synthesis_counts_the_last_rounds_drops_first():
    run = Run(mode="minimal")
    run.ok(point("P1", actor="orchestrator"), reply(), reply(), challenge("C1", "P1", kind="reject", actor="consultee"))
    # the orchestrator's defense of the REJECT was due this round: synthesis makes it undefended.
    run.ok(synthesize("convergence"))
    assert run.state.challenges["C1"].status == "undefended"
    assert run.state.points["P1"].bucket_reason == "undefended"


def test_dlb182_refuses_a_termination_that_does_not_hold():
    run = agreed_run()
    assert run.codes(synthesize("iteration_bound")) == {"DLB182"}
    assert run.codes(synthesize("trivial")) == {"DLB182"}
    assert run.codes(synthesize("quality_exit")) == {"DLB182"}


def test_dlb182_accepts_trivial_for_a_factual_question_by_n_2():
    run = Run(mode="minimal", question_kind="factual")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), synthesize("trivial"))


def test_dlb183_refuses_convergence_without_a_stress_test_in_standard_mode():
    run = agreed_run(mode="standard")
    assert run.codes(synthesize("convergence")) == {"DLB183"}


def test_dlb183_accepts_convergence_after_a_stress_test():
    run = agreed_run(mode="standard")
    run.ok(stress("P1"), synthesize("convergence"))


# --- DLB184–DLB188 ------------------------------------------------------------------------------

def test_dlb184_refuses_arbitration_and_stress_tests_outside_standard_mode():
    run = agreed_run(mode="minimal")
    assert run.codes(stress("P1")) == {"DLB184"}
    assert run.codes(request_arbitration()) == {"DLB184"}
    run.ok(synthesize("convergence"))
    assert run.codes(arbitrate()) == {"DLB184"}


def test_dlb184_accepts_arbitration_in_standard_mode():
    run = agreed_run(mode="standard")
    run.ok(stress("P1"), synthesize("convergence"), arbitrate(), present())


def test_dlb185_refuses_present_while_arbitration_is_due():
    run = agreed_run(mode="standard")
    run.ok(stress("P1"), request_arbitration(), synthesize("convergence"))
    assert queries.arbitration_triggers(run.state) == ["user_request"]
    assert run.codes(present()) == {"DLB185"}
    assert queries.due_items(run.state) == ["arbitration due before present (user_request)"]


def test_dlb185_two_unresolved_points_trigger_arbitration():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2"), skeptical("P2", "C2"),
           settle("P1"), settle("P2"), stress("P1"), reply(), reply(), synthesize("convergence"))
    assert queries.arbitration_triggers(run.state) == ["two_or_more_unresolved"]
    assert run.codes(present()) == {"DLB185"}


def test_dlb185_early_unanimity_without_evidence_triggers_arbitration():
    run = Run(question_kind="factual")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), synthesize("trivial"))
    assert queries.arbitration_triggers(run.state) == ["early_unanimity_without_evidence"]
    run.ok(arbitrate(), present())


def test_dlb185_accepts_present_after_arbitration():
    run = agreed_run(mode="standard", stakes="high")
    run.ok(stress("P1"), synthesize("convergence"), arbitrate(), present())
    assert run.state.status == "presented"


def test_dlb186_refuses_an_unverified_constraint():
    run = agreed_run(mode="standard")
    run.ok(ledger("L1"), verified("L2"), verified("L3"), verified("L4", supersedes="L3", text="newer"),
           stress("P1"), synthesize("convergence"))
    assert run.codes(arbitrate(constraints=["L1"])) == {"DLB186"}
    assert run.codes(arbitrate(constraints=["L3"])) == {"DLB186"}


def test_dlb186_accepts_user_and_verified_constraints():
    run = agreed_run(mode="standard")
    run.ok(ledger("U1", "user", "user"), verified("L2"), stress("P1"), synthesize("convergence"))
    run.ok(arbitrate(constraints=["U1", "L2"]))


def test_dlb187_warns_when_half_the_points_are_flagged():
    run = agreed_run(mode="standard", points=2)
    run.ok(stress("P1"), synthesize("convergence"))
    assert run.codes(arbitrate(flags=["P1"])) == {"DLB187"}
    assert queries.confidence(run.state) == "low"
    run.ok(present(acknowledge=True))


def test_dlb192_refuses_presenting_heavy_flagging_without_acknowledgment():
    run = agreed_run(mode="standard", points=2)
    run.ok(stress("P1"), synthesize("convergence"))
    assert run.codes(arbitrate(flags=["P1"])) == {"DLB187"}
    assert run.codes(present()) == {"DLB192"}
    assert run.state.status == "synthesized"


def test_dlb192_presents_heavy_flagging_once_acknowledged():
    run = agreed_run(mode="standard", points=2)
    run.ok(stress("P1"), synthesize("convergence"))
    run.codes(arbitrate(flags=["P1"]))
    run.ok(present(acknowledge=True))
    assert run.state.status == "presented"


def test_dlb192_needs_no_acknowledgment_under_half():
    run = agreed_run(mode="standard", points=3)
    run.ok(stress("P1"), synthesize("convergence"), arbitrate(flags=["P1"]), present())


def test_dlb187_stays_quiet_under_half():
    run = agreed_run(mode="standard", points=3)
    run.ok(stress("P1"), synthesize("convergence"), arbitrate(flags=["P1"]))
    assert queries.confidence(run.state) == "medium"


def test_dlb188_refuses_moves_in_the_wrong_status():
    run = agreed_run(mode="standard")
    assert run.codes(present()) == {"DLB188"}
    assert run.codes(arbitrate()) == {"DLB188"}
    run.ok(stress("P1"), synthesize("convergence"))
    assert run.codes(synthesize("convergence")) == {"DLB188"}
    assert run.codes(reply()) == {"DLB188"}
    run.ok(arbitrate())
    assert run.codes(arbitrate()) == {"DLB188"}


def test_dlb188_accepts_ledger_moves_after_synthesis_and_abort_anytime():
    run = agreed_run(mode="standard")
    run.ok(stress("P1"), synthesize("convergence"), ledger("U1", "user", "user"), abort("user"))
    assert run.state.status == "aborted"
    assert run.codes(ledger("U2", "user", "user")) == {"ARG025"}


# --- DLB189–DLB191 ------------------------------------------------------------------------------

def test_dlb189_refuses_synthesis_with_an_agreed_empirical_point_lacking_evidence():
    # The buckets never let this happen; the check guards the invariant against a corrupted state.
    run = agreed_run()
    engine = Engine(run.doc["header"], make_env())
    for index, move in enumerate(run.doc["moves"]):
        assert engine.step(index, move) == []
    engine.state.points["P1"].kind = "empirical"
    found = engine.step(len(run.doc["moves"]), {**synthesize("convergence"), "seq": 99})
    assert [f.code for f in found] == ["DLB189"]
    assert engine.state.status == "in_progress"


def test_dlb189_accepts_an_agreed_empirical_point_with_verified_evidence():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1", kind="empirical"), classify("P1", "AGREE"), verified("L1", supports=["P1"]))
    assert run.state.points["P1"].bucket == AGREED
    run.ok(reply(), reply(), synthesize("convergence"))


def test_dlb190_warns_when_an_unattacked_point_is_settled_unresolved():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), settle("P1"))
    assert [f.code for f in run.replay().findings] == ["DLB190"]


def test_dlb190_is_quiet_when_the_settled_point_was_challenged():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), settle("P1"))
    assert run.replay_codes() == set()


def test_dlb191_warns_about_a_degraded_result_at_the_end_of_the_log():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), format_failure(), reply(), reply())
    assert run.replay_codes() == set()
    run.ok(synthesize("convergence"))
    findings = run.replay().findings
    assert [f.code for f in findings] == ["DLB191"] and "1 format failure" in findings[0].message


def test_dlb191_iteration_bound_is_degraded_in_standard_mode():
    run = agreed_run(mode="minimal")
    for _ in range(5):
        run.ok(reply())
    run.ok(synthesize("iteration_bound"))
    assert run.replay_codes() == {"DLB191"}


def test_dlb191_is_quiet_for_a_clean_result():
    run = agreed_run()
    run.ok(reply(), synthesize("convergence"))
    assert run.replay_codes() == set()


# --- termination honours every obligation `next` lists ------------------------------------------

def contradicted_then_dropped() -> Run:
    """The consultee contradicts itself on P1 with a REJECT the orchestrator leaves unanswered."""
    run = Run(mode="minimal")
    run.ok(point("P1", actor="orchestrator"), reply(), classify("P1", "AGREE", actor="consultee"), reply())
    assert run.codes(classify("P1", "REJECT", actor="consultee", challenge="C1", objection="wrong")) == {"DLB131"}
    return run


def test_synthesis_is_refused_while_a_listed_reconcile_is_due_even_once_the_point_is_dismissed():
    run = contradicted_then_dropped()
    assert any("issue a reconcile challenge" in item for item in queries.due_items(run.state))
    run.ok(reply(), reply())  # the REJECT lapses: P1 is Dismissed (undefended), the contradiction is not reconciled
    assert run.state.points["P1"].bucket == "dismissed"
    assert any("issue a reconcile challenge" in item for item in queries.due_items(run.state))
    assert "DLB132" in run.codes(synthesize("convergence"))


def test_a_reconcile_on_a_dismissed_point_is_answered_or_lapses_and_then_synthesis_proceeds():
    run = contradicted_then_dropped()
    run.ok(reply(), reply(), challenge("R1", "P1", kind="reconcile"))
    assert [c.id for c in queries.open_challenges(run.state)] == ["R1"]
    assert "DLB181" in run.codes(synthesize("convergence"))
    run.ok(reply(), defend("R1"))
    assert not run.state.points["P1"].needs_reconcile
    run.ok(reply(), synthesize("convergence"))


def test_trivial_exit_needs_a_consultee_reply_first():
    run = Run(mode="minimal", question_kind="factual")
    assert run.codes(synthesize("trivial")) == {"DLB182"}
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), synthesize("trivial"))


def test_after_a_judged_skeptical_challenge_next_consults_instead_of_a_refused_synthesis():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply(), defend("C1"), judge("C1", "rejected"))
    assert queries.termination_options(run.state)["convergence"][0]
    step = nextstep.next_action(run.state)
    assert step["actor"] == "consultee"
    assert run.state.challenges["C1"].due_round == 3  # the fresh window after the rejection, not round 2
    assert run.codes(synthesize("convergence")) == {"DLB180", "DLB181"}


def test_at_a_quality_exit_next_settles_the_pending_points_before_synthesizing():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1", actor="orchestrator"), format_failure(), format_failure())
    step = nextstep.next_action(run.state)
    assert step["text"].startswith("quality_exit is met but synthesis is blocked (DLB180)")
    assert '"type": "settle"' in step["commands"][0] and '"point": "P1"' in step["commands"][0]


def test_a_standard_run_with_nothing_to_stress_test_is_asked_for_a_point_not_a_refused_stress_test():
    run = Run()
    run.ok(reply(), reply())
    step = nextstep.next_action(run.state)
    assert step["text"].startswith("convergence holds, but no point was raised")
    assert '"type": "point"' in step["commands"][0]
