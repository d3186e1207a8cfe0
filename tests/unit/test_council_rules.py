"""Every CNL rule of a council log: a failing and a passing case each (docs/protocols/council.md §4)."""

from __future__ import annotations

import council_kit as ck
from council_kit import adjustment, assessment, critique, failure, node, response, self_critique


# -- CNL104 UNKNOWN_PERSONA ---------------------------------------------------------------------------

def test_unknown_persona_critique_is_refused():
    assert ck.council().codes(critique("Hegel")) == {"CNL104"}


def test_panel_persona_critique_is_accepted():
    assert ck.council().codes(critique("Kant")) == set()


def test_unknown_persona_failure_and_self_critique_are_refused():
    run = ck.critiqued()
    assert run.codes(self_critique("Hegel")) == {"CNL104"}
    assert run.codes(failure("Hegel", "self_critique")) == {"CNL104"}


# -- CNL105 CRITIQUE_ALREADY_RECORDED ----------------------------------------------------------------

def test_second_initial_critique_from_one_persona_is_refused():
    run = ck.council().ok(critique("Kant"))
    assert run.codes(critique("Kant", node("KAN-9"))) == {"CNL105"}


def test_failure_after_a_critique_is_refused():
    run = ck.council().ok(critique("Kant"))
    assert run.codes(failure("Kant")) == {"CNL105"}


def test_second_failure_in_the_initial_round_is_refused():
    run = ck.council().ok(failure("Kant"))
    assert run.codes(failure("Kant", kind="empty")) == {"CNL105"}


def test_failed_persona_may_be_retried_while_the_round_is_open():
    run = ck.council().ok(failure("Kant"))
    assert run.codes(critique("Kant")) == set()
    assert run.state.rounds["critique"]["Kant"].kind == "critique"


# -- CNL106 INITIAL_ROUND_CLOSED ---------------------------------------------------------------------

def test_retry_of_a_failed_persona_after_self_critique_began_is_refused():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"), self_critique("Popper"))
    assert run.codes(critique("Kant")) == {"CNL106"}


def test_retry_before_self_critique_began_is_accepted():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    assert run.codes(critique("Kant")) == set()


# -- CNL107 DUPLICATE_CLAIM_ID -----------------------------------------------------------------------

def test_claim_id_used_by_another_persona_is_refused():
    run = ck.council().ok(critique("Kant", node("X-1")))
    assert run.codes(critique("Popper", node("X-1"))) == {"CNL107"}


def test_claim_id_repeated_inside_one_tree_is_refused():
    tree = node("POP-1", children=[node("POP-1")])
    assert ck.council().codes(critique("Popper", tree)) == {"CNL107"}


def test_distinct_ids_across_the_run_are_accepted():
    run = ck.council().ok(critique("Kant", node("KAN-1", children=[node("KAN-1.1")])))
    assert run.codes(critique("Popper", node("POP-1", children=[node("POP-1.1")]))) == set()


# -- CNL108 MAX_DEPTH_EXCEEDED -----------------------------------------------------------------------

def _chain(prefix: str, levels: int) -> dict:
    tree = node(f"{prefix}-{levels}")
    for level in range(levels - 1, 0, -1):
        tree = node(f"{prefix}-{level}", children=[tree])
    return tree


def test_tree_deeper_than_max_depth_is_refused():
    assert ck.council().codes(critique("Kant", _chain("KAN", 4))) == {"CNL108"}


def test_tree_of_exactly_max_depth_levels_is_accepted():
    assert ck.council().codes(critique("Kant", _chain("KAN", 3))) == set()


def test_max_depth_is_the_runs_option():
    assert ck.council(max_depth=1).codes(critique("Kant", _chain("KAN", 2))) == {"CNL108"}
    assert ck.council(max_depth=5).codes(critique("Kant", _chain("KAN", 5))) == set()


# -- CNL109 BRANCH_BELOW_THRESHOLD -------------------------------------------------------------------

def test_children_under_a_low_confidence_node_are_refused():
    tree = node("KAN-1", confidence=0.2, children=[node("KAN-1.1")])
    assert ck.council().codes(critique("Kant", tree)) == {"CNL109"}


def test_low_confidence_leaf_and_children_at_the_threshold_are_accepted():
    tree = node("KAN-1", confidence=0.3, children=[node("KAN-1.1", confidence=0.1)])
    assert ck.council().codes(critique("Kant", tree)) == set()


def test_threshold_is_the_runs_option():
    tree = node("KAN-1", confidence=0.5, children=[node("KAN-1.1")])
    assert ck.council(threshold=0.6).codes(critique("Kant", tree)) == {"CNL109"}


# -- CNL126 ATOMIC_CONTENT_DECOMPOSED ----------------------------------------------------------------

def test_children_under_a_two_word_quote_are_refused():
    tree = node("KAN-1", evidence="Retention is", children=[node("KAN-1.1")])
    assert ck.council().codes(critique("Kant", tree)) == {"CNL126"}


def test_a_one_word_leaf_under_a_three_word_quote_is_accepted():
    tree = node("KAN-1", evidence="Retention is unlimited", children=[node("KAN-1.1", evidence="unlimited")])
    assert ck.council().codes(critique("Kant", tree)) == set()


# -- CNL110 EVIDENCE_NOT_IN_DOCUMENT -----------------------------------------------------------------

def test_evidence_the_document_does_not_contain_is_refused():
    tree = node("KAN-1", evidence="the system guarantees exactly-once delivery")
    assert ck.council().codes(critique("Kant", tree)) == {"CNL110"}


def test_evidence_in_a_child_is_checked_too():
    tree = node("KAN-1", children=[node("KAN-1.1", evidence="not in the text at all")])
    assert ck.council().codes(critique("Kant", tree)) == {"CNL110"}


def test_evidence_matches_whitespace_insensitively():
    tree = node("KAN-1", evidence="The design guarantees that no event\n   is ever lost")
    assert ck.council().codes(critique("Kant", tree)) == set()


def test_evidence_match_is_case_sensitive():
    tree = node("KAN-1", evidence="THE DESIGN GUARANTEES")
    assert ck.council().codes(critique("Kant", tree)) == {"CNL110"}


# -- CNL111 SELF_CRITIQUE_TOO_EARLY -----------------------------------------------------------------

def test_self_critique_before_every_initial_critique_is_refused():
    run = ck.council().ok(*ck.all_critiques(skip=("Russell",)))
    found = run.apply(self_critique("Kant"))
    assert {f.code for f in found} == {"CNL111"} and "Russell" in found[0].message


def test_self_critique_failure_before_every_initial_critique_is_refused():
    run = ck.council().ok(critique("Kant"))
    assert run.codes(failure("Kant", "self_critique")) == {"CNL111"}


def test_self_critique_after_every_initial_critique_or_failure_is_accepted():
    run = ck.council().ok(*ck.all_critiques(skip=("Russell",)), failure("Russell"))
    assert run.codes(self_critique("Kant")) == set()


# -- CNL112 SELF_CRITIQUE_REPEATED ------------------------------------------------------------------

def test_second_self_critique_from_one_persona_is_refused():
    run = ck.critiqued().ok(self_critique("Kant"))
    assert run.codes(self_critique("Kant")) == {"CNL112"}


def test_failure_after_a_self_critique_is_refused():
    run = ck.critiqued().ok(self_critique("Kant"))
    assert run.codes(failure("Kant", "self_critique")) == {"CNL112"}


def test_one_self_critique_per_persona_is_accepted():
    run = ck.critiqued().ok(self_critique("Kant"))
    assert run.codes(self_critique("Popper")) == set()


# -- CNL113 ADJUSTMENT_NOT_OWN_CLAIM ----------------------------------------------------------------

def test_adjusting_another_personas_claim_is_refused():
    found = ck.critiqued().apply(self_critique("Kant", adjustment("POP-1")))
    assert [f.code for f in found] == ["CNL113"] and "a claim of Popper" in found[0].message


def test_adjusting_an_unknown_claim_is_refused():
    assert ck.critiqued().codes(self_critique("Kant", adjustment("NOPE-1"))) == {"CNL113"}


def test_adjusting_an_own_claim_is_accepted():
    run = ck.critiqued()
    assert run.codes(self_critique("Kant", adjustment("KAN-1"))) == set()
    assert run.state.claims["KAN-1"].adjusted == 0.7


# -- CNL114 ADJUSTED_CONFIDENCE_OUT_OF_RANGE --------------------------------------------------------

def test_adjustment_above_one_is_refused():
    assert ck.critiqued().codes(self_critique("Kant", adjustment("KAN-1", 0.3))) == {"CNL114"}


def test_cumulative_adjustments_below_zero_are_refused():
    move = self_critique("Kant", adjustment("KAN-1", -0.5), adjustment("KAN-1", -0.4))
    assert ck.critiqued().codes(move) == {"CNL114"}


def test_adjustment_to_exactly_one_is_accepted():
    run = ck.critiqued()
    assert run.codes(self_critique("Kant", adjustment("KAN-1", 0.2))) == set()
    assert run.state.claims["KAN-1"].adjusted == 1.0


# -- CNL115 BLANK_REASONING -------------------------------------------------------------------------

def test_blank_reasoning_is_refused():
    assert ck.critiqued().codes(self_critique("Kant", adjustment("KAN-1", reasoning=" \n "))) == {"CNL115"}


def test_empty_reasoning_is_refused():
    assert ck.critiqued().codes(self_critique("Kant", adjustment("KAN-1", reasoning=""))) == {"CNL115"}


def test_written_reasoning_is_accepted():
    assert ck.critiqued().codes(self_critique("Kant", adjustment("KAN-1", reasoning="Popper's point is stronger."))) \
        == set()


# -- CNL121 PERSONA_HAS_NO_CRITIQUE -----------------------------------------------------------------

def test_self_critique_from_a_persona_that_failed_round_one_is_refused():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    assert run.codes(self_critique("Kant")) == {"CNL121"}
    assert run.codes(failure("Kant", "self_critique")) == {"CNL121"}


# -- CNL116 ASSESSMENT_TOO_EARLY --------------------------------------------------------------------

def test_assessment_before_every_self_critique_is_refused():
    run = ck.critiqued().ok(*ck.all_self_critiques(skip=("Kant",)))
    assert run.codes(assessment(addressed=())) == {"CNL116"}


def test_assessment_before_the_initial_round_ends_is_refused():
    assert ck.council().codes(assessment()) == {"CNL116"}


def test_assessment_after_every_round_is_accepted():
    run = ck.synthesized()
    assert run.codes(assessment()) == set()
    assert run.status == "assessed"


# -- CNL117 HIGH_SEVERITY_NOT_ADDRESSED -------------------------------------------------------------

def _with_high_point():
    run = ck.council().ok(critique("Kant", node("KAN-1", severity="High")),
                          *ck.all_critiques(skip=("Kant",)))
    return run.ok(*ck.all_self_critiques())


def test_assessment_that_skips_a_high_point_is_refused():
    found = _with_high_point().apply(assessment())
    assert [f.code for f in found] == ["CNL117"] and "KAN-1" in found[0].message


def test_assessment_that_only_lists_a_high_point_under_addressed_is_refused():
    assert _with_high_point().codes(assessment(addressed=["KAN-1"])) == {"CNL117"}


def test_assessment_that_answers_every_high_point_is_accepted():
    assert _with_high_point().codes(assessment(responses=[response("KAN-1")])) == set()


def test_a_response_to_a_merged_point_answers_the_whole_finding():
    # Kant's High KAN-1 and Aristotle's ARI-1 quote the same passage: one key finding, answered once.
    run = ck.council().ok(critique("Kant", node("KAN-1", severity="High")),
                          critique("Aristotle", node("ARI-1", severity="Critical")),
                          *ck.all_critiques(skip=("Kant", "Aristotle")))
    run.ok(*ck.all_self_critiques())
    assert run.codes(assessment(responses=[response("ARI-1")])) == set()


# -- CNL129 POINT_NOT_QUOTED / CNL130 RESPONSE_TOO_THIN ---------------------------------------------

def test_a_response_that_does_not_quote_its_point_is_refused():
    found = _with_high_point().apply(assessment(responses=[response("KAN-1", "the design has a problem")]))
    assert [f.code for f in found] == ["CNL129"] and found[0].path.endswith("/responses/0/point")


def test_a_response_quoting_four_words_of_the_point_is_accepted():
    run = _with_high_point()
    assert run.codes(assessment(responses=[response("KAN-1", "critique POINT kan-1")])) == set()


def test_a_response_that_only_names_the_point_is_refused():
    assert _with_high_point().codes(assessment(responses=[response("KAN-1", text="Addressed.")])) == {"CNL130"}
    repeated = response("KAN-1", text="Critique point KAN-1.")
    assert _with_high_point().codes(assessment(responses=[repeated])) == {"CNL130"}


def test_a_response_to_an_unknown_point_is_refused():
    run = _with_high_point()
    assert run.codes(assessment(responses=[response("KAN-1"), response("ZZZ-9")])) == {"CNL118"}


def test_high_point_dropped_by_self_critique_need_not_be_addressed():
    run = ck.council().ok(critique("Kant", node("KAN-1", severity="Critical", confidence=0.45)),
                          *ck.all_critiques(skip=("Kant",)))
    run.ok(self_critique("Kant", adjustment("KAN-1", -0.1)), *ck.all_self_critiques(skip=("Kant",)))
    assert run.codes(assessment()) == set()


# -- CNL118 UNKNOWN_POINT ---------------------------------------------------------------------------

def test_assessment_addressing_an_unknown_id_is_refused():
    assert ck.synthesized().codes(assessment(addressed=["ZZZ-9"])) == {"CNL118"}


def test_assessment_addressing_a_claim_below_inclusion_is_refused():
    run = ck.council().ok(critique("Kant", node("KAN-1", confidence=0.35)), *ck.all_critiques(skip=("Kant",)))
    run.ok(*ck.all_self_critiques())
    assert run.codes(assessment(addressed=["KAN-1"])) == {"CNL118"}


def test_assessment_addressing_a_point_is_accepted():
    assert ck.synthesized().codes(assessment(addressed=["POP-1"])) == set()


# -- CNL119 NO_FINDINGS_MESSAGE_MISSING / CNL120 FINDINGS_DENIED -----------------------------------

def _without_points():
    low = [critique(p, node(f"{ck.PREFIX[p]}-1", confidence=0.2)) for p in ck.PHILOSOPHERS]
    return ck.council().ok(*low).ok(*ck.all_self_critiques())


def test_no_findings_case_without_the_message_is_refused():
    assert _without_points().codes(assessment("The document is sound.")) == {"CNL119"}


def test_no_findings_case_with_the_message_is_accepted():
    assert _without_points().codes(assessment("No significant findings.")) == set()


def test_no_findings_message_with_points_is_refused():
    assert ck.synthesized().codes(assessment("No significant findings.")) == {"CNL120"}


# -- CNL122 NON_OBJECTIVE_TONE ----------------------------------------------------------------------

def test_first_person_praise_and_hedging_are_reported():
    found = ck.synthesized().apply(assessment("I think the design is great, perhaps."))
    assert [f.code for f in found] == ["CNL122"]
    assert "'I'" in found[0].message and "'great'" in found[0].message and "'perhaps'" in found[0].message


def test_objective_text_has_no_tone_finding():
    assert ck.synthesized().codes(assessment("The durability guarantee has no stated test.")) == set()


# -- CNL123 PARTIAL_COUNCIL -------------------------------------------------------------------------

def test_a_failed_persona_makes_a_partial_council():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    found = [f for f in run.replay().findings if f.code == "CNL123"]
    assert len(found) == 1 and found[0].message.startswith("5 of 6 personas; failed: Kant (initial critique: timeout)")


def test_a_full_council_has_no_partial_notice():
    assert "CNL123" not in ck.synthesized().replay_codes()


# -- CNL125 PARTIAL_COUNCIL_NOT_STATED ----------------------------------------------------------------

def _partial_synthesized():
    run = ck.council().ok(*ck.all_critiques(skip=("Kant",)), failure("Kant"))
    return run.ok(*ck.all_self_critiques(skip=("Kant",)))


def test_partial_council_assessment_without_the_count_is_accepted():
    # The output formatter adds the partial-council notice (§4.5, §8): the agent need not repeat it.
    assert _partial_synthesized().codes(assessment()) == set()


def test_partial_council_assessment_misstating_the_count_is_refused():
    found = _partial_synthesized().apply(assessment("Assessment based on 6 of 6 personas."))
    assert [f.code for f in found] == ["CNL125"] and "5 of 6 personas" in found[0].message
    assert "Kant" in found[0].hint


def test_the_misstated_count_hint_names_the_persona_that_failed():
    run = ck.council().ok(*ck.all_critiques(skip=("Popper",)), failure("Popper"))
    run.ok(*ck.all_self_critiques(skip=("Popper",)))
    found = run.apply(assessment("Assessment based on 6 of 6 personas."))
    assert [f.code for f in found] == ["CNL125"] and "Popper" in found[0].hint and "Kant" not in found[0].hint


def test_a_self_critique_failure_makes_the_count_five_of_six():
    run = ck.critiqued().ok(*ck.all_self_critiques(skip=("Kant",)), failure("Kant", "self_critique"))
    assert run.codes(assessment("Assessment based on 6 of 6 personas.")) == {"CNL125"}
    assert run.codes(assessment("Assessment based on 5 of 6 personas.")) == set()


def test_partial_council_assessment_stating_the_count_is_accepted():
    text = "The durability guarantee has no test. Assessment based on 5 of\n6 personas; Kant did not respond."
    assert _partial_synthesized().codes(assessment(text)) == set()
