"""Properties of the council reducer and synthesis over generated move sequences (hypothesis)."""

from __future__ import annotations

import council_kit as ck
from council_kit import adjustment, assessment, critique, failure, node, self_critique
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from argcheck.core.findings import has_errors
from argcheck.protocols.council import synthesis
from argcheck.core.discovery import load_all_rules

KNOWN_CODES = set(load_all_rules())
STATUSES = {"critiquing", "self_critiquing", "synthesized", "assessed"}
personas = st.sampled_from(list(ck.PHILOSOPHERS) + ["Hegel"])
ids = st.sampled_from(["ARI-1", "KAN-1", "POP-1", "X-1", "X-2"])
evidence = st.sampled_from(list(ck.EVIDENCE) + ["not in the document"])
confidence = st.sampled_from([0.0, 0.2, 0.3, 0.5, 0.9, 1.0])
severity = st.sampled_from([None, "Low", "Medium", "High", "Critical"])
leaves = st.builds(node, ids, evidence, confidence, severity)
trees = st.builds(node, ids, evidence, confidence, severity, st.lists(
    st.builds(node, ids, evidence, confidence, severity, st.lists(leaves, max_size=2)), max_size=2))

moves = st.one_of(
    st.builds(critique, personas, trees),
    st.builds(self_critique, personas, st.builds(adjustment, ids, st.sampled_from([-0.6, -0.1, 0.1, 0.6]),
                                                 st.sampled_from(["Reason.", " "]))),
    st.builds(failure, personas, st.sampled_from(["critique", "self_critique"])),
    st.builds(assessment, st.sampled_from(["No significant findings.", "The points stand.", "I think so."]),
              st.lists(ids, max_size=3, unique=True)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(moves, max_size=14))
def test_any_sequence_of_moves_keeps_a_valid_log_and_a_sane_synthesis(sequence):
    run = ck.council()
    for move in sequence:
        before = run.doc
        found = run.apply(move)
        assert {f.code for f in found} <= KNOWN_CODES
        if has_errors(found):
            assert run.doc is before
    result = run.replay()
    assert not has_errors(result.findings)
    state = result.engine.state
    assert state.status in STATUSES
    assert all(0.0 <= claim.adjusted <= 1.0 for claim in state.claims.values())
    data = synthesis.synthesize(state)
    assert data["no_findings"] == (data["points"] == [])
    assert sum(data["severity_counts"].values()) == len(data["points"])
    assert all(p["confidence"] >= state.inclusion_threshold for p in data["points"])
    assert data["council"]["responded"] + len({f["persona"] for f in state.failures()
                                                if f["round"] == "critique"}) <= 6


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
                 st.dictionaries(st.sampled_from(["type", "agent_style", "critique_tree", "adjustments", "round",
                                                  "text", "x"]),
                                 st.one_of(st.none(), st.integers(), st.text(max_size=4), st.lists(st.none())),
                                 max_size=4)))
def test_any_malformed_move_is_refused_with_a_known_code(move):
    run = ck.council()
    before = run.doc
    found = run.apply(move)
    assert found and {f.code for f in found} <= KNOWN_CODES and run.doc is before
