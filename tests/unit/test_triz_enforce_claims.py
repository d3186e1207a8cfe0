"""Claim rules (Rules 3, 5-8) and what the seed implies around claims: slots, ids, verdicts, evidence."""

from __future__ import annotations

from triz_kit import (
    Session, antithesis, claims_review, dialectic, evidence, falsification, novelty, score, search, synthesis,
    thesis, validation, verdicts,
)


def synthesize():
    return Session().to("synthesize")


# -- Rule 3: ANTITHESIS_MISSING ---------------------------------------------------------------------------

def test_synthesis_fails_without_antithesis():
    session = synthesize().ok(search("general", "t"), thesis("t", "t"))
    assert session.codes(synthesis(0, None, "t")) == {"TRZ103"}


def test_antithesis_fails_for_wrong_index():
    session = synthesize().ok(search("general", "t"), thesis("t", "t"), thesis("u", "t"),
                              search("antithesis", "a", index=0), antithesis(0, "a"))
    assert session.codes(synthesis(1, None, "t")) == {"TRZ103"}
    assert session.codes(synthesis(0, None, "t")) == set()


def test_antithesis_for_a_slot_without_thesis_is_an_invalid_index():
    session = synthesize().ok(search("general", "t"), thesis("t", "t"), search("antithesis", index=2))
    assert session.codes(antithesis(2)) == {"TRZ121"}


def test_synthesis_gets_the_next_claim_id_and_carries_thesis_and_antithesis():
    session = synthesize().ok(*dialectic(0), *dialectic(1))
    claims = session.state.claims
    assert list(claims) == ["C1", "C2"] and session.state.current_round_claims == {0: "C1", 1: "C2"}
    assert claims["C2"].thesis_text == "Thesis r1" and claims["C2"].antithesis_text == "Most cars park unplugged."
    assert [e["source_url"] for e in claims["C2"].evidence] == [  # the thesis's source once, then the antithesis's
        "https://example.org/research/r1", "https://example.org/research/r1x"]


def test_a_slot_is_synthesized_once():
    session = synthesize().ok(*dialectic(0))
    assert session.codes(synthesis(0, None, "r0")) == {"TRZ123"}


# -- Rule 8: CLAIM_LIMIT_EXCEEDED -------------------------------------------------------------------------

def test_claim_limit_fails_at_3():
    session = synthesize().ok(search("general", "t"), thesis("a", "t"), thesis("b", "t"), thesis("c", "t"))
    assert session.state.slots_remaining == 0 and session.state.claims_remaining == 3  # no synthesis yet
    assert session.codes(thesis("d", "t")) == {"TRZ108"}


def test_claim_limit_passes_at_2():
    session = synthesize().ok(search("general", "t"), thesis("a", "t"), thesis("b", "t"))
    assert session.state.slots_remaining == 1
    assert session.codes(thesis("c", "t")) == set()


# -- Rule 7: UNGROUNDED_CLAIM and recorded research ------------------------------------------------------

def test_synthesis_fails_without_any_evidence():
    session = synthesize().ok(thesis("bare"), search("antithesis", index=0), antithesis(0))
    assert session.codes(synthesis(0)) == {"TRZ107"}


def test_synthesis_fails_without_its_own_evidence_even_when_its_thesis_and_antithesis_have_some():
    session = synthesize().ok(search("general", "t"), thesis("grounded", "t"), search("antithesis", "a", index=0),
                              antithesis(0, "a"))
    assert session.codes(synthesis(0)) == {"TRZ107"}
    assert session.codes(synthesis(0, None, "t")) == set()


def test_synthesis_passes_with_evidence_on_the_synthesis_only():
    session = synthesize().ok(thesis("bare"), search("antithesis", "s", index=0), antithesis(0))
    assert session.codes(synthesis(0, None, "s")) == set()


def test_evidence_must_come_from_a_recorded_search():
    session = synthesize()
    assert session.codes(thesis("t", "never-searched")) == {"TRZ134"}


def test_user_evidence_needs_no_search():
    session = synthesize()
    move = thesis("t")
    move["evidence"] = [evidence("told-by-user", by="user")]
    assert session.codes(move) == set()


# -- Rules 5 and 6: FALSIFICATION_MISSING, NOVELTY_UNCHECKED ---------------------------------------------

def test_score_fails_without_falsification():
    session = Session().to("validate").ok(novelty(0))
    assert session.codes(score(0)) == {"TRZ105"}


def test_score_fails_without_novelty_check():
    session = Session().to("validate").ok(search("falsification", index=0), falsification(0))
    assert session.codes(score(0)) == {"TRZ106"}


def test_score_fails_with_neither_and_reports_both():
    session = Session().to("validate")
    assert session.codes(score(0)) == {"TRZ105", "TRZ106"}


def test_score_passes_after_falsification_and_novelty():
    session = Session().to("validate").ok(search("falsification", index=0), falsification(0), novelty(0))
    assert session.codes(score(0)) == set()
    assert session.state.claims["C1"].scores["novelty"] == 0.7


def test_validation_of_an_unsynthesized_slot_is_an_invalid_index():
    session = Session().to("validate")
    assert session.codes(novelty(1)) == {"TRZ121"}


def test_scores_are_between_0_and_1():
    session = Session().to("validate").ok(search("falsification", index=0), falsification(0), novelty(0))
    assert session.codes(score(0, 1.5)) == {"ARG013"}


# -- verdicts ----------------------------------------------------------------------------------------------

def validated(claims: int = 2):
    session = Session().to("validate", claims=claims)
    return session.ok(*[m for i in range(claims) for m in validation(i)])


def test_verdicts_fail_before_every_claim_is_scored():
    session = Session().to("validate", claims=2).ok(*validation(0))
    assert session.codes(verdicts(("C1", "accept"), ("C2", "accept"))) == {"TRZ132"}


def test_verdict_for_an_unknown_claim_is_refused():
    session = validated()
    assert session.codes(verdicts(("C1", "accept"), ("C2", "accept"), ("C9", "accept"))) == {"TRZ122"}


def test_every_claim_needs_a_verdict():
    session = validated()
    assert session.codes(verdicts(("C1", "accept"))) == {"TRZ124"}


def test_a_claim_gets_one_verdict():
    session = validated()
    assert session.codes(verdicts(("C1", "accept"), ("C1", "reject"), ("C2", "accept"))) == {"TRZ138"}


def test_merge_naming_no_claims_is_refused():
    session = validated()
    assert session.codes(verdicts(("C1", "accept"), ("C2", "merge"))) == {"TRZ125"}
    assert session.codes(verdicts(("C1", "accept"), ("C2", "merge", {"merge_with": ["C2"]}))) == {"TRZ125"}


def test_merge_naming_an_unknown_claim_is_refused():
    session = validated()
    assert session.codes(verdicts(("C1", "accept"), ("C2", "merge", {"merge_with": ["C7"]}))) == {"TRZ122"}


def test_rejection_needs_a_reason():
    session = validated()
    no_reason = verdicts(("C1", "accept"), ("C2", "reject", {"rejection_reason": None}))
    no_reason["verdicts"][1].pop("rejection_reason")
    assert session.codes(no_reason) == {"TRZ133"}


def test_verdicts_set_statuses_and_negative_knowledge():
    session = validated(3).ok(verdicts(("C1", "accept"), ("C2", "reject"),
                                       ("C3", "qualify", {"qualification": "only below -10 C"})))
    claims = session.state.claims
    assert [claims[c].status for c in ("C1", "C2", "C3")] == ["validated", "rejected", "qualified"]
    assert session.state.negative_knowledge == ["C2"] and session.status == "building"


def test_claims_review_feedback_names_claims_of_the_round():
    session = Session().to("synthesize").ok(*dialectic(0))
    assert session.codes(claims_review(claim_feedback=[{"claim_id": "C4", "feedback": "?"}])) == {"TRZ122"}
    assert session.codes(claims_review(claim_feedback=[{"claim_id": "C1", "feedback": "sharpen it"}])) == set()
    assert session.state.claims["C1"].user_feedback == ["sharpen it"]


def test_reviews_must_be_made_by_the_user():
    session = Session().to("validate").ok(*validation(0))
    move = verdicts(("C1", "accept"))
    move["actor"] = "agent"
    assert session.codes(move) == {"ARG013"}
