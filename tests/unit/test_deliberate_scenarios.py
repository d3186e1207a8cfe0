"""Whole deliberations, move by move: standard, quick, minimal, extended, convergence, quality exit, deadlock."""

from __future__ import annotations

from dlb import (
    Run, arbitrate, clarify, concede, defend, extend, format_failure, judge, ledger, point, present, reject, reply,
    settle, skeptical, stress, synthesize, verified, verify, classify, challenge, failure,
)

from argcheck.protocols.deliberate import queries


def standard_run_to_synthesis(**options) -> Run:
    """Consultee proposes 5 points; each ends in a different way (see the comments)."""
    run = Run(stakes="high", **options)
    run.ok(reply())
    run.ok(point("P1", text="Use Redis as a read-through cache"),
           point("P2", kind="empirical", text="Redis serves 100k ops/s on our hardware"),
           point("P3", kind="empirical", text="The catalog changes at most once a day"),
           point("P4", kind="empirical", text="The hit rate will exceed 90%"),
           point("P5", kind="empirical", text="Peak load stays under 500 rps"))
    run.ok(classify("P1", "AGREE"),                      # agreed initially (value point)
           skeptical("P2", "C1"),                        # dropped twice -> undefended
           reject("P3", "C2"),                           # rejected with verified evidence
           classify("P4", "AGREE"),                      # evidence-gated agreement
           skeptical("P5", "C3"))                        # blocked on missing data
    run.ok(reply())
    run.ok(defend("C2"), defend("C3"),
           ledger("L1", "codex-unverified", "consultee", text="Staging hit rate was 95%", supports=["P4"]))
    assert run.state.points["P4"].bucket is None and run.state.points["P4"].awaiting_evidence
    run.ok(verified("L2", text="catalog_updates.log shows 24 updates a day"),
           judge("C2", "rejected", evidence=["L2"]),
           settle("P5", question="What is the measured peak load?"),
           verify("L1"))
    run.ok(reply())
    assert [c.id for c in queries.reminders_due(run.state)] == ["C1"]
    run.ok(stress("P1", "P4"))
    run.ok(reply())
    return run


def test_standard_deliberation_reaches_presented_with_every_bucket():
    run = standard_run_to_synthesis()
    state = run.state
    assert state.iteration == 4 and state.phase == "DEVELOPMENT"
    assert state.challenges["C1"].status == "undefended" and state.challenges["C1"].drops == 2
    run.ok(synthesize("convergence"))
    state = run.state
    got = {pid: (p.bucket, p.bucket_reason) for pid, p in state.points.items()}
    assert got == {
        "P1": ("agreed", "agreed_initially"),
        "P2": ("dismissed", "undefended"),
        "P3": ("dismissed", "rejected_with_evidence"),
        "P4": ("agreed", "agreed_initially"),
        "P5": ("unresolved", "missing_data"),
    }
    assert queries.arbitration_triggers(state) == ["high_stakes"] and queries.arbitration_due(state)
    assert run.codes(present()) == {"DLB185"}
    run.ok(arbitrate(flags=["P4"], constraints=["L2"]))
    assert queries.confidence(run.state) == "medium"
    run.ok(present())
    assert run.state.status == "presented" and run.replay_codes() == set()


def test_standard_deliberation_grounded_view_agrees_with_buckets():
    run = standard_run_to_synthesis()
    run.ok(synthesize("convergence"))
    arguments, attacks, labels = queries.grounded_view(run.state)
    assert ("C1", "P2") in attacks and ("C2", "C2:d1") in attacks
    assert {p: labels[p] for p in ("P1", "P2", "P3", "P4", "P5")} == {
        "P1": "in", "P2": "out", "P3": "out", "P4": "in", "P5": "out"}


def test_quick_mode_caps_at_two_and_assigns_challenge_ids():
    run = Run(mode="quick", question_kind="factual")
    run.ok(reply(), point("P1", kind="value"), classify("P1", "SKEPTICAL", reason="too vague"))
    state = run.state
    assert list(state.challenges) == ["P1-c1"] and state.challenges["P1-c1"].assigned_id
    assert state.challenges["P1-c1"].objection == "too vague"
    run.ok(reply(), defend(None, point_id="P1"), judge("P1-c1"))
    assert run.state.points["P1"].bucket == "agreed"
    assert run.codes(reply()) == {"DLB101"}
    run.ok(synthesize("trivial"), present())
    assert run.replay_codes() == set()


def test_quick_mode_iteration_bound_is_not_degraded():
    run = Run(mode="quick")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), reply(), synthesize("iteration_bound"))
    assert run.replay_codes() == set()


def test_minimal_mode_refuses_arbitration_and_stress_test_but_converges_without_one():
    run = Run(mode="minimal", stakes="high")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert run.codes(stress("P1")) == {"DLB184"}
    run.ok(reply(), reply())
    run.ok(synthesize("convergence"))
    assert run.codes(arbitrate()) == {"DLB184"}
    assert not queries.arbitration_due(run.state)
    run.ok(present())


def test_extended_constructive_keeps_round_three_open_for_new_points():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply())
    assert "extend_constructive" in queries.allowed_moves(run.state)
    run.ok(extend("unaddressed_dispute"), reply())
    state = run.state
    assert state.iteration == 3 and state.phase == "CONSTRUCTIVE" and state.extended
    run.ok(point("P2"))
    run.ok(reply())
    assert run.state.phase == "DEVELOPMENT"
    assert run.codes(point("P3")) == {"DLB103"}


def test_without_extension_round_three_new_point_is_not_evaluated():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), reply(), reply())
    assert run.codes(point("P2")) == {"DLB103"}
    assert run.state.points["P2"].bucket_reason == "phase_violation"


def test_convergence_needs_a_quiet_last_round():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), reply(), point("P2"), classify("P2", "AGREE"))
    assert run.codes(synthesize("convergence")) == {"DLB182"}
    options = queries.termination_options(run.state)
    assert options["convergence"][0] is False and "new points" in options["convergence"][1]
    run.ok(reply())
    assert queries.termination_options(run.state)["convergence"][0] is True
    run.ok(synthesize("convergence"))


def test_convergence_fails_while_the_disputed_set_changes():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply(), concede("C1"))
    # round 1 closed with P1 disputed; now nothing is disputed: the set changed.
    assert run.codes(synthesize("convergence")) == {"DLB182"}
    run.ok(reply(), synthesize("convergence"))


def test_quality_exit_after_two_failed_consultations_is_degraded():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1", kind="empirical"), skeptical("P1", "C1"))
    run.ok(format_failure())
    assert run.codes(synthesize("quality_exit")) == {"DLB182", "DLB180", "DLB181"}
    run.ok(failure("timeout"), settle("P1"))
    run.ok(synthesize("quality_exit"))
    assert run.state.iteration == 1
    codes = [f.code for f in run.replay().findings]
    assert codes == ["DLB191"]
    assert "quality exit" in run.replay().findings[0].message


def test_deadlock_after_three_rounds_blocks_the_next_reply_until_settled():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1", kind="empirical"), skeptical("P1", "C1"))
    run.ok(reply(), defend("C1"), judge("C1", "rejected"))
    run.ok(reply(), defend("C1"), judge("C1", "rejected"))
    run.ok(reply())
    assert [p.id for p in queries.deadlocked_points(run.state)] == ["P1"]
    assert "P1 deadlocked for 3 rounds: settle it" in queries.due_items(run.state)
    assert run.codes(reply()) == {"DLB170"}
    assert run.codes(settle("P1", reason="definitional", question=None)) == {"DLB173"}
    run.ok(settle("P1", reason="criteria_divergence", question=None, tradeoff="latency vs cost"))
    run.ok(reply())


def test_definitional_deadlock_is_settled_after_a_clarify_and_one_more_round():
    run = Run(mode="minimal")
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), clarify("P1", actor="orchestrator", text="'fast' = p99<50ms"))
    assert run.codes(settle("P1", reason="definitional", question=None)) == {"DLB173"}
    run.ok(reply(), settle("P1", reason="definitional", question=None))
    assert run.state.points["P1"].bucket == "unresolved"


def test_due_items_name_the_obligations():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2"), reject("P2", "C2"),
           point("P3", actor="orchestrator"), challenge("C3", "P3", actor="consultee"))
    items = queries.due_items(run.state)
    assert "C1: consultee must defend by id in reply 2" in items
    assert "C2: consultee must defend by id in reply 2 (REJECT: single round)" in items
    assert "C3: orchestrator must defend by id before reply 2" in items
    run.ok(defend("C3", actor="orchestrator"), reply(), reply())
    assert "C1: consultee must defend by id in reply 2 (reminder sent)" in queries.due_items(run.state)
