"""Properties of the toulmin reducer and the chain validator over generated inputs (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from make_toulmin_examples import (
    CHAIN, Chain, council_request, grounding, judgment, logic_bridge, opinion, report, stress_test,
)

from argcheck.files import operations
from argcheck.core.env import default_env
from argcheck.core.findings import has_errors
from argcheck.core.discovery import load_all_rules
from argcheck.core.replay import replay

KNOWN_CODES = set(load_all_rules())
STATUSES = {"started", "grounded", "bridged", "stress_tested", "judged", "reported", "terminated"}
strengths = st.sampled_from(["absolute", "strong", "weak", "irrelevant"])
rebuttals = st.sampled_from(["absolute", "strong", "weak", "negligible"])
statuses = st.sampled_from(["sustained", "overruled", "remanded"])
perspectives = st.sampled_from(["economist", "physician", "SRE"])

moves = st.one_of(
    st.builds(grounding),
    st.builds(grounding, statement=st.sampled_from(["Is this a question?", "This is an assertion."])),
    st.builds(logic_bridge, strengths, strengths),
    st.builds(stress_test, rebuttals, st.integers(0, 100)),
    st.builds(stress_test, rebuttals, st.integers(0, 100),
              st.sampled_from(["certainly", "presumably", "probably", "possibly", "apparently"])),
    st.builds(judgment, statuses),
    st.builds(report),
    st.builds(lambda p: council_request(*p), st.lists(perspectives, max_size=3, unique=True)),
    st.builds(opinion, st.sampled_from(["O1", "O2"]), perspectives, st.sampled_from(["backing", "rebuttal"])),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(moves, max_size=10), st.lists(st.sampled_from(["warrant", "backing"]), unique=True),
       st.booleans())
def test_any_sequence_of_moves_keeps_a_valid_log(sequence, relax, council):
    chain = Chain(relax=relax, council=council)
    for move in sequence:
        before = chain.doc
        found = chain.apply(move)
        assert {f.code for f in found} <= KNOWN_CODES
        if has_errors(found):
            assert chain.doc is before  # refused: unchanged
    result = replay(chain.doc, chain.env)
    assert not has_errors(result.findings)  # only accepted moves were kept, so the log replays clean
    assert result.engine.status in STATUSES
    if result.engine.status == "terminated":
        assert {f.code for f in result.findings} >= {"TLM108"}


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict",
                                         "query", "relax", "other"]),
                       st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
                                 st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                                 st.sampled_from([CHAIN["data"], CHAIN["claim"], CHAIN["warrant"]]))))
def test_any_chain_like_document_gets_findings_never_a_crash(doc):
    outcome = operations.replay_doc(doc, default_env())
    assert {f.code for f in outcome.findings} <= KNOWN_CODES


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(["data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict"]),
               min_size=1))
def test_a_subset_of_a_good_chain_is_valid_exactly_when_it_is_a_complete_prefix(names):
    order = ["data", "claim", "warrant", "backing", "rebuttal", "qualifier", "verdict"]
    outcome = operations.replay_doc({name: CHAIN[name] for name in names}, default_env())
    prefix = order[:len(names)]
    ends_on_phase = len(names) in (2, 4, 6, 7)
    complete = set(prefix) == names and ends_on_phase
    assert (not has_errors(outcome.findings)) == complete
    if not complete:
        assert {f.code for f in outcome.findings} <= {"TLM103", "TLM104", "TLM105"}
