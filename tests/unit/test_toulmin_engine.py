"""The toulmin engine: every TLM code with a failing and a passing case, applied through `apply`'s core."""

from __future__ import annotations

import pytest
from make_toulmin_examples import (
    Chain, component, council_request, full_chain, grounding, judgment, logic_bridge, opinion, report, stress_test,
)

from argcheck.core.contract import UsageProblem
from argcheck.protocols.toulmin.header import make_header


def test_a_full_chain_is_clean_and_ends_reported():
    chain = Chain()
    for move in full_chain():
        chain.ok(move)
    assert chain.status == "judged"
    chain.ok(report())
    assert chain.status == "reported"
    assert chain.replay_codes() == set()


def test_each_phase_advances_the_status():
    chain = Chain()
    expected = ["grounded", "bridged", "stress_tested", "judged"]
    for move, status in zip(full_chain(), expected):
        chain.ok(move)
        assert chain.status == status


# TLM101 QUERY_TOO_SHORT


@pytest.mark.parametrize("query", ["", "why", "  abc  ", "four"])
def test_tlm101_a_query_under_five_characters_is_refused(query):
    with pytest.raises(UsageProblem, match="TLM101"):
        make_header({"query": query})


def test_tlm101_passes_for_five_characters():
    assert make_header({"query": "Why X"})["query"] == "Why X"


def test_tlm101_an_edited_header_is_reported_on_replay():
    from make_toulmin_examples import invalid_examples

    doc = invalid_examples()["TLM101-query-too-short.json"]
    from argcheck.core.replay import replay
    from make_toulmin_examples import make_env

    assert {f.code for f in replay(doc, make_env()).findings} == {"TLM101"}


# TLM102 QUERY_HASH_MISMATCH


def test_tlm102_an_edited_query_breaks_its_hash():
    from make_toulmin_examples import invalid_examples, make_env

    from argcheck.core.replay import replay

    doc = invalid_examples()["TLM102-query-edited.json"]
    assert {f.code for f in replay(doc, make_env()).findings} == {"TLM102"}
    assert Chain().replay_codes() == set()


# TLM103 MISSING_PHASE_1_OUTPUT / TLM104 MISSING_COMPONENTS / TLM105 INCOMPLETE_CHAIN


def test_tlm103_the_logic_bridge_needs_the_grounding():
    chain = Chain()
    assert chain.codes(logic_bridge()) == {"TLM103"}
    assert "missing: data, claim" in chain.findings[0].message
    assert chain.ok(grounding()).codes(logic_bridge()) == set()


def test_tlm104_the_stress_test_names_exactly_the_missing_components():
    chain = Chain()
    assert chain.codes(stress_test()) == {"TLM104"}
    assert chain.findings[0].message.endswith("without data, claim, warrant, backing")
    chain.ok(grounding())
    assert chain.codes(stress_test()) == {"TLM104"}
    assert chain.findings[0].message.endswith("without warrant, backing")
    chain.ok(logic_bridge())
    assert chain.codes(stress_test()) == set()


def test_tlm105_an_incomplete_chain_cannot_be_judged():
    chain = Chain().ok(grounding(), logic_bridge())
    assert chain.codes(judgment()) == {"TLM105"}
    assert "missing: rebuttal, qualifier" in chain.findings[0].message
    assert chain.ok(stress_test()).codes(judgment()) == set()


def test_tlm105_an_unjudged_chain_cannot_be_reported():
    chain = Chain().ok(grounding(), logic_bridge(), stress_test())
    assert chain.codes(report()) == {"TLM105"}
    assert "missing: verdict" in chain.findings[0].message
    assert chain.ok(judgment()).codes(report()) == set()


# TLM106 COMPONENT_ALREADY_RECORDED


@pytest.mark.parametrize("index", range(4))
def test_tlm106_a_phase_is_recorded_once(index):
    moves = full_chain()
    chain = Chain().ok(*moves[:index + 1])
    assert chain.codes(moves[index]) == {"TLM106"}


# TLM107 CLAIM_IS_QUESTION


@pytest.mark.parametrize("statement", [
    "Should we adopt type hints across the codebase?",
    "Type hints: worth it for us?   ",
    "Is it \"safe\" to adopt type hints now?\"",
    "Vale la pena usar anotaciones de tipo",  # no: an assertion in Spanish (control, see below)
])
def test_tlm107_a_question_is_not_a_claim(statement):
    chain = Chain()
    expected = set() if statement.startswith("Vale") else {"TLM107"}
    assert chain.codes(grounding(statement=statement)) == expected


@pytest.mark.parametrize("statement", ["¿Vale la pena usar anotaciones de tipo ahora mismo?",
                                       "型ヒントを採用すべきですか？"])
def test_tlm107_other_scripts_question_marks_count(statement):
    assert Chain().codes(grounding(statement=statement)) == {"TLM107"}


@pytest.mark.parametrize("statement", [
    "We should adopt type hints (the question 'why?' was answered by the data).",
    "Our team should adopt type hints across the Python codebase.",
])
def test_tlm107_passes_for_assertions(statement):
    assert Chain().codes(grounding(statement=statement)) == set()


# TLM108 TERMINATION_SIGNAL / TLM109 CHAIN_TERMINATED / TLM110 BREAKER_RELAXED


@pytest.mark.parametrize("warrant,backing,labels", [
    ("weak", "strong", ["WARRANT REJECTED"]),
    ("irrelevant", "strong", ["WARRANT REJECTED"]),
    ("strong", "weak", ["BACKING REJECTED"]),
    ("absolute", "irrelevant", ["BACKING REJECTED"]),
    ("weak", "irrelevant", ["WARRANT REJECTED", "BACKING REJECTED"]),
])
def test_tlm108_a_weak_or_irrelevant_link_terminates_the_chain(warrant, backing, labels):
    chain = Chain().ok(grounding())
    found = chain.apply(logic_bridge(warrant, backing))
    assert [f.code for f in found] == ["TLM108"] * len(labels)
    assert [f.message.split(":")[0] for f in found] == labels
    assert all(f.severity == "warning" for f in found)
    assert chain.status == "terminated"
    assert len(chain.doc["moves"]) == 2  # the terminating move is kept as the recorded terminal state


@pytest.mark.parametrize("strength", ["strong", "absolute"])
def test_tlm108_passes_for_strong_links(strength):
    chain = Chain().ok(grounding())
    assert chain.codes(logic_bridge(strength, strength)) == set()
    assert chain.status == "bridged"


@pytest.mark.parametrize("later", [stress_test(), judgment(), report(), grounding(), council_request("economist"),
                                   opinion("O1", "economist", "rebuttal")])
def test_tlm109_nothing_follows_a_termination(later):
    chain = Chain().ok(grounding())
    chain.apply(logic_bridge(warrant="weak"))
    assert chain.codes(later) == {"TLM109"}
    assert "move 2 (WARRANT REJECTED)" in chain.findings[0].message


def test_tlm109_passes_on_a_live_chain():
    assert Chain().ok(grounding(), logic_bridge()).codes(stress_test()) == set()


@pytest.mark.parametrize("relax,warrant,backing", [
    (["warrant"], "weak", "strong"), (["warrant"], "irrelevant", "strong"), (["backing"], "strong", "weak"),
    (["warrant", "backing"], "weak", "irrelevant"),
])
def test_tlm110_a_relaxed_breaker_lets_the_chain_continue(relax, warrant, backing):
    chain = Chain(relax=relax).ok(grounding())
    found = chain.apply(logic_bridge(warrant, backing))
    assert {f.code for f in found} == {"TLM110"} and all(f.severity == "info" for f in found)
    assert chain.status == "bridged"
    assert [item["component"] for item in chain.state.relaxed] == [n for n in ("warrant", "backing")
                                                                     if n in relax]


def test_tlm110_relaxing_one_breaker_keeps_the_other_strict():
    chain = Chain(relax=["warrant"]).ok(grounding())
    found = chain.apply(logic_bridge("weak", "weak"))
    assert sorted(f.code for f in found) == ["TLM108", "TLM110"]
    assert chain.status == "terminated"


def test_tlm110_passes_without_a_weak_link():
    assert Chain(relax=["warrant"]).ok(grounding()).codes(logic_bridge()) == set()


# TLM111 ABSOLUTE_REBUTTAL_NOT_OVERRULED


@pytest.mark.parametrize("status", ["sustained", "remanded"])
@pytest.mark.parametrize("confidence", [5, 50, 95])
def test_tlm111_an_absolute_rebuttal_forces_overruled(status, confidence):
    chain = Chain().ok(grounding(), logic_bridge(), stress_test("absolute", confidence))
    assert chain.codes(judgment(status)) == {"TLM111"}
    assert chain.codes(judgment("overruled")) == set()


# TLM112 VERDICT_INCONSISTENT: every branch of the rule


TABLE = {  # (rebuttal, confidence band) -> allowed statuses (docs/protocols/toulmin.md §5)
    ("strong", 10): {"overruled", "remanded"},
    ("strong", 45): {"overruled", "remanded"},
    ("strong", 65): {"sustained", "overruled", "remanded"},
    ("strong", 85): {"sustained", "remanded"},
    ("weak", 10): {"overruled", "remanded"},
    ("weak", 45): {"sustained", "remanded"},
    ("weak", 65): {"sustained", "remanded"},
    ("weak", 85): {"sustained"},
    ("negligible", 29): {"overruled", "remanded"},
    ("negligible", 30): {"sustained", "remanded"},
    ("negligible", 69): {"sustained", "remanded"},
    ("negligible", 70): {"sustained"},
    ("strong", 59): {"overruled", "remanded"},
    ("strong", 60): {"sustained", "overruled", "remanded"},
    ("strong", 69): {"sustained", "overruled", "remanded"},
    ("strong", 70): {"sustained", "remanded"},
}


@pytest.mark.parametrize("rebuttal,confidence", sorted(TABLE))
@pytest.mark.parametrize("status", ["sustained", "overruled", "remanded"])
def test_tlm112_the_verdict_follows_the_table(rebuttal, confidence, status):
    chain = Chain().ok(grounding(), logic_bridge(), stress_test(rebuttal, confidence))
    expected = set() if status in TABLE[(rebuttal, confidence)] else {"TLM112"}
    assert chain.codes(judgment(status)) == expected


def test_tlm112_every_cell_of_the_table_allows_some_verdict():
    from argcheck.protocols.toulmin.state import allowed_statuses

    for rebuttal in ("absolute", "strong", "weak", "negligible"):
        for confidence in range(101):
            allowed, reasons = allowed_statuses(rebuttal, confidence)
            assert allowed and set(allowed) | set(reasons) == {"sustained", "overruled", "remanded"}


def test_tlm112_an_irrelevant_relaxed_link_cannot_be_sustained():
    chain = Chain(relax=["warrant"]).ok(grounding())
    chain.apply(logic_bridge(warrant="irrelevant"))
    chain.ok(stress_test("weak", 75))
    assert chain.codes(judgment("sustained")) == {"TLM112"}
    assert "irrelevant" in chain.findings[0].message
    assert chain.codes(judgment("remanded")) == {"TLM112"}  # c ≥ 70 with a weak rebuttal: decided
    chain2 = Chain(relax=["warrant"]).ok(grounding())
    chain2.apply(logic_bridge(warrant="weak"))
    chain2.ok(stress_test("weak", 75))
    assert chain2.codes(judgment("sustained")) == set()  # weak (relaxed) links may still be sustained


def test_tlm112_the_message_says_why_and_what_is_allowed():
    chain = Chain().ok(grounding(), logic_bridge(), stress_test("negligible", 20))
    chain.codes(judgment("sustained"))
    assert "confidence 20 is below 30" in chain.findings[0].message
    assert chain.findings[0].message.endswith("allowed: overruled, remanded")


# TLM113 QUALIFIER_DEGREE_MISMATCH


@pytest.mark.parametrize("degree,good,bad", [
    ("certainly", [90, 100], [89, 0]), ("presumably", [70, 89], [69, 90]), ("probably", [50, 69], [49, 70]),
    ("possibly", [30, 49], [29, 50]), ("apparently", [0, 29], [30, 100]),
])
def test_tlm113_the_degree_must_match_its_band(degree, good, bad):
    for confidence in good:
        chain = Chain().ok(grounding(), logic_bridge())
        assert chain.codes(stress_test("weak", confidence, degree=degree)) == set()
    for confidence in bad:
        chain = Chain().ok(grounding(), logic_bridge())
        assert chain.codes(stress_test("weak", confidence, degree=degree)) == {"TLM113"}


# The council: TLM114-TLM121


def test_tlm114_a_disabled_council_takes_no_moves():
    chain = Chain(council=False)
    assert chain.codes(council_request("economist")) == {"TLM114"}
    assert chain.codes(opinion("O1", "economist")) == {"TLM114"}
    assert Chain().codes(council_request("economist")) == set()


def test_tlm115_a_council_request_needs_perspectives():
    assert Chain().codes(council_request()) == {"TLM115"}
    assert Chain().codes(council_request("economist")) == set()


def test_tlm116_an_opinion_answers_a_requested_perspective():
    chain = Chain().ok(council_request("economist"))
    assert chain.codes(opinion("O1", "physician")) == {"TLM116"}
    assert chain.codes(opinion("O1", "economist")) == set()


def test_tlm117_opinion_ids_are_unique():
    chain = Chain().ok(council_request("economist", "physician"), opinion("O1", "economist"))
    assert chain.codes(opinion("O1", "physician")) == {"TLM117"}
    assert "O2" in chain.findings[0].hint
    assert chain.codes(opinion("O2", "physician")) == set()


def test_tlm118_an_opinion_cannot_feed_a_recorded_component():
    chain = Chain().ok(council_request("economist"), grounding(), logic_bridge())
    assert chain.codes(opinion("O1", "economist", "backing")) == {"TLM118"}
    assert chain.codes(opinion("O1", "economist", "rebuttal")) == set()
    chain.ok(stress_test())
    assert chain.codes(council_request("physician")) == {"TLM118"}


def test_tlm119_a_cited_opinion_must_exist():
    chain = Chain().ok(grounding())
    assert chain.codes(logic_bridge(council=["O9"])) == {"TLM119"}
    chain = Chain().ok(council_request("economist"), opinion("O1", "economist"), grounding())
    assert chain.codes(logic_bridge(council=["O1"])) == set()
    assert chain.state.opinions["O1"].cited_by == ["backing"]


def test_tlm120_an_opinion_is_cited_by_the_component_it_feeds():
    chain = Chain().ok(council_request("economist"), opinion("O1", "economist", "rebuttal"), grounding())
    assert chain.codes(logic_bridge(council=["O1"])) == {"TLM120"}
    chain.ok(logic_bridge())
    assert chain.codes(stress_test(council=["O1"])) == set()


def test_tlm121_a_consultee_opinion_names_its_consultee():
    chain = Chain().ok(council_request("economist"))
    assert chain.codes(opinion("O1", "economist", consultee=None)) == {"TLM121"}
    assert chain.codes(opinion("O1", "economist", source="orchestrator", consultee=None)) == set()


def test_council_opinions_are_pending_until_answered():
    chain = Chain().ok(council_request("economist", "physician"))
    assert chain.state.pending_perspectives == ["economist", "physician"]
    chain.ok(opinion("O1", "economist"))
    assert chain.state.pending_perspectives == ["physician"]
    chain.ok(grounding(), logic_bridge(), stress_test())
    assert chain.state.pending_perspectives == []  # the rebuttal is recorded: nothing left to feed


# TLM122 CITATION_NOT_FOUND


def test_tlm122_a_workspace_locator_must_resolve():
    chain = Chain(workspace="/ws").ok(grounding())
    bad = [{"source": "our types", "locator": "src/types.py:9"}, {"source": "x", "locator": "src/gone.py:1"}]
    found = chain.apply(logic_bridge(citations=bad))
    assert [(f.code, f.path) for f in found] == [("TLM122", "/moves/1/backing/citations/0/locator"),
                                                 ("TLM122", "/moves/1/backing/citations/1/locator")]
    assert "has only 4 lines" in found[0].message and "does not exist" in found[1].message


def test_tlm122_passes_for_an_existing_line_and_for_prose_locators():
    chain = Chain(workspace="/ws").ok(grounding())
    good = [{"source": "our types", "locator": "src/types.py:3"}, {"source": "a paper", "locator": "Section 5"},
            {"source": "outside", "locator": "/etc/hosts:1"}]
    assert chain.codes(logic_bridge(citations=good)) == set()


# Shapes (ARG013) for the seed's schemas


@pytest.mark.parametrize("name,change", [
    ("data", {"facts": []}), ("data", {"citations": []}), ("data", {"evidence_type": "vibes"}),
    ("claim", {"statement": "Too short"}), ("claim", {"scope": "cosmic"}),
    ("data", {"citations": [{"source": "a source", "reference": "p. 3", "url": 7}]}),
])
def test_grounding_shapes_follow_the_seed(name, change):
    move = grounding()
    move[name] = component(name, **change)
    assert Chain().codes(move) == {"ARG013"}


@pytest.mark.parametrize("name,change", [
    ("warrant", {"principle": "nineteen characters"}), ("warrant", {"logic_type": "magical"}),
    ("warrant", {"strength": "negligible"}), ("backing", {"authority": "too short"}),
    ("backing", {"strength": "medium"}), ("backing", {"extra": 1}),
])
def test_bridge_shapes_follow_the_seed(name, change):
    move = logic_bridge()
    move[name] = component(name, **change)
    assert Chain().ok(grounding()).codes(move) == {"ARG013"}


@pytest.mark.parametrize("name,change", [
    ("rebuttal", {"exceptions": []}), ("rebuttal", {"strength": "devastating"}),
    ("qualifier", {"confidence_pct": 101}), ("qualifier", {"confidence_pct": -1}),
    ("qualifier", {"confidence_pct": 55.5}), ("qualifier", {"degree": "surely"}),
])
def test_stress_shapes_follow_the_seed(name, change):
    move = stress_test()
    move[name] = component(name, **change)
    assert Chain().ok(grounding(), logic_bridge()).codes(move) == {"ARG013"}


@pytest.mark.parametrize("change", [{"status": "affirmed"}, {"reasoning": "x" * 49}, {"final_statement": ""}])
def test_verdict_shapes_follow_the_seed(change):
    chain = Chain().ok(grounding(), logic_bridge(), stress_test())
    assert chain.codes({"type": "judgment", "verdict": component("verdict", **change)}) == {"ARG013"}


def test_blank_text_is_not_text():
    assert Chain().codes(grounding(statement=" " * 20)) == {"ARG013"}
