"""Iterations, phases, scope, ids and the anchor: DLB101–DLB106, DLB110–DLB112, DLB160–DLB161."""

from __future__ import annotations

from dlb import (
    NOW, Run, challenge, clarify, classify, concede, defend, extend, failure, format_failure, ledger, make_env, point,
    reframe, reply, skeptical, stress,
)

from argcheck.core import lifecycle
from argcheck.protocols.deliberate import header as protocol
from argcheck.protocols.deliberate.engine import Engine


def run_at(n: int, mode: str = "standard", **options) -> Run:
    run = Run(mode=mode, **options)
    for _ in range(n):
        run.ok(reply())
    return run


# --- DLB101 -------------------------------------------------------------------------------------

def test_dlb101_refuses_a_ninth_structured_reply_in_standard_mode():
    run = run_at(8)
    assert run.codes(reply()) == {"DLB101"}
    assert run.state.iteration == 8


def test_dlb101_accepts_the_eighth_reply_and_failures_at_the_cap():
    run = run_at(7)
    run.ok(reply())
    run.ok(format_failure(), failure())
    assert run.state.iteration == 8


def test_dlb101_quick_mode_caps_at_two():
    run = run_at(2, mode="quick")
    assert run.codes(reply()) == {"DLB101"}


def test_consult_failure_class_goes_with_outcome_failure_only():
    run = Run()
    assert run.codes(failure(None)) == {"ARG013"}
    assert run.codes({**reply(), "failure_class": "timeout"}) == {"ARG013"}
    run.ok(failure("cli_error"))
    assert run.state.failures == 1 and run.state.iteration == 0
    run.ok(failure("auth"))  # applied by hand it is kept, but a setup error is not a consultee failure
    assert run.state.failures == 1


# --- DLB102 -------------------------------------------------------------------------------------

def test_dlb102_refuses_extension_before_n_2():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"))
    assert run.codes(extend()) == {"DLB102"}


def test_dlb102_refuses_a_trigger_that_does_not_hold():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply(), defend("C1"))
    assert run.codes(extend("unaddressed_dispute")) == {"DLB102"}
    run.ok(extend("stress_test_pending"))
    assert run.codes(extend("stress_test_pending")) == {"DLB102"}


def test_dlb102_refuses_stress_test_pending_after_a_stress_test_and_in_quick_mode():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), stress("P1"), reply())
    assert run.codes(extend("stress_test_pending")) == {"DLB102"}
    quick = run_at(2, mode="quick")
    assert quick.codes(extend("stress_test_pending")) == {"DLB102"}


def test_dlb102_accepts_extension_at_n_2_with_an_undefended_open_challenge():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply())
    run.ok(extend("unaddressed_dispute"))
    assert run.state.extended


# --- DLB103 -------------------------------------------------------------------------------------

def test_dlb103_records_a_new_point_in_development_as_not_evaluated():
    run = run_at(3)
    assert run.codes(point("P1")) == {"DLB103"}
    p1 = run.state.points["P1"]
    assert p1.not_evaluated and (p1.bucket, p1.bucket_reason) == ("dismissed", "phase_violation")


def test_dlb103_records_even_an_extension_in_crystallization():
    run = run_at(2)
    run.ok(point("P1"), classify("P1", "AGREE"))
    for _ in range(4):
        run.ok(reply())
    assert run.state.phase == "CRYSTALLIZATION"
    assert run.codes(point("P2", relation="extension", extends="P1")) == {"DLB103"}


def test_dlb103_accepts_an_extension_in_development():
    run = run_at(1)
    run.ok(point("P1"), classify("P1", "AGREE"), reply(), reply())
    run.ok(point("P2", relation="extension", extends="P1"))
    assert not run.state.points["P2"].not_evaluated


# --- DLB104 -------------------------------------------------------------------------------------

def crystallized() -> Run:
    run = run_at(1)
    run.ok(point("P1"), point("P2", actor="orchestrator"), classify("P1", "AGREE"))
    for _ in range(5):
        run.ok(reply())
    assert run.state.phase == "CRYSTALLIZATION"
    return run


def test_dlb104_refuses_a_skeptical_classification_in_crystallization():
    run = crystallized()
    assert run.codes(skeptical("P2", "C1", actor="consultee")) == {"DLB104"}


def test_dlb104_refuses_a_challenge_in_crystallization():
    run = crystallized()
    assert run.codes(challenge("C1", "P2", kind="reject", actor="consultee")) == {"DLB104"}


def test_dlb104_accepts_agreement_and_reconcile_challenges_in_crystallization():
    run = crystallized()
    run.ok(classify("P2", "AGREE", actor="consultee"))
    run.ok(challenge("R1", "P2", kind="reconcile"))


# --- DLB105 -------------------------------------------------------------------------------------

def test_dlb105_refuses_classifying_a_point_recorded_as_not_evaluated():
    run = run_at(3)
    run.apply(point("P1"))
    assert run.codes(classify("P1", "AGREE")) == {"DLB105"}
    assert run.codes(challenge("C1", "P1")) == {"DLB105"}


def test_dlb105_accepts_classifying_an_evaluated_point():
    run = run_at(1)
    run.ok(point("P1"), classify("P1", "AGREE"))


# --- DLB107 -------------------------------------------------------------------------------------

def late_point() -> Run:
    """P1 and P2 in scope; P3 raised as new in DEVELOPMENT (a phase violation)."""
    run = run_at(1)
    run.ok(point("P1"), classify("P1", "AGREE"), reply(), reply())
    assert run.codes(point("P3")) == {"DLB103"}
    return run


def test_dlb107_an_extension_of_a_phase_violating_point_is_not_evaluated_either():
    run = late_point()
    assert run.codes(point("P4", relation="extension", extends="P3")) == {"DLB107"}
    assert run.codes(point("P5", relation="extension", extends="P4")) == {"DLB107"}
    for pid in ("P4", "P5"):
        p = run.state.points[pid]
        assert (p.bucket, p.bucket_reason) == ("dismissed", "extends_excluded")
        assert run.codes(classify(pid, "AGREE")) == {"DLB105"}
        assert run.codes(challenge("C9", pid)) == {"DLB105"}
        assert run.codes(clarify(pid)) == {"DLB105"}
    assert run.state.points["P4"].bucket == "dismissed"


def test_dlb107_an_extension_of_an_out_of_scope_point_is_not_evaluated():
    run = run_at(1)
    run.ok(point("P1"), classify("P1", "OUT_OF_SCOPE"))
    assert run.codes(point("P2", relation="extension", extends="P1")) == {"DLB107"}
    assert run.state.points["P2"].bucket_reason == "extends_excluded"


def test_dlb107_accepts_an_extension_of_a_point_in_scope():
    run = late_point()
    run.ok(point("P4", relation="extension", extends="P1"), classify("P4", "AGREE"))
    assert run.state.points["P4"].bucket == "agreed"


# --- DLB106 -------------------------------------------------------------------------------------

def test_dlb106_refuses_consultee_content_before_the_first_reply():
    run = Run()
    assert run.codes(point("P1")) == {"DLB106"}
    run.ok(format_failure())
    assert run.codes(ledger("L1", "codex-unverified", "consultee")) == {"DLB106"}


def test_dlb106_accepts_orchestrator_content_before_and_consultee_content_after_the_reply():
    run = Run(flow="orchestrator_proposes")
    run.ok(point("P1", actor="orchestrator"), reply(), point("P2"), classify("P1", "AGREE", actor="consultee"))


# --- DLB110–DLB112 -----------------------------------------------------------------------------

def test_dlb110_refuses_an_id_used_twice_across_points_challenges_and_ledger():
    run = run_at(1)
    run.ok(point("P1"))
    assert run.codes(point("P1")) == {"DLB110"}
    assert run.codes(ledger("P1")) == {"DLB110"}
    assert run.codes(skeptical("P1", "P1")) == {"DLB110"}


def test_dlb110_accepts_fresh_ids():
    run = run_at(1)
    run.ok(point("P1"), skeptical("P1", "C1"), ledger("L1"))


def test_dlb111_refuses_references_to_missing_items():
    run = run_at(1)
    assert run.codes(classify("P9", "AGREE")) == {"DLB111"}
    assert run.codes(defend("C9")) == {"DLB111"}
    assert run.codes(concede("C9")) == {"DLB111"}
    assert run.codes(ledger("L1", supports=["P9"])) == {"DLB111"}
    run.ok(point("P1"))
    assert run.codes(challenge("C1", "P1", cites=[99])) == {"DLB111"}


def test_dlb111_accepts_references_to_existing_items():
    run = run_at(1)
    run.ok(point("P1"), ledger("L1", supports=["P1"]), challenge("C1", "P1", cites=[2]))


def test_dlb112_refuses_extension_without_base_and_base_without_extension():
    run = run_at(1)
    run.ok(point("P1"))
    assert run.codes(point("P2", relation="extension")) == {"DLB112"}
    assert run.codes(point("P2", extends="P1")) == {"DLB112"}


def test_dlb112_accepts_an_extension_with_its_base():
    run = run_at(1)
    run.ok(point("P1"), point("P2", relation="extension", extends="P1"))
    assert run.state.points["P2"].extends == "P1"


# --- DLB160–DLB161: the anchor -------------------------------------------------------------------

def header():
    return protocol.make_header({"question": "How should we cache?", "consultee": "codex"})


def test_dlb160_refuses_a_reframe_without_user_consent_even_if_it_slips_past_the_schema():
    engine = Engine(header(), make_env())
    move = {"type": "reframe", "actor": "orchestrator", "question": "Something else?", "consent": True,
            "seq": 1, "prev": "x", "at": NOW}
    assert [f.code for f in engine.step(0, move)] == ["DLB160"]
    assert engine.state.question == "How should we cache?"


def test_dlb160_accepts_the_users_reframe_with_consent():
    run = Run()
    run.ok(reframe("How should we cache the search API?"))
    assert run.state.question == "How should we cache the search API?"


def test_dlb161_reports_a_question_hash_that_does_not_match():
    bad = dict(header(), question_hash="0" * 16)
    assert [f.code for f in protocol.check_header(bad)] == ["DLB161"]
    assert protocol.check_header(header()) == []


def test_a_refused_batch_leaves_the_state_file_unchanged():
    run = run_at(1)
    before = run.doc
    decision = lifecycle.apply_moves(before, [point("P1"), classify("P1", "AGREE", actor="consultee")], run.env)
    assert decision.doc is None and {f.code for f in decision.findings} == {"DLB113"}
    assert run.doc == before
