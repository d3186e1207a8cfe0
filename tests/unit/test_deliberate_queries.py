"""The engine contract and the read-only queries the presentation layer uses."""

from __future__ import annotations

import pytest
from dlb import (
    Run, classify, defend, failure, format_failure, make_env, point, present, reply, settle, skeptical, stress,
    synthesize,
)

from argcheck.protocols.deliberate import nextstep, queries
from argcheck.protocols.deliberate.engine import Engine


def engine_after(run: Run) -> Engine:
    engine = Engine(run.doc["header"], make_env())
    for index, move in enumerate(run.doc["moves"]):
        engine.step(index, move)
    return engine


def test_a_refused_synthesis_reverts_the_drops_it_tried():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), reply(), reply())
    engine = engine_after(run)
    challenge = engine.state.challenges["C1"]
    assert (challenge.status, challenge.drops) == ("dropped", 1)
    found = engine.step(len(run.doc["moves"]), {**synthesize("convergence"), "seq": 99})
    assert {f.code for f in found} == {"DLB182", "DLB183"}  # the trial drop made C1 undefended
    assert (challenge.status, challenge.drops) == ("dropped", 1)
    assert engine.state.points["P1"].bucket is None and engine.status == "in_progress"


def test_engine_status_follows_the_state():
    run = Run(mode="minimal", question_kind="factual")
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), synthesize("trivial"))
    engine = engine_after(run)
    assert engine.status == engine.state.status == "synthesized"
    assert engine.finish() == []


def test_buckets_groups_every_point_including_pending():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), point("P2"), skeptical("P2", "C1"), point("P3"),
           settle("P3", reason="criteria_divergence", tradeoff="a vs b"))
    grouped = {k: [p.id for p in v] for k, v in queries.buckets(run.state).items()}
    assert grouped == {"agreed": ["P1"], "dismissed": [], "unresolved": ["P3"], "pending": ["P2"]}


def test_open_challenges_and_reminders():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), point("P2"), skeptical("P2", "C2"), reply(), defend("C2"))
    assert [c.id for c in queries.open_challenges(run.state)] == ["C1", "C2"]
    run.ok(reply())
    assert [c.id for c in queries.reminders_due(run.state)] == ["C1"]


def test_allowed_moves_follow_status_phase_and_mode():
    run = Run()
    allowed = queries.allowed_moves(run.state)
    assert "consult" in allowed and "point" in allowed and "present" not in allowed
    assert "synthesize" not in allowed and "extend_constructive" not in allowed
    run.ok(reply(), point("P1"), classify("P1", "AGREE"), stress("P1"), reply(), reply())
    assert "synthesize" in queries.allowed_moves(run.state)
    run.ok(synthesize("convergence"))
    assert sorted(queries.allowed_moves(run.state)) == [
        "abort", "arbitrate", "ledger", "present", "request_arbitration", "verify"]
    run.ok(present())
    assert queries.allowed_moves(run.state) == []


def test_allowed_moves_at_the_cap_and_in_quick_mode():
    run = Run(mode="quick")
    run.ok(reply(), reply())
    allowed = queries.allowed_moves(run.state)
    assert "consult" not in allowed and "stress_test" not in allowed and "extend_constructive" not in allowed
    assert "synthesize" in allowed
    assert "iteration cap 2 reached: synthesize (iteration_bound)" in queries.due_items(run.state)


def test_termination_options_name_every_termination_with_a_reason():
    run = Run()
    run.ok(format_failure(), failure())
    options = queries.termination_options(run.state)
    assert set(options) == {"convergence", "iteration_bound", "trivial", "quality_exit"}
    assert options["quality_exit"][0] is True and options["convergence"] == (False, "n is 0; convergence needs n >= 2")
    assert queries.degraded_reasons(run.state) == ["1 consultee failure(s)", "1 format failure(s)"]


def test_confidence_is_high_without_arbitration_flags():
    run = Run()
    run.ok(reply(), point("P1"), classify("P1", "AGREE"))
    assert queries.confidence(run.state) == "high"


def test_confidence_is_not_applicable_without_points_and_never_high_when_degraded():
    run = Run()
    assert queries.confidence(run.state) == "n/a"
    run.ok(format_failure(), reply(), point("P1"), classify("P1", "AGREE"))
    assert queries.degraded_reasons(run.state) and queries.confidence(run.state) == "medium"


@pytest.mark.parametrize("setup", ["not_installed", "auth"])
def test_setup_errors_never_count_toward_the_quality_exit(setup):
    run = Run()
    run.ok(failure(setup), failure(setup))
    assert queries.termination_options(run.state)["quality_exit"][0] is False
    assert queries.degraded_reasons(run.state) == []
    step = nextstep.next_action(run.state)
    assert step["actor"] == "consultee" and step["text"].startswith("setup error:")
    run.ok(failure("timeout"))
    assert queries.termination_options(run.state)["quality_exit"][0] is False
    run.ok(failure(setup), format_failure())
    assert queries.termination_options(run.state)["quality_exit"][0] is True


def test_grounded_view_names_defenses_with_a_colon_so_they_never_clash_with_ids():
    run = Run()
    run.ok(reply(), point("P1"), skeptical("P1", "C1"), defend("C1"))
    arguments, attacks, labels = queries.grounded_view(run.state)
    assert arguments == ["P1", "C1", "C1:d1"] and attacks == [("C1", "P1")]
    assert labels == {"P1": "out", "C1": "in", "C1:d1": "in"}
