"""Phase gates and web_search gates (Rules 1, 2, 4, 9-15), each with a failing and a passing case."""

from __future__ import annotations

import pytest
from triz_kit import (
    Session, add, antithesis, assumptions, claims_review, contradictions, cross_domain, decision, decompose_moves,
    decompose_review, dialectic, explore_moves, explore_review, falsification, fundamentals, morphological_box,
    reframings, search, state_of_art, synthesis, thesis,
)


def decompose_without(kind: str) -> list:
    return [m for m in decompose_moves() if m["type"] != kind]


def test_initial_phase_is_decompose():
    session = Session()
    assert session.status == "decomposing" and session.state.current_phase.value == "decompose"


# -- Rule 1: DECOMPOSE_INCOMPLETE ------------------------------------------------------------------------

def test_decompose_fails_without_fundamentals():
    session = Session().ok(*decompose_without("decompose_to_fundamentals"))
    assert session.codes(decompose_review()) == {"TRZ101"}
    assert "fundamentals" in session.findings[0].message


def test_decompose_fails_without_state_of_art_researched():
    session = Session().ok(*decompose_without("map_state_of_art"))
    assert session.codes(decompose_review()) == {"TRZ101"}
    assert "state of the art" in session.findings[0].message


def test_decompose_fails_with_fewer_than_3_assumptions():
    session = Session().ok(fundamentals(), search("state_of_art", "soa"), state_of_art(), assumptions(2),
                           reframings())
    assert session.codes(decompose_review()) == {"TRZ101"}
    assert "3 assumptions (have 2)" in session.findings[0].message


def test_decompose_fails_with_fewer_than_3_reframings():
    session = Session().ok(fundamentals(), search("state_of_art", "soa"), state_of_art(), assumptions(),
                           reframings(2))
    assert session.codes(decompose_review()) == {"TRZ101"}
    assert "3 reframings (have 2)" in session.findings[0].message


def test_decompose_fails_without_user_selected_reframing():
    session = Session().ok(*decompose_moves())
    assert session.codes(decompose_review(selected=())) == {"TRZ101"}
    assert "selected by the user" in session.findings[0].message


def test_decompose_passes_with_all_requirements_and_moves_to_explore():
    session = Session().ok(*decompose_moves(), decompose_review(selected=(1,)))
    assert session.status == "exploring" and session.state.selected_reframings == [1]


def test_assumptions_accumulate_across_calls():
    session = Session().ok(fundamentals(), search("state_of_art", "soa"), state_of_art(), assumptions(2),
                           assumptions(1), reframings())
    assert session.codes(decompose_review()) == set()


def test_decompose_review_refuses_an_unknown_reframing():
    session = Session().ok(*decompose_moves())
    assert session.codes(decompose_review(selected=(0, 5))) == {"TRZ131"}


# -- Rule 2: EXPLORE_INCOMPLETE --------------------------------------------------------------------------

def explore_without(kind: str) -> list:
    return [m for m in explore_moves() if m["type"] != kind]


def test_explore_fails_without_morphological_box():
    session = Session().to("explore").ok(*explore_without("build_morphological_box"))
    assert session.codes(explore_review()) == {"TRZ102"}
    assert "morphological box" in session.findings[0].message


def test_explore_fails_with_fewer_than_2_cross_domain_searches():
    session = Session().to("explore").ok(morphological_box(), search("cross_domain", "p", domain="arctic animals"),
                                         cross_domain("arctic animals", "p"), contradictions())
    assert session.codes(explore_review()) == {"TRZ102"}
    assert "2 cross-domain searches (have 1)" in session.findings[0].message


def test_explore_fails_without_contradictions():
    session = Session().to("explore").ok(*explore_without("identify_contradictions"))
    assert session.codes(explore_review()) == {"TRZ102"}


def test_explore_fails_without_starred_analogy():
    session = Session().to("explore").ok(*explore_moves())
    assert session.codes(explore_review(starred=())) == {"TRZ102"}
    assert "starred by the user" in session.findings[0].message


def test_explore_passes_with_all_requirements():
    session = Session().to("explore").ok(*explore_moves(), explore_review(starred=(1,)))
    assert session.status == "synthesizing" and session.state.starred_analogies == [1]


# -- Rule 4: SYNTHESIS_INCOMPLETE ------------------------------------------------------------------------

def test_validate_fails_without_any_claim():
    session = Session().to("synthesize")
    assert session.codes(claims_review()) == {"TRZ104"}


def test_validate_fails_when_a_claim_has_no_antithesis():
    session = Session().to("synthesize").ok(*dialectic(0), search("general", "t1"), thesis("second", "t1"))
    assert session.codes(claims_review()) == {"TRZ104"}
    assert "antithesis of slot 1" in session.findings[0].message


def test_validate_passes_when_all_claims_have_antithesis_and_synthesis():
    session = Session().to("synthesize").ok(*dialectic(0), *dialectic(1), claims_review())
    assert session.status == "validating"


# -- Rules 9, 10, 11 -------------------------------------------------------------------------------------

def test_cumulative_passes_on_round_0_without_reference():
    """Round indexes start at 0, as in the seed: round 0 is the first round, which has nothing to build on."""
    session = Session().to("validate")
    assert session.state.current_round == 0 and session.status == "validating"


def test_cumulative_fails_on_round_1_without_reference():
    """Round index 1 is the second round (the documents and `next` call it round 2)."""
    session = Session().to("build").ok({"type": "add_to_knowledge_graph", "claim_id": "C1"}, decision("continue"),
                                       {"type": "get_negative_knowledge"}, *dialectic(0))
    assert session.state.current_round == 1
    assert session.codes(claims_review()) == {"TRZ109"}
    assert "round 2 references no previous claim" in session.findings[0].message


def test_cumulative_passes_on_round_2_with_reference_to_an_earlier_claim():
    session = Session().to("build").ok({"type": "add_to_knowledge_graph", "claim_id": "C1"}, decision("continue"),
                                       {"type": "get_negative_knowledge"}, *dialectic(0, builds_on="C1"))
    assert session.codes(claims_review()) == set()


def test_cumulative_is_checked_at_the_last_possible_synthesis_so_a_round_never_gets_stuck():
    session = Session().to("build").ok(add("C1"), decision("continue"), {"type": "get_negative_knowledge"},
                                       *dialectic(0), *dialectic(1))
    last = dialectic(2)
    session.ok(*last[:-1])
    assert session.codes(last[-1]) == {"TRZ109"}
    assert session.codes(synthesis(2, "C1", "r2")) == set()


def test_cumulative_does_not_count_a_claim_of_the_same_round():
    session = Session().to("build").ok(decision("continue"), {"type": "get_negative_knowledge"},
                                       *dialectic(0), *dialectic(1, builds_on="C2"))
    assert session.codes(claims_review()) == {"TRZ109"}


def test_transition_to_synthesize_round_2_checks_negative():
    session = Session().to("build").ok(decision("continue"))
    assert session.codes(search("general", "x"), thesis("again", "x")) == {"TRZ110"}


def test_negative_knowledge_passes_when_consulted_before_synthesis():
    session = Session().to("build").ok(decision("continue"), {"type": "get_negative_knowledge"})
    assert session.codes(search("general", "x"), thesis("again", "x")) == set()


def test_negative_knowledge_consulted_in_build_counts_for_the_next_round_only_until_reset():
    session = Session().to("build").ok({"type": "get_negative_knowledge"}, decision("continue"))
    assert session.state.negative_knowledge_consulted is False
    assert session.codes(search("general", "x"), thesis("again", "x")) == {"TRZ110"}


def test_max_rounds_fails_at_5():
    session = Session().to("build")
    for first in (1, 2, 3, 4):
        session.next_round(f"C{first}")
    assert session.state.current_round == 4
    assert session.codes(decision("continue")) == {"TRZ111"}
    assert session.codes(decision("resolve")) == set()


def test_max_rounds_passes_at_4():
    session = Session().to("build")
    for first in (1, 2, 3):
        session.next_round(f"C{first}")
    assert session.codes(decision("continue")) == set() and session.state.current_round == 4


# -- Rules 12-15: web_search gates ------------------------------------------------------------------------

def test_web_search_fails_without_search_for_state_of_art():
    assert Session().codes(state_of_art()) == {"TRZ112", "TRZ134"}


def test_web_search_passes_with_search_for_state_of_art():
    assert Session().codes(search("state_of_art", "soa"), state_of_art()) == set()


def test_web_search_fails_without_search_for_cross_domain():
    session = Session().to("explore").ok(search("cross_domain", domain="bird flocks"))
    assert session.codes(cross_domain("ant colonies")) == {"TRZ113"}


def test_web_search_passes_with_search_of_the_same_domain_in_other_case():
    session = Session().to("explore").ok(search("cross_domain", domain="Ant  Colonies"))
    assert session.codes(cross_domain("ant colonies")) == set()


def test_web_search_fails_without_search_for_antithesis():
    session = Session().to("synthesize").ok(search("general", "t"), thesis("t", "t"))
    assert session.codes(antithesis(0)) == {"TRZ114"}


def test_antithesis_search_for_another_slot_does_not_count():
    session = Session().to("synthesize").ok(search("general", "t"), thesis("t", "t"), thesis("u", "t"),
                                            search("antithesis", index=1))
    assert session.codes(antithesis(0)) == {"TRZ114"}
    assert session.codes(antithesis(1)) == set()


def test_web_search_fails_without_search_for_falsification():
    session = Session().to("validate")
    assert session.codes(falsification(0)) == {"TRZ115"}


def test_web_search_passes_with_search_for_falsification():
    session = Session().to("validate")
    assert session.codes(search("falsification", index=0), falsification(0)) == set()


def test_searches_count_only_in_the_phase_they_were_made_in():
    session = Session().to("synthesize").ok(search("falsification", index=0), *dialectic(0), claims_review())
    assert session.state.web_searches_this_phase == []
    assert session.codes(falsification(0)) == {"TRZ115"}


# -- moves for a phase the session is not in ------------------------------------------------------------

@pytest.mark.parametrize("move", [thesis(), synthesis(0), explore_review(), decision("resolve"), claims_review()],
                         ids=lambda m: m["type"])
def test_a_move_of_another_phase_is_refused(move):
    session = Session()
    assert session.codes(move) == {"TRZ120"}
    assert "the session is in decompose" in session.findings[0].message


def test_decompose_tools_are_refused_after_decompose():
    session = Session().to("explore")
    assert session.codes(fundamentals()) == {"TRZ120"}


def test_cross_cutting_moves_are_allowed_in_every_phase():
    session = Session().to("validate")
    assert session.codes({"type": "report_token_usage", "tokens_used": 10}, search("general", "z")) == set()
