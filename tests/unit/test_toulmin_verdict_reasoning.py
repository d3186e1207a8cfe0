"""TLM124: the verdict's reasoning must not say the opposite of its status (seed 000), read clause by clause."""

from __future__ import annotations

import pytest
from make_toulmin_examples import Chain, component, grounding, judgment, logic_bridge, stress_test

from argcheck.protocols.toulmin.verdict_reasoning import contradiction

# Toulmini's own keyword check: "sustained" fails on fails/rejected, "overruled" on succeeds/sustained.
CONTRADICTIONS = [
    ("sustained", "Weighing everything, the claim fails under the counterexamples from the plugin code."),
    ("sustained", "The argument is rejected once the dynamic code is taken into account."),
    ("sustained", "The argument collapses: the rebuttal covers most of the incidents."),
    ("sustained", "The claim cannot hold, and it is refuted by the incident data."),
    ("overruled", "Weighing everything, the claim succeeds: the rebuttal is narrow."),
    ("overruled", "On balance the claim is sustained by the incident data."),
    ("overruled", "Despite the exceptions, the argument holds and the claim prevails."),
    ("overruled", "The rebuttal does not succeed against the claim."),
]
CONSISTENT = [
    ("sustained", "The argument does not fail: every exception is narrow and covered by the scope."),
    ("sustained", "The rebuttal fails to defeat the warrant, so the claim stands."),
    ("sustained", "The claim is sustained; the objection is rejected as it concerns only the plugin loader."),
    ("sustained", "If the data were wrong the claim would fail, but the incident export is complete."),
    ("sustained", "Although one could argue the claim fails for dynamic code, that code is out of scope."),
    ("sustained", "The claim holds even though the warrant fails for metaprogramming."),
    ("overruled", "The claim cannot be sustained given the absolute rebuttal."),
    ("overruled", "The warrant holds, but the rebuttal defeats the claim in most of the codebase."),
    ("overruled", "The claim is not upheld: the counterexamples cover the services with the incidents."),
    ("overruled", "This reasoning explains why the claim fails and is rejected completely."),
    ("remanded", "The claim cannot be sustained yet, but it does not fail outright; more data is needed."),
]


@pytest.mark.parametrize("status,reasoning", CONTRADICTIONS)
def test_a_reasoning_that_says_the_opposite_is_found(status, reasoning):
    assert contradiction(status, reasoning)


@pytest.mark.parametrize("status,reasoning", CONSISTENT)
def test_negations_opposing_subjects_and_conditions_are_not_contradictions(status, reasoning):
    assert contradiction(status, reasoning) is None


def test_the_clause_is_named():
    said = contradiction("sustained", "The data is clear. Still, the claim fails for plugins; more below.")
    assert said == "the claim fails for plugins"


def _stress_tested() -> Chain:
    return Chain().ok(grounding(), logic_bridge(), stress_test("strong", 65))


@pytest.mark.parametrize("status,reasoning", [c for c in CONTRADICTIONS if c[0] in ("sustained", "overruled")][:4])
def test_the_engine_refuses_a_contradicting_verdict(status, reasoning):
    move = judgment(status)
    move["verdict"]["reasoning"] = reasoning + " The chain is as recorded above."
    chain = _stress_tested()
    assert chain.codes(move) == {"TLM124"}
    assert chain.findings[0].path == "/moves/3/verdict/reasoning"
    assert chain.state.status == "stress_tested"


def test_the_engine_accepts_a_consistent_verdict():
    move = judgment("sustained")
    move["verdict"]["reasoning"] = "The argument does not fail: the strong rebuttal is answered by the scope limit."
    assert _stress_tested().codes(move) == set()


def test_the_table_rule_and_the_reasoning_are_both_reported():
    chain = Chain().ok(grounding(), logic_bridge(), stress_test("weak", 20))
    move = judgment("sustained")
    move["verdict"]["reasoning"] = "With a confidence this low the claim fails, whatever the weak rebuttal says."
    assert chain.codes(move) == {"TLM112", "TLM124"}


def test_a_standalone_chain_is_read_too():
    from argcheck.files import operations
    from argcheck.core.env import default_env
    from make_toulmin_examples import CHAIN

    doc = dict(CHAIN, verdict=component("verdict", reasoning="The claim fails once the plugin code is counted, "
                                                             "which the rebuttal shows."))
    assert [f.code for f in operations.replay_doc(doc, default_env()).findings] == ["TLM124"]
